// Journal lines for stream events without what can be derived again (bench:ingest). An `sse` frame carries its
// block three times: the raw text, the event's data, and the data parsed as JSON. For the commonest block,
// `data: <one line>\n\n`, the data is a slice of the raw text, and the JSON is JSON.parse of the data exactly as the
// stream recorder made it. Leaving those two out makes a line about a third as long, which is most of the cost of
// recording a fast stream. `derived` says what the reader puts back; a frame that redaction changed, whose raw text
// went to a blob, or that does not have that shape is written whole.

import type { Frame, SseFrame } from '../../../shared/wire/frame';

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

function eventWithoutData(
  event: NonNullable<SseFrame['event']>,
): Omit<NonNullable<SseFrame['event']>, 'data'> {
  const { data: _data, ...rest } = event;
  return rest;
}

/** Puts back what `compactFrame` left out; other frames are returned as they are. */
export function expandFrame(frame: Frame): Frame {
  if (frame.kind !== 'sse') return frame;
  const compact = frame as CompactSse;
  if (!Array.isArray(compact.derived)) return frame;
  const { derived, ...rest } = compact;
  const out: SseFrame = rest;
  if (derived.includes('data') && out.event && typeof out.raw === 'string') {
    out.event = { ...out.event, data: out.raw.slice(PREFIX.length, out.raw.length - SUFFIX.length) };
  }
  if (derived.includes('json') && out.event) {
    try {
      out.json = JSON.parse(out.event.data) as unknown;
    } catch {
      // A hand-edited or damaged line: the frame is kept without its parsed copy.
    }
  }
  return out;
}
