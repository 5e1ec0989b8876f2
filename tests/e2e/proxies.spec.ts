// The recording proxy in the app, in both projects (PRX-1, PRX-4): "Proxy an agent…" opens from the sidebar and the
// palette, refuses bad input beside its field and says why a proxy did not start. A live journey proxies a 1.0 SDK
// agent: a client's calls through it are frames tagged with the client, a fault rule applied while it runs is what
// the client gets, and Stop ends it. Proxied frames from a saved session carry the "via proxy" tag in the frames table
// and the timeline, and the inspector names the client and says which fault was injected.

import { expect, test } from './fixtures';
import { A11yPage } from './support/a11yPage';
import { ProxiesPage } from './support/proxiesPage';
import { proxiedSessionText } from './support/proxiedSession';
import { SessionsPage } from './support/sessionsPage';

test('proxy an agent: the dialog checks its input and says why a proxy did not start', async ({
  app,
  record,
}) => {
  const proxies = new ProxiesPage(app.page);

  await test.step('the sidebar lists no proxy; the dialog opens with trace off and push routed', async () => {
    await expect(proxies.emptyNote()).toBeVisible();
    await proxies.openFromSidebar();
    await expect(proxies.upstreamInput()).toHaveValue('');
    await expect(proxies.switchBox('inject-trace')).not.toBeChecked();
    await expect(proxies.switchBox('route-push')).toBeChecked();
    await expect(proxies.switchBox('replace')).not.toBeChecked();
    await new A11yPage(app.page).expectNoViolations('the Proxy an agent dialog');
  });

  await test.step('a bad URL and a bad port are refused beside their fields', async () => {
    await proxies.fill({ upstream: 'not a url' });
    await proxies.start();
    await expect(proxies.fieldError('upstream')).toContainText('“not a url” is not a URL');
    await proxies.fill({ upstream: 'ftp://127.0.0.1/' });
    await proxies.start();
    await expect(proxies.fieldError('upstream')).toContainText('must be an http or https URL, not ftp');
    await proxies.fill({ upstream: 'http://127.0.0.1:9/', port: '70000' });
    await proxies.start();
    await expect(proxies.fieldError('upstream')).toHaveCount(0);
    await expect(proxies.fieldError('port')).toContainText('from 1 to 65535');
  });

  await test.step('serving a saved session asks which one', async () => {
    await proxies.fill({ port: '', replace: true });
    await expect(proxies.sessionSelect()).toBeVisible();
    await proxies.start();
    await expect(proxies.fieldError('replaceWith')).toContainText('Choose the saved session');
    await proxies.fill({ replace: false });
  });

  await test.step('an upstream with no card says why the proxy did not start; none runs', async () => {
    await proxies.start();
    await expect(proxies.startError()).toContainText('The proxy did not start:');
    await proxies.closeDialog();
    await expect(proxies.rows()).toHaveCount(0);
    await expect(proxies.emptyNote()).toBeVisible();
  });

  await test.step('the palette opens the same dialog, fresh', async () => {
    await proxies.openFromPalette();
    await expect(proxies.startError()).toHaveCount(0);
    await proxies.closeDialog();
  });
  expect(record.pageErrors).toEqual([]);
});

test('proxied frames from a session: via-proxy tags, the client and the injected fault', async ({
  app,
  record,
}) => {
  const proxies = new ProxiesPage(app.page);
  const sessions = new SessionsPage(app.page);

  await test.step('open a session holding three proxied exchanges and one of the app’s own', async () => {
    await sessions.pickFile({ name: 'proxied.switchboard', content: proxiedSessionText() });
    await expect(sessions.replayBar()).toBeVisible();
    await app.tab('frames').click();
    await expect(app.frameRows()).toHaveCount(4);
    await expect(proxies.frameRowTags()).toHaveCount(3);
    await expect(proxies.frameRowTags().nth(1)).toHaveText('via proxy · fault');
  });

  await test.step('the timeline tags the proxied entries; a corrupted event says so when selected', async () => {
    await app.tab('timeline').click();
    await expect(proxies.timelineTags().first()).toBeVisible();
    await expect(proxies.timelineTags().first()).toHaveText('via proxy');
    await proxies.selectTimelineEvent();
    await expect(proxies.inspectorNotes()).toHaveText(['Fault “garble”: Corrupted the data of event 1']);
  });

  await test.step('the inspector names the client and says which fault the client got', async () => {
    await app.tab('frames').click();
    await proxies.selectProxiedRow(1);
    await expect(proxies.inspectorTag()).toHaveText('via proxy · fault');
    await expect(proxies.inspectorClient()).toHaveText('127.0.0.1:51234 · a2a-js/1.3.0');
    await expect(proxies.inspectorNotes()).toHaveText([
      'Fault “outage”: Answered HTTP 503 instead of the agent',
    ]);
    await proxies.selectProxiedRow(0);
    await expect(proxies.inspectorNotes()).toHaveText([
      'The card’s interfaces were rewritten to point at the proxy.',
    ]);
    await new A11yPage(app.page).expectNoViolations('a proxied frame in the inspector');
    await new A11yPage(app.page).chooseTheme('dark');
    await new A11yPage(app.page).expectNoViolations('a proxied frame in the inspector, dark theme');
  });
  expect(record.pageErrors).toEqual([]);
});

test('proxy a live agent: client calls recorded, a fault rule applied while it runs, then stopped', async ({
  app,
  startPeer,
  record,
}) => {
  const agent = await startPeer('v1.0');
  const proxies = new ProxiesPage(app.page);
  let cardUrl = '';

  await test.step('start a proxy in front of the agent; the dialog gives the card URL', async () => {
    await proxies.openFromSidebar();
    await proxies.fill({ upstream: agent.cardUrl });
    await proxies.start();
    await expect(proxies.startedCardUrl()).toContainText('http://127.0.0.1:');
    cardUrl = (await proxies.startedCardUrl().textContent())!.trim();
    await proxies.closeDialog();
    await expect(proxies.rows()).toHaveCount(1);
    await expect(proxies.rowCardUrl()).toHaveText(cardUrl);
  });

  await test.step('a client reads the card and sends a message through the proxy', async () => {
    const card = (await (await fetch(cardUrl)).json()) as { supportedInterfaces: Array<{ url: string }> };
    const endpoint = card.supportedInterfaces[0]!.url;
    expect(new URL(endpoint).origin).toBe(new URL(cardUrl).origin);
    const answer = await sendThrough(endpoint, 'hello through the proxy');
    expect(answer).toHaveProperty('result');
    await app.tab('frames').click();
    await expect(proxies.frameRowTags().first()).toHaveText('via proxy');
    await proxies.selectProxiedRow(0);
    await expect(proxies.inspectorClient()).toContainText('127.0.0.1');
  });

  await test.step('a fault rule applied while it runs is what the client gets, marked on the frame', async () => {
    await proxies.applyFaultRules(
      JSON.stringify([
        { id: 'boom', match: { operation: 'SendMessage' }, action: { kind: 'error', httpStatus: 503 } },
      ]),
    );
    await expect(proxies.faultCount()).toContainText('1');
    const card = (await (await fetch(cardUrl)).json()) as { supportedInterfaces: Array<{ url: string }> };
    const failed = await sendThrough(card.supportedInterfaces[0]!.url, 'this one fails');
    expect(failed).toHaveProperty('error');
    await expect(proxies.frameRowTags().filter({ hasText: 'fault' })).toHaveCount(1);
  });

  await test.step('Stop ends the proxy', async () => {
    await proxies.stopFirst();
    await expect(proxies.rows()).toHaveCount(0);
    await expect(fetch(cardUrl)).rejects.toThrow();
  });
  expect(record.pageErrors).toEqual([]);
});

async function sendThrough(endpoint: string, text: string): Promise<Record<string, unknown>> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0', 'User-Agent': 'e2e-client/1.0' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'SendMessage',
      params: { message: { messageId: `m-${text.length}`, role: 'ROLE_USER', parts: [{ text }] } },
    }),
  });
  return (await response.json()) as Record<string, unknown>;
}
