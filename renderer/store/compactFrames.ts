// Frames made smaller as they enter the store, with nothing a reader can tell. Each frame crossing the host boundary
// is parsed anew, so at 10,000 events a second (bench:ui-many) the window held, per event, its own copies of strings
// every other event of its exchange repeats (exchange id, source, event type, task id, context id, state) and the
// event's data twice: once inside `raw`, once as `event.data`. The repeats now come from one pool, and the data is read
// out of `raw` (V8 keeps a slice as a reference into it) when `raw` holds it verbatim. And an event's `a2a` summary
// is the same for most events of a task, so equal ones are one object (`SharedParts`). Strings are compared by value
// and shared summaries are never changed, so every reader sees equal frames
// (tests/unit/renderer/store/compactFrames.test.ts feeds the same frames through the store with and without this).
// It leaves fewer and smaller objects per event for each garbage collection to copy.

import type { StringPool } from '../../shared/stringPool';
import type { Frame, SseFrame } from '../../shared/wire/frame';

/** Where a one-line event's data starts in its block: after `data: `, or `data:` when no space follows. */
const DATA_STARTS = [6, 5] as const;

type EventSummary = NonNullable<SseFrame['a2a']>;

/** The fields an event's `a2a` summary has and the type of each: only such summaries are shared. */
const SUMMARY_FIELDS: Readonly<Record<string, 'string' | 'boolean'>> = {
  item: 'string',
  taskId: 'string',
  contextId: 'string',
  state: 'string',
  final: 'boolean',
};

/**
 * Equal event summaries, one object each. Bounded like a string pool: past `max` it starts over. Frames in the store
 * are replaced, never changed, so a summary shared by many frames is never written to after it is shared.
 */
export class SharedParts {
  private readonly summaries = new Map<string, EventSummary>();

  constructor(private readonly max = 5_000) {}

  /** The shared summary equal to `a2a` (same fields, same order, same values); `a2a` itself when none is yet. */
  summary(a2a: EventSummary): EventSummary {
    let key = '';
    for (const field of Object.keys(a2a)) {
      const value: unknown = (a2a as Record<string, unknown>)[field];
      if (Object.hasOwn(SUMMARY_FIELDS, field) && typeof value === SUMMARY_FIELDS[field]) {
        key += `${field}\u0000${String(value)}\u0000`;
      } else return a2a;
    }
    const shared = this.summaries.get(key);
    if (shared) return shared;
    if (this.summaries.size >= this.max) this.summaries.clear();
    this.summaries.set(key, a2a);
    return a2a;
  }
}

/**
 * Replaces `frame`'s repeated strings with pooled equal ones, in place; returns the frame. With `shared`, an event's
 * summary becomes a shared equal one.
 */
export function compactFrame(frame: Frame, pool: StringPool, shared?: SharedParts): Frame {
  frame.source = pool.intern(frame.source);
  if (frame.kind === 'sse') compactEvent(frame, pool, shared);
  return frame;
}

function compactEvent(frame: SseFrame, pool: StringPool, shared: SharedParts | undefined): void {
  frame.exchangeId = pool.intern(frame.exchangeId);
  const event = frame.event;
  if (event) {
    event.type = pool.intern(event.type);
    const data = event.data;
    for (const start of DATA_STARTS) {
      if (data.length >= 16 && frame.raw.startsWith(data, start)) {
        event.data = frame.raw.slice(start, start + data.length);
        break;
      }
    }
  }
  const a2a = frame.a2a;
  if (a2a) {
    a2a.item = pool.intern(a2a.item);
    if (a2a.taskId !== undefined) a2a.taskId = pool.intern(a2a.taskId);
    if (a2a.contextId !== undefined) a2a.contextId = pool.intern(a2a.contextId);
    if (a2a.state !== undefined) a2a.state = pool.intern(a2a.state);
    if (shared) frame.a2a = shared.summary(a2a);
  }
}
