// The frames in the window that the search box's query matches (TL-5), in order, each with its number of matches.
// Pure, over the frames the store holds; a session in browse mode is searched by the host instead.

import { matchFrame } from '../../../shared/search/frameSearch';
import type { TextMatcher } from '../../../shared/search/textMatch';
import type { Frame } from '../../../shared/wire/frame';

export interface FrameHit {
  frameId: string;
  matches: number;
}

export function frameHits(frames: readonly Frame[], matcher: TextMatcher | undefined): FrameHit[] {
  if (!matcher) return [];
  const hits: FrameHit[] = [];
  for (const frame of frames) {
    const fields = matchFrame(frame, matcher);
    if (fields.length === 0) continue;
    hits.push({ frameId: frame.id, matches: fields.reduce((sum, f) => sum + f.spans.length, 0) });
  }
  return hits;
}

/** The hit after (or before) `current`, wrapping round; 0 or the last one when nothing is current yet. */
export function stepHit(current: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}
