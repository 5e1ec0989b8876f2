// The incremental Server-Sent Events parser of the protocol core (docs/architecture.md#the-protocol-model,
// docs/protocol.md#streaming-over-sse). It follows the WHATWG HTML "event stream interpretation" (HTML §9.2.6 of the
// living standard) and, because the inspector shows the exact bytes that crossed the wire, also reports for every block
// of lines its decoded raw text and its byte span.
//
// How it stays fast while keeping raw spans: bytes are cut into regions that end right after a line terminator (CR and
// LF are ASCII, so a region never splits a UTF-8 sequence and can be decoded on its own, with no decoder state). Each
// region is decoded once; lines, fields and raw text are then plain string slices. When the decoded text has as many
// UTF-16 units as the region has bytes, string index and byte index line up and byte offsets are simple arithmetic;
// otherwise each line terminator is also found in the bytes (terminators map one to one, since the UTF-8 decoder never
// swallows an ASCII byte into a replacement character). Only the unfinished last line of a chunk is copied, so a large
// event split across many chunks costs linear time.

import { WHATWG_SSE } from '../checks/specRefs';
import type { Finding } from './finding';
import { firstInvalidUtf8 } from './sseUtf8';

/** 16 MiB: the default per-event cap. */
export const SSE_DEFAULT_MAX_EVENT_BYTES = 16 * 1024 * 1024;

/** What every block of lines carries, whether or not it was dispatched as an event. */
export interface SseBlockBase {
  /** Byte offset of the block's first byte in the whole stream (a leading BOM belongs to no block). */
  start: number;
  /** Byte offset just past the block's terminating blank line, so the block is `[start, end)`. */
  end: number;
  /** The block's bytes decoded as UTF-8: its lines with their own line endings and the terminating blank line. */
  raw: string;
  /** The text after the colon of each comment line inside the block, in order. */
  comments: readonly string[];
  /** The value of the block's own `id` field, when it had one that was not ignored. */
  id: string | undefined;
  /** The last event ID after this block (WHATWG: it persists across events until an `id` field changes it). */
  lastEventId: string;
  /** The block's own valid `retry` value in milliseconds, when it had one. */
  retry: number | undefined;
}

/** An event the WHATWG algorithm dispatches: a block that had at least one `data` field. */
export interface SseEvent extends SseBlockBase {
  /** Running number of dispatched events in the stream, from 0. */
  index: number;
  /** The `event` field, or `message` when there was none or it was empty. */
  type: string;
  /** The `data` fields joined with LF. */
  data: string;
}

/**
 * A block that ended with a blank line but had no `data` field, so WHATWG dispatches nothing: keep-alive comments
 * (`: ping`), a lone `id:` or `retry:` line, or a stray blank line. Reported through `onEmptyBlock` so that the
 * inspector can show them. Events and empty blocks tile the stream byte for byte, except for a leading BOM, blocks
 * dropped by the per-event cap (see `sse.event-too-large`) and an unterminated tail (see `sse.unterminated-event`).
 */
export interface SseEmptyBlock extends SseBlockBase {
  /** The `event` field, when the block had a non-empty one (it is discarded, as WHATWG says). */
  eventType: string | undefined;
}

/** A comment line (one that starts with a colon), reported as soon as its line ends. */
export interface SseComment {
  /** Everything after the colon, leading space included (WHATWG gives comments no value to strip). */
  text: string;
  /** Byte offsets of the line without its line ending: `[start, end)`. */
  start: number;
  end: number;
}

/** A finding about the stream; `offset` is a byte offset in the whole stream. */
export interface SseFinding extends Finding {
  offset: number;
  /** The decoded text concerned, for `sse.unterminated-event`. */
  raw?: string;
}

export interface SseOptions {
  /**
   * Largest block kept, in bytes, line endings and the blank line included. Default 16 MiB. A larger block is not
   * kept: it yields no event, its `id` and `retry` fields are undone, bytes are skipped up to its blank line, and
   * an `sse.event-too-large` finding names its start. Comments in it that ended before the cap were already reported.
   */
  maxEventBytes?: number;
  /** Bytes read before the parser stops with an `sse.stream-too-large` finding. Default: no limit. */
  maxStreamBytes?: number;
  /** The last event ID to start from, as when a client reconnects with `Last-Event-ID`. Default empty. */
  lastEventId?: string;
  /**
   * Carries on a stream another parser was reading, from the point it gave (`resumePoint`): the bytes fed are the
   * stream's from `offset` on. The host's reader takes over this way when the thread that was parsing a stream is
   * gone (streamAnalyser.ts).
   */
  resume?: SseResumePoint;
}

/**
 * Where a parser can be taken over: the start of the block it has not finished (or, inside an oversized block it is
 * skipping, the first byte it has not read), with what it carries from one block to the next.
 */
export interface SseResumePoint {
  offset: number;
  /** The index the next dispatched event gets. */
  index: number;
  lastEventId: string;
  retry: number | undefined;
  utf8Reported: boolean;
  /** Set when `offset` is inside an oversized block: bytes are skipped up to its blank line. */
  skipping?: { blockStart: number; lineHasBytes: boolean; pendingCR: boolean; pendingBlank: boolean };
}

/**
 * The callbacks are called in stream order as soon as what they report is complete. One exception, because a CR
 * may be the first half of a CRLF: a block whose blank line is a CR at the very end of a chunk is dispatched when
 * the next chunk (or `end()`) shows whether an LF follows, so that its span and raw text include that LF.
 */
export interface SseParserOptions extends SseOptions {
  /** A dispatched event (WHATWG "dispatch the event"). */
  onEvent?: (event: SseEvent) => void;
  /** A block that ended without any `data` field, which WHATWG does not dispatch. */
  onEmptyBlock?: (block: SseEmptyBlock) => void;
  /** A comment line, when its line ends (keep-alives such as `: ping` show up at once). */
  onComment?: (comment: SseComment) => void;
  onFinding?: (finding: SseFinding) => void;
  /**
   * A block over `maxEventBytes` ended (its blank line was read): its span `[start, end)`, after its
   * `sse.event-too-large` finding. The parser keeps none of it; a reader that has the bytes can store them.
   */
  onOversizedBlock?: (block: { start: number; end: number }) => void;
}

export interface SseParseResult {
  events: SseEvent[];
  emptyBlocks: SseEmptyBlock[];
  comments: SseComment[];
  findings: SseFinding[];
  lastEventId: string;
  reconnectionTime: number | undefined;
}

const LF = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;
/** Input is handled in pieces of at most this size, which bounds the size of each decoded region string. */
const PIECE_BYTES = 1024 * 1024;
/** A carry buffer grown past this is released after use rather than kept for the next long line. */
const CARRY_KEEP_BYTES = 64 * 1024;
const NO_COMMENTS: readonly string[] = Object.freeze([]);
/** What every framing finding cites: how a stream's lines become fields and events. */
const SPEC = WHATWG_SSE.interpretation;

/**
 * Incremental SSE parser over bytes: call `feed()` with chunks cut anywhere (inside a UTF-8 sequence, between the CR
 * and LF of a CRLF), then `end()`. What it reports does not depend on where the chunks were cut.
 */
export class SseParser {
  private readonly onEvent: ((event: SseEvent) => void) | undefined;
  private readonly onEmptyBlock: ((block: SseEmptyBlock) => void) | undefined;
  private readonly onComment: ((comment: SseComment) => void) | undefined;
  private readonly onFinding: ((finding: SseFinding) => void) | undefined;
  private readonly onOversizedBlock: ((block: { start: number; end: number }) => void) | undefined;
  private readonly maxEventBytes: number;
  private readonly maxStreamBytes: number;
  // Two decoders with identical output, for speed: Node decodes pure ASCII fastest on a decoder never used in
  // streaming mode, and other text fastest in streaming mode (a different code path). Streaming mode is safe here
  // because every region ends with a line terminator, which leaves no partial sequence behind. ignoreBOM keeps
  // U+FEFF in the text: only the stream's first three bytes may be a BOM, and those are dropped before decoding.
  private readonly asciiDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private readonly mixedDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private lastRegionAscii = true;
  // Typed from the value: under Node's types (tsconfig.json) TextDecoder is only a global value, not a global type.
  private strictDecoder: InstanceType<typeof TextDecoder> | undefined;

  /** Bytes received, for the stream cap. */
  private received = 0;
  /** Absolute offset of the next byte to consume; bytes held in `carry` count as consumed. */
  private pos = 0;
  /** The first bytes while they may still be a BOM; null once decided. */
  private head: number[] | null = [];
  private ended = false;
  private stopped = false;

  /** Bytes of the current, unfinished line. */
  private carry = new Uint8Array(256);
  private carryLen = 0;
  /** The last byte consumed was a CR ending a line: an LF next is part of that line ending. */
  private pendingCR = false;
  /** That CR ended a blank line: the block's span is known only once we see whether an LF follows. */
  private pendingBlank = false;
  /** Skipping an oversized block up to its blank line. */
  private skipping = false;
  private skipLineHasBytes = false;

  private blockStart = 0;
  /** Decoded text of the current block that lies before the region being processed. */
  private rawHead = '';
  private data = '';
  private dataLines = 0;
  private eventType = '';
  private blockId: string | undefined = undefined;
  private blockRetry: number | undefined = undefined;
  private comments: string[] | null = null;
  private index = 0;

  /** WHATWG "last event ID buffer" (set by `id` fields) and the event source's "last event ID string". */
  private idBuffer: string;
  private lastId: string;
  private retryTime: number | undefined = undefined;
  /** Values at the start of the current block, restored when the block turns out to be too large. */
  private idAtBlockStart: string;
  private retryAtBlockStart: number | undefined = undefined;
  private utf8Reported = false;

  constructor(options: SseParserOptions = {}) {
    this.onEvent = options.onEvent;
    this.onEmptyBlock = options.onEmptyBlock;
    this.onComment = options.onComment;
    this.onFinding = options.onFinding;
    this.onOversizedBlock = options.onOversizedBlock;
    this.maxEventBytes = options.maxEventBytes ?? SSE_DEFAULT_MAX_EVENT_BYTES;
    this.maxStreamBytes = options.maxStreamBytes ?? Number.POSITIVE_INFINITY;
    this.idBuffer = options.lastEventId ?? '';
    this.lastId = this.idBuffer;
    this.idAtBlockStart = this.idBuffer;
    if (options.resume) this.resumeAt(options.resume);
  }

  /** Where another parser could take over this stream, as it stands now (see `SseOptions.resume`). */
  get resumePoint(): SseResumePoint {
    const point: SseResumePoint = {
      offset: this.skipping ? this.pos : this.blockStart,
      index: this.index,
      lastEventId: this.idAtBlockStart,
      retry: this.retryAtBlockStart,
      utf8Reported: this.utf8Reported,
    };
    if (this.skipping) {
      point.skipping = {
        blockStart: this.blockStart,
        lineHasBytes: this.skipLineHasBytes,
        pendingCR: this.pendingCR,
        pendingBlank: this.pendingBlank,
      };
    }
    return point;
  }

  private resumeAt(point: SseResumePoint): void {
    // Only the stream's first bytes may be a BOM: a parser that starts at the start still looks for one.
    if (point.offset > 0) this.head = null;
    this.received = point.offset;
    this.pos = point.offset;
    this.index = point.index;
    this.idBuffer = point.lastEventId;
    this.lastId = point.lastEventId;
    this.retryTime = point.retry;
    this.utf8Reported = point.utf8Reported;
    this.resetBlock(point.offset);
    const skipping = point.skipping;
    if (skipping) {
      this.blockStart = skipping.blockStart;
      this.skipping = true;
      this.skipLineHasBytes = skipping.lineHasBytes;
      this.pendingCR = skipping.pendingCR;
      this.pendingBlank = skipping.pendingBlank;
    }
  }

  /** The last event ID string: what a reconnecting client sends as `Last-Event-ID`. */
  get lastEventId(): string {
    return this.lastId;
  }

  /** The reconnection time in milliseconds set by the last valid `retry` field, if any. */
  get reconnectionTime(): number | undefined {
    return this.retryTime;
  }

  /** Bytes read so far (at most `maxStreamBytes`). */
  get bytesRead(): number {
    return this.received;
  }

  feed(chunk: Uint8Array): void {
    if (this.ended) throw new Error('SseParser: feed() was called after end().');
    if (this.stopped || chunk.length === 0) return;
    let bytes = chunk;
    const room = this.maxStreamBytes - this.received;
    const overflow = bytes.length > room;
    if (overflow) bytes = bytes.subarray(0, room);
    this.received += bytes.length;
    if (this.head !== null) bytes = this.takeBom(bytes);
    for (let at = 0; at < bytes.length; at += PIECE_BYTES) this.consume(bytes.subarray(at, at + PIECE_BYTES));
    if (overflow) this.stop();
  }

  /**
   * The stream is over. A blank line left waiting for a possible LF is dispatched; an unfinished block is not
   * (WHATWG: "If the file ends in the middle of an event, before the final empty line, the incomplete event is not
   * dispatched") and is reported as `sse.unterminated-event` with its raw text.
   */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.stopped) return;
    if (this.head !== null && this.head.length > 0) {
      // One or two bytes that began like a BOM but the stream ended: they are ordinary content.
      const held = Uint8Array.from(this.head);
      this.head = null;
      this.consume(held);
    }
    this.head = null;
    if (this.pendingCR) {
      this.pendingCR = false;
      if (this.pendingBlank) {
        this.pendingBlank = false;
        if (this.skipping) this.resync(this.pos);
        else this.endBlock(this.rawHead, this.pos);
      }
    }
    if (this.skipping || this.pos === this.blockStart) return;
    let raw = this.rawHead;
    if (this.carryLen > 0) {
      const tail = this.carry.subarray(0, this.carryLen);
      const text = this.asciiDecoder.decode(tail);
      const bad = this.findInvalidUtf8(text, tail, this.pos - this.carryLen);
      if (bad !== -1) this.reportUtf8(bad);
      raw += text;
    }
    const lostData = this.dataLines > 0 || this.carryLen > 0;
    this.report({
      rule: 'sse.unterminated-event',
      severity: lostData ? 'warning' : 'info',
      message: lostData
        ? `The stream ended inside an event that starts at byte ${this.blockStart}: without the blank line that ends it, the event was not dispatched.`
        : `The stream ended without a blank line after the lines that start at byte ${this.blockStart}; they held no data, so no event was lost.`,
      offset: this.blockStart,
      raw,
      spec: SPEC.label,
      specUrl: SPEC.url,
    });
  }

  private takeBom(bytes: Uint8Array): Uint8Array {
    const head = this.head ?? [];
    const bom = [0xef, 0xbb, 0xbf];
    let i = 0;
    while (head.length < 3 && i < bytes.length) {
      const byte = bytes[i] ?? 0;
      if (byte !== bom[head.length]) break;
      head.push(byte);
      i++;
    }
    if (head.length === 3) {
      this.head = null;
      this.pos = 3;
      this.blockStart = 3;
      return bytes.subarray(i);
    }
    if (i === bytes.length) return bytes.subarray(i); // still undecided: keep holding
    // Not a BOM: the held bytes are content and come first.
    this.head = null;
    if (head.length === 0) return bytes;
    const joined = new Uint8Array(head.length + bytes.length - i);
    joined.set(head, 0);
    joined.set(bytes.subarray(i), head.length);
    return joined;
  }

  private stop(): void {
    this.stopped = true;
    this.report({
      rule: 'sse.stream-too-large',
      severity: 'error',
      message: `The stream is larger than the ${formatSize(this.maxStreamBytes)} cap: parsing stopped at byte ${this.maxStreamBytes} and the rest was not read.`,
      offset: this.maxStreamBytes,
    });
  }

  private consume(bytes: Uint8Array): void {
    const n = bytes.length;
    let i = 0;
    if (this.pendingCR) {
      this.pendingCR = false;
      if (bytes[0] === LF) {
        i = 1;
        this.pos++;
        if (!this.skipping) {
          this.rawHead += '\n';
          if (!this.pendingBlank && this.pos - this.blockStart > this.maxEventBytes) this.enterSkip(false);
        }
      }
      if (this.pendingBlank) {
        this.pendingBlank = false;
        if (this.skipping) this.resync(this.pos);
        else this.endBlock(this.rawHead, this.pos);
      }
    }
    // The last line terminator of the piece; the CR search is bounded so that an LF-only stream is scanned once.
    const lastLF = bytes.lastIndexOf(LF);
    const crAfterLF = bytes.subarray(lastLF + 1).lastIndexOf(CR);
    const last = crAfterLF === -1 ? lastLF : lastLF + 1 + crAfterLF;
    while (i < n) {
      if (this.skipping) {
        i = this.skip(bytes, i, n);
      } else if (this.carryLen > 0) {
        i = this.finishCarry(bytes, i, n);
      } else if (last < i) {
        this.appendCarry(bytes, i, n);
        this.checkCarryCap();
        i = n;
      } else {
        const base = this.pos;
        const stop = this.region(bytes, i, last + 1, base, last === n - 1 && bytes[last] === CR);
        this.pos = base + (stop - i);
        i = stop;
      }
    }
  }

  /** Completes the line held in `carry` with the start of this chunk; returns where the chunk's next line starts. */
  private finishCarry(bytes: Uint8Array, i: number, n: number): number {
    const lf = bytes.indexOf(LF, i);
    // Bound the CR search by the LF found, so that an LF-only stream is not scanned twice.
    const cr = lf === -1 ? bytes.indexOf(CR, i) : bytes.subarray(i, lf).indexOf(CR);
    const t = cr === -1 ? lf : lf === -1 ? cr : i + cr;
    if (t === -1) {
      this.appendCarry(bytes, i, n);
      this.checkCarryCap();
      return n;
    }
    let after = t + 1;
    let ambiguous = false;
    if (bytes[t] === CR) {
      if (after === n) ambiguous = true;
      else if (bytes[after] === LF) after++;
    }
    const base = this.pos - this.carryLen;
    this.appendCarry(bytes, i, after);
    const length = this.carryLen;
    this.carryLen = 0;
    this.region(this.carry, 0, length, base, ambiguous);
    if (this.carry.length > CARRY_KEEP_BYTES) this.carry = new Uint8Array(256);
    return after;
  }

  private appendCarry(bytes: Uint8Array, from: number, to: number): void {
    const count = to - from;
    const needed = this.carryLen + count;
    if (needed > this.carry.length) {
      let size = this.carry.length * 2;
      while (size < needed) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.carry.subarray(0, this.carryLen));
      this.carry = grown;
    }
    this.carry.set(bytes.subarray(from, to), this.carryLen);
    this.carryLen = needed;
    this.pos += count;
  }

  /** An unfinished line that already makes the block too large is dropped at once, which bounds memory. */
  private checkCarryCap(): void {
    if (this.pos - this.blockStart > this.maxEventBytes) this.enterSkip(true);
  }

  /**
   * Processes `buf[p, q)`, which starts at a line start and ends right after a line terminator; `base` is the
   * absolute offset of `buf[p]`. `ambiguousEnd` says that a CR at the very end may yet be followed by an LF.
   * Returns where it stopped: `q`, or the end of the line that made the block too large.
   */
  private region(buf: Uint8Array, p: number, q: number, base: number, ambiguousEnd: boolean): number {
    const bytes = buf.subarray(p, q);
    const text = this.lastRegionAscii
      ? this.asciiDecoder.decode(bytes)
      : this.mixedDecoder.decode(bytes, { stream: true });
    const len = text.length;
    const aligned = len === q - p;
    this.lastRegionAscii = aligned;
    const off = base - p;
    // Reported when the line holding it is processed, so findings keep stream order whatever the chunking.
    let utf8At = this.findInvalidUtf8(text, bytes, base);
    let s = 0;
    let b = p;
    let blockStr = 0;
    let nextLF = -2;
    let nextCR = -2;
    while (s < len) {
      if (nextLF !== -1 && nextLF < s) nextLF = text.indexOf('\n', s);
      if (nextCR !== -1 && nextCR < s) nextCR = text.indexOf('\r', s);
      // The region ends with a terminator, so one of the two is found.
      const e = nextCR === -1 || (nextLF !== -1 && nextLF < nextCR) ? nextLF : nextCR;
      let after = e + 1;
      let crAtEnd = false;
      if (e === nextCR) {
        if (after < len) {
          if (text.charCodeAt(after) === LF) after++;
        } else {
          crAtEnd = ambiguousEnd;
        }
      }
      const be = aligned ? p + e : buf.indexOf(text.charCodeAt(e), b);
      const bAfter = be + (after - e);
      if (e === s) {
        if (crAtEnd) {
          this.pendingCR = true;
          this.pendingBlank = true;
        } else {
          this.endBlock(this.rawHead + text.slice(blockStr, after), off + bAfter);
          blockStr = after;
        }
      } else {
        // Count the line up to its first terminator byte, so the check does not depend on whether the LF of a
        // CRLF arrived in the same chunk; that LF is counted when it is consumed.
        if (off + be + 1 - this.blockStart > this.maxEventBytes) {
          this.enterSkip(false);
          if (crAtEnd) this.pendingCR = true;
          return bAfter;
        }
        if (utf8At !== -1 && utf8At < off + bAfter) {
          this.reportUtf8(utf8At);
          utf8At = -1;
        }
        this.processLine(text, s, e, off + b, off + be);
        if (crAtEnd) this.pendingCR = true;
        if (off + bAfter - this.blockStart > this.maxEventBytes) {
          // Only the LF of a CRLF can get here: the same check a chunk that starts with that LF would make.
          this.enterSkip(false);
          return bAfter;
        }
      }
      s = after;
      b = bAfter;
    }
    if (blockStr < len) this.rawHead += text.slice(blockStr);
    return q;
  }

  /** One non-blank line `text[s, e)`; `start` and `end` are its absolute byte offsets without the terminator. */
  private processLine(text: string, s: number, e: number, start: number, end: number): void {
    const first = text.charCodeAt(s);
    // Fast path for the line that matters most: `data:`.
    if (
      first === 100 &&
      e - s > 4 &&
      text.charCodeAt(s + 4) === COLON &&
      text.charCodeAt(s + 1) === 97 &&
      text.charCodeAt(s + 2) === 116 &&
      text.charCodeAt(s + 3) === 97
    ) {
      let v = s + 5;
      if (v < e && text.charCodeAt(v) === SPACE) v++;
      const value = text.slice(v, e);
      this.data = this.dataLines === 0 ? value : this.data + '\n' + value;
      this.dataLines++;
      return;
    }
    if (first === COLON) {
      const comment = text.slice(s + 1, e);
      if (this.comments === null) this.comments = [comment];
      else this.comments.push(comment);
      this.onComment?.({ text: comment, start, end });
      return;
    }
    let k = s;
    while (k < e && text.charCodeAt(k) !== COLON) k++;
    const name = text.slice(s, k);
    // WHATWG: a line without a colon is a field name with an empty value; one space after the colon is dropped.
    let v = k + 1;
    if (v < e && text.charCodeAt(v) === SPACE) v++;
    const value = v < e ? text.slice(v, e) : '';
    switch (name) {
      case 'data':
        this.data = this.dataLines === 0 ? value : this.data + '\n' + value;
        this.dataLines++;
        return;
      case 'event':
        this.eventType = value;
        return;
      case 'id':
        if (value.includes('\0')) {
          this.report({
            rule: 'sse.invalid-id',
            severity: 'warning',
            message: `The id field at byte ${start} contains a NUL character, so it was ignored and the last event ID was kept.`,
            offset: start,
            spec: SPEC.label,
            specUrl: SPEC.url,
          });
        } else {
          this.idBuffer = value;
          this.blockId = value;
        }
        return;
      case 'retry':
        if (isAsciiDigits(value)) {
          this.retryTime = Number(value);
          this.blockRetry = this.retryTime;
        } else {
          this.report({
            rule: 'sse.invalid-retry',
            severity: 'warning',
            message: `The retry field at byte ${start} is ${value === '' ? 'empty' : `"${clip(value)}"`}; it must be a whole number of milliseconds written with the digits 0-9 only, so it was ignored.`,
            offset: start,
            spec: SPEC.label,
            specUrl: SPEC.url,
          });
        }
        return;
      default:
        this.report({
          rule: 'sse.unknown-field',
          severity: 'info',
          message: `The line at byte ${start} has the field name "${clip(name)}", which SSE does not define (names are case-sensitive: data, event, id, retry); it was ignored.`,
          offset: start,
          spec: SPEC.label,
          specUrl: SPEC.url,
        });
    }
  }

  /** A blank line ended the block `[blockStart, end)`: dispatch it (WHATWG "dispatch the event") or report it. */
  private endBlock(raw: string, end: number): void {
    const start = this.blockStart;
    if (end - start > this.maxEventBytes) {
      this.reportTooLarge();
      this.resetBlock(end);
      this.onOversizedBlock?.({ start, end });
      return;
    }
    this.lastId = this.idBuffer;
    if (this.dataLines > 0) {
      this.onEvent?.({
        index: this.index++,
        type: this.eventType === '' ? 'message' : this.eventType,
        data: this.data,
        id: this.blockId,
        lastEventId: this.lastId,
        retry: this.blockRetry,
        comments: this.comments ?? NO_COMMENTS,
        raw,
        start,
        end,
      });
    } else {
      this.onEmptyBlock?.({
        eventType: this.eventType === '' ? undefined : this.eventType,
        id: this.blockId,
        lastEventId: this.lastId,
        retry: this.blockRetry,
        comments: this.comments ?? NO_COMMENTS,
        raw,
        start,
        end,
      });
    }
    this.resetBlock(end);
  }

  private resetBlock(start: number): void {
    this.blockStart = start;
    this.rawHead = '';
    this.data = '';
    this.dataLines = 0;
    this.eventType = '';
    this.blockId = undefined;
    this.blockRetry = undefined;
    this.comments = null;
    this.idAtBlockStart = this.idBuffer;
    this.retryAtBlockStart = this.retryTime;
  }

  /** Drop the current block: its fields are undone, and bytes are skipped up to its blank line. */
  private enterSkip(lineHasBytes: boolean): void {
    this.reportTooLarge();
    this.rawHead = '';
    this.data = '';
    this.dataLines = 0;
    this.comments = null;
    this.carryLen = 0;
    this.skipping = true;
    this.skipLineHasBytes = lineHasBytes;
  }

  private reportTooLarge(): void {
    // The block is not kept, so its id and retry fields must not outlive it either.
    this.idBuffer = this.idAtBlockStart;
    this.retryTime = this.retryAtBlockStart;
    this.report({
      rule: 'sse.event-too-large',
      severity: 'error',
      message: `Event at byte ${this.blockStart} is larger than the ${formatSize(this.maxEventBytes)} per-event cap; its data was not kept.`,
      offset: this.blockStart,
    });
  }

  /** Scans for the blank line that ends an oversized block; returns where normal parsing resumes. */
  private skip(bytes: Uint8Array, i: number, n: number): number {
    let nextLF = -2;
    let nextCR = -2;
    while (i < n) {
      if (nextLF !== -1 && nextLF < i) nextLF = bytes.indexOf(LF, i);
      if (nextCR !== -1 && nextCR < i) nextCR = bytes.indexOf(CR, i);
      const t = nextCR === -1 || (nextLF !== -1 && nextLF < nextCR) ? nextLF : nextCR;
      if (t === -1) {
        this.skipLineHasBytes = true;
        this.pos += n - i;
        return n;
      }
      const blank = t === i && !this.skipLineHasBytes;
      this.skipLineHasBytes = false;
      let after = t + 1;
      if (bytes[t] === CR) {
        if (after === n) {
          this.pendingCR = true;
          this.pendingBlank = blank;
          this.pos += after - i;
          return n;
        }
        if (bytes[after] === LF) after++;
      }
      this.pos += after - i;
      i = after;
      if (blank) {
        this.resync(this.pos);
        return i;
      }
    }
    return i;
  }

  private resync(at: number): void {
    this.onOversizedBlock?.({ start: this.blockStart, end: at });
    this.skipping = false;
    this.skipLineHasBytes = false;
    this.resetBlock(at);
  }

  /**
   * The absolute offset of the stream's first invalid UTF-8 byte within `bytes` (decoded as `text`), or -1. Cheap
   * in the common case: a piece without U+FFFD in its text cannot hold a bad byte.
   */
  private findInvalidUtf8(text: string, bytes: Uint8Array, base: number): number {
    if (this.utf8Reported || text.indexOf('\uFFFD') === -1) return -1;
    // U+FFFD may also have been sent as such (EF BF BD): only a strict decoder can tell.
    this.strictDecoder ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    try {
      this.strictDecoder.decode(bytes);
      return -1;
    } catch {
      return base + firstInvalidUtf8(bytes, 0, bytes.length);
    }
  }

  private reportUtf8(at: number): void {
    this.utf8Reported = true;
    this.report({
      rule: 'sse.invalid-utf8',
      severity: 'warning',
      message: `The stream is not valid UTF-8: the first bad byte is at byte ${at}. Bad bytes are shown as U+FFFD (\uFFFD); later ones are not reported again.`,
      offset: at,
      spec: SPEC.label,
      specUrl: SPEC.url,
    });
  }

  private report(finding: SseFinding): void {
    this.onFinding?.(finding);
  }
}

/** Parses a body given as chunks, cut anywhere, and collects everything reported. Offsets are UTF-8 byte offsets. */
export function parseSseChunks(chunks: Iterable<Uint8Array>, options: SseOptions = {}): SseParseResult {
  const result: SseParseResult = {
    events: [],
    emptyBlocks: [],
    comments: [],
    findings: [],
    lastEventId: '',
    reconnectionTime: undefined,
  };
  const parser = new SseParser({
    ...options,
    onEvent: (event) => result.events.push(event),
    onEmptyBlock: (block) => result.emptyBlocks.push(block),
    onComment: (comment) => result.comments.push(comment),
    onFinding: (finding) => result.findings.push(finding),
  });
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  result.lastEventId = parser.lastEventId;
  result.reconnectionTime = parser.reconnectionTime;
  return result;
}

/** Parses a whole body at once: for re-parsing recorded bodies, and for tests. */
export function parseSseBytes(bytes: Uint8Array, options: SseOptions = {}): SseParseResult {
  return parseSseChunks([bytes], options);
}

/** `parseSseBytes` over the UTF-8 encoding of `text`. */
export function parseSseText(text: string, options: SseOptions = {}): SseParseResult {
  return parseSseBytes(new TextEncoder().encode(text), options);
}

function isAsciiDigits(value: string): boolean {
  if (value === '') return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function clip(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

function formatSize(bytes: number): string {
  const mib = 1024 * 1024;
  if (bytes >= mib && bytes % mib === 0) return `${bytes / mib} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes}-byte`;
}
