// Checks of the calling side (PRX-3). On traffic the recording proxy carried, Switchboard was not the client: some
// other program called the agent, and its requests can be as wrong as any agent's answers. These checks judge what the
// caller sent: the JSON-RPC envelope, the version and extension headers, whether a message continues the right task,
// and the shape of a push config. The request's schema is checked in the host when the proxy records it (its findings
// are `caller.schema` rules on the frame). Pure and linear in the frames, like the other checks.

import { profileNamed, type GenerationProfile } from '../a2a/profile';
import { isTerminalState } from '../a2a/model';
import type { TimelineModel } from '../timeline/timelineModel';
import type { TaskViews } from '../timeline/taskViews';
import type { Frame, HeaderList, HttpFrame } from '../wire/frame';
import { requestedTaskId } from './requestTask';
import { a2aRef, cite, JSON_RPC, type SpecRef } from './specRefs';
import type { CallerProblem, CheckFinding } from './types';
import type { Severity } from '../wire/finding';
import { pushConfigProblems, pushConfigsIn } from './callerPushConfig';

const MESSAGE_OPERATIONS = new Set(['send', 'stream']);

/** The caller's findings over every frame the proxy carried, in frame order. */
export function callerFindings(frames: readonly Frame[], timeline: TimelineModel): CheckFinding[] {
  const tasks = timeline.tasks;
  const out: CheckFinding[] = [];
  for (const frame of frames) {
    if (frame.kind !== 'http' || !frame.proxied || !frame.a2a) continue;
    for (const problem of requestProblems(frame, tasks)) {
      out.push({
        checkId: problem.checkId,
        severity: problem.severity,
        message: problem.message,
        ...cite(problem.ref),
        frameIds: [frame.id],
        agentId: frame.a2a.agentId,
        ...(frame.a2a.taskId !== undefined ? { taskId: frame.a2a.taskId } : {}),
        ...(problem.pointer !== undefined ? { pointer: problem.pointer } : {}),
      });
    }
  }
  return out;
}

/** Everything wrong with one proxied request. */
export function requestProblems(frame: HttpFrame, tasks: Pick<TaskViews, 'find'>): CallerProblem[] {
  const a2a = frame.a2a!;
  const profile = profileNamed(a2a.generation);
  const body = parseBody(frame.request.body?.text);
  const problems: CallerProblem[] = [];
  if (a2a.binding === 'JSONRPC') problems.push(...envelopeProblems(body, profile, a2a.generation));
  problems.push(...headerProblems(frame, profile, a2a.generation));
  if (MESSAGE_OPERATIONS.has(a2a.operation)) problems.push(...threadingProblems(frame, body.value, tasks));
  for (const config of pushConfigsIn(body.value, a2a.operation, a2a.binding)) {
    problems.push(...pushConfigProblems(config, profile, a2a.generation));
  }
  return problems;
}

interface ParsedBody {
  value: unknown;
  /** The body was there and was not JSON. */
  invalid: boolean;
  present: boolean;
}

function parseBody(text: string | undefined): ParsedBody {
  if (text === undefined || text === '') return { value: undefined, invalid: false, present: false };
  try {
    return { value: JSON.parse(text) as unknown, invalid: false, present: true };
  } catch {
    return { value: undefined, invalid: true, present: true };
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function envelopeProblems(
  body: ParsedBody,
  profile: GenerationProfile | undefined,
  generation: string,
): CallerProblem[] {
  const problem = (
    message: string,
    ref: SpecRef,
    severity: Severity = 'error',
    pointer?: string,
  ): CallerProblem => ({
    checkId: 'caller.envelope',
    severity,
    message,
    ref,
    ...(pointer !== undefined ? { pointer } : {}),
  });
  if (!body.present) return [problem('The caller sent a JSON-RPC call with no body.', JSON_RPC.request)];
  if (body.invalid) return [problem('The caller’s JSON-RPC body is not JSON.', JSON_RPC.request)];
  const envelope = record(body.value);
  if (!envelope) return [problem('The caller’s JSON-RPC body is not a request object.', JSON_RPC.request)];
  const lenient = profile?.lenientJsonRpcEnvelope === true;
  const out: CallerProblem[] = [];
  if (envelope.jsonrpc !== '2.0' && !(lenient && envelope.jsonrpc === undefined)) {
    out.push(
      problem('The caller’s request does not say "jsonrpc": "2.0".', JSON_RPC.request, 'error', '/jsonrpc'),
    );
  }
  if (typeof envelope.method !== 'string') {
    out.push(problem('The caller’s request names no method.', JSON_RPC.request, 'error', '/method'));
  }
  out.push(...idProblems(envelope, lenient, problem));
  const params = envelope.params;
  if (params !== undefined && record(params) === undefined) {
    out.push(
      problem(
        'The caller’s params are not an object; A2A methods take named parameters.',
        a2aRef('jsonRpcRequest', generation),
        'error',
        '/params',
      ),
    );
  }
  return out;
}

function idProblems(
  envelope: Record<string, unknown>,
  lenient: boolean,
  problem: (message: string, ref: SpecRef, severity?: Severity, pointer?: string) => CallerProblem,
): CallerProblem[] {
  const id = envelope.id;
  if (!('id' in envelope)) {
    if (lenient) return [];
    return [
      problem(
        'The caller’s request has no id, so it is a notification and gets no answer.',
        JSON_RPC.request,
      ),
    ];
  }
  if (id === null) {
    return [
      problem(
        'The caller’s request id is null, which JSON-RPC discourages.',
        JSON_RPC.request,
        'warning',
        '/id',
      ),
    ];
  }
  if (typeof id === 'number' && !Number.isInteger(id)) {
    return [problem('The caller’s request id has a fractional part.', JSON_RPC.request, 'warning', '/id')];
  }
  if (typeof id !== 'string' && typeof id !== 'number') {
    return [
      problem('The caller’s request id is neither a string nor a number.', JSON_RPC.request, 'error', '/id'),
    ];
  }
  return [];
}

function header(headers: HeaderList, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of headers) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/** A query parameter of a URL, read by hand: shared code's URL type has no searchParams. */
function queryParameter(url: string, name: string): string | undefined {
  let search: string;
  try {
    search = new URL(url).search;
  } catch {
    return undefined;
  }
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const [key = '', value = ''] = pair.split('=', 2);
    try {
      if (decodeURIComponent(key.replace(/\+/g, ' ')).toLowerCase() === name.toLowerCase()) {
        return decodeURIComponent(value.replace(/\+/g, ' '));
      }
    } catch {
      continue;
    }
  }
  return undefined;
}

const OTHER_EXTENSION_HEADERS = ['X-A2A-Extensions', 'A2A-Extensions'];

function headerProblems(
  frame: HttpFrame,
  profile: GenerationProfile | undefined,
  generation: string,
): CallerProblem[] {
  if (!profile) return [];
  const out: CallerProblem[] = [];
  const problem = (message: string, ref: SpecRef, severity: Severity): CallerProblem => ({
    checkId: 'caller.headers',
    severity,
    message,
    ref,
  });
  if (profile.versionHeader !== undefined) {
    const sent =
      header(frame.request.headers, 'A2A-Version') ?? queryParameter(frame.request.url, 'A2A-Version');
    const ref = a2aRef('versioning', generation);
    if (sent === undefined || sent.trim() === '') {
      out.push(
        problem(
          `The caller sent no A2A-Version, so a ${profile.generation} server takes the call for 0.3.`,
          ref,
          'warning',
        ),
      );
    } else if (!/^\d+\.\d+$/.test(sent.trim())) {
      out.push(problem(`The caller’s A2A-Version "${sent}" is not a Major.Minor version.`, ref, 'error'));
    }
  }
  for (const name of OTHER_EXTENSION_HEADERS) {
    if (name === profile.extensionsHeader || header(frame.request.headers, name) === undefined) continue;
    const expected = profile.extensionsHeader;
    out.push(
      problem(
        expected === undefined
          ? `The caller asked for extensions with ${name}, but ${profile.generation} has no extensions.`
          : `The caller asked for extensions with ${name}; ${profile.generation} reads ${expected}.`,
        a2aRef('extensions', generation),
        'warning',
      ),
    );
  }
  return out;
}

function messageContext(body: unknown, binding: string): string | undefined {
  const root = record(body);
  const holder = binding === 'JSONRPC' ? record(root?.params) : root;
  const message = record(holder?.message);
  return typeof message?.contextId === 'string' && message.contextId !== '' ? message.contextId : undefined;
}

function threadingProblems(frame: HttpFrame, body: unknown, tasks: Pick<TaskViews, 'find'>): CallerProblem[] {
  const taskId = requestedTaskId(frame);
  if (taskId === undefined) return [];
  const generation = frame.a2a!.generation;
  // 0.1 callers name new tasks themselves, so an id nobody answered with is how a task starts there.
  if (profileNamed(generation)?.taskIdsFrom === 'client') return [];
  const problem = (message: string, severity: Severity, topic: 'taskIds' | 'sendMessage'): CallerProblem => ({
    checkId: 'caller.threading',
    severity,
    message,
    ref: a2aRef(topic, generation),
  });
  // The task of the agent the caller spoke to: another agent may use the same id for a task of its own.
  const task = tasks.find(frame.a2a!.agentId, taskId);
  const sentAt = frame.timing.start;
  const before = task?.states.filter((mark) => mark.at < sentAt) ?? [];
  if (!task || (before.length === 0 && !task.frameIds.some((id) => id !== frame.id))) {
    return [
      problem(`The caller continues task ${taskId}, which no recorded answer named.`, 'info', 'taskIds'),
    ];
  }
  const out: CallerProblem[] = [];
  const last = before[before.length - 1];
  if (last && isTerminalState(last.state)) {
    out.push(
      problem(
        `The caller sends a message to task ${taskId} after it ended (${last.stateWire}); an ended task takes ` +
          'no new messages, so start a new task in the same context.',
        'error',
        'sendMessage',
      ),
    );
  }
  const contextId = messageContext(body, frame.a2a!.binding);
  if (contextId !== undefined && task.contextId !== undefined && contextId !== task.contextId) {
    out.push(
      problem(
        `The caller continues task ${taskId} in context ${contextId}, but the task belongs to ${task.contextId}.`,
        'error',
        'taskIds',
      ),
    );
  }
  return out;
}
