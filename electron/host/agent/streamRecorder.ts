// Turns an event stream's bytes into `sse` frames as they arrive (FRM-2): every block with its raw text, byte span
// and arrival time, the data parsed as JSON, and what the generation's decoder made of it. Nothing stops the stream
// but a cap: a non-JSON or invalid event is recorded with its findings and the next one is read (WIRE-5).

import { isUtf8 } from 'node:buffer';
import { bodySchemaChecker } from '../bodySchema';
import type { EncodedRequest, GenerationAdapter } from '../../../shared/a2a/adapter';
import type { StreamItem } from '../../../shared/a2a/model';
import type { Finding } from '../../../shared/wire/finding';
import type { FrameError, HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { SseParser, type SseBlockBase, type SseEvent, type SseFinding } from '../../../shared/wire/sse';

export interface StreamRecorderOptions {
  exchange: HttpFrame;
  adapter: GenerationAdapter;
  request: EncodedRequest;
  maxEventBytes: number;
  maxStreamBytes: number;
  nextId: () => string;
  now: () => number;
  publish: (frame: SseFrame) => void;
}

export interface StreamState {
  taskId?: string;
  contextId?: string;
  /** The last task state an event carried, in the model's spelling. */
  lastState?: string;
  /** An event said the task reached a terminal state (or ≤0.3 `final`, or a lone message ended it). */
  ended: boolean;
  events: number;
}

export class StreamRecorder {
  readonly state: StreamState = { ended: false, events: 0 };
  private readonly parser: SseParser;
  private readonly findings: Finding[] = [];
  private seq = 0;
  private bytes = 0;
  private emptyBlocks = 0;
  private stop: FrameError | undefined;
  private readonly window = new ByteWindow();
  /** Every event of the stream is checked against the same schema type. */
  private readonly schemaFindings: (json: unknown) => Finding[];

  constructor(private readonly options: StreamRecorderOptions) {
    this.parser = new SseParser({
      maxEventBytes: options.maxEventBytes,
      maxStreamBytes: options.maxStreamBytes,
      onEvent: (event) => this.onEvent(event),
      onEmptyBlock: (block) => {
        this.emptyBlocks++;
        this.options.publish(this.frame(block, false));
      },
      onFinding: (finding) => this.onFinding(finding),
    });
    options.exchange.stream = { bytes: 0, events: 0, emptyBlocks: 0 };
    this.schemaFindings = bodySchemaChecker(options.adapter.generation, options.adapter.binding, 'event');
  }

  /** Feeds one chunk; returns an error when a cap says the stream must stop. */
  push(chunk: Buffer): FrameError | undefined {
    this.bytes += chunk.byteLength;
    this.window.push(chunk);
    this.parser.feed(chunk);
    this.window.limit(this.options.maxEventBytes);
    return this.stop;
  }

  /** Flushes the parser and writes the totals onto the exchange frame. */
  finish(frame: HttpFrame): void {
    this.parser.end();
    frame.stream = {
      bytes: this.bytes,
      events: this.state.events,
      emptyBlocks: this.emptyBlocks,
      ended: frame.error ? (frame.error.kind === 'aborted' ? 'closed-by-user' : 'error') : 'complete',
    };
    if (this.findings.length > 0) frame.findings = [...(frame.findings ?? []), ...this.findings];
    if (frame.a2a) {
      if (this.state.taskId !== undefined) frame.a2a.taskId = this.state.taskId;
      if (this.state.contextId !== undefined) frame.a2a.contextId = this.state.contextId;
    }
  }

  private onFinding(finding: SseFinding): void {
    this.findings.push(finding);
    if (finding.rule === 'sse.stream-too-large') {
      this.stop = {
        kind: 'too-large',
        label: 'Stream too large',
        message: `The stream passed the ${this.options.maxStreamBytes}-byte cap and was closed; every event before it is kept.`,
      };
    }
  }

  private onEvent(event: SseEvent): void {
    this.state.events++;
    const frame = this.frame(event, true);
    frame.event = {
      index: event.index,
      type: event.type,
      data: event.data,
      ...(event.id !== undefined ? { id: event.id } : {}),
      ...(event.retry !== undefined ? { retry: event.retry } : {}),
    };
    const decoded = this.options.adapter.decodeStreamEvent(
      this.options.request,
      event.data,
      event.type === 'error',
    );
    if (decoded.json !== undefined) frame.json = decoded.json;
    else {
      // Not parsed by the decoder (a REST error event, or text the careful parser refused, such as nesting past
      // its limit): shown parsed all the same when JSON.parse takes it.
      try {
        frame.json = JSON.parse(event.data) as unknown;
      } catch {
        // Not JSON: the decoder has said where and why.
      }
    }
    let findings = decoded.findings;
    if (frame.json !== undefined && decoded.kind !== 'error') {
      const schema = this.schemaFindings(frame.json);
      if (schema.length > 0) findings = [...findings, ...schema];
    }
    if (findings.length > 0) frame.findings = [...findings];
    if (decoded.kind === 'item') frame.a2a = this.track(decoded.item);
    else if (decoded.kind === 'error') frame.a2a = { item: 'error' };
    this.options.publish(frame);
  }

  private frame(block: SseBlockBase, dispatched: boolean): SseFrame {
    const frame: SseFrame = {
      kind: 'sse',
      id: this.options.nextId(),
      exchangeId: this.options.exchange.id,
      source: this.options.exchange.source,
      timing: { start: this.options.now() },
      seq: this.seq++,
      offset: { start: block.start, end: block.end },
      raw: block.raw,
      dispatched,
    };
    if (block.raw.includes('\uFFFD')) {
      // The text may stand for bytes that were not UTF-8; keep the bytes themselves so nothing is lost.
      const bytes = this.window.slice(block.start, block.end);
      if (bytes && !isUtf8(bytes)) frame.rawBase64 = bytes.toString('base64');
    }
    this.window.release(block.end);
    if (block.comments.length > 0) frame.comments = [...block.comments];
    return frame;
  }

  private track(item: StreamItem): NonNullable<SseFrame['a2a']> {
    const summary: NonNullable<SseFrame['a2a']> = { item: item.kind };
    let state: string | undefined;
    switch (item.kind) {
      case 'task':
        summary.taskId = item.task.id;
        if (item.task.contextId !== undefined) summary.contextId = item.task.contextId;
        state = item.task.status.state;
        break;
      case 'status-update':
        summary.taskId = item.update.taskId;
        if (item.update.contextId !== undefined) summary.contextId = item.update.contextId;
        state = item.update.status.state;
        if (item.update.final !== undefined) summary.final = item.update.final;
        if (item.update.final) this.state.ended = true;
        break;
      case 'artifact-update':
        summary.taskId = item.update.taskId;
        if (item.update.contextId !== undefined) summary.contextId = item.update.contextId;
        break;
      case 'message':
        if (item.message.taskId !== undefined) summary.taskId = item.message.taskId;
        if (item.message.contextId !== undefined) summary.contextId = item.message.contextId;
        // A message without a task is the whole answer (PROTOCOL.md §5).
        if (item.message.taskId === undefined) this.state.ended = true;
        break;
      case 'unknown':
        break;
    }
    if (state !== undefined) {
      summary.state = state;
      this.state.lastState = state;
      if (TERMINAL.has(state)) this.state.ended = true;
    }
    this.state.taskId ??= summary.taskId;
    this.state.contextId ??= summary.contextId;
    return summary;
  }
}

const TERMINAL = new Set(['completed', 'canceled', 'failed', 'rejected']);

/**
 * The bytes of the block being read, so a block that is not valid UTF-8 can be kept exactly. Bytes before the last
 * block's end are released; a block longer than the event cap is dropped by the parser, so no more than the cap
 * (plus one chunk) is ever held.
 */
class ByteWindow {
  private chunks: Buffer[] = [];
  private base = 0;
  private size = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.byteLength;
  }

  slice(start: number, end: number): Buffer | undefined {
    if (start < this.base || end > this.base + this.size) return undefined;
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [all];
    return all.subarray(start - this.base, end - this.base);
  }

  /** Forgets everything before `offset`. */
  release(offset: number): void {
    while (this.chunks.length > 0) {
      const first = this.chunks[0]!;
      const firstEnd = this.base + first.byteLength;
      if (firstEnd <= offset) {
        this.chunks.shift();
        this.base = firstEnd;
        this.size -= first.byteLength;
      } else {
        if (offset > this.base) {
          this.chunks[0] = first.subarray(offset - this.base);
          this.size -= offset - this.base;
          this.base = offset;
        }
        return;
      }
    }
  }

  /** Keeps the last `maxBytes`: a block that started earlier is over the event cap, so the parser drops it. */
  limit(maxBytes: number): void {
    if (this.size > maxBytes) this.release(this.base + this.size - maxBytes);
  }
}
