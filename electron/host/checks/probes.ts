// Probes (CHK-4): checks that make traffic of their own against a live agent, only when the user asks. Each one
// sends what it needs through the host like any other request (so its frames are recorded and shown) and reads its
// verdict from the outcome. The runner gives every probe a time limit, undoes what it left behind (open streams, push
// targets, a switched interface) whatever happened, and points the result at the frames the probe's traffic made. A
// probe for something the card does not declare (streaming, push, a second binding) is skipped with the reason.

import type { AgentSummary } from '../../../shared/host/agent';
import { checkById, checkSpec } from '../../../shared/checks/catalog';
import { PROBE_CANCELLED_MESSAGE, type CheckFinding, type ProbeResult } from '../../../shared/checks/types';
import type { Frame } from '../../../shared/wire/frame';
import { bindingsProbe } from './bindingsProbe';
import { cancelProbe } from './cancelProbe';
import { unknownTaskProbe, unsupportedMethodProbe } from './errorProbes';
import { historyLengthProbe } from './historyProbe';
import { malformedRequestsProbe } from './malformedProbe';
import { cardCapabilities, errorText, withDeadline } from './probeKit';
import type { ProbeContext, ProbeHost, Verdict } from './probeKit';
import { trackProbe } from './probeTracker';
import { pushProbe } from './pushProbe';
import { requiredMethodsProbe } from './requiredMethodsProbe';
import { streamingProbe } from './streamingProbe';
import { cancelErrorsProbe, terminalFollowUpProbe } from './terminalTaskProbes';

export type { ProbeHost } from './probeKit';

export const PROBE_IDS = [
  'probe.streaming',
  'probe.push',
  'probe.cancel',
  'probe.unknown-task',
  'probe.unsupported-method',
  'probe.bindings-agree',
  'probe.malformed-requests',
  'probe.required-methods',
  'probe.history-length',
  'probe.terminal-followup',
  'probe.cancel-errors',
] as const;
export type ProbeId = (typeof PROBE_IDS)[number];

export interface ProbeOptions {
  /** One wait inside a probe (a stream's end, a push delivery); a whole probe gets three times this. */
  timeoutMs?: number;
  /** Aborted by `cancelOperation` (UX-5): the probe under way finishes, the rest are skipped as not run. */
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 10_000;

const PROBES: Record<ProbeId, (ctx: ProbeContext) => Promise<Verdict>> = {
  'probe.streaming': streamingProbe,
  'probe.push': pushProbe,
  'probe.cancel': cancelProbe,
  'probe.unknown-task': unknownTaskProbe,
  'probe.unsupported-method': unsupportedMethodProbe,
  'probe.bindings-agree': bindingsProbe,
  'probe.malformed-requests': malformedRequestsProbe,
  'probe.required-methods': requiredMethodsProbe,
  'probe.history-length': historyLengthProbe,
  'probe.terminal-followup': terminalFollowUpProbe,
  'probe.cancel-errors': cancelErrorsProbe,
};

export function isProbeId(id: string): id is ProbeId {
  return (PROBE_IDS as readonly string[]).includes(id);
}

/** Runs the probes one after another (they share the agent), all of them unless `probeIds` names some. */
export async function runProbes(
  host: ProbeHost,
  agent: AgentSummary,
  probeIds: readonly string[] = PROBE_IDS,
  options: ProbeOptions = {},
): Promise<ProbeResult[]> {
  const unknown = probeIds.filter((id) => !isProbeId(id));
  if (unknown.length > 0) {
    throw new Error(
      `There is no probe called ${unknown.join(', ')}; the probes are ${PROBE_IDS.join(', ')}.`,
    );
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0))
    throw new Error(`A probe's time limit must be a positive number of ms, not ${timeoutMs}.`);
  const card = cardCapabilities(agent.cardText);
  const results: ProbeResult[] = [];
  for (const probeId of probeIds as readonly ProbeId[]) {
    if (options.signal?.aborted) {
      results.push({
        probeId,
        status: 'skipped',
        message: PROBE_CANCELLED,
        frameIds: [],
        findings: [],
        durationMs: 0,
      });
      continue;
    }
    results.push(await runOne(host, agent, probeId, { host, agent, card, timeoutMs }, options.signal));
  }
  return results;
}

/** What a probe the user cancelled before it began says, so the Checks panel can tell the run was cancelled. */
export const PROBE_CANCELLED = PROBE_CANCELLED_MESSAGE;

/** What a probe the user cancelled while it ran says. */
export const PROBE_STOPPED = 'Stopped: the check run was cancelled while this probe ran.';

/** Settles with a skipped verdict once `signal` is aborted; never without one. */
function cancelled(signal: AbortSignal | undefined): Promise<Verdict> {
  return new Promise((resolve) => {
    if (!signal) return;
    const stop = () => resolve({ status: 'skipped', message: PROBE_STOPPED });
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

async function runOne(
  host: ProbeHost,
  agent: AgentSummary,
  probeId: ProbeId,
  base: ProbeContext,
  signal?: AbortSignal,
): Promise<ProbeResult> {
  const seen: Frame[] = [];
  const listen = host.onEvent((event) => {
    if (event.type === 'frames') seen.push(...event.frames);
  });
  const tracker = trackProbe(host, agent);
  const started = performance.now();
  let verdict: Verdict;
  try {
    // Every probe ends: a stuck agent turns into an error, not a hang.
    // A cancel does not wait for a stuck agent either: the probe under way stops at once and is undone below.
    verdict = await Promise.race([
      withDeadline(PROBES[probeId]({ ...base, host: tracker.host }), base.timeoutMs * 3, 'The probe'),
      cancelled(signal),
    ]);
  } catch (error) {
    verdict = { status: 'error', message: errorText(error) };
  } finally {
    tracker.stop();
    await tracker.undo();
  }
  const durationMs = Math.round(performance.now() - started);
  // Frames are published once per turn of the event loop; the last batch (a closed stream's end) still belongs here.
  await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
  listen();
  const frameIds = tracker.framesOf(seen);
  const check = checkById(probeId)!;
  // The verdict's own section when it named one, else the probe's in the agent's generation.
  const fallback = checkSpec(probeId, agent.generation);
  const findings: CheckFinding[] =
    verdict.status === 'failed' || verdict.status === 'error'
      ? [
          {
            checkId: probeId,
            severity: check.severity,
            message: verdict.message,
            ...(verdict.spec !== undefined
              ? { spec: verdict.spec, ...(verdict.specUrl !== undefined ? { specUrl: verdict.specUrl } : {}) }
              : { spec: fallback.label, specUrl: fallback.url }),
            frameIds,
            agentId: agent.id,
          },
        ]
      : [];
  return { probeId, status: verdict.status, message: verdict.message, frameIds, findings, durationMs };
}
