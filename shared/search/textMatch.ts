// The text matcher behind search (TL-5): finds a query in a string and gives the matches as spans of that string,
// so the inspector can highlight exactly what was found. A chunked matcher does the same over text that arrives in
// pieces (a body too large for memory, read from disk a slice at a time) and still finds a match cut by a boundary.

export interface SearchQuery {
  text: string;
  /** Off by default: "Task" finds "task" and "TASK", with Unicode simple case folding ("Ä" finds "ä"). */
  caseSensitive?: boolean;
}

/** A match as `[start, end)` in UTF-16 code units of the text searched. */
export type MatchSpan = readonly [start: number, end: number];

/** The longest query accepted: a search box, not a document. */
export const SEARCH_QUERY_MAX = 1000;

export interface TextMatcher {
  readonly query: SearchQuery;
  /** Every non-overlapping match, left to right. */
  spans(text: string): MatchSpan[];
  test(text: string): boolean;
  /** How many code units a match can span at most, which the chunked matcher keeps across a boundary. */
  readonly maxMatchLength: number;
}

/** Why a query cannot be searched for, or undefined when it can. */
export function queryProblem(query: SearchQuery): string | undefined {
  if (query.text.length === 0) return 'Type something to search for.';
  if (query.text.length > SEARCH_QUERY_MAX)
    return `The search text is ${query.text.length} characters; at most ${SEARCH_QUERY_MAX} are searched for.`;
  return undefined;
}

/** Compiles a query; throws with a plain message for an empty or over-long one (see `queryProblem`). */
export function createMatcher(query: SearchQuery): TextMatcher {
  const problem = queryProblem(query);
  if (problem) throw new Error(problem);
  // NFC so that "é" typed as one code point finds "é" written as e + combining accent in NFC text, and back.
  const text = query.text.normalize('NFC');
  // The `u` flag with `i` applies Unicode simple case folding, which maps one code point to one code point, so the
  // spans found are spans of the original text (toLowerCase would not be: "İ" lower-cases to two code units).
  const pattern = new RegExp(escapeRegExp(text), query.caseSensitive ? 'gu' : 'giu');
  const spans = (target: string): MatchSpan[] => {
    const out: MatchSpan[] = [];
    pattern.lastIndex = 0;
    for (let found = pattern.exec(target); found; found = pattern.exec(target)) {
      out.push([found.index, found.index + found[0].length]);
    }
    return out;
  };
  return {
    query,
    spans,
    test(target) {
      pattern.lastIndex = 0;
      return pattern.test(target);
    },
    // A folded code point can take two code units where the query's took one (a BMP letter whose other case is
    // astral), so twice the query's length bounds any match.
    maxMatchLength: text.length * 2,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/**
 * Matches over text fed in pieces. Each `push` answers the matches completed so far, as spans of the whole text
 * (offsets counted from the first piece). The last `maxMatchLength - 1` code units are kept for the next piece, so a
 * match that straddles a boundary is found once, when its end arrives.
 */
export class ChunkedMatcher {
  private tail = '';
  /** Offset in the whole text of `tail`'s first code unit. */
  private tailStart = 0;
  /** Matches before this offset were reported already. */
  private reportedTo = 0;

  constructor(private readonly matcher: TextMatcher) {}

  push(piece: string): MatchSpan[] {
    const text = this.tail + piece;
    const out: MatchSpan[] = [];
    for (const [start, end] of this.matcher.spans(text)) {
      const at = this.tailStart + start;
      if (at < this.reportedTo) continue;
      out.push([at, this.tailStart + end]);
      this.reportedTo = this.tailStart + end;
    }
    const keep = Math.min(text.length, Math.max(0, this.matcher.maxMatchLength - 1));
    let cut = text.length - keep;
    // Never keep half a surrogate pair at the front of the tail.
    if (cut > 0 && cut < text.length && isLowSurrogate(text.charCodeAt(cut))) cut--;
    this.tailStart += cut;
    this.tail = text.slice(cut);
    return out;
  }
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
