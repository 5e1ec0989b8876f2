// The SUT behaviours of ACTS, the A2A conformance test suite, written once in a generation-neutral form like
// behaviour.ts: the first text part's prefix (`tck-complete-task`, `tck-multi-turn`, …) decides what the agent does,
// and each peer adapts the outcome to its SDK through an ActsOutlet. Also here: the board that lets executions, cancel
// hooks and follow-up turns meet (tasks, contexts, waits), and the refusal policy the peers apply before their SDK
// sees a message, so both generations refuse the same things for the same reasons.

import type { ArtifactChunk, PeerPart } from './behaviour';

/** Task states as 0.3 spells them; 1.0 peers map them to `TASK_STATE_*`. */
export type ActsTaskState =
  | 'submitted'
  | 'working'
  | 'input-required'
  | 'auth-required'
  | 'completed'
  | 'canceled'
  | 'failed'
  | 'rejected';

const TERMINAL_STATES: readonly ActsTaskState[] = ['completed', 'canceled', 'failed', 'rejected'];
const INTERRUPTED_STATES: readonly ActsTaskState[] = ['input-required', 'auth-required'];

export function isTerminalState(state: ActsTaskState): boolean {
  return TERMINAL_STATES.includes(state);
}

/** States that wait for the client: a follow-up message on the same task continues them. */
export function isInterruptedState(state: ActsTaskState): boolean {
  return INTERRUPTED_STATES.includes(state);
}

/** The prefixes of the ACTS SUT behaviour contract (plus `tck-auth-required`, which SEC-AUTH-005 needs). */
export const ACTS_PREFIXES = [
  'tck-complete-task',
  'tck-input-required',
  'tck-reject-task',
  'tck-message-response',
  'tck-artifact-text',
  'tck-artifact-file',
  'tck-artifact-file-url',
  'tck-artifact-data',
  'tck-long-running',
  'tck-multi-turn',
  'tck-cancel',
  'tck-stream-basic',
  'tck-stream-chunked',
  'tck-task-failure',
  'tck-auth-required',
] as const;

export type ActsPrefix = (typeof ACTS_PREFIXES)[number];
/** What a message asks for: one of the prefixes, or `echo` for anything else. */
export type ActsScenario = ActsPrefix | 'echo';

// Longest first, so `tck-artifact-file-url …` is never read as `tck-artifact-file`.
const PREFIXES_BY_LENGTH = [...ACTS_PREFIXES].sort((a, b) => b.length - a.length);

/** The scenario a message's first text asks for: a prefix followed by the end of the text or a non-word character. */
export function chooseActsScenario(text: string): ActsScenario {
  const trimmed = text.trimStart();
  for (const prefix of PREFIXES_BY_LENGTH) {
    if (!trimmed.startsWith(prefix)) continue;
    const rest = trimmed.slice(prefix.length);
    if (rest === '' || !/^[\w-]/.test(rest)) return prefix;
  }
  return 'echo';
}

/** A `tck-multi-turn` follow-up completes the task when it says "done" (as a word, so "abandoned" does not). */
const DONE_WORD = /\bdone\b/i;

export const ACTS_TEXTS = {
  completed: 'Task complete.',
  inputQuestion: 'More input needed: reply on this task to complete it.',
  rejected: 'Rejected: this agent declines tasks that start with tck-reject-task.',
  failed: 'Failed on purpose: the message starts with tck-task-failure.',
  authRequired: 'Authorization required: send a follow-up message on this task to provide it.',
  continued: 'Thanks, that completes the task.',
  canceled: 'Canceled at the client’s request.',
  artifactText: 'Generated text content',
  streamed: 'Streamed content',
  inlineFile: 'ACTS inline file content\n',
} as const;

/** The inline file of `tck-artifact-file` and the file `tck-artifact-file-url` points at (the peers serve it). */
export const ACTS_FILES = {
  inline: { name: 'acts-inline.txt', mediaType: 'text/plain' },
  byUrl: {
    name: 'acts-sample.txt',
    mediaType: 'text/plain',
    content: 'ACTS sample file served by the peer\n',
  },
} as const;

/** The structured value of `tck-artifact-data`: a JSON object, as DM-ART-002 checks. */
export const ACTS_DATA = { behaviour: 'tck-artifact-data', values: [1, 2, 3], nested: { ok: true } } as const;

export const ACTS_CHUNKS = ['Chunk 1 of 3. ', 'Chunk 2 of 3. ', 'Chunk 3 of 3.'] as const;

/** Media types the agents accept in incoming parts (also their cards' defaultInputModes). */
export const ACTS_INPUT_MODES = [
  'text/plain',
  'text/markdown',
  'application/json',
  'application/octet-stream',
  'image/png',
  'image/jpeg',
  'application/pdf',
] as const;

export const ACTS_OUTPUT_MODES = ['text/plain', 'application/json'] as const;

export const ACTS_DESCRIPTION =
  'Switchboard ACTS peer: implements the SUT behaviour contract of the A2A conformance test suite (ACTS). The first ' +
  'text part decides: tck-complete-task, tck-input-required, tck-reject-task, tck-message-response, ' +
  'tck-artifact-text, tck-artifact-file, tck-artifact-file-url, tck-artifact-data, tck-long-running, tck-multi-turn ' +
  '(say "done" to finish), tck-cancel, tck-stream-basic, tck-stream-chunked, tck-task-failure, tck-auth-required; ' +
  'anything else is echoed.';

export const ACTS_SKILL = {
  id: 'acts-sut',
  name: 'ACTS SUT behaviours',
  description: 'Every behaviour of the ACTS SUT contract, chosen by the tck-* prefix of the first text part.',
  tags: ['test', 'acts', 'conformance'],
  examples: ['tck-complete-task hello', 'tck-multi-turn start', 'tck-stream-chunked go'],
};

export interface ActsBehaviourOptions {
  /** How long `tck-long-running` works before it completes. */
  longRunningMs: number;
  /** How long `tck-cancel` waits for a cancel and `tck-auth-required` for its follow-up before failing. */
  waitCapMs: number;
  /** Where the `tck-artifact-file-url` artifact points. */
  fileUrl: string;
}

// About a second keeps CI fast and still leaves polling clients time to see WORKING (CORE-EXEC-002).
export const ACTS_DEFAULT_LONG_RUNNING_MS = 1_000;
export const ACTS_DEFAULT_WAIT_CAP_MS = 60_000;

/** How a peer publishes what the behaviour decides, in its own SDK's terms. */
export interface ActsOutlet {
  /** A direct agent Message that carries neither taskId nor contextId (ACTS DM-FMT-003); no task is created. */
  reply(parts: PeerPart[]): void;
  /** First event of a turn: a new task in `submitted` whose history is the user message, or the continued task. */
  open(): void;
  status(state: ActsTaskState, text?: string): void;
  artifact(chunk: ArtifactChunk): void;
}

export interface ActsTurn {
  taskId: string;
  contextId: string;
  /** The first text part of the user's message ('' when there is none). */
  text: string;
  /** True when the message continues a task that is waiting for input or authorization. */
  continuing: boolean;
}

export type HoldOutcome = 'elapsed' | 'canceled' | 'resumed' | 'shutdown';

/**
 * What the executions, the SDKs' cancel hooks and the refusal policy share: which tasks exist (context, scenario),
 * which contexts this agent minted, and the tasks that are waiting (long-running work, a cancel, a follow-up).
 */
export class ActsBoard {
  private readonly tasks = new Map<string, { contextId: string; scenario: ActsScenario }>();
  private readonly contexts = new Set<string>();
  private readonly holds = new Map<string, (outcome: HoldOutcome) => void>();
  private closed = false;

  remember(taskId: string, contextId: string, scenario: ActsScenario): void {
    this.tasks.set(taskId, { contextId, scenario });
    this.contexts.add(contextId);
  }

  contextOf(taskId: string): string | undefined {
    return this.tasks.get(taskId)?.contextId;
  }

  scenarioOf(taskId: string): ActsScenario | undefined {
    return this.tasks.get(taskId)?.scenario;
  }

  /** Whether this agent has minted (or already accepted) the context. */
  knowsContext(contextId: string): boolean {
    return this.contexts.has(contextId);
  }

  /** Waits up to `ms` for a cancel, a follow-up or shutdown; the timer never keeps a process alive on its own. */
  hold(taskId: string, ms: number): Promise<HoldOutcome> {
    if (this.closed) return Promise.resolve('shutdown');
    this.settle(taskId, 'resumed');
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish('elapsed'), ms);
      timer.unref();
      const finish = (outcome: HoldOutcome) => {
        clearTimeout(timer);
        if (this.holds.get(taskId) === finish) this.holds.delete(taskId);
        resolve(outcome);
      };
      this.holds.set(taskId, finish);
    });
  }

  /** Wakes a held task because it was canceled; false when nothing was waiting. */
  cancel(taskId: string): boolean {
    return this.settle(taskId, 'canceled');
  }

  /** Wakes a held task because a follow-up turn has taken it over; false when nothing was waiting. */
  resume(taskId: string): boolean {
    return this.settle(taskId, 'resumed');
  }

  shutdown(): void {
    this.closed = true;
    for (const taskId of [...this.holds.keys()]) this.settle(taskId, 'shutdown');
  }

  private settle(taskId: string, outcome: HoldOutcome): boolean {
    const finish = this.holds.get(taskId);
    if (!finish) return false;
    finish(outcome);
    return true;
  }
}

function textPart(text: string): PeerPart {
  return { kind: 'text', text };
}

function oneChunk(artifactId: string, parts: PeerPart[]): ArtifactChunk {
  return { artifactId, name: artifactId, index: 0, parts, append: false, lastChunk: true };
}

/** Runs one turn of the ACTS behaviours against an outlet. */
export async function performActs(
  turn: ActsTurn,
  outlet: ActsOutlet,
  board: ActsBoard,
  options: ActsBehaviourOptions,
): Promise<void> {
  if (turn.continuing) {
    continueTask(turn, outlet, board);
    return;
  }

  const scenario = chooseActsScenario(turn.text);
  board.remember(turn.taskId, turn.contextId, scenario);
  if (scenario === 'tck-message-response') {
    outlet.reply([textPart(`Direct reply: ${turn.text}`)]);
    return;
  }

  outlet.open();
  // Every task passes through WORKING: ACTS's state machine only allows SUBMITTED → WORKING.
  outlet.status('working');
  switch (scenario) {
    case 'tck-complete-task':
      outlet.status('completed', ACTS_TEXTS.completed);
      return;
    case 'tck-input-required':
      outlet.status('input-required', ACTS_TEXTS.inputQuestion);
      return;
    case 'tck-multi-turn':
      // No status message: the SDKs append status messages to the task history, and CORE-HIST-005 expects the
      // history to hold the user's turns at positions 0, 1 and 2.
      outlet.status('input-required');
      return;
    case 'tck-reject-task':
      outlet.status('rejected', ACTS_TEXTS.rejected);
      return;
    case 'tck-task-failure':
      outlet.status('failed', ACTS_TEXTS.failed);
      return;
    case 'tck-artifact-text':
      outlet.artifact(oneChunk('text', [textPart(ACTS_TEXTS.artifactText)]));
      outlet.status('completed', ACTS_TEXTS.completed);
      return;
    case 'tck-artifact-file':
      outlet.artifact(
        oneChunk('file', [
          {
            kind: 'file',
            ...ACTS_FILES.inline,
            bytes: Buffer.from(ACTS_TEXTS.inlineFile, 'utf8').toString('base64'),
          },
        ]),
      );
      outlet.status('completed', ACTS_TEXTS.completed);
      return;
    case 'tck-artifact-file-url':
      outlet.artifact(
        oneChunk('file-url', [
          {
            kind: 'file',
            name: ACTS_FILES.byUrl.name,
            mediaType: ACTS_FILES.byUrl.mediaType,
            uri: options.fileUrl,
          },
        ]),
      );
      outlet.status('completed', ACTS_TEXTS.completed);
      return;
    case 'tck-artifact-data':
      outlet.artifact(
        oneChunk('data', [{ kind: 'data', data: structuredClone(ACTS_DATA), mediaType: 'application/json' }]),
      );
      outlet.status('completed', ACTS_TEXTS.completed);
      return;
    case 'tck-stream-basic':
      outlet.artifact(oneChunk('stream', [textPart(ACTS_TEXTS.streamed)]));
      outlet.status('completed', ACTS_TEXTS.completed);
      return;
    case 'tck-stream-chunked':
      ACTS_CHUNKS.forEach((chunk, position) =>
        outlet.artifact({
          artifactId: 'chunked',
          name: 'chunked',
          index: 0,
          parts: [textPart(chunk)],
          append: position > 0,
          lastChunk: position === ACTS_CHUNKS.length - 1,
        }),
      );
      outlet.status('completed', ACTS_TEXTS.completed);
      return;
    case 'tck-long-running': {
      const outcome = await board.hold(turn.taskId, options.longRunningMs);
      // A cancel has already published CANCELED through the peer's cancel hook; shutdown publishes nothing.
      if (outcome !== 'elapsed') return;
      outlet.artifact(
        oneChunk('result', [textPart(`Long-running work finished after ${options.longRunningMs} ms.`)]),
      );
      outlet.status('completed', ACTS_TEXTS.completed);
      return;
    }
    case 'tck-cancel': {
      const outcome = await board.hold(turn.taskId, options.waitCapMs);
      if (outcome === 'elapsed')
        outlet.status('failed', `Nobody canceled this task within ${options.waitCapMs} ms; giving up.`);
      return;
    }
    case 'tck-auth-required': {
      outlet.status('auth-required', ACTS_TEXTS.authRequired);
      // Waits so a 1.0 stream (which stays open in AUTH_REQUIRED) ends even when no follow-up ever comes.
      const outcome = await board.hold(turn.taskId, options.waitCapMs);
      if (outcome === 'elapsed')
        outlet.status('failed', `No authorization arrived within ${options.waitCapMs} ms; giving up.`);
      return;
    }
    case 'echo':
      outlet.artifact(oneChunk('echo', [textPart(`Echo: ${turn.text}`)]));
      outlet.status('completed', ACTS_TEXTS.completed);
      return;
  }
}

/** A follow-up on a task waiting in INPUT_REQUIRED or AUTH_REQUIRED. */
function continueTask(turn: ActsTurn, outlet: ActsOutlet, board: ActsBoard): void {
  outlet.open();
  outlet.status('working');
  if (board.scenarioOf(turn.taskId) === 'tck-multi-turn' && !DONE_WORD.test(turn.text))
    outlet.status('input-required');
  else outlet.status('completed', ACTS_TEXTS.continued);
  // Only now, with every event of this turn published, may a held first execution (tck-auth-required) return:
  // @a2a-js/sdk 1.3.0 settles the task's shared event bus when that execution ends.
  board.resume(turn.taskId);
}

export type RefusalKind = 'content-type-not-supported' | 'unsupported-operation' | 'invalid-params';

export interface Refusal {
  kind: RefusalKind;
  message: string;
}

export interface IncomingMessage {
  taskId?: string;
  contextId?: string;
  /** Media types the parts declare (a part's media type, or `metadata.contentType` as ACTS CORE-SEND-004 sends it). */
  declaredTypes: readonly string[];
}

/** The stored task a message names, as far as the policy needs it. */
export interface NamedTask {
  state: ActsTaskState;
  contextId: string;
}

function bareMediaType(type: string): string {
  return (type.split(';', 1)[0] ?? '').trim().toLowerCase();
}

/**
 * Whether to refuse an incoming message before the SDK acts on it, and with which protocol error:
 * - a part whose declared media type is not one of ACTS_INPUT_MODES: ContentTypeNotSupportedError (CORE-SEND-004);
 * - a task in a terminal state: UnsupportedOperationError (CORE-SEND-002, CORE-ERR-004);
 * - a contextId that is not the named task's: InvalidParams (CORE-MULTI-003, CORE-MULTI-006);
 * - a task that is still submitted or working (it is not waiting for anything): UnsupportedOperationError;
 * - without a task, a contextId this agent never minted: InvalidParams, as the A2A spec lets an agent reject
 *   client-chosen context ids (CORE-CTX-001).
 * An unknown task is left to the SDK, which answers TaskNotFoundError.
 */
export function vetIncoming(
  message: IncomingMessage,
  task: NamedTask | undefined,
  knowsContext: (contextId: string) => boolean,
): Refusal | undefined {
  const accepted: readonly string[] = ACTS_INPUT_MODES;
  const unsupported = message.declaredTypes.find((type) => !accepted.includes(bareMediaType(type)));
  if (unsupported !== undefined)
    return {
      kind: 'content-type-not-supported',
      message: `Content type '${unsupported}' is not supported. Supported: ${accepted.join(', ')}.`,
    };
  if (message.taskId !== undefined) {
    if (task === undefined) return undefined;
    if (isTerminalState(task.state))
      return {
        kind: 'unsupported-operation',
        message: `Task ${message.taskId} is ${task.state}, a terminal state; it takes no more messages.`,
      };
    if (message.contextId !== undefined && message.contextId !== task.contextId)
      return {
        kind: 'invalid-params',
        message: `contextId '${message.contextId}' does not match task ${message.taskId}, whose contextId is '${task.contextId}'.`,
      };
    if (!isInterruptedState(task.state))
      return {
        kind: 'unsupported-operation',
        message: `Task ${message.taskId} is ${task.state}, not waiting for input; cancel it or wait for it to finish.`,
      };
    return undefined;
  }
  if (message.contextId !== undefined && !knowsContext(message.contextId))
    return {
      kind: 'invalid-params',
      message: `Unknown contextId '${message.contextId}': this agent only continues contexts it created. Omit contextId to start a new one.`,
    };
  return undefined;
}

/** Subscribing to a finished task is refused with UnsupportedOperationError (STREAM-SUB-003). */
export function vetSubscribe(taskId: string, task: NamedTask | undefined): Refusal | undefined {
  if (task === undefined || !isTerminalState(task.state)) return undefined;
  return {
    kind: 'unsupported-operation',
    message: `Task ${taskId} is ${task.state}, a terminal state; there is nothing left to subscribe to.`,
  };
}
