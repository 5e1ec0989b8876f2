// Journal lines for stream events without what can be derived again (bench:ingest). An `sse` frame carries its
// block three times: the raw text, the event's data, and the data parsed as JSON. For the commonest block,
// `data: <one line>\n\n`, the data is a slice of the raw text, and the JSON is JSON.parse of the data exactly as the
// stream recorder made it. Leaving those two out makes a line about a third as long, which is most of the cost of
// recording a fast stream. `derived` says what the reader puts back; a frame that redaction changed, whose raw text
// went to a blob, or that does not have that shape is written whole. A frame marked `jsonFromData` (the host's live
// frames) has no JSON to leave out, and keeps its mark.

import type { Frame, SseFrame } from '../../../shared/wire/frame';
import { nestedDeeperThan } from '../../../shared/wire/jsonDepth';
import { JSON_MAX_DEPTH } from '../../../shared/wire/jsonText';

type Derivable = 'data' | 'json';
type CompactSse = SseFrame & { derived?: Derivable[] };

const PREFIX = 'data: ';
const SUFFIX = '\n\n';

/**
 * The frame as it is written: `untouched` says redaction changed nothing, so the JSON still is JSON.parse of the
 * data (a redacted frame keeps its own, redacted, copy).
 */
export function compactFrame(frame: Frame, untouched: boolean): Frame {
  if (frame.kind !== 'sse' || !frame.event || typeof frame.raw !== 'string') return frame;
  const derived: Derivable[] = [];
  const { data } = frame.event;
  const raw = frame.raw;
  const dataFromRaw =
    raw.length === PREFIX.length + data.length + SUFFIX.length &&
    raw.startsWith(PREFIX) &&
    raw.endsWith(SUFFIX) &&
    raw.startsWith(data, PREFIX.length) &&
    !data.includes('\n') &&
    !data.includes('\r');
  if (dataFromRaw) derived.push('data');
  const jsonFromData = untouched && frame.json !== undefined;
  if (jsonFromData) derived.push('json');
  if (derived.length === 0) return frame;
  // Copied member by member rather than spread-then-delete: `delete` would turn the object into a slow dictionary
  // just before JSON.stringify reads it.
  const compact: Record<string, unknown> = {};
  for (const key in frame) {
    if (key === 'json' && jsonFromData) continue;
    compact[key] =
      key === 'event' && dataFromRaw ? eventWithoutData(frame.event) : frame[key as keyof SseFrame];
  }
  compact.derived = derived;
  return compact as unknown as Frame;
}

function dataAtEnd(frame: SseFrame, line: string | undefined): Frame {
  const {
    derived: _derived,
    dataLength,
    data: value,
    ...rest
  } = frame as SseFrame & { derived: string; dataLength?: unknown; data?: unknown };
  let data: string | undefined;
  if (typeof dataLength === 'number' && line !== undefined) {
    const end = line.trimEnd().length - 1; // the closing brace
    const start = end - dataLength;
    if (start >= 7 && line.slice(start - 7, start) === '"data":') data = line.slice(start, end);
  }
  // A line edited by hand may not hold what its length says: then the data is written out again from its value.
  data ??= JSON.stringify(value);
  const event = rest.event as Omit<NonNullable<SseFrame['event']>, 'data'>;
  const frameOut = { ...rest, raw: `${PREFIX}${data}${SUFFIX}`, event: { ...event, data } } as SseFrame;
  // A frame marked `jsonFromData` was recorded without a parsed copy, and comes back the same way.
  if (frameOut.jsonFromData !== true) frameOut.json = value;
  return frameOut;
}

function eventWithoutData(
  event: NonNullable<SseFrame['event']>,
): Omit<NonNullable<SseFrame['event']>, 'data'> {
  const { data: _data, ...rest } = event;
  return rest;
}

/** Marks a line whose event data is written as JSON, unquoted, at the very end of the line (`journalLine`). */
const DATA_AT_END = 'data-at-end';

/**
 * The journal line of the commonest event of all, `data: <one line of JSON>\n\n` untouched by redaction, written
 * without quoting its data: the JSON text goes verbatim at the end of the line, after its length, so the reader can
 * cut the exact text back out. Escaping that text into a string was most of the cost of a line (bench:ingest).
 * Undefined for any other frame: those go through compactFrame and JSON.stringify.
 */
export function journalLine(frame: Frame, untouched: boolean): string | undefined {
  if (frame.kind !== 'sse' || !frame.event) return undefined;
  if (frame.jsonFromData !== true && (!untouched || frame.json === undefined)) return undefined;
  if (frame.rawBase64 !== undefined || typeof frame.raw !== 'string') return undefined;
  const { data } = frame.event;
  const raw = frame.raw;
  const simple =
    raw.length === PREFIX.length + data.length + SUFFIX.length &&
    raw.startsWith(PREFIX) &&
    raw.endsWith(SUFFIX) &&
    raw.startsWith(data, PREFIX.length) &&
    !data.includes('\n') &&
    !data.includes('\r');
  if (!simple) return undefined;
  const head = genericHead(frame);
  return `${head},"derived":"${DATA_AT_END}","dataLength":${data.length},"data":${data}}`;
}

/** The line up to the data: the frame's other members, through JSON.stringify, without the closing brace. */
function genericHead(frame: SseFrame): string {
  const meta: Record<string, unknown> = {};
  for (const key in frame) {
    if (key === 'raw' || key === 'json') continue;
    meta[key] = key === 'event' ? eventWithoutData(frame.event!) : frame[key as keyof SseFrame];
  }
  return JSON.stringify(meta).slice(0, -1);
}

/** Puts back what `compactFrame` or `journalLine` left out (`line`: the line's text); other frames as they are. */
export function expandFrame(frame: Frame, line?: string): Frame {
  if (frame.kind !== 'sse') return frame;
  const compact = frame as CompactSse;
  if ((compact.derived as unknown) === DATA_AT_END) return dataAtEnd(frame, line);
  if (!Array.isArray(compact.derived)) return frame;
  const { derived, ...rest } = compact;
  const out: SseFrame = rest;
  if (derived.includes('data') && out.event && typeof out.raw === 'string') {
    out.event = { ...out.event, data: out.raw.slice(PREFIX.length, out.raw.length - SUFFIX.length) };
  }
  if (derived.includes('json') && out.event) {
    try {
      const json = JSON.parse(out.event.data) as unknown;
      // Deeper than the careful parser goes: the live recording had no parsed copy either.
      if (!nestedDeeperThan(json, JSON_MAX_DEPTH)) out.json = json;
    } catch {
      // A hand-edited or damaged line: the frame is kept without its parsed copy.
    }
  }
  return out;
}
