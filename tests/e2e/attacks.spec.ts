// The browser edition under attack from real pages in Chromium (SEC-2): DNS rebinding from a foreign host name,
// forged posts from another site (CSRF), framing the app (clickjacking) and reading its token from another origin.
// Each attack must fail, and the host must not act: no planted library entry, no forged fetch reaching the attacker's
// canary, no frames recorded. A positive control makes the same calls from the app's own page and sees them work.
// Runs only in the `browser-attacks` project, whose Chromium resolves evil.test and rebind.test to 127.0.0.1.

import type { HostEvent, HostService } from '../../shared/host/hostApi';
import { expect, test as base } from './fixtures';
import { AppPage } from './support/appPage';
import { askFromOrigin, PLANTED_AGENT, startAttackerSite, type AttackerSite } from './support/attackerSite';
import { FOREIGN_HOSTS } from './support/chromiumArgs';
import { callApiFromPage, EvilPage, servedToken, type AppExchange } from './support/evilPage';

interface Target {
  app: AppPage;
  host: HostService;
  port: number;
  token: string;
  /** Host events from the moment the attacks start: a forged call the host carried out would record frames. */
  events: HostEvent[];
}

const test = base.extend<{ target: Target; attacker: AttackerSite; evil: EvilPage }>({
  // The user's own tab: the app served by the real server (fixtures.ts), booted and holding its token.
  target: async ({ app }, use) => {
    const events: HostEvent[] = [];
    const stop = app.host!.onEvent((event) => events.push(event));
    const port = Number(new URL(app.page.url()).port);
    await use({ app, host: app.host!, port, token: await servedToken(app.page), events });
    stop();
  },
  attacker: async ({ target }, use, testInfo) => {
    const site = await startAttackerSite(target.port);
    await use(site);
    // Everything the attacker's pages could read, as they reported it.
    await testInfo.attach('attacker-log.json', {
      body: JSON.stringify(site.reports, null, 2),
      contentType: 'application/json',
    });
    await site.close();
  },
  // Another tab in the same browser profile as the app, as when the user visits a hostile site.
  evil: async ({ context, target }, use, testInfo) => {
    const page = await context.newPage();
    const evil = new EvilPage(page, target.port);
    await use(evil);
    // What the server answered, kept with the test's results as the evidence behind each verdict.
    await testInfo.attach('app-exchanges.json', {
      body: JSON.stringify({ exchanges: evil.exchanges, failures: evil.failures }, null, 2),
      contentType: 'application/json',
    });
    await page.close();
  },
});

async function expectHostUntouched(target: Target, attacker: AttackerSite): Promise<void> {
  expect((await target.host.loadLibrary()).entries, 'no agent planted in the library').toEqual([]);
  expect(attacker.canaryHits(), 'the host fetched nothing for the attacker').toBe(0);
  expect(
    target.events.filter((event) => event.type === 'frames'),
    'no exchange recorded',
  ).toEqual([]);
}

function expectTokenNotObtained(target: Target, attacker: AttackerSite): void {
  expect(attacker.reports.length).toBeGreaterThan(0);
  expect(JSON.stringify(attacker.reports)).not.toContain(target.token);
}

function expectNoCorsGrant(exchanges: AppExchange[]): void {
  for (const exchange of exchanges) {
    expect(exchange.headers['access-control-allow-origin'], exchange.path).toBeUndefined();
    expect(exchange.headers['access-control-allow-credentials'], exchange.path).toBeUndefined();
  }
}

/** Waits until the attacker's page has reported `attack` finished. */
async function attackFinished(attacker: AttackerSite, attack: string): Promise<void> {
  await expect.poll(() => attacker.notes(attack).map((note) => note.step)).toContain('done');
}

/** What the page said it saw for `step`. */
function seen(attacker: AttackerSite, attack: string, step: string): string[] {
  return attacker
    .notes(attack)
    .filter((note) => note.step === step)
    .map((note) => note.value);
}

test('control: the app’s own page boots and its token makes the very calls the attacks forge', async ({
  target,
  attacker,
}) => {
  await expect(target.app.edition()).toContainText('browser');
  const save = await callApiFromPage(target.app.page, 'saveLibrary', attacker.calls.saveLibrary);
  expect([save.status, JSON.parse(save.text)]).toEqual([200, { ok: true, value: { saved: 1 } }]);
  expect((await target.host.loadLibrary()).entries).toEqual([PLANTED_AGENT]);
  const fetched = await callApiFromPage(target.app.page, 'fetchRaw', attacker.calls.fetchRaw);
  expect(fetched.status).toBe(200);
  await expect.poll(() => attacker.canaryHits()).toBe(1);
});

test('DNS rebinding: under a foreign name the server gives neither the page, its token nor the API', async ({
  target,
  attacker,
  evil,
}) => {
  const foreign = `http://${FOREIGN_HOSTS.rebind}:${target.port}`;
  await test.step('visit the app under the foreign name: refused', async () => {
    const direct = await evil.visit(`${foreign}/`);
    expect(direct?.status()).toBe(403);
    const body = (await direct?.text()) ?? '';
    expect(body).toContain('Host not allowed');
    expect(body).not.toContain(target.token);
    expect(await EvilPage.bootedApp(evil.page)).toBe(false);
  });

  await test.step("visit the attacker's page, then rebind its name to 127.0.0.1: every call refused", async () => {
    // The attacker's page is served under the foreign name first; then the name points at 127.0.0.1, so its
    // same-origin requests reach the app's port. They are same-origin to the browser: only the Host check is left.
    await evil.rebindFirstLoad(`${foreign}/prize`, attacker.rebindingPage(target.token));
    await evil.visit(`${foreign}/prize`);
    await attackFinished(attacker, 'rebinding');
    const attempts = attacker.notes('rebinding').filter((note) => note.step !== 'done');
    expect(attempts).toHaveLength(5);
    for (const { step, value } of attempts) expect(value, step).toMatch(/^basic 403 Host not allowed/);
    // What the server answered, on the wire: every request under the foreign name but the attacker's own first page.
    const rebound = () =>
      evil.exchanges.filter(
        (exchange) =>
          exchange.host === `${FOREIGN_HOSTS.rebind}:${target.port}` && exchange.path !== '/prize',
      );
    await expect.poll(() => rebound().map((exchange) => exchange.status)).toEqual(Array(6).fill(403));
  });
  expectTokenNotObtained(target, attacker);
  await expectHostUntouched(target, attacker);
});

test('CSRF: forms, no-cors fetches and beacons from another site are refused before the host acts', async ({
  target,
  attacker,
  evil,
}) => {
  await test.step("visit the attacker's CSRF page: it posts forms, fetches and beacons", async () => {
    await evil.visit(attacker.url('csrf'));
    await attackFinished(attacker, 'csrf');
  });

  await test.step('read what the server answered: every request refused, none preflighted through', async () => {
    // Four forms, two no-cors fetches and the text beacon reach the server; the cors fetch and the JSON beacon, which
    // need a preflight, never get past it (see the token theft test for the server's answer to one).
    await expect.poll(() => evil.apiExchanges().length).toBe(7);
    expect(evil.failures.sort()).toEqual([
      `POST http://127.0.0.1:${target.port}/api/fetchRaw: net::ERR_FAILED`,
      `POST http://127.0.0.1:${target.port}/api/saveLibrary: net::ERR_FAILED`,
    ]);
    for (const exchange of evil.apiExchanges()) {
      expect(exchange.status, `${exchange.type} ${exchange.path}`).toBe(403);
      // Chromium keeps no body for an opaque answer; the others say which check refused them.
      if (exchange.body !== undefined) expect(exchange.body).toBe('Origin not allowed.');
    }
    expect(evil.apiExchanges().map((exchange) => exchange.type)).toEqual(
      expect.arrayContaining(['document', 'fetch', 'ping']),
    );
    expectNoCorsGrant(evil.exchanges);
  });

  await test.step('read what the attacking script saw: nothing usable', async () => {
    expect(seen(attacker, 'csrf', 'fetch no-cors with credentials → saveLibrary')).toEqual(['opaque 0 ']);
    expect(seen(attacker, 'csrf', 'fetch cors + guessed token → saveLibrary')).toEqual([
      'TypeError: Failed to fetch',
    ]);
  });
  await expectHostUntouched(target, attacker);
});

test('clickjacking: the app will not render inside another site’s frame', async ({
  target,
  attacker,
  evil,
}) => {
  await evil.visit(attacker.url('frame'));
  await attackFinished(attacker, 'frame');
  const framed = evil.exchanges.find((exchange) => exchange.path === '/' && exchange.type === 'document');
  expect(framed?.headers['x-frame-options']).toBe('DENY');
  expect(framed?.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(evil.failures).toEqual([`GET http://127.0.0.1:${target.port}/: net::ERR_BLOCKED_BY_RESPONSE`]);
  await expect.poll(() => evil.framedApp().url()).toMatch(/^chrome-error:/);
  expect(await EvilPage.bootedApp(evil.framedApp())).toBe(false);
  // The blocked document never ran, so it never called the API either.
  expect(evil.apiExchanges()).toEqual([]);
  expect(seen(attacker, 'frame', 'frame document')[0]).toMatch(/^SecurityError/);
  expectTokenNotObtained(target, attacker);
  await expectHostUntouched(target, attacker);
});

test('token theft: another origin cannot read the page, the API or a popup of the app', async ({
  target,
  attacker,
  evil,
}) => {
  await test.step("visit the attacker's page that reads the app from another origin: every read fails", async () => {
    await evil.visit(attacker.url('steal'));
    await attackFinished(attacker, 'steal');
    expect(seen(attacker, 'steal', 'cors read of the page')).toEqual(['TypeError: Failed to fetch']);
    expect(seen(attacker, 'steal', 'cors read of the page by name')).toEqual(['TypeError: Failed to fetch']);
    // Cross-Origin-Resource-Policy: Chromium does not even hand over an opaque copy of the page.
    expect(seen(attacker, 'steal', 'no-cors read of the page')).toEqual(['TypeError: Failed to fetch']);
    expect(seen(attacker, 'steal', 'no-cors call with credentials → loadLibrary')).toEqual(['opaque 0 ']);
    expect(seen(attacker, 'steal', 'script include of the page')).toEqual(['error']);
    // Only the simple no-cors call got an answer at all, and it was a refusal.
    expect(evil.apiExchanges().map((exchange) => [exchange.path, exchange.status])).toEqual([
      ['/api/loadLibrary', 403],
    ]);
  });

  await test.step('open the app in a popup from that page and look inside: cut off from its opener', async () => {
    // The popup is the real app in the user's browser; Cross-Origin-Opener-Policy cuts it off from its opener.
    const popup = new AppPage(await evil.openAppInPopup());
    await popup.waitUntilReady();
    expect(await popup.page.evaluate(() => window.opener === null)).toBe(true);
    await evil.lookInsidePopup();
    await attackFinished(attacker, 'popup');
    expect(seen(attacker, 'popup', 'popup.closed')).toEqual(['true']);
    expect(seen(attacker, 'popup', 'popup document')[0]).toMatch(/^(SecurityError|TypeError)/);
    expect(seen(attacker, 'popup', 'popup token meta')[0]).toMatch(/^(SecurityError|TypeError)/);
    expect(
      attacker.reports.flatMap((r) => r.notes).filter((note) => note.step.startsWith('message')),
    ).toEqual([]);
  });

  expectTokenNotObtained(target, attacker);
  expectNoCorsGrant(evil.exchanges);
  await test.step("ask the server from the attacker's origin directly: no CORS grant, no preflight passed", async () => {
    for (const [path, status] of [
      ['/', 405],
      ['/api/getInfo', 403],
    ] as const) {
      const preflight = await askFromOrigin(target.port, {
        method: 'OPTIONS',
        path,
        origin: attacker.origin,
        headers: {
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type, x-switchboard-token',
        },
      });
      expect(preflight.status, path).toBe(status);
      expect(preflight.headers['access-control-allow-origin'], path).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods'], path).toBeUndefined();
    }
    const read = await askFromOrigin(target.port, { method: 'GET', path: '/', origin: attacker.origin });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
  await expectHostUntouched(target, attacker);
});
