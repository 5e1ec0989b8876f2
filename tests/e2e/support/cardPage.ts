// Page object for the card view (CARD-4..CARD-7): the identity and skills (with the examples that fill the composer),
// the raw card editor and its markers, the findings list, extra fields, a compat server's other cards, the extended
// card and the card's signatures. Specs speak through these methods, never selectors.

import { expect, type Locator, type Page } from '@playwright/test';

export class CardPage {
  constructor(readonly page: Page) {}

  /** The whole card view, as it shows once an agent is open. */
  view(): Locator {
    return this.page.getByTestId('card-view');
  }

  provider(): Locator {
    return this.page.getByTestId('card-provider');
  }

  // Skills

  skills(): Locator {
    return this.page.getByTestId('skill');
  }

  /** The skill's heading: its name as drawn (spoofing characters as marks), then its id. */
  skillName(id: string): Locator {
    return this.skill(id).locator('h4');
  }

  skillTags(id: string): Locator {
    return this.skill(id).getByTestId('skill-tag');
  }

  /** Clicks the skill example with this text: it goes into the composer, and the conversation is shown. */
  async useExample(text: string): Promise<void> {
    await this.page.getByTestId('skill-example').filter({ hasText: text }).click();
  }

  /** Clicks the example of the skill with this id. */
  async useExampleOf(skillId: string): Promise<void> {
    await this.skill(skillId).getByTestId('skill-example').click();
  }

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

  // Signatures (CARD-7)

  /** The signatures section's rows, one per signature, each with a `data-status` (unchecked, verified, failed). */
  signatures(): Locator {
    return this.signatureSection().getByTestId('card-signature');
  }

  /** What one signature's check concluded. */
  signatureVerdict(signature: Locator): Locator {
    return signature.getByTestId('signature-verdict');
  }

  /** Asks to fetch the key set a signature names (`jku`); the app asks for a yes first. */
  async askToFetchKeySet(): Promise<void> {
    await this.signatureSection().getByTestId('signature-fetch-jku').click();
  }

  /** The question asked before the key set is fetched, naming its URL. */
  keySetQuestion(): Locator {
    return this.signatureSection().getByTestId('signature-jku-confirm');
  }

  async confirmKeySetFetch(): Promise<void> {
    await this.signatureSection().getByTestId('signature-fetch-confirm').click();
  }

  /** Says where the fetched key set's exchange can be read. */
  keySetFetchNote(): Locator {
    return this.signatureSection().getByTestId('signature-fetch-note');
  }

  /** Verifies the signatures against a pasted key set (JWKS text). */
  async verifyWithKeySet(jwks: string): Promise<void> {
    await this.signatureSection().getByTestId('signature-jwks').fill(jwks);
    await this.signatureSection().getByTestId('signature-verify').click();
  }

  /** The overall result; its `data-verified` says whether any signature verified. */
  signatureSummary(): Locator {
    return this.signatureSection().getByTestId('signature-summary');
  }

  signatureError(): Locator {
    return this.signatureSection().getByTestId('signature-error');
  }

  private signatureSection(): Locator {
    return this.page.getByTestId('card-signatures');
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
