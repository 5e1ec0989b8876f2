// Page object for a tab on the attacker's site (or under a rebound foreign name), plus the record of every exchange
// that tab's documents and frames had with the Switchboard server: what the server answered to each attack, as seen
// on the wire by the browser, whatever the attacking script itself was allowed to read.

import { expect, type Frame, type Page, type Response } from '@playwright/test';
import { TOKEN_HEADER, TOKEN_META } from '../../../shared/host/webBridge';

export interface AppExchange {
  method: string;
  /** Host and port the browser addressed, e.g. 127.0.0.1:4711 or rebind.test:4711. */
  host: string;
  path: string;
  /** Chromium's resource type: document, fetch, ping (a beacon), script… */
  type: string;
  status: number;
  headers: Record<string, string>;
  /** The server's explanation, once Chromium has handed it over. */
  body?: string;
}

export class EvilPage {
  /** Responses from the app's port, in the order they completed. */
  readonly exchanges: AppExchange[] = [];
  /** Requests to the app's port the browser gave up on before any response (CORS preflight refused…). */
  readonly failures: string[] = [];

  constructor(
    readonly page: Page,
    private readonly appPort: number,
  ) {
    page.on('response', (response) => this.record(response));
    page.on('requestfailed', (request) => {
      if (this.isApp(request.url())) {
        this.failures.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`);
      }
    });
  }

  private isApp(url: string): boolean {
    return new URL(url).port === String(this.appPort);
  }

  private record(response: Response): void {
    const url = new URL(response.url());
    if (!this.isApp(response.url())) return;
    const exchange: AppExchange = {
      method: response.request().method(),
      host: url.host,
      path: url.pathname + url.search,
      type: response.request().resourceType(),
      status: response.status(),
      headers: response.headers(),
    };
    this.exchanges.push(exchange);
    // Chromium hands over the body of some answers only (not an opaque one's); the status is what matters.
    void response.text().then(
      (body) => (exchange.body = body),
      () => {},
    );
  }

  /** The exchanges with the host API (`/api/…`). */
  apiExchanges(): AppExchange[] {
    return this.exchanges.filter((exchange) => exchange.path.startsWith('/api/'));
  }

  async visit(url: string): Promise<Response | null> {
    return this.page.goto(url);
  }

  async openAppInPopup(): Promise<Page> {
    const popup = this.page.waitForEvent('popup');
    await this.page.getByRole('button', { name: 'Open the app' }).click();
    return popup;
  }

  async lookInsidePopup(): Promise<void> {
    await this.page.getByRole('button', { name: 'Look inside' }).click();
  }

  /** The child frame the attacker's page put the app in. */
  framedApp(): Frame {
    const frame = this.page.mainFrame().childFrames()[0];
    expect(frame, 'the attacker page has a frame').toBeDefined();
    return frame!;
  }

  /** Whether the document under `frame` (or the page) booted the app. */
  static async bootedApp(target: Page | Frame): Promise<boolean> {
    return (await target.locator('[data-app-state]').count()) > 0;
  }

  /**
   * Serves `html` as the first answer for `url` only — the attacker's own server behind the foreign name — so that
   * every later request from that page goes to 127.0.0.1: DNS rebinding, without a DNS server.
   */
  async rebindFirstLoad(url: string, html: string): Promise<void> {
    await this.page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }), {
      times: 1,
    });
  }
}

/** The token the app's page was served (its <meta>): what every attacker is after. */
export async function servedToken(page: Page): Promise<string> {
  const token = await page.locator(`meta[name="${TOKEN_META}"]`).getAttribute('content');
  expect(token, 'the served page carries a token').toBeTruthy();
  return token!;
}

/** Calls the host API from `page` exactly as the renderer's bridge does, with the token that page was served. */
export async function callApiFromPage(
  page: Page,
  method: string,
  body: string,
): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ method, body, meta, header }) => {
      const token = document.querySelector<HTMLMetaElement>(`meta[name="${meta}"]`)?.content ?? '';
      const response = await fetch(`/api/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [header]: token },
        body,
      });
      return { status: response.status, text: await response.text() };
    },
    { method, body, meta: TOKEN_META, header: TOKEN_HEADER },
  );
}
