// The rows of a session in browse mode, fetched from the host a page at a time as they come into view and kept in
// a bounded cache (issue 9: a million-event session scrolls end to end without the window holding it). Pages that
// are asked for while one is on its way are not asked for twice; the oldest pages are dropped past the limit. While
// the rows jump by more than a screen at a time (a fling, a drag of the scroll bar) nothing is fetched: no one reads
// rows going by that fast, and each page would cost the host a read and the window a frame (bench:ui-open). The
// rows where the scrolling stops are fetched once it has for a moment.

import type { HostApi } from '../../../shared/host/hostApi';
import { BROWSE_PAGE_ROWS, type SessionRow } from '../../../shared/session/sessionRows';

export const ROWS_PAGE_SIZE = BROWSE_PAGE_ROWS;
/** Pages kept: a few screens around wherever the user has been lately. */
const MAX_PAGES = 60;
/** How long the rows must stop jumping before the ones on screen are fetched. */
export const BROWSE_SETTLE_MS = 80;

export class BrowseRows {
  private readonly pages = new Map<number, SessionRow[]>();
  private readonly loading = new Set<number>();
  private failure: string | undefined;
  /** The rows on screen as last asked for: a page that arrives after they have moved on is kept quietly. */
  private visible: [number, number] = [0, -1];
  private wanted = false;
  private settling: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: Pick<HostApi, 'readSessionRows'>,
    private readonly sessionId: string,
    private total: number,
    /** Called when a page arrives (or fails), so the view renders again. */
    private readonly changed: () => void,
    /** The first page as the open's answer brought it (`SessionSummary.firstRows`): not asked for again. */
    firstRows?: readonly SessionRow[],
  ) {
    if (firstRows && firstRows.length >= Math.min(ROWS_PAGE_SIZE, total))
      this.pages.set(0, firstRows.slice(0, ROWS_PAGE_SIZE));
  }

  /** The list's length changed: the estimate of a session still being indexed, then its exact count. */
  setTotal(total: number): void {
    this.total = total;
  }

  row(index: number): SessionRow | undefined {
    return this.pages.get(Math.floor(index / ROWS_PAGE_SIZE))?.[index % ROWS_PAGE_SIZE];
  }

  get error(): string | undefined {
    return this.failure;
  }

  /**
   * Asks for the pages that hold rows [first, last], unless they are here or on their way; after a jump of more
   * than a screen, only once the rows have stayed put for BROWSE_SETTLE_MS.
   */
  want(first: number, last: number): void {
    const [before] = this.visible;
    this.visible = [first, last];
    const jumped = this.wanted && Math.abs(first - before) > last - first + 1;
    this.wanted = true;
    clearTimeout(this.settling);
    if (jumped) {
      this.settling = setTimeout(() => this.load(...this.visible), BROWSE_SETTLE_MS);
      return;
    }
    this.load(first, last);
  }

  private load(first: number, last: number): void {
    for (let page = Math.floor(first / ROWS_PAGE_SIZE); page <= Math.floor(last / ROWS_PAGE_SIZE); page++) {
      if (page * ROWS_PAGE_SIZE >= this.total) break;
      const cached = this.pages.get(page);
      if (cached) {
        // Touched: moved to the back of the eviction order.
        this.pages.delete(page);
        this.pages.set(page, cached);
        continue;
      }
      if (this.loading.has(page)) continue;
      this.loading.add(page);
      void this.fetch(page);
    }
  }

  private async fetch(page: number): Promise<void> {
    let failed = false;
    try {
      const { rows } = await this.host.readSessionRows({
        sessionId: this.sessionId,
        from: page * ROWS_PAGE_SIZE,
        count: ROWS_PAGE_SIZE,
      });
      this.pages.set(page, rows);
      while (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
    } catch (error) {
      this.failure = error instanceof Error ? error.message : String(error);
      failed = true;
    } finally {
      this.loading.delete(page);
    }
    // During a fling most pages arrive after their rows have scrolled past: rendering for them would only cost
    // frames (bench:ui-open). They are kept, and show when scrolled back to. A failure is shown wherever it happens.
    const [first, last] = this.visible;
    const start = page * ROWS_PAGE_SIZE;
    if (failed || (start <= last && start + ROWS_PAGE_SIZE > first)) this.changed();
  }
}
