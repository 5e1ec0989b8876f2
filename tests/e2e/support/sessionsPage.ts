// Page object for sessions (SES-2..SES-8): save, the recent list, opening a file by the picker or by a drop, the
// replay bar (scrub, step, back to live), browse mode for a session too large to replay, the export review and its
// download, re-send and mock agents. Specs use these, never raw selectors.

import { Buffer } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

export interface SessionFile {
  name: string;
  content: string;
}

export class SessionsPage {
  constructor(readonly page: Page) {}

  // Notes

  notes(tone?: 'info' | 'error'): Locator {
    const all = this.page.getByTestId('session-note');
    return tone ? all.and(this.page.locator(`[data-tone="${tone}"]`)) : all;
  }

  async dismissNotes(): Promise<void> {
    const buttons = this.page.getByTestId('session-note-dismiss');
    while ((await buttons.count()) > 0) await buttons.first().click();
  }

  // Save and the recent list

  /** The top bar's session buttons: Save, Export, Export HAR and Mock agent. */
  action(name: 'save' | 'export' | 'export-har' | 'mock'): Locator {
    return this.page.getByTestId(`session-${name}`);
  }

  async save(): Promise<string> {
    const before = await this.notes('info').count();
    await this.action('save').click();
    await expect(this.notes('info')).toHaveCount(before + 1);
    return this.notes('info').last().innerText();
  }

  /** Saves with the keyboard shortcut, as a user would from anywhere in the window. */
  async saveWithShortcut(): Promise<string> {
    const before = await this.notes('info').count();
    await this.page.locator('body').press('ControlOrMeta+s');
    await expect(this.notes('info')).toHaveCount(before + 1);
    return this.notes('info').last().innerText();
  }

  recent(kind?: 'saved' | 'opened' | 'journal'): Locator {
    const all = this.page.getByTestId('recent-session');
    return kind ? all.and(this.page.locator(`[data-kind="${kind}"]`)) : all;
  }

  // Opening

  /** Picks a file with the top bar's "Open session…" picker, from memory. */
  async pickFile(file: SessionFile): Promise<void> {
    await this.page.getByTestId('session-file-input').setInputFiles({
      name: file.name,
      mimeType: 'application/json',
      buffer: Buffer.from(file.content),
    });
  }

  /** Drags a file over the window (the overlay says what a drop does) and drops it, as from the desktop. */
  async dropFile(file: SessionFile): Promise<void> {
    const dataTransfer = await this.page.evaluateHandle((f) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([f.content], f.name, { type: 'application/json' }));
      return transfer;
    }, file);
    // Dropped on the main area, away from the composer (which takes files for the message itself).
    const root = this.page.getByTestId('main-tabpanel');
    await root.dispatchEvent('dragenter', { dataTransfer });
    await root.dispatchEvent('dragover', { dataTransfer });
    await expect(this.dropOverlay()).toBeVisible();
    await expect(this.dropOverlay()).toContainText('Drop to open the session');
    await root.dispatchEvent('drop', { dataTransfer });
    await expect(this.dropOverlay()).toHaveCount(0);
  }

  dropOverlay(): Locator {
    return this.page.getByTestId('drop-overlay');
  }

  // Replay

  replayBar(): Locator {
    return this.page.getByTestId('replay-bar');
  }

  replayTitle(): Locator {
    return this.page.getByTestId('replay-title');
  }

  /** "cursor / total", e.g. "3 / 12". */
  position(): Locator {
    return this.page.getByTestId('replay-position');
  }

  async total(): Promise<number> {
    const text = await this.position().innerText();
    return Number(text.split('/')[1]!.trim());
  }

  async scrubTo(cursor: number): Promise<void> {
    await this.page.getByTestId('replay-scrubber').fill(String(cursor));
    await expect(this.position()).toHaveAttribute('data-cursor', String(cursor));
  }

  async stepForward(): Promise<void> {
    await this.page.getByTestId('replay-step-forward').click();
  }

  async stepBack(): Promise<void> {
    await this.page.getByTestId('replay-step-back').click();
  }

  async play(speed: '1' | '2' | '10' | 'max'): Promise<void> {
    await this.page.getByTestId('replay-speed').selectOption(speed);
    await this.page.getByTestId('replay-play').click();
  }

  notices(): Locator {
    return this.page.getByTestId('replay-notice');
  }

  /** Says how many live frames arrived during the replay, kept aside until "Back to live". */
  bufferedNote(): Locator {
    return this.page.getByTestId('replay-buffered');
  }

  async backToLive(): Promise<void> {
    await this.page.getByTestId('back-to-live').click();
    await expect(this.replayBar()).toHaveCount(0);
  }

  // Browse mode: rows read from disk, for a session too large to replay

  /** The main area; its `data-mode` says live, replay or browse. */
  workspace(): Locator {
    return this.page.getByTestId('workspace');
  }

  /** The browser of a large session; its `data-ready` is true once the file's index is read. */
  sessionBrowser(): Locator {
    return this.page.getByTestId('session-browser');
  }

  /** What the bar says about the session file, such as its number of frames. */
  replaySource(): Locator {
    return this.page.getByTestId('replay-source');
  }

  browseRows(): Locator {
    return this.page.getByTestId('browse-row');
  }

  /** The browse row at this index of the session (0 is the first frame). */
  browseRow(index: number): Locator {
    return this.browseRows().and(this.page.locator(`[data-index="${index}"]`));
  }

  /** Scrolls the browser to its far end in one move, as dragging the scrollbar down would. */
  async scrollBrowserToEnd(): Promise<void> {
    await this.page
      .getByTestId('browse-scroller')
      .evaluate((element) => (element.scrollTop = element.scrollHeight));
  }

  /** Types into the browser's Find field and presses Enter: the first row matching is selected. */
  async findInBrowser(text: string): Promise<void> {
    const find = this.page.getByTestId('browse-find');
    await find.fill(text);
    await find.press('Enter');
  }

  async findNext(): Promise<void> {
    await this.page.getByTestId('browse-find-next').click();
  }

  /** Where Find is: "Row 501", or that no row matches. */
  findStatus(): Locator {
    return this.page.getByTestId('browse-find-status');
  }

  // Export

  exportDialog(): Locator {
    return this.page.getByTestId('export-dialog');
  }

  async openExport(format: 'session' | 'har'): Promise<void> {
    await this.action(format === 'har' ? 'export-har' : 'export').click();
    await expect(this.exportDialog()).toBeVisible();
    await expect(this.page.getByTestId('redaction-headline')).toBeVisible();
  }

  redactionHeadline(): Locator {
    return this.page.getByTestId('redaction-headline');
  }

  redactionItems(): Locator {
    return this.page.getByTestId('redaction-item');
  }

  /** Unticks "Redact secrets": a confirmation appears first; `confirm` answers it. */
  async turnRedactionOff(confirm: boolean): Promise<void> {
    await this.page.getByTestId('export-redact').click();
    await expect(this.page.getByTestId('export-redact-confirm')).toBeVisible();
    await this.page.getByTestId(confirm ? 'export-redact-off' : 'export-redact-keep').click();
    await expect(this.page.getByTestId('export-redact-confirm')).toHaveCount(0);
  }

  /** Clicks Download and returns the file's name and text, as the browser saved it. */
  async download(): Promise<{ name: string; text: string }> {
    const downloading = this.page.waitForEvent('download');
    await this.page.getByTestId('export-download').click();
    const download = await downloading;
    const file = await download.path();
    return { name: download.suggestedFilename(), text: await readFile(file, 'utf8') };
  }

  // Re-send

  /** Re-sends from the replay bar (the whole session, or the selected frame's request) and waits for the diff. */
  async resend(options: { selectedOnly?: boolean } = {}): Promise<Locator> {
    await this.page.getByTestId('replay-resend').click();
    await expect(this.page.getByTestId('resend-dialog')).toBeVisible();
    await this.page.getByTestId(options.selectedOnly ? 'resend-scope-selected' : 'resend-scope-all').check();
    await this.page.getByTestId('resend-run').click();
    await expect(this.page.getByTestId('resend-diff')).toBeVisible({ timeout: 20_000 });
    return this.page.getByTestId('resend-diff');
  }

  /** Starts a re-send of the whole session to the open agent whose card URL contains `cardUrlPart` (UX-5). */
  async startResendTo(cardUrlPart: string): Promise<void> {
    await this.page.getByTestId('replay-resend').click();
    await expect(this.page.getByTestId('resend-dialog')).toBeVisible();
    const agent = this.page.getByTestId('resend-agent');
    const option = agent.locator('option', { hasText: cardUrlPart });
    await agent.selectOption((await option.getAttribute('value')) ?? '');
    await this.page.getByTestId('resend-scope-all').check();
    await this.page.getByTestId('resend-run').click();
  }

  /** The re-send's progress notice ("n of m requests sent", Cancel); shown after a second. */
  resendProgress(): Locator {
    return this.page.getByTestId('resend-progress');
  }

  async cancelResend(): Promise<void> {
    await this.page.getByTestId('resend-progress-cancel').click();
  }

  /** The progress notice of a session being opened, shown after a second. */
  openingProgress(): Locator {
    return this.page.getByTestId('session-opening');
  }

  async cancelOpening(): Promise<void> {
    await this.page.getByTestId('session-opening-cancel').click();
  }

  /** The diff's one-line verdict; `data-clean` is true when nothing differs. */
  resendHeadline(): Locator {
    return this.page.getByTestId('resend-headline');
  }

  resendSteps(): Locator {
    return this.page.getByTestId('resend-step');
  }

  /** One column of a re-sent step: what was recorded, what came back now, and the timings of both. */
  resendStepPart(step: Locator, part: 'recorded' | 'now' | 'timing'): Locator {
    return step.getByTestId(`resend-${part}`);
  }

  async closeResend(): Promise<void> {
    await this.page.getByTestId('resend-close').click();
    await expect(this.page.getByTestId('resend-dialog')).not.toBeVisible();
  }

  // Mock agents

  async startMock(timing: 'original' | 'compressed'): Promise<string> {
    await this.action('mock').click();
    await expect(this.page.getByTestId('mock-dialog')).toBeVisible();
    await this.page.getByTestId(`mock-timing-${timing}`).check();
    await this.page.getByTestId('mock-start').click();
    const url = this.page.getByTestId('mock-url');
    await expect(url).toBeVisible();
    return url.innerText();
  }

  mockCardUrl(): Locator {
    return this.page.getByTestId('mock-card-url');
  }

  async closeMockDialog(): Promise<void> {
    await this.page.getByTestId('mock-close').click();
  }

  runningMocks(): Locator {
    return this.page.getByTestId('mock-agent');
  }

  /** Stops one running mock agent, from its row in the list. */
  async stopMock(mock: Locator): Promise<void> {
    await mock.getByTestId('mock-stop').click();
  }
}
