// A conformance run against one agent (CHK-1..CHK-5), as `switchboard check` does it: discover the card, send one
// message (and stream one when the card says it can), read the task back, run the probes, then check every frame
// the run made. The same host as the app, so the report points at frames a user can open in a saved session.

import type { AgentSettingsChange, AgentSummary, OperationOutcome } from '../../../shared/host/agent';
import { agentName } from '../../../shared/agentName';
import { runChecks } from '../../../shared/checks/runChecks';
import type { CheckReport, ProbeResult } from '../../../shared/checks/types';
import type { HostService } from '../../../shared/host/hostApi';
import type { Frame } from '../../../shared/wire/frame';
import { PROBE_IDS } from './probes';
import { skipProbesForMissingRoute } from './routeMissingSkip';

export interface CheckAgentOptions {
  /** Run the probes (on by default). */
  probes?: boolean;
  settings?: AgentSettingsChange;
  /** Where the card is when not at a well-known path (CARD-1). */
  cardPath?: string;
  appVersion: string;
  /** Progress for people (stderr in the CLI). */
  progress?: (line: string) => void;
}

export type CheckAgentResult =
  | { ok: true; report: CheckReport; agent: AgentSummary; frames: Frame[] }
  | { ok: false; message: string; unreachable: boolean; frames: Frame[] };

export async function checkAgent(
  host: HostService,
  url: string,
  options: CheckAgentOptions,
): Promise<CheckAgentResult> {
  const frames: Frame[] = [];
  const stop = host.onEvent((event) => {
    if (event.type === 'frames') frames.push(...event.frames);
  });
  const progress = options.progress ?? (() => undefined);
  try {
    progress(`Fetching the card from ${url} …`);
    const opened = await host.openAgent({
      url,
      ...(options.cardPath ? { cardPath: options.cardPath } : {}),
      ...(options.settings ? { settings: options.settings } : {}),
    });
    if (!opened.ok) {
      await settle();
      const unreachable = frames.some(
        (frame) => frame.kind === 'http' && frame.error !== undefined && frame.error.kind !== 'too-large',
      );
      return { ok: false, message: opened.message, unreachable, frames };
    }
    const agent = opened.agent;
    progress(`${agentName(agent)} (A2A ${agent.generation}); sending a message …`);
    const sent = await host.runOperation({
      agentId: agent.id,
      operation: 'send',
      input: { message: { parts: [{ kind: 'text', text: 'Switchboard check: hello' }] }, blocking: true },
    });
    const missing = sent.routeMissing?.frameId;
    let probes: ProbeResult[] = [];
    if (missing !== undefined) {
      // The interface is reported once; asking the same void again would only repeat the finding.
      progress('The route is missing: the stream and the probes are skipped.');
      if (options.probes !== false) probes = skipProbesForMissingRoute(PROBE_IDS, missing);
    } else {
      probes = await followUp(host, agent, sent, options, progress);
    }
    const card = await host.checkCard({ text: agent.cardText, cardUrl: agent.cardUrl });
    await settle();
    const report = runChecks({
      frames,
      agents: [
        { id: agent.id, name: agentName(agent), cardUrl: agent.cardUrl, generation: agent.generation },
      ],
      cardFindings: [
        {
          agentId: agent.id,
          ...(agent.cardFrameId ? { frameId: agent.cardFrameId } : {}),
          findings: card.findings,
        },
      ],
      probes,
      appVersion: options.appVersion,
    });
    return { ok: true, report, agent, frames };
  } finally {
    stop();
  }
}

/** After a send that reached a real route: read the task back, stream when the card can, run the probes. */
async function followUp(
  host: HostService,
  agent: AgentSummary,
  sent: OperationOutcome,
  options: CheckAgentOptions,
  progress: (line: string) => void,
): Promise<ProbeResult[]> {
  if (sent.taskId) {
    // Reading the task back shows whether the agent's story holds (a completed task must stay completed).
    await host.runOperation({ agentId: agent.id, operation: 'get', input: { taskId: sent.taskId } });
  }
  if (declaresStreaming(agent.cardText)) {
    progress('Streaming a message …');
    const streamed = await host.runOperation({
      agentId: agent.id,
      operation: 'stream',
      input: { message: { parts: [{ kind: 'text', text: 'Switchboard check: stream' }] }, blocking: false },
    });
    if (streamed.exchangeId && streamed.status === 'stream')
      await host.awaitStream({ exchangeId: streamed.exchangeId });
  }
  if (options.probes === false) return [];
  progress('Running the probes …');
  return host.runProbes({ agentId: agent.id });
}

/** Frames are delivered once per event-loop turn; two turns let the last batch arrive. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

function declaresStreaming(cardText: string): boolean {
  try {
    return (
      (JSON.parse(cardText) as { capabilities?: { streaming?: unknown } }).capabilities?.streaming === true
    );
  } catch {
    return false;
  }
}
