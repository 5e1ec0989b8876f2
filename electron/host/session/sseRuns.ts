// Stream events recorded as their bytes (bench:ingest). The commonest events of a fast stream are plain: a block of
// `data:` lines whose data is JSON, nothing found wrong with it, nothing redaction would touch. A run of such events,
// back to back in one exchange and arrived in one chunk, is one journal line (`sse-run`) plus its exact bytes in the
// journal's stream file. The line says what the bytes cannot: the frame ids, the arrival time, and what the decoder
// made of each event (its A2A summary). Reading parses the bytes again with the same SSE parser, which gives back
// each event's raw text, byte span and data exactly as they were recorded; the JSON is parsed from the data as for
// any compact line. Every other frame is a line of its own, as before.

import type { SseFrame } from '../../../shared/wire/frame';
import type { ProxiedInfo } from '../../../shared/proxy/proxyTypes';
import { proxiedSchema } from '../../../shared/proxy/proxiedSchema';
import { SummaryTable } from '../agent/streamAnalysis';
import { SseParser } from '../../../shared/wire/sse';
import { hasEventJson } from '../../../shared/wire/eventJson';

export const RUN_KIND = 'sse-run';
/**
 * What the stream reader says of each frame it hands the journal (journal.ts `appendStream`): the frame is an event
 * `plainEvent` would accept, and redaction would leave its text as it is (`redactionLeaves`).
 */
export const RUN_PLAIN = 1;
export const RUN_CLEAN = 2;
/** A run is closed at this many events or bytes, so one line stays a modest size. */
const RUN_MAX_EVENTS = 4096;
const RUN_MAX_BYTES = 1024 * 1024;

type Summary = NonNullable<SseFrame['a2a']>;

/** The members a run gives back; an event with any other is not plain. */
const RUN_MEMBER_LIST = [
  'kind',
  'id',
  'exchangeId',
  'source',
  'timing',
  'seq',
  'offset',
  'raw',
  'dispatched',
  'event',
  'json',
  'jsonFromData',
  'a2a',
  'proxied',
] as const;
const RUN_MEMBERS = new Set<string>(RUN_MEMBER_LIST);

/**
 * Every other member of a stream frame. Asking for these few by name is much cheaper than walking each frame's
 * members, and the type below fails to compile when a member is added to SseFrame and to neither list.
 */
const OTHER_MEMBERS = ['rawBase64', 'comments', 'findings', 'stored'] as const;
type Unlisted = Exclude<keyof SseFrame, (typeof RUN_MEMBER_LIST)[number] | (typeof OTHER_MEMBERS)[number]>;
const EVERY_MEMBER_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;
void EVERY_MEMBER_LISTED;
const SUMMARY_MEMBERS = new Set(['item', 'taskId', 'contextId', 'state', 'final']);

/**
 * An analysed event a run can hold: dispatched, default type, no id, retry or comments, JSON data, no findings, its
 * raw text exactly its bytes (valid UTF-8, so no U+FFFD standing for bytes that were not), and no member a run cannot
 * give back. Whether redaction would leave it alone is the caller's to say.
 */
export function plainEvent(frame: SseFrame): boolean {
  if (!hasEventJson(frame) || !plainBlock(frame)) return false;
  // Frames reach the journal from more than the stream recorder: any member beyond the type's is not given back.
  for (const key in frame) if (!RUN_MEMBERS.has(key)) return false;
  if (frame.a2a) for (const key in frame.a2a) if (!SUMMARY_MEMBERS.has(key)) return false;
  return true;
}

/**
 * What `plainEvent` asks of a block whatever its data: an event of the default type with no id, retry, comments,
 * findings or stored bytes, whose raw text is exactly its bytes. The stream reader asks the same of each event
 * (streamReading.ts `F_PLAIN`), so that the journal need not.
 */
function plainBlock(frame: SseFrame): boolean {
  const { event, offset } = frame;
  if (!frame.dispatched || !event || event.type !== 'message') return false;
  if (event.id !== undefined || event.retry !== undefined) return false;
  // Read again on its own, a block starting with U+FEFF would lose it as a stream's byte order mark.
  if (frame.raw.charCodeAt(0) === 0xfeff) return false;
  for (const key of OTHER_MEMBERS) if (frame[key] !== undefined) return false;
  if (typeof frame.timing.start !== 'number' || frame.timing.end !== undefined) return false;
  // ASCII text has as many bytes as characters; other text is measured (and must not hold U+FFFD).
  const bytes = offset.end - offset.start;
  if (frame.raw.length === bytes) return true;
  return !frame.raw.includes('\uFFFD') && Buffer.byteLength(frame.raw, 'utf8') === bytes;
}

/** A run being gathered: the events' texts go straight to the stream file's queue, the rest waits for the line. */
export class SseRun {
  readonly exchangeId: string;
  private readonly source: string;
  private readonly time: number;
  private readonly firstSeq: number;
  private readonly firstIndex: number;
  private readonly start: number;
  private end: number;
  private nextSeq: number;
  private bytes = 0;
  private readonly ids: string[] = [];
  private readonly summaries = new SummaryTable();
  private readonly which: number[] = [];
  /** The proxy's tag (PRX-1) its events share: the one object a proxied exchange puts on each of them. */
  private readonly proxied: ProxiedInfo | undefined;

  /** `at`: where the run's bytes start in the stream file. */
  constructor(
    first: SseFrame,
    readonly at: number,
  ) {
    this.exchangeId = first.exchangeId;
    this.source = first.source;
    this.time = first.timing.start;
    this.firstSeq = first.seq;
    this.firstIndex = first.event!.index;
    this.start = first.offset.start;
    this.end = first.offset.start;
    this.nextSeq = first.seq;
    this.proxied = first.proxied;
  }

  /** Whether `frame` (a plain event) carries on from the last one: same exchange, arrival, next block, next bytes. */
  continues(frame: SseFrame): boolean {
    return (
      frame.exchangeId === this.exchangeId &&
      frame.timing.start === this.time &&
      frame.seq === this.nextSeq &&
      frame.event!.index === this.firstIndex + this.ids.length &&
      frame.offset.start === this.end &&
      frame.source === this.source &&
      frame.proxied === this.proxied &&
      this.ids.length < RUN_MAX_EVENTS &&
      this.bytes < RUN_MAX_BYTES
    );
  }

  /** Adds the event; its bytes are the caller's to queue (they are `frame.raw` as UTF-8). */
  add(frame: SseFrame): void {
    this.ids.push(frame.id);
    this.nextSeq++;
    this.bytes += frame.offset.end - frame.offset.start;
    this.end = frame.offset.end;
    this.which.push(this.summaries.index(frame.a2a ?? null));
  }

  get byteLength(): number {
    return this.bytes;
  }

  /** The journal line, newline included. */
  line(): string {
    return (
      `{"kind":"${RUN_KIND}","exchangeId":${JSON.stringify(this.exchangeId)},"source":${JSON.stringify(this.source)}` +
      `,"time":${this.time},"seq":${this.firstSeq},"index":${this.firstIndex},"offset":${this.start}` +
      `,"at":${this.at},"bytes":${this.bytes},"ids":${JSON.stringify(this.ids)}` +
      (this.proxied ? `,"proxied":${JSON.stringify(this.proxied)}` : '') +
      `,"summaries":${JSON.stringify(this.summaries.shapes)},"which":[${this.which.join(',')}]}\n`
    );
  }
}

interface RunLine {
  exchangeId: string;
  source: string;
  time: number;
  seq: number;
  index: number;
  offset: number;
  at: number;
  bytes: number;
  ids: string[];
  /** The tag of a proxied exchange's events (PRX-1), once for the run. */
  proxied?: ProxiedInfo;
  /** Both absent in a run of an earlier version's journal that recorded events as read: an analysis line follows. */
  summaries?: Array<Summary | null>;
  which?: number[];
}

/** The run's fields when the line has them all with their types (the file is untrusted when a user opens it). */
export function runLineOf(value: Record<string, unknown>): RunLine | undefined {
  const numbers = ['time', 'seq', 'index', 'offset', 'at', 'bytes'] as const;
  if (typeof value.exchangeId !== 'string' || typeof value.source !== 'string') return undefined;
  for (const key of numbers) {
    const n = value[key];
    if (typeof n !== 'number' || !Number.isFinite(n) || (key !== 'time' && (!Number.isInteger(n) || n < 0)))
      return undefined;
  }
  const { ids, summaries, which } = value;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return undefined;
  if (value.proxied !== undefined && !proxiedSchema.safeParse(value.proxied).success) return undefined;
  if (summaries === undefined && which === undefined) return value as unknown as RunLine;
  if (!Array.isArray(summaries) || !summaries.every(isSummary)) return undefined;
  if (!Array.isArray(which) || which.length !== ids.length) return undefined;
  if (!which.every((i) => Number.isInteger(i) && i >= 0 && i < summaries.length)) return undefined;
  return value as unknown as RunLine;
}

export function isSummary(value: unknown): value is Summary | null {
  if (value === null) return true;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  const summary = value as Record<string, unknown>;
  if (typeof summary.item !== 'string') return false;
  for (const key of ['taskId', 'contextId', 'state'] as const)
    if (summary[key] !== undefined && typeof summary[key] !== 'string') return false;
  return summary.final === undefined || typeof summary.final === 'boolean';
}

/**
 * The frames of a run from its line and its bytes; undefined when the bytes do not hold exactly the events the line
 * names (a damaged or hand-edited journal): then the line is as unreadable as one that is not JSON. The events of a
 * run an earlier version wrote as they were read come back so; its analysis line, when there is one, adds the rest.
 */
export function expandRun(run: RunLine, bytes: Buffer): SseFrame[] | undefined {
  if (bytes.length !== run.bytes) return undefined;
  const frames: SseFrame[] = [];
  let odd = false;
  const parser = new SseParser({
    maxEventBytes: Number.MAX_SAFE_INTEGER,
    maxStreamBytes: Number.MAX_SAFE_INTEGER,
    onEvent: (event) => {
      const k = frames.length;
      if (k >= run.ids.length || event.type !== 'message' || event.id !== undefined) {
        odd = true;
        return;
      }
      if (event.retry !== undefined || event.comments.length > 0) odd = true;
      const frame: SseFrame = {
        kind: 'sse',
        id: run.ids[k]!,
        exchangeId: run.exchangeId,
        source: run.source,
        timing: { start: run.time },
        seq: run.seq + k,
        offset: { start: run.offset + event.start, end: run.offset + event.end },
        raw: event.raw,
        dispatched: true,
        event: { index: run.index + k, type: 'message', data: event.data },
      };
      // One object for the run's events, as the proxy recorded them.
      if (run.proxied) frame.proxied = run.proxied;
      frames.push(frame);
      if (!run.which) return;
      try {
        // Parsed only to prove the bytes are still the JSON that was recorded: the frame says where its value is,
        // as the live one did (eventJson.ts).
        JSON.parse(event.data);
        frame.jsonFromData = true;
      } catch {
        // Recorded as JSON, so bytes that are not have been changed since.
        odd = true;
      }
      const summary = run.summaries![run.which[k]!];
      if (summary) frame.a2a = { ...summary };
    },
    onEmptyBlock: () => {
      odd = true;
    },
    onFinding: () => {
      odd = true;
    },
  });
  parser.feed(bytes);
  parser.end();
  return odd || frames.length !== run.ids.length ? undefined : frames;
}
