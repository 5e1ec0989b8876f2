// Probes (CHK-4): checks that make traffic of their own against a live agent, only when the user asks. Each one
// sends what it needs through the host like any other request (so its frames are recorded and shown), reads its
// verdict from the outcome, and has a time limit; a stream it opens is always closed. A probe for something the
// card does not declare (streaming, push, a second binding) is skipped with the reason.

import { randomUUID } from 'node:crypto';
import type { AgentSettingsChange, AgentSummary, OperationOutcome } from '../../../shared/agent';
import type { Task } from '../../../shared/a2a/model';
import { checkById } from '../../../shared/checks/catalog';
import type { CheckFinding, ProbeResult, ProbeStatus } from '../../../shared/checks/types';
import type { HostService } from '../../../shared/host-api';

export type ProbeHost = Pick<
  HostService,
  | 'runOperation'
  | 'sendRaw'
  | 'awaitStream'
  | 'closeStream'
  | 'createPushTarget'
  | 'deletePushTarget'
  | 'onEvent'
  | 'configureAgent'
>;

export const PROBE_IDS = [
  'probe.streaming',
  'probe.push',
  'probe.cancel',
  'probe.unknown-task',
  'probe.unsupported-method',
  'probe.bindings-agree',
] as const;
export type ProbeId = (typeof PROBE_IDS)[number];

export interface ProbeOptions {
  /** Per probe; a push delivery or a stream gets this long. */
  timeoutMs?: number;
}

interface Verdict {
  status: ProbeStatus;
  message: string;
}

interface ProbeContext {
  host: ProbeHost;
  agent: AgentSummary;
  card: { streaming: boolean; push: boolean };
  timeoutMs: number;
}

const TERMINAL = new Set(['completed', 'canceled', 'failed', 'rejected']);

const passed = (message: string): Verdict => ({ status: 'passed', message });
const failed = (message: string): Verdict => ({ status: 'failed', message });
const skipped = (message: string): Verdict => ({ status: 'skipped', message });

const text = (words: string) => ({ message: { parts: [{ kind: 'text' as const, text: words }] } });

function cardCapabilities(cardText: string): { streaming: boolean; push: boolean } {
  try {
    const card = JSON.parse(cardText) as {
      capabilities?: { streaming?: unknown; pushNotifications?: unknown };
    };
    return {
      streaming: card.capabilities?.streaming === true,
      push: card.capabilities?.pushNotifications === true,
    };
  } catch {
    return { streaming: false, push: false };
  }
}

function describeOutcome(outcome: OperationOutcome): string {
  if (outcome.error) {
    const code = outcome.error.code !== undefined ? ` ${outcome.error.code}` : '';
    const status = outcome.error.httpStatus !== undefined ? ` (HTTP ${outcome.error.httpStatus})` : '';
    return `error${code}${status}: ${outcome.error.message}`;
  }
  return outcome.message;
}

function taskOf(outcome: OperationOutcome): Task | undefined {
  return outcome.result?.type === 'task' ? outcome.result.task : undefined;
}

function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s.`)),
      ms,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

async function streaming(ctx: ProbeContext): Promise<Verdict> {
  if (!ctx.card.streaming) return skipped('The card does not declare streaming.');
  const outcome = await ctx.host.runOperation({
    agentId: ctx.agent.id,
    operation: 'stream',
    input: { ...text('Switchboard probe: does this stream?'), blocking: false },
  });
  if (outcome.status !== 'stream' || !outcome.exchangeId) {
    return failed(
      `The card declares streaming, but a streaming request got no event stream: ${describeOutcome(outcome)}`,
    );
  }
  const exchangeId = outcome.exchangeId;
  try {
    const end = await withDeadline(ctx.host.awaitStream({ exchangeId }), ctx.timeoutMs, 'The stream');
    if (end.events === 0) return failed('The stream ended without a single event.');
    if (end.ended === 'error')
      return failed(`The stream broke after ${end.events} events: ${end.frameError?.message ?? 'error'}.`);
    return passed(`The agent streamed ${end.events} events and closed the stream.`);
  } catch (error) {
    await ctx.host.closeStream({ exchangeId });
    return failed(error instanceof Error ? error.message : String(error));
  }
}

async function push(ctx: ProbeContext): Promise<Verdict> {
  if (!ctx.card.push) return skipped('The card does not declare push notifications.');
  const target = await ctx.host.createPushTarget({ agentId: ctx.agent.id, mode: 'token' });
  let first: () => void = () => undefined;
  let last: () => void = () => undefined;
  const delivered = new Promise<void>((resolve) => (first = resolve));
  const finished = new Promise<void>((resolve) => (last = resolve));
  const stop = ctx.host.onEvent((event) => {
    if (event.type !== 'frames') return;
    for (const frame of event.frames) {
      if (frame.kind !== 'webhook' || frame.targetId !== target.id || !frame.verdict.accepted) continue;
      first();
      if (frame.a2a?.state && TERMINAL.has(frame.a2a.state)) last();
    }
  });
  try {
    const outcome = await ctx.host.runOperation({
      agentId: ctx.agent.id,
      operation: 'send',
      input: {
        ...text('Switchboard probe: push'),
        blocking: false,
        pushNotification: { url: target.url, token: target.token },
      },
    });
    if (outcome.status !== 'result')
      return failed(`The send with a push config was not accepted: ${describeOutcome(outcome)}`);
    await withDeadline(delivered, ctx.timeoutMs, 'A push delivery');
    // The target stays until the task's last delivery (or a short while), so the agent is not answered 404 mid-task.
    await withDeadline(finished, 3000, 'The last delivery').catch(() => undefined);
    return passed('The agent delivered a push notification the webhook receiver accepted.');
  } catch (error) {
    return failed(
      `The card declares push notifications, but ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    stop();
    await ctx.host.deletePushTarget({ id: target.id });
  }
}

/** Starts a task that should still be running a moment later: by stream when the card allows (the task id comes
 * with the first event, even where a plain send would block until the task ends, as 0.1's does), else a non-blocking
 * send. */
async function startRunningTask(
  ctx: ProbeContext,
): Promise<{ task?: Task; taskId?: string; exchangeId?: string; note?: string }> {
  const words = text('Switchboard probe: a slow task to cancel');
  if (!ctx.card.streaming) {
    const started = await ctx.host.runOperation({
      agentId: ctx.agent.id,
      operation: 'send',
      input: { ...words, blocking: false },
    });
    const task = taskOf(started);
    return task ? { task, taskId: task.id } : { note: describeOutcome(started) };
  }
  let found: (taskId: string) => void = () => undefined;
  const firstTask = new Promise<string>((resolve) => (found = resolve));
  let exchangeId: string | undefined;
  const early: Array<{ exchangeId: string; taskId: string }> = [];
  const stop = ctx.host.onEvent((event) => {
    if (event.type !== 'frames') return;
    for (const frame of event.frames) {
      if (frame.kind !== 'sse' || !frame.a2a?.taskId) continue;
      if (exchangeId === undefined) early.push({ exchangeId: frame.exchangeId, taskId: frame.a2a.taskId });
      else if (frame.exchangeId === exchangeId) found(frame.a2a.taskId);
    }
  });
  try {
    const opened = await ctx.host.runOperation({
      agentId: ctx.agent.id,
      operation: 'stream',
      input: { ...words, blocking: false },
    });
    if (opened.status !== 'stream' || !opened.exchangeId) return { note: describeOutcome(opened) };
    exchangeId = opened.exchangeId;
    const seen = early.find((entry) => entry.exchangeId === exchangeId);
    if (seen) found(seen.taskId);
    const taskId = await withDeadline(firstTask, ctx.timeoutMs, 'The first event of the task');
    return { taskId, exchangeId };
  } finally {
    stop();
  }
}

async function cancel(ctx: ProbeContext): Promise<Verdict> {
  // The test agents keep a task running on "slow"; any agent still working when the cancel arrives will do.
  const started = await startRunningTask(ctx);
  try {
    if (!started.taskId)
      return skipped(`The agent did not start a task to cancel: ${started.note ?? 'no task'}`);
    if (started.task && TERMINAL.has(started.task.status.state)) {
      return skipped(`The task was already ${started.task.status.state} before it could be canceled.`);
    }
    const canceled = await ctx.host.runOperation({
      agentId: ctx.agent.id,
      operation: 'cancel',
      input: { taskId: started.taskId },
    });
    const after = taskOf(canceled);
    if (after?.status.state === 'canceled')
      return passed(`Task ${started.taskId} was running, and cancel made it canceled.`);
    if (after && TERMINAL.has(after.status.state)) {
      return skipped(`Task ${started.taskId} was already ${after.status.state} when the cancel arrived.`);
    }
    return failed(
      `Task ${started.taskId} was running; cancel answered ${after ? `with the task ${after.status.state}` : describeOutcome(canceled)}.`,
    );
  } finally {
    if (started.exchangeId) await ctx.host.closeStream({ exchangeId: started.exchangeId });
  }
}

async function unknownTask(ctx: ProbeContext): Promise<Verdict> {
  const taskId = `switchboard-probe-${randomUUID()}`;
  const outcome = await ctx.host.runOperation({ agentId: ctx.agent.id, operation: 'get', input: { taskId } });
  const error = outcome.error;
  if (!error)
    return failed(`Getting a task that cannot exist did not give an error: ${describeOutcome(outcome)}`);
  const rest = ctx.agent.chosen?.binding === 'HTTP+JSON';
  const right = rest ? error.httpStatus === 404 : error.code === -32001;
  const expected = rest ? 'HTTP 404 (TaskNotFound)' : 'JSON-RPC -32001 (TaskNotFoundError)';
  return right
    ? passed(`An unknown task got ${expected}.`)
    : failed(`An unknown task should get ${expected}; it got ${describeOutcome(outcome)}.`);
}

async function unsupportedMethod(ctx: ProbeContext): Promise<Verdict> {
  const chosen = ctx.agent.chosen;
  if (!chosen?.binding) return skipped('The agent has no interface Switchboard speaks.');
  const rest = chosen.binding === 'HTTP+JSON';
  const outcome = rest
    ? await ctx.host.sendRaw({
        agentId: ctx.agent.id,
        method: 'POST',
        url: '/v1/switchboard-probe:unknown',
        headers: [
          ['Content-Type', 'application/json'],
          ...(chosen.generation === '1.0' ? ([['A2A-Version', '1.0']] as Array<[string, string]>) : []),
        ],
        body: '{}',
      })
    : await ctx.host.sendRaw({
        agentId: ctx.agent.id,
        method: 'POST',
        url: '',
        // A 1.0 server reads a request without A2A-Version as 0.3 (PROTOCOL.md §8) and would answer -32009 instead.
        headers: [
          ['Content-Type', 'application/json'],
          ...(chosen.generation === '1.0' ? ([['A2A-Version', '1.0']] as Array<[string, string]>) : []),
        ],
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'switchboard/probeUnknownMethod', params: {} }),
      });
  const error = outcome.error;
  if (rest) {
    const status = error?.httpStatus;
    return status === 404 || status === 405
      ? passed(`An unknown path got HTTP ${status}.`)
      : failed(`An unknown path should get HTTP 404 or 405; it got ${describeOutcome(outcome)}.`);
  }
  return error?.code === -32601
    ? passed('An unknown method got JSON-RPC -32601 (MethodNotFoundError).')
    : failed(
        `An unknown method should get JSON-RPC -32601 (MethodNotFoundError); it got ${describeOutcome(outcome)}.`,
      );
}

/** What a send's answer comes to, ids aside: the final state and the artifacts' text. */
function gist(outcome: OperationOutcome): string {
  const task = taskOf(outcome);
  if (task) {
    const artifacts = task.artifacts
      .flatMap((artifact) =>
        artifact.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.kind}]`)),
      )
      .join('');
    return `${task.status.state}: ${artifacts}`;
  }
  if (outcome.result?.type === 'message') {
    return `message: ${outcome.result.message.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.kind}]`)).join('')}`;
  }
  return describeOutcome(outcome);
}

async function bindingsAgree(ctx: ProbeContext): Promise<Verdict> {
  const seen = new Set<string>();
  const interfaces = ctx.agent.interfaces.filter((iface) => {
    const key = `${iface.generation} ${iface.binding}`;
    if (!iface.binding || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (interfaces.length < 2)
    return skipped('The card declares one binding Switchboard speaks, so there is nothing to compare.');
  const original: AgentSettingsChange = { selection: ctx.agent.settings.selection };
  const results: Array<{ label: string; gist: string }> = [];
  try {
    for (const iface of interfaces) {
      await ctx.host.configureAgent({
        agentId: ctx.agent.id,
        settings: {
          selection: {
            url: iface.url,
            generation: iface.generation,
            ...(iface.binding ? { binding: iface.binding } : {}),
          },
        },
      });
      const outcome = await ctx.host.runOperation({
        agentId: ctx.agent.id,
        operation: 'send',
        input: { ...text('Switchboard probe: the same request on every binding'), blocking: true },
      });
      results.push({ label: `${iface.bindingWire} ${iface.generation}`, gist: gist(outcome) });
    }
  } finally {
    await ctx.host.configureAgent({ agentId: ctx.agent.id, settings: original });
  }
  const first = results[0]!;
  const different = results.filter((result) => result.gist !== first.gist);
  if (different.length === 0) return passed(`${results.length} bindings gave the same result: ${first.gist}`);
  return failed(
    `The bindings disagree: ${results.map((result) => `${result.label} → ${result.gist}`).join('; ')}.`,
  );
}

const PROBES: Record<ProbeId, (ctx: ProbeContext) => Promise<Verdict>> = {
  'probe.streaming': streaming,
  'probe.push': push,
  'probe.cancel': cancel,
  'probe.unknown-task': unknownTask,
  'probe.unsupported-method': unsupportedMethod,
  'probe.bindings-agree': bindingsAgree,
};

export function isProbeId(id: string): id is ProbeId {
  return (PROBE_IDS as readonly string[]).includes(id);
}

export async function runProbes(
  host: ProbeHost,
  agent: AgentSummary,
  probeIds: readonly string[] = PROBE_IDS,
  options: ProbeOptions = {},
): Promise<ProbeResult[]> {
  const unknown = probeIds.filter((id) => !isProbeId(id));
  if (unknown.length > 0)
    throw new Error(
      `There is no probe called ${unknown.join(', ')}; the probes are ${PROBE_IDS.join(', ')}.`,
    );
  const timeoutMs = options.timeoutMs ?? 10_000;
  const ctx: ProbeContext = { host, agent, card: cardCapabilities(agent.cardText), timeoutMs };
  const results: ProbeResult[] = [];
  for (const probeId of probeIds as readonly ProbeId[]) {
    const frameIds = new Set<string>();
    const stop = host.onEvent((event) => {
      if (event.type === 'frames') for (const frame of event.frames) frameIds.add(frame.id);
    });
    const started = performance.now();
    let verdict: Verdict;
    try {
      // Every probe ends: a stuck agent turns into an error, not a hang.
      verdict = await withDeadline(PROBES[probeId](ctx), timeoutMs * 3, 'The probe');
    } catch (error) {
      verdict = { status: 'error', message: error instanceof Error ? error.message : String(error) };
    }
    // Frames published in the last turn of the event loop still belong to this probe.
    await new Promise((resolve) => setImmediate(resolve));
    stop();
    const check = checkById(probeId)!;
    const ids = [...frameIds];
    const findings: CheckFinding[] =
      verdict.status === 'failed' || verdict.status === 'error'
        ? [
            {
              checkId: probeId,
              severity: 'error',
              message: verdict.message,
              spec: check.spec,
              frameIds: ids,
              agentId: agent.id,
            },
          ]
        : [];
    results.push({
      probeId,
      status: verdict.status,
      message: verdict.message,
      frameIds: ids,
      findings,
      durationMs: Math.round(performance.now() - started),
    });
  }
  return results;
}
