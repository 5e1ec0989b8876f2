// NET-1 from the window, in both projects: an agent's proxy set in its settings dialog carries the next request, the
// frame's Connection section names it and why, and the client passphrase comes back only as the placeholder.

import { expect, test as base } from './fixtures';
import { FramesPage } from './support/framesPage';
import { LibraryPage } from './support/libraryPage';
import { startTestProxy, type TestProxy } from '../integration/support/testProxy';

const test = base.extend<{ agentProxy: TestProxy }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  agentProxy: async ({}, use) => {
    const proxy = await startTestProxy();
    await use(proxy);
    await proxy.close();
  },
});

test('a proxy set in the agent settings carries the request, and the frame says so', async ({
  app,
  startPeer,
  agentProxy: proxy,
  record,
}) => {
  const peer = await startPeer('v1.0');
  const library = new LibraryPage(app.page);
  const frames = new FramesPage(app.page);

  await test.step('open the agent and set its proxy and a passphrase', async () => {
    await app.openAgent(peer.baseUrl);
    await library.setConnection({ proxy: proxy.url, passphrase: 'open sesame' });
  });

  await test.step('send: the proxy forwards the request', async () => {
    await app.send('through the proxy', { stream: false });
    await expect(app.messages('user')).toContainText('through the proxy');
    expect(proxy.seen.some((line) => line.startsWith(`POST ${peer.baseUrl}`))).toBe(true);
  });

  await test.step("the frame's Connection section names the proxy and why", async () => {
    await frames.open();
    await frames.rows().filter({ hasText: 'POST' }).last().click();
    await expect(frames.connection()).toContainText(`forwarded by ${proxy.url} (agent setting)`);
    await frames.openConnection();
    await expect(frames.connection()).toContainText('request forwarded');
  });

  await test.step('the settings show the proxy, and the passphrase only as the placeholder', async () => {
    await library.openSettings();
    await expect(library.connectionField('proxy')).toHaveValue(proxy.url);
    await expect(library.connectionField('passphrase')).toHaveValue('••••••');
  });
  expect(record.pageErrors).toEqual([]);
});
