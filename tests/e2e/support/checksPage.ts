// Page object for the Checks panel (CHK-1..CHK-5).

import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

export class ChecksPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByTestId('tab-checks').click();
    await expect(this.page.getByTestId('checks-panel')).toBeVisible();
  }

  async run(): Promise<void> {
    await this.page.getByTestId('checks-run').click();
    await expect(this.summary()).toBeVisible();
  }

  async probe(): Promise<void> {
    await this.page.getByTestId('checks-probe').click();
    await expect(this.probeResults()).toHaveCount(6, { timeout: 30_000 });
  }

  summary(): Locator {
    return this.page.getByTestId('checks-summary');
  }

  findings(check?: string): Locator {
    const all = this.page.getByTestId('check-finding');
    return check ? all.and(this.page.locator(`[data-check="${check}"]`)) : all;
  }

  probeResults(): Locator {
    return this.page.getByTestId('probe-result');
  }

  async download(format: 'json' | 'junit'): Promise<{ name: string; text: string }> {
    const downloading = this.page.waitForEvent('download');
    await this.page.getByTestId(`checks-export-${format}`).click();
    const download = await downloading;
    return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
  }
}
