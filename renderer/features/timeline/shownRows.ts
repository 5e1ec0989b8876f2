// Which of the timeline model's rows the list shows: every one, or those whose entry matches the filter text and
// whose frame passes the filters. The model keeps its entries by column (shared/timeline/entryTable.ts), so the list
// is row numbers, not entries, and an entry is made only for the rows on screen. The text matches are extended by
// the rows added since the last call rather than found again (entries are nearly always appended: a full pass 60
// times a second would cost the whole history each time, bench:ui-live), and start over when an entry was put before
// the end (TL-7 arrival order) or the model or text changed.

import type { TimelineModel } from '../../../shared/timeline/timelineModel';

export interface TextMatches {
  timeline: TimelineModel;
  needle: string;
  /** The model's `insertions` when the matches were made. */
  insertions: number;
  /** Rows of the model looked at so far. */
  scanned: number;
  rows: number[];
}

export interface ShownRows {
  /** The rows shown, in order; undefined when every row is. */
  picked: readonly number[] | undefined;
  count: number;
}

/** The filter text as matched: trimmed, lower case; empty for no text filter. */
export function needleOf(filter: string): string {
  return filter.trim().toLowerCase();
}

export function shownRows(
  cache: { current: TextMatches | undefined },
  timeline: TimelineModel,
  needle: string,
  passing: ReadonlySet<string> | undefined,
): ShownRows {
  const rows = timeline.rows;
  const byText = needle ? textMatches(cache, timeline, needle) : undefined;
  if (!passing)
    return byText ? { picked: byText, count: byText.length } : { picked: undefined, count: rows.length };
  // An entry passes when its frame does (an exchange's end entry is its exchange frame's).
  const picked: number[] = [];
  if (byText) {
    for (const row of byText) if (passing.has(rows.frameIdAt(row)!)) picked.push(row);
  } else {
    for (let row = 0; row < rows.length; row++) if (passing.has(rows.frameIdAt(row)!)) picked.push(row);
  }
  return { picked, count: picked.length };
}

/** The rows whose entry matches `needle`, extended by the rows added since the last call. */
function textMatches(
  cache: { current: TextMatches | undefined },
  timeline: TimelineModel,
  needle: string,
): number[] {
  let current = cache.current;
  if (
    !current ||
    current.timeline !== timeline ||
    current.needle !== needle ||
    current.insertions !== timeline.insertions
  ) {
    current = { timeline, needle, insertions: timeline.insertions, scanned: 0, rows: [] };
    cache.current = current;
  }
  const rows = timeline.rows;
  for (let row = current.scanned; row < rows.length; row++) {
    const e = rows.at(row)!;
    if (`${e.label} ${e.taskId ?? ''} ${e.operation ?? ''} ${e.kind}`.toLowerCase().includes(needle)) {
      current.rows.push(row);
    }
  }
  current.scanned = rows.length;
  return current.rows;
}
