// The host's thread's half of reading a stream (streamReading.ts does the other, often in the analysis worker): the
// frames of one chunk's blocks, built from its `ReadBatch`. Each is the object the frames list, the journal and the
// window expect (SseFrame), with its raw text and data cut out of the batch's one string rather than copied.

import type { SseFrame } from '../../../shared/wire/frame';
import type { ProxiedInfo } from '../../../shared/proxy/proxyTypes';
import {
  BLOCK_FIELDS,
  B_DATA,
  B_DATA_LENGTH,
  B_END,
  B_FLAGS,
  B_RAW,
  B_START,
  B_SUMMARY,
  F_CLEAN,
  F_DISPATCHED,
  F_EVENT,
  F_JSON_FROM_DATA,
  F_PLAIN,
  type BlockExtra,
  type ReadBatch,
} from './streamReading';
import type { EventSummary } from './streamAnalysis';
import { RUN_CLEAN, RUN_PLAIN } from '../session/sseRuns';

/** What the frames of one stream share, and the running numbers they continue. */
export interface FrameSeries {
  exchangeId: string;
  source: string;
  nextId: () => string;
  /** The next block's `seq`. */
  seq: number;
  /** The next event's index. */
  index: number;
  /** The recording proxy's tag (PRX-1), the one object every frame of a proxied stream carries. */
  proxied?: ProxiedInfo;
}

/** A batch's frames, and for each what the journal asks of it (RUN_PLAIN, RUN_CLEAN: sseRuns.ts). */
export interface BuiltFrames {
  frames: SseFrame[];
  marks: Uint8Array;
}

/**
 * The frames of `batch`, stamped with `timing` (the chunk that completed them arrived then: the journal keeps blocks
 * of one arrival as one record). Frames carry their own copy of an event's summary, one for all the batch's frames
 * with the same summary; `follow` is told each event's summary, in order (the stream's state follows them).
 *
 * The commonest frame, a plain event whose JSON is its data's, is made by one object literal holding every member it
 * gets, in the order the general path adds them: members added after an object is made went to a second, out-of-line
 * store, one more allocation per event on the host's thread (bench:ingest, bench:proxy).
 */
export function buildFrames(
  batch: ReadBatch,
  series: FrameSeries,
  timing: { start: number },
  follow: (summary: EventSummary) => void,
): BuiltFrames {
  const { text, blocks, summaries, extras } = batch;
  if (text === undefined) throw new Error('A stream batch reached its frames without its text.');
  const count = blocks.length / BLOCK_FIELDS;
  const frames: SseFrame[] = new Array<SseFrame>(count);
  const marks = new Uint8Array(count);
  let at = 0;
  let nextExtra = 0;
  const { proxied } = series;
  // One copy per summary of the batch (most batches have two or three), shared by the frames that carry it.
  const copies = new Map<EventSummary, EventSummary>();
  const copyOf = (shared: EventSummary) => {
    follow(shared);
    let copy = copies.get(shared);
    if (!copy) copies.set(shared, (copy = ownSummary(shared)));
    return copy;
  };
  for (let k = 0; k < count; k++) {
    const o = k * BLOCK_FIELDS;
    const flags = blocks[o + B_FLAGS]!;
    const rawLength = blocks[o + B_RAW]!;
    const raw = text.slice(at, at + rawLength);
    at += rawLength;
    const extra: BlockExtra | undefined = extras[nextExtra]?.[0] === k ? extras[nextExtra++]![1] : undefined;
    const shared = summaries[blocks[o + B_SUMMARY]!];
    marks[k] = ((flags & F_PLAIN) !== 0 ? RUN_PLAIN : 0) | ((flags & F_CLEAN) !== 0 ? RUN_CLEAN : 0);
    if (!extra && shared && (flags & (F_EVENT | F_JSON_FROM_DATA)) === (F_EVENT | F_JSON_FROM_DATA)) {
      const dataAt = blocks[o + B_DATA]!;
      // The general frame's members below, and the event's, in one literal and in the same order (see above).
      const plain: SseFrame = {
        kind: 'sse',
        id: series.nextId(),
        exchangeId: series.exchangeId,
        source: series.source,
        timing,
        seq: series.seq++,
        offset: { start: blocks[o + B_START]!, end: blocks[o + B_END]! },
        raw,
        dispatched: (flags & F_DISPATCHED) !== 0,
        event: {
          index: series.index++,
          type: 'message',
          data: raw.slice(dataAt, dataAt + blocks[o + B_DATA_LENGTH]!),
        },
        jsonFromData: true,
        a2a: copyOf(shared),
      };
      if (proxied) plain.proxied = proxied;
      frames[k] = plain;
      continue;
    }
    const frame: SseFrame = {
      kind: 'sse',
      id: series.nextId(),
      exchangeId: series.exchangeId,
      source: series.source,
      timing,
      seq: series.seq++,
      offset: { start: blocks[o + B_START]!, end: blocks[o + B_END]! },
      raw,
      dispatched: (flags & F_DISPATCHED) !== 0,
    };
    if (extra) {
      if (extra.rawBase64 !== undefined) frame.rawBase64 = extra.rawBase64;
      if (extra.comments) frame.comments = extra.comments;
      if (extra.stored) frame.stored = extra.stored;
    }
    if ((flags & F_EVENT) !== 0) {
      const dataAt = blocks[o + B_DATA]!;
      const data = extra?.data ?? raw.slice(dataAt, dataAt + blocks[o + B_DATA_LENGTH]!);
      const event: NonNullable<SseFrame['event']> = {
        index: series.index++,
        type: extra?.type ?? 'message',
        data,
      };
      if (extra?.id !== undefined) event.id = extra.id;
      if (extra?.retry !== undefined) event.retry = extra.retry;
      frame.event = event;
      if (extra?.json !== undefined) frame.json = extra.json;
      else if ((flags & F_JSON_FROM_DATA) !== 0) frame.jsonFromData = true;
      if (extra?.findings) frame.findings = extra.findings;
      if (shared) frame.a2a = copyOf(shared);
    }
    if (proxied) frame.proxied = proxied;
    frames[k] = frame;
  }
  return { frames, marks };
}

/** A frame's copy of a summary from a batch, member by member (absent members stay absent). */
function ownSummary(shared: EventSummary): EventSummary {
  const summary: EventSummary = { item: shared.item };
  if (shared.taskId !== undefined) summary.taskId = shared.taskId;
  if (shared.contextId !== undefined) summary.contextId = shared.contextId;
  if (shared.state !== undefined) summary.state = shared.state;
  if (shared.final !== undefined) summary.final = shared.final;
  return summary;
}
