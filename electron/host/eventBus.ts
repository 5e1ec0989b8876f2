// Delivers host events to listeners. Frames are queued and sent as one batch per turn of the event loop, so a
// burst of traffic becomes a few messages across IPC or HTTP rather than one per frame, and order is kept.

import type { HostEvent, HostEventListener } from '../../shared/host-api';
import type { Frame } from '../../shared/wire/frame';

export interface EventBus {
  publishFrame(frame: Frame): void;
  /** Any other event, delivered after the frames queued before it. */
  publish(event: Exclude<HostEvent, { type: 'frames' }>): void;
  onEvent(listener: HostEventListener): () => void;
}

export function createEventBus(): EventBus {
  const listeners = new Set<HostEventListener>();
  let pending: Frame[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
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
