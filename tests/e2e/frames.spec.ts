// The frames view and the raw request editor, in both projects: a streamed send read frame by frame (events raw and
// parsed, the JSON-RPC envelope, copy as cURL, pin and diff), the list's filter and headers shown in clear when a
// frame has no secrets, and a hand-typed invalid request whose error comes back with its code named.

import { expect, test } from './fixtures';
import { FramesPage } from './support/framesPage';

test('a streamed send in the frames view: events raw and parsed, envelope, cURL, pin and diff', async ({
  app,
  startPeer,
  record,
}) => {
  const peer = await startPeer('v1.0');
  const frames = new FramesPage(app.page);
  const streams = frames.rows().filter({ hasText: 'SendStreamingMessage' });

  await test.step('send two messages, streaming', async () => {
    await app.openAgent(peer.baseUrl);
    await app.send('hello frames', { stream: true });
    await expect(app.artifacts()).toContainText('Echo: hello frames');
    await app.send('hello again', { stream: true });
    await expect(app.artifacts()).toContainText(['Echo: hello frames', 'Echo: hello again']);
  });

  await test.step('open the frames view: two streams, each with its timing bar', async () => {
    await frames.open();
    await expect(streams).toHaveCount(2);
    await expect(streams.first()).toContainText('POST');
    await expect(streams.first()).toContainText(/\d+ events · \d/);
    await expect(frames.timingBars()).toHaveCount(await frames.rows().count());
  });

  await test.step('select the first stream and read its events raw and parsed', async () => {
    await streams.first().click();
    await expect(frames.a2a()).toContainText('A2A 1.0 · JSONRPC');
    await expect(frames.envelope()).toContainText('SendStreamingMessage');
    await expect.poll(() => frames.streamEvents().count()).toBeGreaterThanOrEqual(4);
    await frames.streamEvents().first().click();
    await expect(frames.eventRaw()).toContainText('data: {"jsonrpc":"2.0"');
    await expect(frames.eventJson()).toContainText('"jsonrpc": "2.0"');
    await expect(frames.idCheck()).toHaveAttribute('data-id-check', 'match');
    await frames.streamEvents().last().click();
    await expect(frames.eventJson()).toContainText('TASK_STATE_COMPLETED');
  });

  await test.step('copy it as cURL', async () => {
    await frames.showCurl();
    await expect(frames.curlText()).toContainText('curl --no-buffer');
    await expect(frames.curlText()).toContainText(`--url '${peer.baseUrl.replace(/\/$/, '')}/a2a/jsonrpc'`);
    await expect(frames.curlText()).toContainText("-H 'A2A-Version: 1.0'");
    await expect(frames.curlText()).toContainText('--data-binary');
    await expect(frames.curlText()).toContainText('"text":"hello frames"');
  });

  await test.step('pin it, select the second stream and diff the two', async () => {
    await frames.pin();
    await expect(frames.pinnedRows()).toHaveCount(1);
    await streams.last().click();
    await frames.diffWithPinned();
    await expect(frames.diffLines('requestBody', 'removed')).toContainText(['hello frames']);
    await expect(frames.diffLines('requestBody', 'added')).toContainText(['hello again']);
    await expect(frames.diffLines('responseBody', 'added').first()).toBeVisible();
  });
  expect(record.pageErrors).toEqual([]);
});

test('the filter narrows the list, and a frame without secrets shows its headers in clear', async ({
  app,
  testServer,
}) => {
  const frames = new FramesPage(app.page);
  await test.step('fetch a page and a missing page', async () => {
    await app.fetch(`${testServer.url}/hello.json`);
    await expect(app.status()).toHaveAttribute('data-status', '200');
    await app.fetch(`${testServer.url}/missing`);
    await expect(app.status()).toHaveAttribute('data-status', '404');
  });

  await test.step('filter the frames list', async () => {
    await frames.open();
    await expect(frames.rows()).toHaveCount(2);
    // By path, not by status: the test server's random port can hold "404" and match both rows.
    await frames.filter('/missing');
    await expect(frames.rows()).toHaveCount(1);
    await expect(frames.rows()).toContainText('404');
    await frames.filter('nothing-like-this');
    await expect(frames.noMatch()).toBeVisible();
    await frames.filter('');
    await expect(frames.rows()).toHaveCount(2);
  });

  await test.step("open the first frame's request: headers in clear, and as cURL", async () => {
    await frames.rows().first().click();
    await frames.openRequest();
    const host = new URL(testServer.url).host;
    await expect(frames.requestHeaders()).toContainText(`Host${host}`);
    await expect(frames.secretValues()).toHaveCount(0);
    await frames.showCurl();
    await expect(frames.curlText()).toHaveText(
      [
        `curl --url '${testServer.url}/hello.json'`,
        `-H 'Host: ${host}'`,
        "-H 'User-Agent: Switchboard/e2e'",
        "-H 'Accept: */*'",
        "-H 'Connection: close'",
      ].join(' \\\n  '),
    );
  });

  await test.step('the same request as HTTPie, Python requests and fetch, as the editor offers', async () => {
    await frames.copyAs('HTTPie');
    await expect(frames.curlText()).toHaveText(/^http [\\\s]+--ignore-stdin [\\\s]+GET /);
    await expect(frames.curlText()).toContainText(`'${testServer.url}/hello.json'`);
    await frames.copyAs('Python requests');
    await expect(frames.curlText()).toContainText('import requests');
    await expect(frames.curlText()).toContainText(`'${testServer.url}/hello.json'`);
    await frames.copyAs('fetch (JavaScript)');
    await expect(frames.curlText()).toContainText(
      `await fetch(${JSON.stringify(`${testServer.url}/hello.json`)}`,
    );
  });
});

test('a raw request with invalid JSON: the agent error with its code named, then edit and resend', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  const frames = new FramesPage(app.page);

  await test.step('type a raw request with invalid JSON and send it: a parse error, named', async () => {
    await frames.openRaw();
    await frames.fillRaw({
      method: 'POST',
      url: '',
      headers: [
        ['Content-Type', 'application/json'],
        ['A2A-Version', '1.0'],
      ],
      body: '{"jsonrpc":"2.0","id":1,"method":',
    });
    await frames.sendRaw();
    await expect(frames.rawOutcome()).toHaveAttribute('data-status', 'error');
    await expect(frames.rawOutcome()).toContainText('-32700');
    await expect(frames.rawOutcome()).toContainText('JSONParseError');
  });

  await test.step('show its exchange in the inspector', async () => {
    await frames.showRawExchange();
    await expect(frames.rpcError()).toContainText('-32700');
    await expect(frames.rpcError()).toContainText('JSONParseError');
    await expect(frames.idCheck()).toHaveAttribute('data-id-check', 'null');
  });

  await test.step('edit it into a GetTask of no task and resend: task not found', async () => {
    await frames.editAndResend();
    await expect(frames.rawBody()).toHaveValue('{"jsonrpc":"2.0","id":1,"method":');
    await frames.rawBody().fill('{"jsonrpc":"2.0","id":2,"method":"GetTask","params":{"id":"no-such-task"}}');
    await frames.sendRaw();
    await expect(frames.rawOutcome()).toContainText('-32001');
    await expect(frames.rawOutcome()).toContainText('TaskNotFoundError');
  });
});
