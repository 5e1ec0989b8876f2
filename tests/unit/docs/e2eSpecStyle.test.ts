// The end-to-end specs reach the page only through page objects (tests/e2e/support/appPage.ts: specs speak in user
// actions and visible results, never raw selectors; docs/architecture.md#tests says where they live). This reads
// every tests/e2e/*.spec.ts and fails on a raw selector or action called on an identifier named `page` — as in
// `page.getByTestId(…)`, `app.page.locator(…)` or `page.click(…)` — and on a selector query on any receiver, such as
// `row.getByTestId(…)`, since that belongs in a page object too. Handing the page to a page object (`new
// CardPage(app.page)`) and reading it (`app.page.url()`) are fine. Comments are dropped before reading, so a comment
// may name a call it must not make.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SPEC_DIR = path.resolve('tests/e2e');

/** Playwright's selector queries: whatever they are called on, they name the DOM's structure. */
const QUERIES =
  'getByTestId|getByRole|getByText|getByLabel|getByPlaceholder|getByAltText|getByTitle|locator|frameLocator';
/** Page methods that act on, or query, an element by a selector given to them. */
const PAGE_ACTIONS =
  'click|dblclick|fill|type|press|check|uncheck|selectOption|hover|tap|focus|\\$|\\$\\$|\\$eval|\\$\\$eval';

/**
 * A call on an identifier named `page`, alone or as a member (`page.`, `app.page.`, `popup.page?.`); the word boundary
 * keeps names that only end in "page" (`sessionsPage`, `homepage`) out.
 */
const RAW_PAGE_CALL = new RegExp(`\\bpage\\s*\\??\\.\\s*(?:${QUERIES}|${PAGE_ACTIONS})\\s*\\(`);
/** A selector query on anything: `row.getByTestId(`, `render.markdown(x).locator(`. */
const SELECTOR_QUERY = new RegExp(`\\.\\s*(?:${QUERIES})\\s*\\(`);

/**
 * The text with its comments blanked out, line for line. A `//` counts as a comment only at a line's start or after
 * white space, so that the `//` of a URL in a string stays code.
 */
function withoutComments(text: string): string[] {
  const blanked = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return blanked.split('\n').map((line) => line.replace(/(^|\s)\/\/.*$/, '$1'));
}

/** Each line of `text` that matches `pattern`, as `name:line: code`. */
function offences(name: string, text: string, pattern: RegExp): string[] {
  return withoutComments(text).flatMap((line, index) =>
    pattern.test(line) ? [`${name}:${index + 1}: ${line.trim()}`] : [],
  );
}

function specs(): Array<{ name: string; text: string }> {
  return readdirSync(SPEC_DIR)
    .filter((name) => name.endsWith('.spec.ts'))
    .sort()
    .map((name) => ({ name: `tests/e2e/${name}`, text: readFileSync(path.join(SPEC_DIR, name), 'utf8') }));
}

describe('e2e specs', () => {
  it('are there to read', () => {
    expect(specs().length).toBeGreaterThan(10);
  });

  it('call no selector or action on the page itself: page objects do', () => {
    expect(specs().flatMap(({ name, text }) => offences(name, text, RAW_PAGE_CALL))).toEqual([]);
  });

  it('query no selector on any locator either: page objects name the parts', () => {
    expect(specs().flatMap(({ name, text }) => offences(name, text, SELECTOR_QUERY))).toEqual([]);
  });

  it('flag raw calls on page and let page objects through', () => {
    const sample = [
      "await page.getByTestId('x').click();",
      "await app.page.locator('#x').click();",
      "await popup.page?.getByRole('button').click();",
      "await page.click('#send');",
      "await page.fill('input', 'text');",
      "const rows = await page.$$('tr');",
      "const row = await page.$('tr');",
      'const card = new CardPage(app.page);',
      'const appUrl = app.page.url();',
      'await sessionsPage.click();',
      "const sessions = new SessionsPage(page); await homepage.fill('x');",
      "// await page.locator('x') in a comment",
      "await expect(render.fileParts(agent)).toHaveCount(2); // not page.click('x')",
      "/* page.getByTestId('x') */ await app.openAgent('http://127.0.0.1/');",
    ].join('\n');
    expect(offences('sample', sample, RAW_PAGE_CALL).map((offence) => offence.split(':')[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(offences('sample', "await row.getByTestId('task-cancel').click();", SELECTOR_QUERY)).toHaveLength(
      1,
    );
    expect(offences('sample', 'await tasks.cancel(row);', SELECTOR_QUERY)).toEqual([]);
  });
});
