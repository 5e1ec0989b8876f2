// NET-1 from the window, in both projects: an agent's proxy set in its settings dialog carries the next request, the
// frame's Connection section names it and why, and the client passphrase comes back only as the placeholder; an
// agent whose card has a self-signed certificate is opened from the sidebar's form once its fingerprint is accepted.

import { expect, test as base } from './fixtures';
import { CardPage } from './support/cardPage';
import { FramesPage } from './support/framesPage';
import { LibraryPage } from './support/libraryPage';
import { readFileSync } from 'node:fs';
import { makeTestCertificates } from '../integration/support/testCertificates';
import { startTestProxy, type TestProxy } from '../integration/support/testProxy';
import { serveExampleCard, startTlsServer, type TlsServer } from '../integration/support/tlsServer';

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

// NET-1 when the card itself is behind TLS the system does not trust: the sidebar's open form carries the Connection
// fields, and a refused certificate can be accepted from the error once the user has checked its fingerprint.
const tlsTest = base.extend<{ selfSignedAgent: { server: TlsServer; fingerprint: string } }>({
  selfSignedAgent: async ({ tempDir }, use) => {
    const certs = makeTestCertificates(tempDir);
    const read = (file: string) => readFileSync(file);
    const server = await startTlsServer(
      { cert: read(certs.selfSignedCert), key: read(certs.selfSignedKey) },
      serveExampleCard,
    );
    await use({ server, fingerprint: certs.selfSignedFingerprint });
    await server.close();
  },
});

tlsTest(
  'an agent whose card has a self-signed certificate opens once its fingerprint is accepted',
  async ({ app, selfSignedAgent: { server, fingerprint }, record }) => {
    const library = new LibraryPage(app.page);
    const card = new CardPage(app.page);
    const wrong = Array.from({ length: 32 }, () => 'AA').join(':');

    await tlsTest.step('opening fails and names the fingerprint; nothing reached the agent', async () => {
      await library.tryOpenAgent(server.url);
      await expect(library.openError()).toContainText('not trusted');
      await expect(library.openError()).toContainText(fingerprint);
      expect(server.requests).toEqual([]);
    });

    await tlsTest.step('a fingerprint that is not one is refused with what one looks like', async () => {
      await library.tryOpenAgent(server.url, { acceptFingerprint: 'AB:CD' });
      await expect(library.openError()).toContainText('A SHA-256 fingerprint is 32 bytes in hex');
    });

    await tlsTest.step('a different fingerprint under "Connection…" is refused, naming both', async () => {
      await library.tryOpenAgent(server.url, { acceptFingerprint: wrong });
      await expect(library.openError()).toContainText('fingerprint accepted for this agent is ' + wrong);
      await expect(library.openError()).toContainText(fingerprint);
    });

    await tlsTest.step('accepting the certificate named opens the agent with its fingerprint', async () => {
      await library.acceptRefusedCertificate();
      await expect(card.view()).toBeVisible();
      expect(server.requests).toContain('GET /.well-known/agent-card.json');
    });

    await tlsTest.step('the agent keeps the fingerprint, also when reopened from the library', async () => {
      await library.openSettings();
      await expect(library.connectionField('acceptFingerprint')).toHaveValue(fingerprint);
      await app.page.keyboard.press('Escape');
      await expect(library.connectionField('acceptFingerprint')).toBeHidden();
      await library.closeActiveAgent();
      await expect(library.openAgents()).toHaveCount(0);
      const requests = server.requests.length;
      await library.savedAgents().first().click();
      await expect(library.openAgents()).toHaveCount(1);
      await expect(card.view()).toBeVisible();
      await expect(library.openError()).toBeHidden();
      expect(server.requests.length).toBeGreaterThan(requests);
    });
    expect(record.pageErrors).toEqual([]);
  },
);
