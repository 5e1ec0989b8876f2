// Reads one event stream's bytes into what its frames need (FRM-2), a chunk at a time: every block's byte span and
// raw text, its WHATWG fields, what the generation's decoder and JSON Schema made of its event, and whether redaction
// would leave it as it is. It runs where the stream is parsed: in the analysis worker (analysisWorker.ts) beside the
// host's thread, which then only builds the frames (streamFrames.ts), or in the host's thread itself. Either way the
// answer for a chunk is a `ReadBatch`: plain data that crosses a thread as a few strings and typed arrays, not as a
// graph of objects per event (bench:ingest).
//
// Nothing stops a stream but a cap: a non-JSON or invalid event is kept with its findings and the next one is read
// (WIRE-5); an event over the per-event cap is stored on disk whole when there is a folder for it (FRM-8).

import { isAscii, isUtf8 } from 'node:buffer';
import type { Finding } from '../../../shared/wire/finding';
import type { SseFrame } from '../../../shared/wire/frame';
import {
  SseParser,
  type SseBlockBase,
  type SseEvent,
  type SseFinding,
  type SseResumePoint,
} from '../../../shared/wire/sse';
import { secretHint } from '../../../shared/session/secretPatterns';
import { bytesLeave } from '../../../shared/session/redact';
import { LargeEventSpill } from '../spill/largeEvent';
import { SummaryTable, type EventAnalysis, type EventSummary } from './streamAnalysis';

/** What a stream's events are read with: its decoder and checks, or, for a stream that is not A2A, JSON alone. */
export type EventReader = (data: string, isError: boolean) => EventAnalysis;

export interface ReadingLimits {
  maxEventBytes: number;
  maxStreamBytes: number;
  /** Where an event over `maxEventBytes` is stored whole; without it such an event is dropped with its finding. */
  spillDir?: string;
}

/**
 * The reader of a worker (analysisWorker.ts) leaves `ReadBatch.text` out of a batch whose blocks are ASCII bytes end
 * to end: the host's thread, which keeps the stream's bytes meanwhile, reads the text from them (streamAnalyser.ts)
 * rather than be sent a copy of it.
 */
export interface ReadingOptions {
  textFromBytes?: boolean;
}

/** Numbers per block in `ReadBatch.blocks`. */
export const BLOCK_FIELDS = 7;
/** Where a block's numbers are, from its first. */
export const B_START = 0;
export const B_END = 1;
/** Length of its raw text in `ReadBatch.text`. */
export const B_RAW = 2;
export const B_FLAGS = 3;
/** Where its event's data starts in its raw text, when the data is one span of it; -1 otherwise. */
export const B_DATA = 4;
export const B_DATA_LENGTH = 5;
/** Its event's summary in `ReadBatch.summaries`; -1 for none. */
export const B_SUMMARY = 6;

/** A block that WHATWG dispatches (or that is stored whole). */
export const F_DISPATCHED = 1;
/** A dispatched block read as an event (a stored one is not). */
export const F_EVENT = 2;
/** Its event's JSON is exactly JSON.parse of its data (SseFrame.jsonFromData). */
export const F_JSON_FROM_DATA = 4;
/** Nothing in its raw text looks like a secret: redaction would leave it as it is (redact.ts `redactionLeaves`). */
export const F_CLEAN = 8;
/** It has more in `ReadBatch.extras`. */
export const F_EXTRA = 16;
/**
 * An event the journal can keep as its bytes (sseRuns.ts `plainBlock`, `plainEvent`): the default type, no id, retry
 * or comments, JSON data, no findings, and a raw text that is exactly its bytes.
 */
export const F_PLAIN = 32;

/** What a block has beyond the common case, only for the few that do. */
export interface BlockExtra {
  /** The event's type when it is not `message`. */
  type?: string;
  id?: string;
  retry?: number;
  comments?: string[];
  /** The event's data when it is not one span of its raw text (several data lines). */
  data?: string;
  rawBase64?: string;
  stored?: NonNullable<SseFrame['stored']>;
  /** The decoder's value of the event, when it is not what JSON.parse gives of its data. */
  json?: unknown;
  findings?: Finding[];
}

/** One chunk's blocks as read and analysed, in order; see the module comment. */
export interface ReadBatch {
  /**
   * The raw text of every block, one after the other (a stored block's is its first bytes); absent when it is the
   * stream's bytes from the first block's start to the last one's end read as Latin-1, which is to say ASCII
   * (`ReadingOptions.textFromBytes`): the receiver reads it there.
   */
  text?: string;
  /** BLOCK_FIELDS numbers a block (B_*). */
  blocks: Float64Array;
  summaries: Array<EventSummary | null>;
  /** [block index in the batch, what it has beyond the common case]. */
  extras: Array<[number, BlockExtra]>;
  /** What the stream itself broke (framing, caps, the disk), in stream order. */
  findings: Finding[];
  /** Where a reader in another thread could carry on, should this one be lost. */
  resume: SseResumePoint;
  /** Where the oversized block being stored on disk starts, while one is. */
  storing?: number;
  /**
   * The chunk's own bytes, set in the host's thread on a batch that came from a worker (streamAnalyser.ts): the host
   * does not keep the socket's chunk while the worker reads it. A view, valid while the batch is recorded.
   */
  bytes?: Buffer;
}

/** Reads one stream: each chunk in, the blocks it completed out, as a batch (see the module comment). */
export class StreamReading {
  private readonly parser: SseParser;
  private readonly window = new ByteWindow();
  private bytes = 0;
  private large: { spill: LargeEventSpill; start: number; written: number } | undefined;
  private batch = new BatchBuilder();
  /**
   * Where the chunk being read starts in the stream, and whether its bytes hold nothing that looks like a secret:
   * asked once of the chunk, it answers for every block that lies in it, so most are not asked one by one.
   */
  private chunkStart = 0;
  private current: Uint8Array | undefined;
  private chunkClean: boolean | undefined;

  /** Where the stream's bytes have all been ASCII since, when `textFromBytes`: none before a chunk that was not. */
  private asciiSince = 0;

  constructor(
    private readonly limits: ReadingLimits,
    private readonly read: EventReader,
    resume?: SseResumePoint,
    private readonly options: ReadingOptions = {},
  ) {
    this.parser = new SseParser({
      maxEventBytes: limits.maxEventBytes,
      maxStreamBytes: limits.maxStreamBytes,
      ...(resume ? { resume } : {}),
      onEvent: (event) => this.onEvent(event),
      onEmptyBlock: (block) => this.addBlock(block, 0, -1, 0, -1),
      onFinding: (finding) => this.onFinding(finding),
      onOversizedBlock: (block) => this.storeLarge(block.start, block.end),
    });
    if (resume) this.bytes = resume.offset;
  }

  /** The blocks this chunk completed. */
  chunk(chunk: Uint8Array): ReadBatch {
    this.chunkStart = this.bytes;
    this.current = chunk;
    this.chunkClean = undefined;
    this.bytes += chunk.byteLength;
    if (this.options.textFromBytes && !isAscii(chunk)) this.asciiSince = this.bytes;
    this.window.push(chunk);
    this.parser.feed(chunk);
    // The block being stored takes this chunk's bytes before the window lets go of them.
    if (this.large) this.writeLarge(this.bytes);
    this.window.limit(this.limits.maxEventBytes);
    return this.take();
  }

  /** The blocks the end of the stream completed, and what it said of an unfinished one. */
  end(): ReadBatch {
    this.current = undefined;
    // What the end completes is read as it was held, with no later chunk to say it was ASCII.
    this.asciiSince = Number.POSITIVE_INFINITY;
    this.chunkClean = false;
    this.parser.end();
    // The stream ended inside the oversized block: SSE never dispatches an unfinished block, so there is no event.
    this.large?.spill.abandon();
    this.large = undefined;
    return this.take();
  }

  private take(): ReadBatch {
    const done = this.batch.done(
      this.parser.resumePoint,
      this.large?.start,
      this.options.textFromBytes === true ? this.asciiSince : Number.POSITIVE_INFINITY,
    );
    this.batch = new BatchBuilder();
    return done;
  }

  private onFinding(finding: SseFinding): void {
    if (finding.rule === 'sse.event-too-large' && this.startLarge(finding.offset ?? this.bytes)) {
      this.batch.findings.push({
        ...finding,
        severity: 'warning',
        message: finding.message.replace(
          'its data was not kept.',
          'it was stored on disk whole and not decoded; load it from its frame.',
        ),
      });
      return;
    }
    this.batch.findings.push(finding);
  }

  private onEvent(event: SseEvent): void {
    const result = this.read(event.data, event.type === 'error');
    let flags = F_DISPATCHED | F_EVENT;
    // Most events have nothing beyond the common case: their extra is made only when they do.
    let extra: BlockExtra | undefined;
    if (event.type !== 'message') (extra ??= {}).type = event.type;
    if (event.id !== undefined) (extra ??= {}).id = event.id;
    if (event.retry !== undefined) (extra ??= {}).retry = event.retry;
    if (result.json !== undefined) (extra ??= {}).json = result.json;
    else if (!result.notJson) flags |= F_JSON_FROM_DATA;
    if (result.findings.length > 0) (extra ??= {}).findings = result.findings;
    // The data is most often the one line of the block's raw text that follows `data:`.
    let dataAt: number;
    const { raw, data } = event;
    const lone = loneDataLine(raw, data.length);
    if (lone > 0) dataAt = lone;
    else if (data.length === 0) dataAt = 0;
    else {
      dataAt = raw.indexOf(data);
      if (dataAt === -1) (extra ??= {}).data = data;
    }
    // A block that is its data line alone holds what the data holds, and the analysis may know that to be clean.
    const known = result.clean === true && lone > 0 && onlyLineEnds(raw, lone + data.length);
    const summary = this.batch.summary(result.summary);
    this.addBlock(event, flags, dataAt, data.length, summary, extra, known);
  }

  /** Adds a block read by the parser, with its raw text, its bytes when they are not UTF-8, and its comments. */
  private addBlock(
    block: SseBlockBase,
    flags: number,
    dataAt: number,
    dataLength: number,
    summary: number,
    extra?: BlockExtra,
    knownClean = false,
  ): void {
    let more = extra;
    const { raw } = block;
    if (raw.includes('\uFFFD')) {
      // The text may stand for bytes that were not UTF-8; keep the bytes themselves so nothing is lost.
      const bytes = this.window.slice(block.start, block.end);
      if (bytes && !isUtf8(bytes)) (more ??= {}).rawBase64 = bytes.toString('base64');
    }
    this.window.release(block.end);
    if (block.comments.length > 0) (more ??= {}).comments = [...block.comments];
    if (!more?.type && !more?.findings && (knownClean || this.looksClean(block.start, raw))) flags |= F_CLEAN;
    if ((flags & F_JSON_FROM_DATA) !== 0 && plain(block, raw, more)) flags |= F_PLAIN;
    this.batch.add(block.start, block.end, raw, flags, dataAt, dataLength, summary, more);
  }

  /** Starts storing the oversized block at `start`; false when there is no store or the disk refused. */
  private startLarge(start: number): boolean {
    if (this.limits.spillDir === undefined) return false;
    try {
      this.large = { spill: new LargeEventSpill(this.limits.spillDir), start, written: start };
      return true;
    } catch (error) {
      this.diskFailed(start, error);
      return false;
    }
  }

  /** Writes the stored block's bytes up to `to` (the window holds every byte from where it stopped). */
  private writeLarge(to: number): void {
    const large = this.large!;
    try {
      const bytes = this.window.slice(large.written, to);
      if (!bytes) throw new Error('its first bytes were no longer in memory');
      large.spill.write(bytes);
      large.written = to;
    } catch (error) {
      this.large = undefined;
      large.spill.abandon();
      this.diskFailed(large.start, error);
    }
  }

  /** The oversized block ended: its file is named and its block joins the batch, in stream order. */
  private storeLarge(start: number, end: number): void {
    if (!this.large || this.large.start !== start) return;
    this.writeLarge(end);
    const large = this.large;
    this.large = undefined;
    if (!large) return;
    const stored = large.spill.finish();
    this.window.release(end);
    this.batch.textNeeded();
    this.batch.add(start, end, stored.head, F_DISPATCHED, -1, 0, -1, {
      stored: { sha256: stored.sha256, size: stored.size, type: stored.type },
    });
  }

  /**
   * Whether redaction would leave the block's text as it is (redact.ts `redactionLeaves`, which also asks for the
   * default type and no findings): the chunk's answer when the block lies in it, the block's own otherwise.
   */
  private looksClean(start: number, raw: string): boolean {
    if (start >= this.chunkStart) {
      // Asked of the chunk once, the first time a block of it needs asking.
      this.chunkClean ??= this.current !== undefined && bytesLeave(latin1Of(this.current));
      if (this.chunkClean) return true;
    }
    return !secretHint.test(raw);
  }

  private diskFailed(offset: number, error: unknown): void {
    const why = error instanceof Error ? error.message : String(error);
    this.batch.findings.push(notStoredFinding(offset, why));
  }
}

/** An oversized event that could not be kept on disk, and why. */
export function notStoredFinding(offset: number, why: string): Finding {
  return {
    rule: 'sse.event-not-stored',
    severity: 'error',
    message: `The event at byte ${offset} could not be stored on disk (${why}); its data was not kept.`,
    offset,
  };
}

/** Gathers one batch: numbers into a growing array, texts into a list joined once. */
class BatchBuilder {
  // Written in place as blocks come, grown by doubling: a list of numbers copied at the end cost a fifth of the
  // batch's building (bench:ingest).
  private numbers = new Float64Array(BLOCK_FIELDS * 64);
  private texts: string[] = [];
  private readonly table = new SummaryTable();
  private readonly extras: Array<[number, BlockExtra]> = [];
  readonly findings: Finding[] = [];
  private count = 0;
  /** The blocks tile their bytes with nothing between them, and none has a text other than its bytes'. */
  private tiled = true;
  private first = -1;
  private last = -1;

  /** A block's text is not its bytes (a stored block's is its first bytes). */
  textNeeded(): void {
    this.tiled = false;
  }

  summary(summary: EventSummary | null): number {
    return summary === null ? -1 : this.table.index(summary);
  }

  add(
    start: number,
    end: number,
    raw: string,
    flags: number,
    dataAt: number,
    dataLength: number,
    summary: number,
    extra?: BlockExtra,
  ): void {
    if (extra) {
      flags |= F_EXTRA;
      this.extras.push([this.count, extra]);
    }
    if (this.count === 0) this.first = start;
    else if (start !== this.last) this.tiled = false;
    this.last = end;
    let numbers = this.numbers;
    const o = this.count * BLOCK_FIELDS;
    if (o + BLOCK_FIELDS > numbers.length) {
      numbers = new Float64Array(numbers.length * 2);
      numbers.set(this.numbers);
      this.numbers = numbers;
    }
    numbers[o + B_START] = start;
    numbers[o + B_END] = end;
    numbers[o + B_RAW] = raw.length;
    numbers[o + B_FLAGS] = flags;
    numbers[o + B_DATA] = dataAt;
    numbers[o + B_DATA_LENGTH] = dataLength;
    numbers[o + B_SUMMARY] = summary;
    this.texts.push(raw);
    this.count++;
  }

  /** The batch; its text left out when its blocks are bytes from `asciiSince` on, end to end. */
  done(resume: SseResumePoint, storing: number | undefined, asciiSince: number): ReadBatch {
    const fromBytes = this.tiled && this.count > 0 && this.first >= asciiSince;
    return {
      ...(storing !== undefined ? { storing } : {}),
      ...(fromBytes ? {} : { text: this.texts.length === 1 ? this.texts[0]! : this.texts.join('') }),
      // A copy of the blocks used, whose buffer can be handed to the host's thread as it is.
      blocks: this.numbers.slice(0, this.count * BLOCK_FIELDS),
      summaries: this.table.shapes,
      extras: this.extras,
      findings: this.findings,
      resume,
    };
  }
}

/** The rest of what `F_PLAIN` asks of an event whose JSON is its data's (as sseRuns.ts `plainBlock` does). */
function plain(block: SseBlockBase, raw: string, extra: BlockExtra | undefined): boolean {
  if (extra && (extra.type || extra.id !== undefined || extra.retry !== undefined || extra.comments))
    return false;
  if (extra && (extra.rawBase64 !== undefined || extra.findings || extra.json !== undefined)) return false;
  // Read again on its own, a block starting with U+FEFF would lose it as a stream's byte order mark.
  if (raw.charCodeAt(0) === 0xfeff) return false;
  const bytes = block.end - block.start;
  if (raw.length === bytes) return true;
  return !raw.includes('\uFFFD') && Buffer.byteLength(raw, 'utf8') === bytes;
}

/**
 * Where the data starts in `raw` when the block's first line is its one data line (`data:`, maybe a space, the value)
 * and nothing follows it but two to four characters (the line endings, or a short line that is not data): 5 or 6;
 * else 0. Told by lengths alone: the first line's value starts the data, and a second data line would add at least
 * six characters more than it adds to the data (a line ending, `data`, a colon, the line ending the data gets).
 */
function loneDataLine(raw: string, dataLength: number): number {
  if (
    raw.charCodeAt(0) !== 100 ||
    raw.charCodeAt(1) !== 97 ||
    raw.charCodeAt(2) !== 116 ||
    raw.charCodeAt(3) !== 97 ||
    raw.charCodeAt(4) !== 58
  )
    return 0;
  const at = raw.charCodeAt(5) === 32 ? 6 : 5;
  const rest = raw.length - at - dataLength;
  return rest >= 2 && rest <= 4 ? at : 0;
}

/** Whether `raw` from `at` on is nothing but line endings (the data line's and the blank line's). */
function onlyLineEnds(raw: string, at: number): boolean {
  for (let i = at; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c !== 10 && c !== 13) return false;
  }
  return true;
}

function latin1Of(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/**
 * The bytes of the block being read, so a block that is not valid UTF-8 can be kept exactly and an oversized one
 * stored. Bytes before the last block's end are released; a block longer than the event cap is dropped by the parser,
 * so no more than the cap (plus one chunk) is ever held.
 */
class ByteWindow {
  private chunks: Uint8Array[] = [];
  /** Where `chunks[0]` starts in the stream, where they end, and the first byte still held (none before it). */
  private base = 0;
  private end = 0;
  private start = 0;

  push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.end += chunk.byteLength;
  }

  slice(start: number, end: number): Buffer | undefined {
    if (start < this.start || end > this.end) return undefined;
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [all];
    const bytes = all.subarray(start - this.base, end - this.base);
    return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /**
   * Forgets everything before `offset`. Only whole chunks are let go of: cutting the first at every block's end
   * made a view a block, the most of what this cost (bench:ingest).
   */
  release(offset: number): void {
    this.start = Math.min(Math.max(this.start, offset), this.end);
    let dropped = 0;
    while (dropped < this.chunks.length && this.base + this.chunks[dropped]!.byteLength <= this.start) {
      this.base += this.chunks[dropped]!.byteLength;
      dropped++;
    }
    if (dropped > 0) this.chunks = dropped === this.chunks.length ? [] : this.chunks.slice(dropped);
  }

  /** Keeps the last `maxBytes`: a block that started earlier is over the event cap, so the parser drops it. */
  limit(maxBytes: number): void {
    if (this.end - this.start > maxBytes) this.release(this.end - maxBytes);
  }
}
