// Page object for the conformance suite section of the Checks tab (CHK-6): choose suites, level, interfaces and
// behaviours, run, stop, read the results by interface and test, follow a failed test to its frame, download.

import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

export class ConformancePage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByTestId('tab-checks').click();
    await expect(this.section()).toBeVisible();
  }

  section(): Locator {
    return this.page.getByTestId('acts');
  }

  /** Ticks exactly these suites (none: every suite). */
  async chooseSuites(ids: readonly string[]): Promise<void> {
    for (const box of await this.page.getByTestId('acts-suite').all()) {
      const id = await box.getAttribute('data-suite');
      await box.setChecked(id !== null && ids.includes(id));
    }
  }

  /** Ticks exactly these interfaces, as "JSONRPC 1.0" (none: every interface). */
  async chooseInterfaces(names: readonly string[]): Promise<void> {
    for (const box of await this.page.getByTestId('acts-interface').all()) {
      const name = `${await box.getAttribute('data-binding')} ${await box.getAttribute('data-generation')}`;
      await box.setChecked(names.includes(name));
    }
  }

  async choose(options: { level?: 'must' | 'should' | 'may'; behaviours?: boolean }): Promise<void> {
    if (options.level) await this.page.getByTestId('acts-level').selectOption(options.level);
    if (options.behaviours !== undefined)
      await this.page.getByTestId('acts-behaviours').setChecked(options.behaviours);
  }

  async run(): Promise<void> {
    await this.page.getByTestId('acts-run').click();
  }

  /** The running suite's progress notice, the one every long operation shows (UX-5). */
  progress(): Locator {
    return this.page.getByTestId('acts-progress');
  }

  /** How many tests the notice says are done ("…: 3 of 40 tests"). */
  async progressDone(): Promise<number> {
    const text = (await this.page.getByTestId('acts-progress-text').textContent()) ?? '';
    return Number(/: ([\d,]+) of/.exec(text)?.[1]?.replace(/,/g, '') ?? '0');
  }

  /** Stops the run with the notice's Cancel. */
  async stop(): Promise<void> {
    await this.page.getByTestId('acts-progress-cancel').click();
  }

  /** Waits for the run to end and returns whether it conformed. */
  async verdict(): Promise<{ conforms: boolean; stopped: boolean }> {
    const verdict = this.page.getByTestId('acts-verdict');
    await expect(verdict).toBeVisible({ timeout: 60_000 });
    return {
      conforms: (await verdict.getAttribute('data-conforms')) === 'true',
      stopped: (await verdict.getAttribute('data-stopped')) === 'true',
    };
  }

  interfaces(): Locator {
    return this.page.getByTestId('acts-summary');
  }

  async show(filter: 'problems' | 'pass' | 'skip' | 'all'): Promise<void> {
    await this.page.getByTestId(`acts-filter-${filter}`).click();
  }

  /** An interface's results grouped by suite. */
  suiteResults(): Locator {
    return this.interfaces().getByTestId('acts-suite-results');
  }

  test(id: string): Locator {
    return this.page.getByTestId('acts-test').and(this.page.locator(`[data-id="${id}"]`));
  }

  /** Why tests were not run: within one test when given, else every reason shown. */
  skipReasons(test?: Locator): Locator {
    return (test ?? this.page).getByTestId('acts-skip-reason');
  }

  /** What a failed test expected, and what came back instead. */
  expected(test: Locator): Locator {
    return test.getByTestId('acts-expected');
  }

  actual(test: Locator): Locator {
    return test.getByTestId('acts-actual');
  }

  /** Follows a failed test's link to the exchange that failed, on the Frames tab. */
  async openFailedFrame(test: Locator): Promise<void> {
    await test.getByTestId('acts-failed-frame').click();
  }

  exportButton(format: 'acts' | 'json' | 'junit'): Locator {
    return this.page.getByTestId(`acts-export-${format}`);
  }

  async download(format: 'acts' | 'json' | 'junit'): Promise<{ name: string; text: string }> {
    const downloading = this.page.waitForEvent('download');
    await this.exportButton(format).click();
    const download = await downloading;
    return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
  }
}
