// The one agent behaviour all test peers share, written once in a generation-neutral form. Each peer adapts it to its
// SDK through an Outlet (how to publish a task, a status, an artifact chunk or a direct reply) and converts incoming
// parts to `PeerPart`. What happens is decided by the first text part of the user's message (see `chooseScenario`).

/** A message part in neutral form; file bytes are base64 so every SDK's representation converts losslessly. */
export type PeerPart =
  | { kind: 'text'; text: string }
  | { kind: 'file'; name?: string; mediaType?: string; bytes?: string; uri?: string }
  | { kind: 'data'; data: unknown; mediaType?: string };

export type PeerTaskState = 'submitted' | 'working' | 'input-required' | 'completed' | 'canceled' | 'failed';

export interface ArtifactChunk {
  artifactId: string;
  name: string;
  /** Position of the artifact in the task; only 0.1 puts it on the wire (`Artifact.index`). */
  index: number;
  parts: PeerPart[];
  append: boolean;
  lastChunk: boolean;
}

export type CancelOutcome = 'canceled' | 'timeout' | 'shutdown';

/** How a peer publishes what the behaviour decides, in its own SDK's terms. */
export interface Outlet {
  /** False where the generation has no direct-message answer (0.1); the behaviour then echoes instead. */
  readonly canReplyWithMessage: boolean;
  /** Answer with a direct agent Message; no task is created. */
  reply(parts: PeerPart[]): void;
  /** First event of a turn: a new task in `submitted`, or a snapshot of the task being continued. */
  open(): void;
  status(state: PeerTaskState, text?: string): void;
  artifact(chunk: ArtifactChunk): void;
  /** Resolves when the task is canceled, the peer shuts down, or `maxMs` passes. */
  waitForCancel(maxMs: number): Promise<CancelOutcome>;
}

export interface Turn {
  parts: PeerPart[];
  /** True when the message continues a task that was waiting in `input-required`. */
  continuing: boolean;
}

export type Scenario = 'echo' | 'input' | 'slow' | 'fail' | 'message';

export const PEER_DESCRIPTION =
  'Switchboard test peer. The first text part decides what happens: "input" asks a question and completes on the ' +
  'follow-up, "slow" works until canceled (60 s cap), "fail" fails, "message" answers with a direct message; ' +
  'anything else is echoed back as an artifact streamed in chunks (files and data parts are described and echoed).';

/** The one skill every peer's card lists, in the field names common to all generations. */
export const PEER_SKILL = {
  id: 'echo',
  name: 'Echo and friends',
  description:
    'Echoes text, files and data; keywords input, slow, fail and message trigger the other behaviours.',
  tags: ['test', 'echo'],
  examples: ['hello there', 'need input', 'slow please', 'fail now', 'message me'],
};

/** A `slow` task gives up after this long so nothing hangs forever when nobody cancels it. */
export const SLOW_TASK_CAP_MS = 60_000;

export const INPUT_QUESTION = 'Which colour should the answer be?';

/** Keyword precedence: fail, slow, input, message; anything else echoes. */
export function chooseScenario(text: string, canReplyWithMessage: boolean): Scenario {
  const lower = text.toLowerCase();
  if (lower.includes('fail')) return 'fail';
  if (lower.includes('slow')) return 'slow';
  if (lower.includes('input')) return 'input';
  if (lower.includes('message') && canReplyWithMessage) return 'message';
  return 'echo';
}

export function firstText(parts: readonly PeerPart[]): string {
  for (const part of parts) if (part.kind === 'text') return part.text;
  return '';
}

/** The text of the echo artifact: the peer's answer to a plain message. */
export function echoText(text: string): string {
  return `Echo: ${text}`;
}

/** Runs one turn of the shared behaviour against an outlet. */
export async function perform(turn: Turn, outlet: Outlet): Promise<void> {
  const text = firstText(turn.parts);
  if (turn.continuing) {
    outlet.open();
    outlet.status('working');
    outlet.artifact({
      artifactId: 'answer',
      name: 'answer',
      index: 1,
      parts: [{ kind: 'text', text: `Noted: ${text}` }],
      append: false,
      lastChunk: true,
    });
    outlet.status('completed', 'Thanks, that was all I needed.');
    return;
  }

  const scenario = chooseScenario(text, outlet.canReplyWithMessage);
  if (scenario === 'message') {
    outlet.reply([{ kind: 'text', text: `Direct reply: ${text}` }]);
    return;
  }

  outlet.open();
  outlet.status('working');
  switch (scenario) {
    case 'fail':
      outlet.status('failed', 'Failing on purpose: the message contains "fail".');
      return;
    case 'input':
      outlet.status('input-required', INPUT_QUESTION);
      return;
    case 'slow': {
      const outcome = await outlet.waitForCancel(SLOW_TASK_CAP_MS);
      // On cancel the peer's cancel path has already published `canceled`; only the cap needs a final word here.
      if (outcome === 'timeout')
        outlet.status('failed', 'Nobody canceled this slow task within 60 s; giving up.');
      return;
    }
    case 'echo':
      for (const chunk of echoChunks(turn.parts)) outlet.artifact(chunk);
      outlet.status('completed');
      return;
  }
}

/**
 * The echo artifact in two or more chunks: the text split in two, then (when files or data came in) a chunk with a
 * data part describing everything received and the first file echoed back.
 */
export function echoChunks(parts: readonly PeerPart[]): ArtifactChunk[] {
  const full = echoText(firstText(parts));
  const middle = Math.ceil(full.length / 2);
  const extras: PeerPart[] = [];
  if (parts.some((part) => part.kind !== 'text')) {
    extras.push({ kind: 'data', data: { received: parts.map(describePart) }, mediaType: 'application/json' });
    const file = parts.find((part) => part.kind === 'file');
    if (file) extras.push(file);
  }
  const texts = [full.slice(0, middle), full.slice(middle)];
  const chunks: ArtifactChunk[] = texts.map((chunkText, position) => ({
    artifactId: 'echo',
    name: 'echo',
    index: 0,
    parts: [{ kind: 'text', text: chunkText }],
    append: position > 0,
    lastChunk: false,
  }));
  if (extras.length > 0)
    chunks.push({
      artifactId: 'echo',
      name: 'echo',
      index: 0,
      parts: extras,
      append: true,
      lastChunk: false,
    });
  const last = chunks[chunks.length - 1];
  if (last) last.lastChunk = true;
  return chunks;
}

export interface PartReceipt {
  kind: PeerPart['kind'];
  mediaType: string | null;
  name: string | null;
  /** Bytes received: UTF-8 length of text, decoded file bytes, serialized JSON of data; null for a file by URI. */
  size: number | null;
  uri?: string;
}

export function describePart(part: PeerPart): PartReceipt {
  switch (part.kind) {
    case 'text':
      return {
        kind: 'text',
        mediaType: 'text/plain',
        name: null,
        size: Buffer.byteLength(part.text, 'utf8'),
      };
    case 'data':
      return {
        kind: 'data',
        mediaType: part.mediaType ?? 'application/json',
        name: null,
        size: Buffer.byteLength(JSON.stringify(part.data) ?? '', 'utf8'),
      };
    case 'file': {
      const receipt: PartReceipt = {
        kind: 'file',
        mediaType: part.mediaType ?? null,
        name: part.name ?? null,
        size: part.bytes === undefined ? null : Buffer.from(part.bytes, 'base64').byteLength,
      };
      if (part.uri !== undefined) receipt.uri = part.uri;
      return receipt;
    }
  }
}

/**
 * Which tasks exist (with their context) and which `slow` tasks are waiting for a cancel. Cancel paths live in the
 * SDKs' request handlers, so the executor and the cancel hook meet here.
 */
export class TaskBoard {
  private readonly contexts = new Map<string, string>();
  private readonly waiting = new Map<string, (outcome: CancelOutcome) => void>();
  private closed = false;

  remember(taskId: string, contextId: string): void {
    this.contexts.set(taskId, contextId);
  }

  contextOf(taskId: string): string | undefined {
    return this.contexts.get(taskId);
  }

  isRunning(taskId: string): boolean {
    return this.waiting.has(taskId);
  }

  waitForCancel(taskId: string, maxMs: number): Promise<CancelOutcome> {
    if (this.closed) return Promise.resolve('shutdown');
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle('timeout'), maxMs);
      // The cap must never keep a process alive on its own (Ctrl-C, test teardown).
      timer.unref();
      const settle = (outcome: CancelOutcome) => {
        clearTimeout(timer);
        this.waiting.delete(taskId);
        resolve(outcome);
      };
      this.waiting.set(taskId, settle);
    });
  }

  /** Wakes a waiting task; returns false when nothing was waiting on it. */
  cancel(taskId: string): boolean {
    const settle = this.waiting.get(taskId);
    if (!settle) return false;
    settle('canceled');
    return true;
  }

  shutdown(): void {
    this.closed = true;
    for (const settle of [...this.waiting.values()]) settle('shutdown');
  }
}
