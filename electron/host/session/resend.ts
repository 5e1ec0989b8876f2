// Re-sends a recorded session's requests to a live agent and diffs the new run against the recording (SES-4). Each
// request goes out as the raw request it was, through `sendRaw`, so the live agent's own credentials and interface
// apply; what must change between runs changes: secrets the recording masked are dropped (the agent's settings add
// the real ones), the URL moves to the live interface, and task and context ids the agent handed out in the
// recording are replaced by the ones it hands out now, learnt by comparing the two answers position by position.

import { randomUUID } from 'node:crypto';
import type { Operation } from '../../../shared/a2a/adapter';
import { operations } from '../../../shared/a2a/adapter';
import { findAdapter } from '../../../shared/a2a/adapters';
import { operationPathSuffix } from '../../../shared/a2a/identify';
import { isGeneration, type Binding } from '../../../shared/a2a/generation';
import type { OperationOutcome, RawAgentRequest, StreamEnd } from '../../../shared/host/agent';
import { SECRET_PLACEHOLDER } from '../../../shared/host/agent';
import type { HostEvent, HostService } from '../../../shared/host/hostApi';
import { diffRuns } from '../../../shared/session/runDiff';
import {
  answerIds,
  digestRun,
  isUserRequest,
  userExchanges,
  type RunStep,
} from '../../../shared/session/runDigest';
import type { ResendResult, ResendStep } from '../../../shared/session/types';
import type { Frame, HeaderList, HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { profileNamed } from '../../../shared/a2a/profile';

/** What the re-send needs from the host; `closeStream` lets it close a stream the recording closed by hand. */
export type ResendHost = Pick<HostService, 'awaitStream' | 'onEvent'> &
  Partial<Pick<HostService, 'closeStream'>> & {
    /** `signal` aborts the request in flight when the re-send is cancelled (UX-5). */
    sendRaw(request: RawAgentRequest, signal?: AbortSignal): Promise<OperationOutcome>;
  };

export interface ResendOptions {
  /** The recorded session's frames, in order of arrival (revisions and SSE frames included). */
  frames: readonly Frame[];
  /** The live agent to send to. */
  agentId: string;
  /** The request frames to re-send; all the user's requests when absent. */
  frameIds?: readonly string[];
  /** Cancels the re-send (UX-5): nothing more is sent, the request in flight and open streams are stopped. */
  signal?: AbortSignal;
  /** Told after each request how many of the total were sent. */
  onProgress?: (sent: number, total: number) => void;
}

/** What a request the re-send did not reach says once it was cancelled. */
export const RESEND_CANCELLED = 'Not sent: the re-send was cancelled.';

/** A recorded exchange and, once sent again, its new counterpart. */
interface Step {
  number: number;
  recorded: HttpFrame;
  recordedEvents: SseFrame[];
  newId?: string;
  outcome?: OperationOutcome;
  end?: StreamEnd;
  /** Set while the new exchange is an open stream. */
  open?: boolean;
}

export async function resendSession(
  host: ResendHost,
  options: ResendOptions,
): Promise<ResendResult & { newFrames: Frame[] }> {
  const selected = selectExchanges(options.frames, options.frameIds);
  const steps: Step[] = selected.map(({ frame, events }, index) => ({
    number: index + 1,
    recorded: frame,
    recordedEvents: events,
  }));
  const collector = new FrameCollector();
  const unsubscribe = host.onEvent((event) => collector.take(event));
  const stopStreams = closeOnCancel(host, options.signal, steps);
  const ids = new Map<string, string>();
  try {
    for (const step of steps) {
      for (const earlier of steps) if (earlier.open) await settleStream(host, collector, earlier, step);
      if (options.signal?.aborted) {
        step.outcome = { status: 'refused', message: RESEND_CANCELLED, findings: [] };
        continue;
      }
      learnIds(steps, collector, ids);
      const request = replayRequest(step.recorded, options.agentId, ids);
      const masked = maskedBodyFields(request.body);
      if (masked.length > 0) {
        // A redacted secret would be sent as the mask and registered as the real value: refuse, and say which.
        step.outcome = {
          status: 'refused',
          message: `Not re-sent: the recording has ${masked.join(', ')} redacted in this request, so the mask would be sent as the value. Send it again from the composer with the real value.`,
          findings: [],
        };
        continue;
      }
      step.outcome = await host.sendRaw(request, options.signal);
      options.onProgress?.(step.number, steps.length);
      step.newId = step.outcome.exchangeId;
      if (!step.newId) continue;
      if (step.outcome.status === 'stream') step.open = true;
      else await collector.until(() => collector.isFinal(step.newId!));
    }
    for (const step of steps) if (step.open) await settleStream(host, collector, step);
  } finally {
    stopStreams();
    unsubscribe();
  }

  const started = new Set<string>();
  for (const step of steps) {
    if (step.newId) started.add(step.newId);
    for (const id of step.outcome?.stepFrameIds ?? []) started.add(id);
  }
  const newFrames = collector.framesOf(started);
  const chosen = new Set(steps.map((step) => step.recorded.id));
  const before = digestRun(
    options.frames.filter((f) => (f.kind === 'sse' ? chosen.has(f.exchangeId) : chosen.has(f.id))),
  );
  const digested = new Map(digestRun(newFrames).steps.map((s) => [s.frameId, s]));
  const after = {
    steps: steps.map(
      (step, index): RunStep =>
        (step.newId ? digested.get(step.newId) : undefined) ?? {
          frameId: '',
          operation: before.steps[index]?.operation ?? 'raw',
          states: [],
          artifacts: [],
          messages: [],
          notSent: step.outcome?.message ?? 'nothing was sent',
        },
    ),
  };
  const { differences, timing } = diffRuns(before, after);
  const cancelled = options.signal?.aborted === true ? { cancelled: true } : {};
  return { steps: steps.map(resendStep), differences, timing, ...cancelled, newFrames };
}

/** Closes the new run's open streams when the re-send is cancelled; returns what stops listening. */
function closeOnCancel(
  host: ResendHost,
  signal: AbortSignal | undefined,
  steps: readonly Step[],
): () => void {
  if (!signal || !host.closeStream) return () => undefined;
  const close = host.closeStream;
  const stop = () => {
    for (const step of steps)
      if (step.open && step.newId) void close({ exchangeId: step.newId }).catch(() => undefined);
  };
  signal.addEventListener('abort', stop, { once: true });
  return () => signal.removeEventListener('abort', stop);
}

/** The JSON keys of a request body whose values are the redaction mask (a push config's token …). */
function maskedBodyFields(body: string | undefined): string[] {
  if (!body || !body.includes(SECRET_PLACEHOLDER)) return [];
  const keys = new Set<string>();
  const pattern = /"([^"\\]{1,100})"\s*:\s*"[^"]*\u2022\u2022\u2022\u2022\u2022\u2022/g;
  for (const match of body.matchAll(pattern)) keys.add(match[1]!);
  return keys.size > 0 ? [...keys].map((key) => `"${key}"`) : ['a value'];
}

/** The user's exchanges to re-send, in recorded order; a plain error for a selection that names anything else. */
function selectExchanges(
  frames: readonly Frame[],
  frameIds: readonly string[] | undefined,
): Array<{ frame: HttpFrame; events: SseFrame[] }> {
  const exchanges = userExchanges(frames);
  if (frameIds === undefined) {
    if (exchanges.length === 0) {
      throw new Error('This session has no requests sent to an agent, so there is nothing to re-send.');
    }
    return exchanges;
  }
  if (frameIds.length === 0) throw new Error('Choose at least one request to re-send.');
  const wanted = new Set(frameIds);
  for (const id of wanted) {
    if (exchanges.some((e) => e.frame.id === id)) continue;
    const frame = frames.find((f) => f.id === id);
    if (!frame) throw new Error(`No frame in this session has the id "${id}".`);
    if (frame.kind !== 'http' || !isUserRequest(frame)) {
      const what = frame.kind === 'http' ? `a ${frame.source} exchange` : `a ${frame.kind} frame`;
      throw new Error(`Frame "${id}" is ${what}, not a request sent to an agent; only those can be re-sent.`);
    }
    throw new Error(`Frame "${id}" was sent again with a renewed token; re-send that retry instead.`);
  }
  return exchanges.filter((e) => wanted.has(e.frame.id));
}

/**
 * Waits on an open stream of the new run. When `next` is given and the recorded stream was still open when the
 * recorded `next` was sent (a cancel while streaming), only as many events as had arrived by then are awaited, so
 * the next request goes out at the same point of the conversation. Otherwise the stream is awaited to its end,
 * and closed first if the recording shows the user closing it.
 */
async function settleStream(
  host: ResendHost,
  collector: FrameCollector,
  step: Step,
  next?: Step,
): Promise<void> {
  const id = step.newId!;
  const recordedEnd = step.recorded.timing.end;
  const dispatched = step.recordedEvents.filter((e) => e.dispatched);
  if (next && (recordedEnd === undefined || recordedEnd > next.recorded.timing.start)) {
    const before = dispatched.filter((e) => e.timing.start <= next.recorded.timing.start).length;
    await collector.until(() => collector.isFinal(id) || collector.dispatched(id) >= before);
    return;
  }
  if (step.recorded.stream?.ended === 'closed-by-user' && host.closeStream) {
    await collector.until(() => collector.isFinal(id) || collector.dispatched(id) >= dispatched.length);
    if (!collector.isFinal(id)) await host.closeStream({ exchangeId: id });
  }
  try {
    step.end = await host.awaitStream({ exchangeId: id });
  } catch {
    // The host forgot a stream that ended long ago; its final frame still says how it ended.
  }
  await collector.until(() => collector.isFinal(id));
  step.open = false;
}

/**
 * Pairs the ids of each recorded answer with those of the new answer at the same position (the first task of a
 * send, each stream event …); an old id keeps the first new id it was paired with.
 */
function learnIds(steps: readonly Step[], collector: FrameCollector, ids: Map<string, string>): void {
  for (const step of steps) {
    if (!step.newId) continue;
    const frame = collector.latest(step.newId);
    if (!frame) continue;
    const old = answerIds(step.recorded, step.recordedEvents);
    const now = answerIds(frame, collector.events(step.newId));
    for (let i = 0; i < Math.min(old.length, now.length); i++) {
      const pairs: Array<[string | undefined, string | undefined]> = [
        [old[i]!.taskId, now[i]!.taskId],
        [old[i]!.contextId, now[i]!.contextId],
      ];
      for (const [was, is] of pairs) {
        if (was !== undefined && is !== undefined && was !== is && !ids.has(was)) ids.set(was, is);
      }
    }
  }
}

/**
 * The recorded request as a raw request for the live agent: ids mapped, secrets and stack headers dropped. A 0.1
 * send that names a new task gets a fresh task id, added to `ids` so later requests follow it.
 */
export function replayRequest(frame: HttpFrame, agentId: string, ids: Map<string, string>): RawAgentRequest {
  freshClientTaskId(frame, ids);
  const body = frame.request.body?.text;
  return {
    agentId,
    method: frame.request.method,
    url: liveUrl(frame, replaceIds(frame.request.url, ids, encodeURIComponent)),
    headers: replayHeaders(frame),
    ...(body !== undefined ? { body: replaceIds(body, ids, (id) => JSON.stringify(id).slice(1, -1)) } : {}),
  };
}

/**
 * A2A 0.1 lets the client name a new task (`tasks/send` params.id). Sending the recorded id again would land on the
 * recorded task, so a task id the recording introduced in a send gets a fresh one.
 */
function freshClientTaskId(frame: HttpFrame, ids: Map<string, string>): void {
  const a2a = frame.a2a;
  if (profileNamed(a2a?.generation)?.taskIdsFrom !== 'client') return;
  if (a2a?.operation !== 'send' && a2a?.operation !== 'stream') return;
  const id = jsonRpcParamsId(frame.request.body?.text);
  if (id !== undefined && !ids.has(id)) ids.set(id, randomUUID());
}

function jsonRpcParamsId(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const params = (parsed as { params?: unknown }).params;
    if (typeof params !== 'object' || params === null) return undefined;
    const id = (params as { id?: unknown }).id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Replaces each old id by its new one, in the spelling the text uses (raw, percent- or JSON-escaped). */
function replaceIds(text: string, ids: ReadonlyMap<string, string>, escape: (id: string) => string): string {
  let out = text;
  const longestFirst = [...ids].sort((a, b) => b[0].length - a[0].length);
  for (const [was, is] of longestFirst) {
    for (const [from, to] of new Map([
      [escape(was), escape(is)],
      [was, is],
    ])) {
      if (from !== '' && out.includes(from)) out = out.split(from).join(to);
    }
  }
  return out;
}

/** Headers the HTTP stack adds itself; sending the recorded ones would repeat them or lie about the body. */
const STACK_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'user-agent',
]);
/** Names that carry credentials (Authorization, Cookie, X-API-Key, X-Auth-Token …): the agent's settings add them. */
const CREDENTIAL_HEADER =
  /^(authorization|proxy-authorization|cookie)$|api[-_]?key|token|secret|password|auth/i;

function replayHeaders(frame: HttpFrame): HeaderList {
  const marked = new Set(
    (frame.secrets ?? []).flatMap((mark) => (mark.in === 'request-header' ? [mark.name.toLowerCase()] : [])),
  );
  return frame.request.headers.filter(([name, value]) => {
    const lower = name.toLowerCase();
    return (
      !STACK_HEADERS.has(lower) &&
      !marked.has(lower) &&
      !CREDENTIAL_HEADER.test(name) &&
      !value.includes(SECRET_PLACEHOLDER)
    );
  });
}

/**
 * The request's URL relative to the interface it was sent to, so it goes to the live agent's interface wherever
 * that is now: a JSON-RPC request to the interface itself, a REST request to the operation's path under it. Query
 * parameters holding secrets are dropped (the agent's settings add them again). A request no adapter recognises
 * keeps its absolute URL.
 */
function liveUrl(frame: HttpFrame, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const secretParams = (frame.secrets ?? []).flatMap((mark) => (mark.in === 'query' ? [mark.name] : []));
  for (const [name, value] of [...parsed.searchParams]) {
    if (secretParams.includes(name) || value.includes(SECRET_PLACEHOLDER)) parsed.searchParams.delete(name);
  }
  const query = parsed.search;
  const a2a = frame.a2a;
  if (!a2a || !isGeneration(a2a.generation)) return parsed.toString();
  if (a2a.binding === 'JSONRPC') return query;
  if (a2a.binding !== 'HTTP+JSON' || !(operations as readonly string[]).includes(a2a.operation)) {
    return parsed.toString();
  }
  const suffix = operationPath(a2a.generation, a2a.binding, a2a.operation as Operation);
  const match = suffix ? suffix.exec(parsed.pathname) : null;
  if (!match) return parsed.toString();
  // Kept with its leading slash: `sendRaw` would read a bare `message:send` as a URL with the scheme `message:`.
  return `${parsed.pathname.slice(match.index)}${query}`;
}

/** The path an adapter puts after its interface URL for an operation, as a pattern anchored at the end. */
function operationPath(generation: string, binding: Binding, operation: Operation): RegExp | undefined {
  if (!isGeneration(generation)) return undefined;
  const adapter = findAdapter(generation, binding);
  return adapter ? operationPathSuffix(adapter, operation) : undefined;
}

function resendStep(step: Step): ResendStep {
  const outcome = step.outcome;
  const operation = step.recorded.a2a?.operation ?? 'raw';
  const base = { index: step.number, operation, recordedFrameId: step.recorded.id };
  if (!outcome) return { ...base, status: 'refused', message: 'Not sent.' };
  const message =
    outcome.status === 'stream' && step.end
      ? `Stream ended (${step.end.ended}) after ${step.end.events} event${step.end.events === 1 ? '' : 's'}.`
      : outcome.message;
  return { ...base, ...(step.newId ? { newFrameId: step.newId } : {}), status: outcome.status, message };
}

/**
 * Keeps the frames the host publishes during the re-send (newest revision of each) and wakes waiters as they
 * arrive. The host publishes a revision before the call that made it returns, so waiting here never misses one.
 */
class FrameCollector {
  private readonly http = new Map<string, HttpFrame>();
  private readonly order: string[] = [];
  private readonly sse = new Map<string, SseFrame[]>();
  /** Dispatched events per exchange, counted as they come (a long stream must not be re-counted per event). */
  private readonly dispatchedCount = new Map<string, number>();
  private waiters: Array<{ ready: () => boolean; resolve: () => void }> = [];

  take(event: HostEvent): void {
    if (event.type !== 'frames') return;
    for (const frame of event.frames) {
      if (frame.kind === 'sse') {
        const list = this.sse.get(frame.exchangeId);
        if (list) list.push(frame);
        else this.sse.set(frame.exchangeId, [frame]);
        if (frame.dispatched) {
          this.dispatchedCount.set(frame.exchangeId, (this.dispatchedCount.get(frame.exchangeId) ?? 0) + 1);
        }
      } else if (frame.kind === 'http') {
        const known = this.http.get(frame.id);
        if (!known) this.order.push(frame.id);
        if (!known || (frame.rev ?? Infinity) >= (known.rev ?? Infinity)) this.http.set(frame.id, frame);
      }
    }
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (waiter.ready()) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }

  until(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ ready, resolve }));
  }

  latest(id: string): HttpFrame | undefined {
    return this.http.get(id);
  }

  isFinal(id: string): boolean {
    const frame = this.http.get(id);
    return frame !== undefined && (frame.rev === undefined || frame.state === 'done');
  }

  events(exchangeId: string): SseFrame[] {
    return this.sse.get(exchangeId) ?? [];
  }

  dispatched(exchangeId: string): number {
    return this.dispatchedCount.get(exchangeId) ?? 0;
  }

  /** The exchanges named, in order of first arrival, each followed by its SSE frames. */
  framesOf(ids: ReadonlySet<string>): Frame[] {
    const out: Frame[] = [];
    for (const id of this.order) {
      if (!ids.has(id)) continue;
      out.push(this.http.get(id)!, ...this.events(id));
    }
    return out;
  }
}
