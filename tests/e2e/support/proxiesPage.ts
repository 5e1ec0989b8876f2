// Page object for the recording proxies (PRX-1, PRX-4, PRX-5): "Proxy an agent…" from the sidebar or the palette,
// its form and the errors it shows, the proxies panel, and the "via proxy" tags and notes on proxied frames in the
// frames table, the timeline and the inspector. Specs use these, never raw selectors.

import { expect, type Locator, type Page } from '@playwright/test';

export interface ProxyForm {
  upstream?: string;
  port?: string;
  injectTrace?: boolean;
  routePush?: boolean;
  replace?: boolean;
}

export class ProxiesPage {
  constructor(readonly page: Page) {}

  panel(): Locator {
    return this.page.getByTestId('proxies-panel');
  }

  emptyNote(): Locator {
    return this.page.getByTestId('proxies-empty');
  }

  rows(): Locator {
    return this.page.getByTestId('proxy-row');
  }

  // The dialog

  dialog(): Locator {
    return this.page.getByTestId('proxy-dialog');
  }

  async openFromSidebar(): Promise<void> {
    await this.page.getByTestId('proxy-open-dialog').click();
    await expect(this.dialog()).toBeVisible();
  }

  async openFromPalette(): Promise<void> {
    await this.page.keyboard.press('Control+k');
    await expect(this.page.getByTestId('palette')).toBeVisible();
    await this.page.getByTestId('palette-input').fill('Proxy an agent');
    await this.page.getByTestId('palette-input').press('Enter');
    await expect(this.dialog()).toBeVisible();
  }

  upstreamInput(): Locator {
    return this.page.getByTestId('proxy-upstream');
  }

  portInput(): Locator {
    return this.page.getByTestId('proxy-port');
  }

  switchBox(name: 'inject-trace' | 'route-push' | 'replace'): Locator {
    return this.page.getByTestId(`proxy-${name}`);
  }

  sessionSelect(): Locator {
    return this.page.getByTestId('proxy-session');
  }

  async fill(form: ProxyForm): Promise<void> {
    if (form.upstream !== undefined) await this.upstreamInput().fill(form.upstream);
    if (form.port !== undefined) await this.portInput().fill(form.port);
    if (form.injectTrace !== undefined) await this.switchBox('inject-trace').setChecked(form.injectTrace);
    if (form.routePush !== undefined) await this.switchBox('route-push').setChecked(form.routePush);
    if (form.replace !== undefined) await this.switchBox('replace').setChecked(form.replace);
  }

  async start(): Promise<void> {
    await this.page.getByTestId('proxy-start').click();
  }

  async closeDialog(): Promise<void> {
    await this.page.getByTestId('proxy-close').click();
    await expect(this.dialog()).toBeHidden();
  }

  fieldError(field: 'upstream' | 'port' | 'replaceWith'): Locator {
    return this.page.getByTestId(`proxy-error-${field}`);
  }

  startError(): Locator {
    return this.page.getByTestId('proxy-start-error');
  }

  startedCardUrl(): Locator {
    return this.page.getByTestId('proxy-started-card-url');
  }

  // A running proxy in the panel

  rowCardUrl(index = 0): Locator {
    return this.rows().nth(index).getByTestId('proxy-card-url');
  }

  faultCount(index = 0): Locator {
    return this.rows().nth(index).getByTestId('proxy-fault-count');
  }

  /** Opens the first proxy's fault rules, types them and applies them. */
  async applyFaultRules(json: string, index = 0): Promise<void> {
    const row = this.rows().nth(index);
    const rules = row.getByTestId('proxy-fault-rules');
    if ((await rules.getAttribute('open')) === null) await rules.locator('summary').click();
    await row.getByTestId('proxy-fault-text').fill(json);
    await row.getByTestId('proxy-fault-apply').click();
  }

  async stopFirst(): Promise<void> {
    await this.rows().first().getByTestId('proxy-stop').click();
  }

  // Proxied frames

  frameRowTags(): Locator {
    return this.page.getByTestId('frame-row-proxy');
  }

  timelineTags(): Locator {
    return this.page.getByTestId('timeline-proxy-tag');
  }

  inspectorTag(): Locator {
    return this.page.getByTestId('inspector-proxy-tag');
  }

  inspectorClient(): Locator {
    return this.page.getByTestId('frame-proxied-client');
  }

  inspectorNotes(): Locator {
    return this.page.getByTestId('frame-proxied-note');
  }

  /** Selects the first stream event the timeline lists with a via-proxy tag. */
  async selectTimelineEvent(): Promise<void> {
    const events = this.page.getByTestId('timeline-entry').and(this.page.locator('[data-kind="event"]'));
    await events.filter({ has: this.timelineTags() }).first().click();
  }

  /** Selects the frames table's row whose operation cell carries a via-proxy tag, the nth of them. */
  async selectProxiedRow(index = 0): Promise<void> {
    await this.page.getByTestId('frame-row').filter({ has: this.frameRowTags() }).nth(index).click();
  }
}
