// Delivers host events to listeners. Frames are queued and sent as one batch per turn of the event loop, so a
// burst of traffic becomes a few messages across IPC or HTTP rather than one per frame, and order is kept.

import type { HostEvent, HostEventListener } from '../../shared/host/hostApi';
import type { Frame } from '../../shared/wire/frame';

export interface EventBus {
  publishFrame(frame: Frame): void;
  /** Any other event, delivered after the frames queued before it. */
  publish(event: Exclude<HostEvent, { type: 'frames' }>): void;
  onEvent(listener: HostEventListener): () => void;
}

/** Frames queued that are sent once the current callback is over, without waiting for the turn of the loop. */
const EARLY_FLUSH_FRAMES = 256;

export function createEventBus(): EventBus {
  const listeners = new Set<HostEventListener>();
  let pending: Frame[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (pending.length > 0) flushNow();
  };
  const flushNow = () => {
    const event: HostEvent = { type: 'frames', frames: pending };
    pending = [];
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // One broken listener (a closed window, a dropped HTTP stream) must not starve the others.
      }
    }
  };

  return {
    publishFrame(frame) {
      pending.push(frame);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      if (pending.length === EARLY_FLUSH_FRAMES) {
        // A fast stream can read megabytes in one turn of the loop; handing frames over as soon as the chunk
        // that made them is done keeps them from outliving a young-generation collection or two, which then has to
        // copy them (bench:ingest). The scheduled flush finds nothing pending and sends nothing.
        queueMicrotask(() => {
          if (pending.length > 0) flushNow();
        });
      }
    },
    publish(event) {
      setImmediate(() => {
        if (scheduled) flush();
        for (const listener of listeners) {
          try {
            listener(event);
          } catch {
            // As for frames: one broken listener must not starve the others.
          }
        }
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
