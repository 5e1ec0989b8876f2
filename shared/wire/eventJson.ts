// An event frame's parsed JSON, wherever it is kept: its own `json`, or its data when the frame says JSON.parse of
// the data gives the value (`jsonFromData`, the host's live frames).

import type { SseFrame } from './frame';
import { nestedDeeperThan } from './jsonDepth';
import { JSON_MAX_DEPTH } from './jsonText';

/** Whether the event's data is JSON, with a value to show. */
export function hasEventJson(frame: SseFrame): boolean {
  return frame.json !== undefined || (frame.jsonFromData === true && frame.event !== undefined);
}

/**
 * The event's data as JSON, or undefined when it is not JSON, or nested deeper than the careful parser reads (a
 * value that deep would overflow whatever walks it to show it).
 */
export function eventJson(frame: SseFrame): unknown {
  if (frame.json !== undefined) return frame.json;
  if (frame.jsonFromData !== true || !frame.event) return undefined;
  try {
    const value = JSON.parse(frame.event.data) as unknown;
    return nestedDeeperThan(value, JSON_MAX_DEPTH) ? undefined : value;
  } catch {
    // The flag was set on data that is not JSON (a hand-edited file): there is nothing to show.
    return undefined;
  }
}
