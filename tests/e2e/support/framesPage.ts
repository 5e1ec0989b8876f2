// Page object for the frames view, the frame inspector and the raw request editor: specs speak in user actions and
// visible results, never raw selectors.

import { expect, type Locator, type Page } from '@playwright/test';
import { WINDOW_FRAMES_KEY } from '../../../renderer/store/framesSlice';

export interface RawRequestInput {
  method: string;
  /** Empty for the agent's interface URL. */
  url: string;
  headers: Array<[string, string]>;
  body: string;
}

export class FramesPage {
  constructor(readonly page: Page) {}

  // The list

  async open(): Promise<void> {
    await this.page.getByTestId('tab-frames').click();
    await expect(this.page.getByTestId('frames-table')).toBeVisible();
  }

  rows(): Locator {
    return this.page.getByTestId('frame-row');
  }

  async filter(text: string): Promise<void> {
    await this.page.getByTestId('frames-filter').fill(text);
  }

  noMatch(): Locator {
    return this.page.getByTestId('frames-no-match');
  }

  timingBars(): Locator {
    return this.page.getByTestId('frame-timing-bar');
  }

  /**
   * Lowers how many frames the window keeps, as a user short of memory would; like that setting, it applies from the
   * next load (AppPage.reload).
   */
  async keepNewestFrames(count: number): Promise<void> {
    await this.page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: WINDOW_FRAMES_KEY,
      value: String(count),
    });
  }

  /** The note that older frames left the window; its `data-dropped` says how many. */
  retainedNote(): Locator {
    return this.page.getByTestId('retained-note');
  }

  // The inspector

  /** The inspected exchange's extensions, each with `data-state` activated, not activated or not asked for. */
  extensions(): Locator {
    return this.page.getByTestId('frame-extension');
  }

  inspector(): Locator {
    return this.page.getByTestId('frame-inspector');
  }

  a2a(): Locator {
    return this.page.getByTestId('frame-a2a');
  }

  /** The inspector's Connection section (NET-1): its summary line, and its facts once opened. */
  connection(): Locator {
    return this.page.getByTestId('frame-connection');
  }

  async openConnection(): Promise<void> {
    await this.connection().locator('summary').click();
  }

  envelope(): Locator {
    return this.page.getByTestId('rpc-envelope');
  }

  /** The answer's id check; its `data-id-check` says match, mismatch, null, missing or unknown-request. */
  idCheck(): Locator {
    return this.page.getByTestId('rpc-id-check');
  }

  rpcError(): Locator {
    return this.page.getByTestId('rpc-error');
  }

  /** The selected stream's events, one button each (the list is virtual: those in view). */
  streamEvents(): Locator {
    return this.page.getByTestId('stream-event');
  }

  /** When each listed event arrived, `+N ms` from the start of its exchange. */
  streamEventTimes(): Locator {
    return this.page.getByTestId('stream-event-at');
  }

  /** The selected stream's events stored on disk for being over the per-event cap (FRM-8). */
  storedStreamEvents(): Locator {
    return this.streamEvents().and(this.page.locator('[data-stored="true"]'));
  }

  /** The selected event in full, below the list. */
  eventDetail(): Locator {
    return this.page.getByTestId('sse-event-detail');
  }

  eventRaw(): Locator {
    return this.page.getByTestId('sse-raw');
  }

  eventJson(): Locator {
    return this.page.getByTestId('sse-json');
  }

  /** Says that the body went to disk instead of the window, and what was cut out of it. */
  bodyStored(): Locator {
    return this.page.getByTestId('body-stored');
  }

  /** A push delivery's verdict: accepted, or refused with the status the receiver answered. */
  deliveryVerdict(): Locator {
    return this.page.getByTestId('webhook-verdict');
  }

  async openRequest(): Promise<void> {
    const details = this.page.getByTestId('request-details');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    await expect(this.requestHeaders()).toBeVisible();
  }

  requestHeaders(): Locator {
    return this.page.getByTestId('request-headers');
  }

  secretValues(): Locator {
    return this.page.getByTestId('secret-value');
  }

  async showCurl(): Promise<void> {
    await this.page.getByTestId('show-curl').click();
  }

  curlText(): Locator {
    return this.page.getByTestId('curl-text');
  }

  /** The inspector's Copy as … menu: the request as cURL, fetch (JavaScript), HTTPie or Python requests. */
  async copyAs(label: string): Promise<void> {
    await this.page.getByTestId('copy-format').selectOption({ label });
  }

  async pin(): Promise<void> {
    await this.page.getByTestId('pin-frame').click();
    await expect(this.page.getByTestId('pin-frame')).toHaveAttribute('aria-pressed', 'true');
  }

  pinnedRows(): Locator {
    return this.rows().and(this.page.locator('[data-pinned="true"]'));
  }

  async diffWithPinned(): Promise<void> {
    await this.page.getByTestId('diff-pinned').click();
    await expect(this.diff()).toBeVisible();
  }

  diff(): Locator {
    return this.page.getByTestId('frame-diff');
  }

  /** One section of the diff: request, requestBody, response or responseBody. */
  diffSection(name: 'request' | 'requestBody' | 'response' | 'responseBody'): Locator {
    return this.diff().locator(`[data-section="${name}"]`);
  }

  diffLines(
    name: 'request' | 'requestBody' | 'response' | 'responseBody',
    kind: 'added' | 'removed',
  ): Locator {
    return this.diffSection(name).locator(`[data-kind="${kind}"]`);
  }

  async editAndResend(): Promise<void> {
    await this.page.getByTestId('edit-resend').click();
    await expect(this.page.getByTestId('raw-view')).toBeVisible();
  }

  // The raw request editor

  async openRaw(): Promise<void> {
    await this.page.getByTestId('tab-raw').click();
    await expect(this.page.getByTestId('raw-view')).toBeVisible();
  }

  async fillRaw(request: RawRequestInput): Promise<void> {
    await this.page.getByTestId('raw-method').fill(request.method);
    await this.page.getByTestId('raw-url').fill(request.url);
    const rows = this.page.getByTestId('raw-header');
    while ((await rows.count()) > 0) await rows.first().getByRole('button').click();
    for (const [index, [name, value]] of request.headers.entries()) {
      await this.page.getByTestId('raw-add-header').click();
      await rows.nth(index).getByTestId('raw-header-name').fill(name);
      await rows.nth(index).getByTestId('raw-header-value').fill(value);
    }
    await this.rawBody().fill(request.body);
  }

  rawUrl(): Locator {
    return this.page.getByTestId('raw-url');
  }

  rawBody(): Locator {
    return this.page.getByTestId('raw-body');
  }

  async sendRaw(): Promise<void> {
    await this.page.getByTestId('raw-send').click();
  }

  rawOutcome(): Locator {
    return this.page.getByTestId('raw-outcome');
  }

  async showRawExchange(): Promise<void> {
    await this.page.getByTestId('raw-show-frame').click();
    await expect(this.inspector()).toBeVisible();
  }
}
