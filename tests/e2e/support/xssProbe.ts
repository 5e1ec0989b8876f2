// Watches a page for any sign that agent content ran or called out (issue 10, SEC-3): the `__xss(id)` probe the
// corpus payloads call, dialogs, and a scan of the live DOM for what agent markup would leave behind if it had been
// parsed as HTML (event-handler attributes, scripts, frames and embeds, script links, injected styles, <base>,
// <meta refresh>). Requests to the sentinel are counted by the corpus peer itself.

import { expect, type Page } from '@playwright/test';

export class XssProbe {
  readonly calls: string[] = [];
  readonly dialogs: string[] = [];

  private constructor(readonly page: Page) {}

  static async install(page: Page): Promise<XssProbe> {
    const probe = new XssProbe(page);
    await page.exposeFunction('__xss', (id: unknown) => {
      probe.calls.push(String(id));
    });
    page.on('dialog', (dialog) => {
      probe.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    return probe;
  }

  /** What in the document (outside the sandboxed previews' own documents) agent markup could have made. */
  async domFindings(): Promise<string[]> {
    return this.page.evaluate(() => {
      // Where a URL is followed or loaded; agent text in a title or data attribute is only text.
      const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster']);
      const found: string[] = [];
      const describe = (el: Element) =>
        `<${el.tagName.toLowerCase()}> in ${el.parentElement?.className || 'root'}`;
      for (const el of Array.from(document.querySelectorAll('*'))) {
        for (const attr of Array.from(el.attributes)) {
          if (attr.name.startsWith('on')) found.push(`${describe(el)} has ${attr.name}`);
          if (attr.name === 'srcdoc') found.push(`${describe(el)} has srcdoc`);
          if (URL_ATTRIBUTES.has(attr.name) && /^\s*(javascript|vbscript|data:text\/html)/i.test(attr.value))
            found.push(`${describe(el)} ${attr.name}=${attr.value.slice(0, 60)}`);
          if (attr.name === 'style' && /url\(/i.test(attr.value)) found.push(`${describe(el)} style url()`);
        }
      }
      for (const el of Array.from(document.querySelectorAll('script')))
        if (!el.src || new URL(el.src).origin !== location.origin) found.push(`script ${el.src || 'inline'}`);
      for (const el of Array.from(document.querySelectorAll('iframe')))
        if (el.getAttribute('data-testid') !== 'sandbox-preview' || !el.hasAttribute('sandbox'))
          found.push(`iframe ${el.getAttribute('src') ?? ''}`);
      for (const sel of ['object', 'embed', 'base', 'meta[http-equiv]', 'form[action]', 'svg script', 'math'])
        for (const el of Array.from(document.querySelectorAll(sel))) found.push(`${sel}: ${describe(el)}`);
      for (const el of Array.from(document.querySelectorAll('style, link[rel~="stylesheet"]'))) {
        const text = el.textContent ?? '';
        const href = el.getAttribute('href') ?? '';
        if (/__xss|\/hit\//.test(text) || (href && new URL(href, location.href).origin !== location.origin))
          found.push(`${el.tagName.toLowerCase()} from agent content`);
      }
      if (getComputedStyle(document.body).display === 'none')
        found.push('the app was hidden by injected CSS');
      return found;
    });
  }

  /**
   * The control: puts into the page what a payload that got through would leave (an <img onerror>, a javascript:
   * link, a call to the probe, a request to the sentinel), so that the checks are seen to fail.
   */
  async plantControlPayload(sentinel: string): Promise<void> {
    await this.page.evaluate(
      ({ sentinel }) => {
        const div = document.createElement('div');
        div.innerHTML = `<img src="x" onerror="__xss('control')"><a href="javascript:void 0">x</a>`;
        document.body.append(div);
        (window as unknown as { __xss: (id: string) => void }).__xss('control-call');
        void fetch(`${sentinel}/hit/control`, { mode: 'no-cors' }).catch(() => undefined);
      },
      { sentinel },
    );
  }

  /** Fails with everything that got through: probe calls, dialogs, DOM findings, and sentinel hits given. */
  async expectNothingRan(where: string, sentinelHits: readonly string[]): Promise<void> {
    const dom = await this.domFindings();
    expect(
      { calls: this.calls, dialogs: this.dialogs, dom, sentinelHits: [...sentinelHits] },
      `agent content ran or called out (${where})`,
    ).toEqual({ calls: [], dialogs: [], dom: [], sentinelHits: [] });
  }
}
