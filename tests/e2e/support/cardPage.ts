// Page object for the card view (CARD-4..CARD-6): the raw card editor and its markers, the findings list, extra
// fields, a compat server's other cards and the extended card. Specs speak through these methods, never selectors.

import { expect, type Locator, type Page } from '@playwright/test';

export class CardPage {
  constructor(readonly page: Page) {}

  /** The editor of the card in use, or of the compat server's other card. */
  editor(which: 'main' | 'variant' = 'main'): Locator {
    return this.page.getByTestId(which === 'main' ? 'card-raw' : 'variant-card').getByTestId('card-editor');
  }

  /** The lines Monaco holds markers at, once the editor has loaded and set them. */
  async markerLines(which: 'main' | 'variant' = 'main'): Promise<number[]> {
    const editor = this.editor(which);
    await expect(editor).toHaveAttribute('data-monaco-ready', 'true');
    await expect(editor).toHaveAttribute('data-markers', /^\d+$/);
    const lines = (await editor.getAttribute('data-marker-lines')) ?? '';
    return lines === '' ? [] : lines.split(',').map(Number);
  }

  /** Which text the editor shows: as the agent sent it, or pretty-printed. */
  async showCardText(view: 'exact' | 'pretty'): Promise<void> {
    await this.page.getByTestId('card-raw').getByTestId(`card-view-${view}`).click();
    await expect(this.editor()).toHaveAttribute('data-view', view);
  }

  findings(which: 'main' | 'variant' = 'main'): Locator {
    return this.page.getByTestId(which === 'main' ? 'card-raw' : 'variant-card').getByTestId('card-finding');
  }

  /** The line of the main card's finding made by `rule`, as the list states it. */
  async findingLine(rule: string): Promise<number> {
    const finding = this.findings().and(this.page.locator(`[data-rule="${rule}"]`));
    return Number(await finding.getAttribute('data-line'));
  }

  /** Clicks the main card's finding made by `rule`: the editor reveals its line. */
  async revealFinding(rule: string): Promise<void> {
    await this.findings()
      .and(this.page.locator(`[data-rule="${rule}"]`))
      .getByRole('button')
      .click();
  }

  /** The line the editor's cursor is on. */
  cursorLine(): Promise<string | null> {
    return this.editor().getAttribute('data-cursor-line');
  }

  noFindings(): Locator {
    return this.page.getByTestId('card-raw').getByTestId('card-no-findings');
  }

  extraField(pointer: string): Locator {
    return this.page.getByTestId('card-extra-field').and(this.page.locator(`[data-pointer="${pointer}"]`));
  }

  skill(id: string): Locator {
    return this.page.getByTestId('skill').and(this.page.locator(`[data-skill-id="${id}"]`));
  }

  extension(): Locator {
    return this.page.getByTestId('card-extension');
  }

  // Extended card

  extendedOffer(): Locator {
    return this.page.getByTestId('extended-offer');
  }

  async fetchExtendedCard(bearerToken?: string): Promise<void> {
    if (bearerToken !== undefined) await this.page.getByTestId('extended-token').fill(bearerToken);
    await this.page.getByTestId('fetch-extended-card').click();
  }

  extendedOutcome(): Locator {
    return this.page.getByTestId('extended-outcome');
  }

  extendedDiff(): Locator {
    return this.page.getByTestId('extended-diff');
  }

  extendedCredentials(): Locator {
    return this.page.getByTestId('extended-credentials');
  }

  /** A diff entry of the extended card, by kind and pointer. */
  extendedDiffEntry(kind: 'added' | 'removed' | 'changed', pointer: string): Locator {
    return this.diffEntry(this.extendedDiff(), kind, pointer);
  }

  // Cards per A2A-Version

  variants(): Locator {
    return this.page.getByTestId('card-variants');
  }

  variantOptions(): Locator {
    return this.page.getByTestId('card-variant');
  }

  mainVariant(): Locator {
    return this.page.getByTestId('card-variant-main');
  }

  variantDiff(): Locator {
    return this.page.getByTestId('variant-diff');
  }

  variantDiffEntry(kind: 'added' | 'removed' | 'changed', pointer: string): Locator {
    return this.diffEntry(this.variantDiff(), kind, pointer);
  }

  async showVariantCard(): Promise<void> {
    await this.page.getByTestId('variant-show-card').click();
    await expect(this.editor('variant')).toHaveAttribute('data-monaco-ready', 'true');
  }

  private diffEntry(list: Locator, kind: string, pointer: string): Locator {
    return list
      .getByTestId('diff-entry')
      .and(this.page.locator(`[data-kind="${kind}"][data-pointer="${pointer}"]`));
  }
}
