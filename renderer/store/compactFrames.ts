// Frames made smaller as they enter the store, with nothing a reader can tell. Each frame crossing the host boundary
// is parsed anew, so at 10,000 events a second (bench:ui-many) the window held, per event, its own copies of strings
// every other event of its exchange repeats (exchange id, source, event type, task id, context id, state) and the
// event's data twice: once inside `raw`, once as `event.data`. The repeats now come from one pool, and the data is read
// out of `raw` (V8 keeps a slice as a reference into it) when `raw` holds it verbatim. Strings are compared by value,
// so every reader sees equal frames (tests/unit/renderer/store/compactFrames.test.ts feeds the same frames through the
// store with and without this). It leaves fewer and smaller objects per event for each garbage collection to copy.

import type { StringPool } from '../../shared/stringPool';
import type { Frame, SseFrame } from '../../shared/wire/frame';

/** Where a one-line event's data starts in its block: after `data: `, or `data:` when no space follows. */
const DATA_STARTS = [6, 5] as const;

/** Replaces `frame`'s repeated strings with pooled equal ones, in place; returns the frame. */
export function compactFrame(frame: Frame, pool: StringPool): Frame {
  frame.source = pool.intern(frame.source);
  if (frame.kind === 'sse') compactEvent(frame, pool);
  return frame;
}

function compactEvent(frame: SseFrame, pool: StringPool): void {
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
  }
}
