// The first journey, run in both projects: boot, fetch a URL through the host and read the exchange.

import { expect, test } from './fixtures';
import { refusedPort, TEST_HEADER } from './support/testServer';

test('boots to ready with no page error and no request leaving 127.0.0.1', async ({
  app,
  record,
  hostMode,
}) => {
  await expect(app.edition()).toHaveText(hostMode === 'injected' ? 'desktop' : 'browser');
  await expect(app.emptyAgents()).toBeVisible();
  await expect(app.emptyFrames()).toBeVisible();
  expect(record.pageErrors).toEqual([]);
  expect(record.consoleErrors).toEqual([]);
  expect(record.foreignRequests).toEqual([]);
  if (hostMode === 'injected') expect(record.apiRequests).toEqual([]);
  // The browser edition's page came with the bootstrap answer: neither it nor the reads it holds were asked for.
  const bootReads = ['bootstrap', 'getInfo', 'loadLibrary', 'listSessions', 'listMockAgents', 'listProxies'];
  expect(record.apiRequests.filter((call) => bootReads.includes(call.replace('/api/', '')))).toEqual([]);
});

test('fetching a URL shows its status, a header and the body in Monaco', async ({
  app,
  record,
  testServer,
  hostMode,
}) => {
  await app.fetch(`${testServer.url}/hello.json`);
  await expect(app.status()).toHaveAttribute('data-status', '200');
  await expect(app.status()).toContainText('200 OK');
  await expect(app.responseHeaders()).toContainText(TEST_HEADER[0]);
  await expect(app.responseHeaders()).toContainText(TEST_HEADER[1]);
  expect(await app.bodyEditorText()).toContain('"greeting":"hello-from-switchboard-e2e"');
  // Monaco's JSON language service runs in its own worker, loaded from the bundle.
  await expect.poll(() => record.workers.some((url) => url.includes('json.worker'))).toBe(true);
  await expect(app.frameRows()).toHaveCount(1);
  expect(record.pageErrors).toEqual([]);
  expect(record.foreignRequests).toEqual([]);
  if (hostMode === 'injected') expect(record.apiRequests).toEqual([]);
});

test('a refused port shows a readable error', async ({ app }) => {
  const port = await refusedPort();
  await app.fetch(`http://127.0.0.1:${port}/`);
  await expect(app.frameError()).toContainText('Connection refused');
  await expect(app.frameError()).toContainText(`Nothing is listening at 127.0.0.1:${port}`);
  await expect(app.frameRows().first()).toContainText('Connection refused');
});

test('bad input gets a clear message and nothing is sent', async ({ app }) => {
  await test.step('send with no URL', async () => {
    await app.sendAddress();
    await expect(app.addressError()).toContainText('Type a URL to fetch');
  });
  await test.step('fetch an ftp: URL', async () => {
    await app.fetch('ftp://127.0.0.1/file');
    await expect(app.frameError()).toContainText('Only http: and https: URLs can be fetched');
  });
});

test('every exchange stays in the frames list and can be selected again', async ({ app, testServer }) => {
  await test.step('fetch a page, then a missing page', async () => {
    await app.fetch(`${testServer.url}/hello.json`);
    await expect(app.status()).toHaveAttribute('data-status', '200');
    await app.fetch(`${testServer.url}/missing`);
    await expect(app.status()).toHaveAttribute('data-status', '404');
    await expect(app.frameRows()).toHaveCount(2);
  });
  await test.step('select the first exchange again', async () => {
    await app.frameRows().first().click();
    await expect(app.status()).toHaveAttribute('data-status', '200');
  });
});
