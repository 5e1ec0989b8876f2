// Page object for the Checks panel (CHK-1..CHK-5): run, probe, read the findings by check and severity, follow a
// finding to its frame, and download the report.

import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

export class ChecksPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByTestId('tab-checks').click();
    await expect(this.panel()).toBeVisible();
  }

  panel(): Locator {
    return this.page.getByTestId('checks-panel');
  }

  async run(): Promise<void> {
    await this.page.getByTestId('checks-run').click();
    await expect(this.summary()).toBeVisible();
    await expect(this.page.getByTestId('checks-busy')).toHaveCount(0);
  }

  async probe(): Promise<void> {
    await this.page.getByTestId('checks-probe').click();
    await expect(this.probeResults()).toHaveCount(11, { timeout: 30_000 });
    await expect(this.page.getByTestId('checks-busy')).toHaveCount(0, { timeout: 30_000 });
  }

  /** Starts the probes and leaves them running (for a cancel). */
  async startProbes(): Promise<void> {
    await this.page.getByTestId('checks-probe').click();
  }

  /** The shared progress notice of a probe run (UX-5); it appears after a second. */
  progress(): Locator {
    return this.page.getByTestId('checks-progress');
  }

  progressBar(): Locator {
    return this.progress().getByRole('progressbar');
  }

  /** Cancels the run from the keyboard: Tab reaches the button like any other. */
  async cancelProbesByKeyboard(): Promise<void> {
    await this.page.getByTestId('checks-progress-cancel').focus();
    await this.page.keyboard.press('Enter');
  }

  cancelledNote(): Locator {
    return this.page.getByTestId('checks-cancelled');
  }

  summary(): Locator {
    return this.page.getByTestId('checks-summary');
  }

  /** The section of one severity: its heading says how many findings it holds. */
  severity(severity: 'error' | 'warning' | 'info'): Locator {
    return this.page.getByTestId(`checks-${severity}`);
  }

  /** The findings of one check, within a severity when given. */
  group(check: string, severity?: 'error' | 'warning' | 'info'): Locator {
    const scope = severity ? this.severity(severity) : this.page;
    return scope.getByTestId('check-group').and(this.page.locator(`[data-check="${check}"]`));
  }

  findings(check?: string): Locator {
    const all = this.page.getByTestId('check-finding');
    return check ? all.and(this.page.locator(`[data-check="${check}"]`)) : all;
  }

  /** A finding's links to the frames it was seen in, each named by the exchange (e.g. "SendMessage 200"). */
  frameLinks(finding: Locator): Locator {
    return finding.getByTestId('check-frame-link');
  }

  /** The link to the public section a finding cites. */
  specLink(finding: Locator): Locator {
    return finding.getByTestId('spec-link');
  }

  /** How many times a finding was seen, as "×2"; absent when once. */
  timesSeen(finding: Locator): Locator {
    return finding.getByTestId('finding-count');
  }

  /** Follows a finding's first frame link to the Frames tab. */
  async openFrameOf(finding: Locator): Promise<void> {
    await this.frameLinks(finding).first().click();
    await expect(this.page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true');
  }

  probeResults(): Locator {
    return this.page.getByTestId('probe-result');
  }

  async probeStatuses(): Promise<Record<string, string>> {
    const rows = await this.probeResults().evaluateAll((elements) =>
      elements.map((row) => [row.getAttribute('data-probe') ?? '', row.getAttribute('data-status') ?? '']),
    );
    return Object.fromEntries(rows);
  }

  /** Says that traffic arrived after the report was made and is not in it yet. */
  staleNote(): Locator {
    return this.page.getByTestId('checks-stale');
  }

  exportButton(format: 'json' | 'junit'): Locator {
    return this.page.getByTestId(`checks-export-${format}`);
  }

  async download(format: 'json' | 'junit'): Promise<{ name: string; text: string }> {
    const downloading = this.page.waitForEvent('download');
    await this.exportButton(format).click();
    const download = await downloading;
    return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
  }

  /** Parses JUnit XML with the page's DOMParser: the failing test cases' names, or null when the XML does not parse. */
  async junitFailures(xml: string): Promise<{ suites: number; failing: string[] } | null> {
    return this.page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'text/xml');
      if (doc.getElementsByTagName('parsererror').length > 0) return null;
      const failing = [...doc.getElementsByTagName('failure')].map(
        (failure) => failure.parentElement?.getAttribute('name') ?? '',
      );
      return { suites: doc.getElementsByTagName('testsuite').length, failing };
    }, xml);
  }
}
