// Search over a session too large to read frame by frame in good time (issue 27: a string near the end of ten
// million events). The file's bytes are matched first, many megabytes at a time, and only the frames that could
// match are parsed and searched as usual (sessionSearch.ts), so the hits are the same. A frame is passed over only
// when that is certain: a stream event (its only searched text is its raw block, a JSON string in the frame's bytes)
// whose bytes hold neither the query nor anything a match could hide behind: a \u escape, a blob reference, or a
// character that case folding turns into an ASCII letter (K KELVIN SIGN → k, ſ LONG S → s, and İ to be safe). The
// query must be printable ASCII without the characters JSON escapes (" \ /), so it appears in the bytes as typed.

import type { SearchRequest } from '../../../shared/search/frameSearch';
import { hasFilters } from '../../../shared/search/frameSearch';

/** What a frame's bytes begin with when it is a stream event as Switchboard writes frames (kind first). */
const SSE_HEAD = Buffer.from('{"kind":"sse",', 'latin1');
/** A frame kind other than a stream event's, as a member (A2A's own "kind" values, e.g. "text", never match). */
const OTHER_KIND = /"kind":"(?:http|webhook)"/g;

/** The pattern a window of bytes (read as Latin-1) is matched with; undefined when the query cannot take this path. */
export function prefilterPattern(request: SearchRequest): RegExp | undefined {
  if (hasFilters(request.filters) || request.text.length === 0) return undefined;
  if (!/^[\x20-\x7e]+$/.test(request.text) || /["\\/]/.test(request.text)) return undefined;
  const needle = request.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Latin-1 reading of UTF-8: K is E2 84 AA, ſ is C5 BF, İ is C4 B0.
  const hidden = String.raw`\\u|"blob"|\u00e2\u0084\u00aa|\u00c5\u00bf|\u00c4\u00b0`;
  return new RegExp(`${needle}|${hidden}`, request.caseSensitive ? 'g' : 'gi');
}

/**
 * The frames of a window that must be searched: `starts` are the frames' offsets in `bytes` (ascending), the last
 * frame running to the end of `bytes`. Returns their positions in the window.
 */
export function candidateFrames(bytes: Buffer, starts: ArrayLike<number>, pattern: RegExp): number[] {
  const out: number[] = [];
  const text = bytes.toString('latin1');
  let frame = 0;
  let lastAdded = -1;
  const add = (i: number) => {
    if (i !== lastAdded) out.push(i);
    lastAdded = i;
  };
  const scanTo = (until: number) => {
    // Frames before `until` that are not plain stream events are always searched.
    for (; frame < until; frame++) if (!startsWithSse(bytes, starts[frame]!)) add(frame);
  };
  pattern.lastIndex = 0;
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    const owner = frameAt(starts, found.index);
    scanTo(owner + 1);
    add(owner);
    // On from the next frame's start (not the match's end, which may lie inside it): one match is enough here.
    pattern.lastIndex = owner + 1 < starts.length ? starts[owner + 1]! : text.length;
  }
  scanTo(starts.length);
  // A frame may name its kind twice ({"kind":"sse",…,"kind":"http"}); JSON.parse keeps the last, so a hostile file
  // could pass a frame with other searched text off as a stream event. A frame kind named anywhere but at a
  // frame's head (outside a JSON string, where the quotes would be escaped) makes its frame one to search.
  OTHER_KIND.lastIndex = 0;
  for (let found = OTHER_KIND.exec(text); found; found = OTHER_KIND.exec(text)) {
    const owner = frameAt(starts, found.index);
    if (found.index !== starts[owner]! + 1) out.push(owner);
  }
  return out.sort((a, b) => a - b).filter((v, i, all) => i === 0 || all[i - 1] !== v);
}

function startsWithSse(bytes: Buffer, at: number): boolean {
  return bytes.compare(SSE_HEAD, 0, SSE_HEAD.length, at, at + SSE_HEAD.length) === 0;
}

/** The frame whose bytes hold offset `at`: the last start at or before it. */
function frameAt(starts: ArrayLike<number>, at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
