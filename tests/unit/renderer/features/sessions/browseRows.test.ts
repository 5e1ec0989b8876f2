// Browse-mode rows fetched a page at a time: each page asked for once, the view told when a page it shows arrives
// (or fails), and left alone when the page arrives after its rows have scrolled past (bench:ui-open).

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BROWSE_SETTLE_MS,
  BrowseRows,
  ROWS_PAGE_SIZE,
} from '../../../../../renderer/features/sessions/browseRows';
import type { SessionRow } from '../../../../../shared/session/sessionRows';

function fakeHost() {
  const asked: Array<{ from: number; answer: (rows: SessionRow[] | Error) => void }> = [];
  return {
    asked,
    host: {
      readSessionRows: ({ from, count }: { sessionId: string; from: number; count: number }) =>
        new Promise<{ rows: SessionRow[]; total: number }>((resolve, reject) =>
          asked.push({
            from,
            answer: (rows) =>
              rows instanceof Error
                ? reject(rows)
                : resolve({ rows: rows.length ? rows : rowsFrom(from, count), total: 1_000_000 }),
          }),
        ),
    },
  };
}

function rowsFrom(from: number, count: number): SessionRow[] {
  return Array.from(
    { length: count },
    (_, i) =>
      ({ index: from + i, frameId: `f${from + i}`, kind: 'sse', at: 0, label: 'event' }) as SessionRow,
  );
}

// The settling delay is a timer of BrowseRows', so the clock is fake: moving it on replaces waiting for it.
/** Lets answered pages reach BrowseRows (promise callbacks), with no time passing. */
const settle = () => vi.advanceTimersByTimeAsync(0);
/** Moves the clock past the time rows that jumped must stay put to be fetched. */
const stayPut = () => vi.advanceTimersByTimeAsync(BROWSE_SETTLE_MS + 20);

/** Rows of a million-frame session over the fake host, with how often the view was told to render. */
function browsing() {
  const { host, asked } = fakeHost();
  let changes = 0;
  const rows = new BrowseRows(host, 's', 1_000_000, () => changes++);
  return { rows, asked, changes: () => changes };
}

describe('BrowseRows', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for each page once and tells the view when a page on screen arrives', async () => {
    const { rows, asked, changes } = browsing();
    rows.want(150, 250);
    rows.want(150, 250);
    expect(asked.map((a) => a.from)).toEqual([0, ROWS_PAGE_SIZE]);
    asked[0]!.answer([]);
    await settle();
    expect(changes()).toBe(1);
    expect(rows.row(150)?.frameId).toBe('f150');
    expect(rows.row(250)).toBeUndefined();
  });

  it('keeps a page that arrives after its rows scrolled past without telling the view, and shows it later', async () => {
    const { rows, asked, changes } = browsing();
    rows.want(0, 40);
    rows.want(500_000, 500_040);
    await stayPut();
    asked[0]!.answer([]);
    await settle();
    expect(changes()).toBe(0);
    rows.want(0, 40);
    // Already here: nothing more is asked for, and the row is there for the render the scroll makes anyway.
    expect(asked).toHaveLength(2);
    expect(rows.row(0)?.frameId).toBe('f0');
    asked[1]!.answer([]);
    await settle();
    // Page 2500 arrived while rows 0–40 are on screen: nothing to draw for it.
    expect(changes()).toBe(0);
  });

  it('tells the view about a page that failed, wherever the rows are by then', async () => {
    const { rows, asked, changes } = browsing();
    rows.want(0, 40);
    rows.want(9_000, 9_040);
    await stayPut();
    asked[0]!.answer(new Error('The session file changed while it was open; open it again.'));
    await settle();
    expect(changes()).toBe(1);
    expect(rows.error).toMatch(/changed while it was open/);
  });

  it('asks for nothing while the rows jump by more than a screen, then only for where they stopped', async () => {
    const { rows, asked } = browsing();
    rows.want(0, 40);
    for (let first = 2_000; first <= 600_000; first += 2_000) rows.want(first, first + 40);
    expect(asked.map((a) => a.from)).toEqual([0]);
    await stayPut();
    expect(asked.map((a) => a.from)).toEqual([0, 600_000]);
    // Scrolling by less than a screen asks at once.
    rows.want(600_030, 600_070);
    rows.want(600_190, 600_230);
    expect(asked.map((a) => a.from)).toEqual([0, 600_000]);
    rows.want(600_215, 600_255);
    expect(asked.map((a) => a.from)).toEqual([0, 600_000, 600_200]);
  });

  it('shows the first page the open brought without asking for it, and asks for the next one', () => {
    const { host, asked } = fakeHost();
    const first = rowsFrom(0, ROWS_PAGE_SIZE);
    const rows = new BrowseRows(host, 's', 1_000_000, () => undefined, first);
    expect(rows.row(0)).toBe(first[0]);
    expect(rows.row(ROWS_PAGE_SIZE - 1)).toBe(first.at(-1));
    rows.want(0, 40);
    expect(asked).toEqual([]);
    for (let first = 30; first <= 180; first += 30) rows.want(first, first + 40);
    expect(asked.map((a) => a.from)).toEqual([ROWS_PAGE_SIZE]);
  });

  it('takes a short first page only when it is the whole session', () => {
    const { host, asked } = fakeHost();
    const whole = new BrowseRows(host, 's', 30, () => undefined, rowsFrom(0, 30));
    expect(whole.row(29)?.index).toBe(29);
    whole.want(0, 29);
    expect(asked).toEqual([]);
    const partial = new BrowseRows(host, 's', 1_000_000, () => undefined, rowsFrom(0, 30));
    expect(partial.row(0)).toBeUndefined();
    partial.want(0, 40);
    expect(asked.map((a) => a.from)).toEqual([0]);
  });
});
