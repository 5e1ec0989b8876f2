// Search over a whole session in the host (TL-5): frames are read a page at a time (from a browse-mode session's
// file by its index, or from memory), each frame's parts are matched, and hits go back in batches with how many
// frames were scanned, so the window shows progress and can stop the search. A body too large for memory is read
// from its store in chunks, its UTF-8 decoded as a stream, and matched with a matcher that keeps what a match
// cut by a chunk boundary needs.

import type { Frame } from '../../../shared/wire/frame';
import { createFrameFilter } from '../../../shared/search/frameFilter';
import {
  frameFieldTexts,
  toHit,
  type SearchField,
  type SearchHit,
  type SearchProgress,
  type SearchRequest,
} from '../../../shared/search/frameSearch';
import { ChunkedMatcher, createMatcher, type TextMatcher } from '../../../shared/search/textMatch';
import { prefilterPattern } from './rawPrefilter';
import type { StoredBodies } from '../spill/storedBodies';

export interface SearchSource {
  read(from: number, count: number): Promise<{ frames: Frame[]; total: number }>;
  stored?: StoredBodies;
  /** A session file's frames that may match, a window of its bytes at a time (rawPrefilter.ts). */
  candidates?(from: number, pattern: RegExp): Promise<{ to: number; indexes: number[] }>;
}

/** One batch of a search under way: the hits since the last batch and how far the search got. */
export type SearchBatch = Omit<SearchProgress, 'searchId' | 'error'>;

export interface SearchOptions {
  signal?: AbortSignal;
  /** Frames read at once. */
  pageSize?: number;
  /** Bytes of a stored body read at once. */
  chunkBytes?: number;
}

const PAGE_SIZE = 2000;
/** The first page is small so the first hits show soon; pages then double up to `pageSize`. */
const FIRST_PAGE = 100;
const CHUNK_BYTES = 1024 * 1024;

/**
 * Searches every frame of `source` and calls `emit` once per page read (hits, progress) and once at the end. With
 * no text, the filters alone choose the frames. Resolves with the number of hits; a cancelled search ends with a
 * batch that says so.
 */
export async function searchSession(
  source: SearchSource,
  request: SearchRequest,
  emit: (batch: SearchBatch) => void,
  options: SearchOptions = {},
): Promise<number> {
  const matcher = request.text.length > 0 ? createMatcher(request) : undefined;
  const pattern = source.candidates && matcher ? prefilterPattern(request) : undefined;
  if (pattern && matcher) return searchPrefiltered(source, pattern, matcher, emit, options);
  const pageSize = options.pageSize ?? PAGE_SIZE;
  let nextPage = Math.min(FIRST_PAGE, pageSize);
  // Frames are read in session order, which the filter needs to give events their exchange's operation.
  const filter = createFrameFilter(request.filters);
  let scanned = 0;
  let total = Number.POSITIVE_INFINITY;
  let found = 0;
  while (scanned < total) {
    if (options.signal?.aborted) {
      emit({ hits: [], scanned, total: finite(total, scanned), done: true, cancelled: true });
      return found;
    }
    const page = await source.read(scanned, nextPage);
    nextPage = Math.min(pageSize, nextPage * 2);
    total = page.total;
    const hits: SearchHit[] = [];
    for (const frame of page.frames) {
      const index = scanned++;
      if (!filter.accepts(frame)) continue;
      const hit = matcher
        ? await matchWhole(frame, index, matcher, source.stored, options.chunkBytes ?? CHUNK_BYTES)
        : { index, frameId: frame.id, fields: [], count: 0 };
      if (hit) hits.push(hit);
    }
    found += hits.length;
    if (page.frames.length === 0) {
      // The end came before the total said (an estimate while a browse index is built): the search is done.
      if (scanned > 0) emit({ hits, scanned, total: scanned, done: true });
      break;
    }
    if (scanned < total) emit({ hits, scanned, total, done: false });
    else emit({ hits, scanned, total, done: true });
  }
  if (total === 0) emit({ hits: [], scanned: 0, total: 0, done: true });
  return found;
}

/**
 * The same search over a session file, its bytes matched first (rawPrefilter.ts): only the frames that may match
 * are read and searched as above, so the hits are the same; a batch goes out per window of bytes.
 */
async function searchPrefiltered(
  source: SearchSource,
  pattern: RegExp,
  matcher: TextMatcher,
  emit: (batch: SearchBatch) => void,
  options: SearchOptions,
): Promise<number> {
  let scanned = 0;
  let found = 0;
  for (;;) {
    const { total } = await source.read(0, 0);
    if (options.signal?.aborted) {
      emit({ hits: [], scanned, total, done: true, cancelled: true });
      return found;
    }
    const window = await source.candidates!(scanned, pattern);
    const hits: SearchHit[] = [];
    for (const index of window.indexes) {
      const [frame] = (await source.read(index, 1)).frames;
      const hit = frame
        ? await matchWhole(frame, index, matcher, source.stored, options.chunkBytes ?? CHUNK_BYTES)
        : undefined;
      if (hit) hits.push(hit);
    }
    found += hits.length;
    const end = window.to <= scanned;
    scanned = window.to;
    const after = end ? scanned : (await source.read(0, 0)).total;
    emit({ hits, scanned, total: Math.max(after, scanned), done: end });
    if (end) return found;
  }
}

function finite(total: number, scanned: number): number {
  return Number.isFinite(total) ? total : scanned;
}

/** The frame's matches, with a stored body read whole from its store rather than its in-memory head. */
async function matchWhole(
  frame: Frame,
  index: number,
  matcher: TextMatcher,
  stored: StoredBodies | undefined,
  chunkBytes: number,
): Promise<SearchHit | undefined> {
  const counts = new Map<SearchField, number>();
  for (const part of frameFieldTexts(frame)) {
    let count: number | undefined;
    if (part.stored && stored) count = await countStored(stored, part.stored, matcher, chunkBytes);
    count ??= matcher.spans(part.text).length;
    if (count > 0) counts.set(part.field, (counts.get(part.field) ?? 0) + count);
  }
  return toHit(index, frame.id, counts);
}

/** Matches in a stored body read `chunkBytes` at a time; undefined when the store does not have it. */
export async function countStored(
  stored: StoredBodies,
  sha256: string,
  matcher: TextMatcher,
  chunkBytes: number,
): Promise<number | undefined> {
  const chunked = new ChunkedMatcher(matcher);
  // A character whose UTF-8 bytes a chunk boundary splits is held back by the decoder until its last byte arrives.
  const decoder = new TextDecoder('utf-8');
  let count = 0;
  for (let offset = 0; ;) {
    const slice = await stored.read(sha256, offset, chunkBytes);
    if (!slice) return offset === 0 ? undefined : count;
    offset += slice.bytes.length;
    const last = slice.bytes.length === 0 || offset >= slice.total;
    count += chunked.push(decoder.decode(slice.bytes, { stream: !last })).length;
    if (last) return count;
  }
}
