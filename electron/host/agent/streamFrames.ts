// The host's thread's half of reading a stream (streamReading.ts does the other, often in the analysis worker): the
// frames of one chunk's blocks, built from its `ReadBatch`. Each is the object the frames list, the journal and the
// window expect (SseFrame), with its raw text and data cut out of the batch's one string rather than copied.

import type { SseFrame } from '../../../shared/wire/frame';
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
}

/** A batch's frames, and for each what the journal asks of it (RUN_PLAIN, RUN_CLEAN: sseRuns.ts). */
export interface BuiltFrames {
  frames: SseFrame[];
  marks: Uint8Array;
}

/**
 * The frames of `batch`, stamped with `timing` (the chunk that completed them arrived then: the journal keeps blocks
 * of one arrival as one record). `summary` turns each event's summary into the frame's own copy.
 */
export function buildFrames(
  batch: ReadBatch,
  series: FrameSeries,
  timing: { start: number },
  summary: (shared: EventSummary) => EventSummary,
): BuiltFrames {
  const { text, blocks, summaries, extras } = batch;
  if (text === undefined) throw new Error('A stream batch reached its frames without its text.');
  const count = blocks.length / BLOCK_FIELDS;
  const frames: SseFrame[] = new Array<SseFrame>(count);
  const marks = new Uint8Array(count);
  let at = 0;
  let nextExtra = 0;
  for (let k = 0; k < count; k++) {
    const o = k * BLOCK_FIELDS;
    const flags = blocks[o + B_FLAGS]!;
    const rawLength = blocks[o + B_RAW]!;
    const raw = text.slice(at, at + rawLength);
    at += rawLength;
    const extra: BlockExtra | undefined = extras[nextExtra]?.[0] === k ? extras[nextExtra++]![1] : undefined;
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
      const shared = summaries[blocks[o + B_SUMMARY]!];
      if (shared) frame.a2a = summary(shared);
    }
    marks[k] = ((flags & F_PLAIN) !== 0 ? RUN_PLAIN : 0) | ((flags & F_CLEAN) !== 0 ? RUN_CLEAN : 0);
    frames[k] = frame;
  }
  return { frames, marks };
}
