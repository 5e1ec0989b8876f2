// The request editor without an agent (MSG-8), in both projects: with no agent open, the address bar opens the
// editor, a pasted curl line fills it (the API key marked secret), it is sent to a local server as a plain exchange
// and becomes a frame, copied as HTTPie without the secret, and found again in the history by search.

import type { IncomingHttpHeaders } from 'node:http';
import { expect, test } from './fixtures';
import { FramesPage } from './support/framesPage';
import { RequestEditorPage } from './support/requestEditorPage';
import { listenLocal, type LocalServer } from './support/testServer';

interface Received {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: string;
  bytes: Buffer;
}

async function startTaskServer(seen: Received[]): Promise<LocalServer> {
  return listenLocal((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      seen.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: bytes.toString('utf8'),
        bytes,
      });
      res.writeHead(201, 'Created', { 'Content-Type': 'application/json' });
      res.end('{"id":"task-1","status":{"state":"submitted"}}');
    });
  });
}

test('with no agent open: import a curl line, send it, see its frame, find it in the history', async ({
  app,
}) => {
  const seen: Received[] = [];
  const server = await startTaskServer(seen);
  const editor = new RequestEditorPage(app.page);
  const frames = new FramesPage(app.page);
  try {
    await test.step('open the editor from the address bar, with no agent', async () => {
      await expect(app.emptyAgents()).toBeVisible();
      await editor.openFromAddressBar(`${server.url}/ping?x=1`);
      await expect(editor.target()).toContainText('To any absolute URL, with no credentials');
      await expect(editor.url()).toHaveValue(`${server.url}/ping?x=1`);
      await expect(editor.queryRows()).toHaveCount(1);
    });

    await test.step('schema help: an A2A route gets its example body, JSON is checked', async () => {
      await editor.fillRequestLine('POST', `${server.url}/v1/message:send`);
      await expect(editor.routeHints().first()).toContainText('HTTP+JSON send');
      await editor.insertExampleBody();
      await expect(editor.body()).toHaveValue(/"messageId": "msg-1"/);
      await expect(editor.jsonCheck()).toHaveAttribute('data-valid', 'true');
      await editor.fillBody('{"message": ');
      await expect(editor.jsonCheck()).toHaveAttribute('data-valid', 'false');
      await expect(editor.jsonCheck()).toContainText('Not valid JSON');
    });

    await test.step('the body is checked against the 1.0 request schema, each problem at its JSON path', async () => {
      await expect(editor.routeHints().nth(1)).toContainText('A2A 1.0 HTTP+JSON send');
      await editor.insertExampleBody(1);
      await expect(editor.schemaCheck()).toHaveAttribute('data-valid', 'true');
      await expect(editor.schemaCheck()).toContainText('Send Message Request');
      await editor.fillBody('{"message": {"role": "ROLE_USER", "parts": [], "colour": "red"}}');
      await expect(editor.schemaCheck()).toHaveAttribute('data-valid', 'false');
      await expect(editor.schemaProblems()).toHaveText([
        '$.message.colour is not a field of Send Message Request here',
      ]);
    });

    await test.step('a curl line it cannot import says why', async () => {
      await editor.importCurl(`curl -d @task.json ${server.url}/tasks`);
      await expect(editor.importError()).toContainText('reads a file, which cannot be imported');
      await editor.cancelImport();
    });

    await test.step('import a curl line: method, URL, body and a secret API key', async () => {
      await editor.importCurl(
        `curl -k -X POST ${server.url}/tasks \\\n  -H 'X-API-Key: dev-key-123' \\\n  --json '{"message":"hi"}'`,
      );
      await expect(editor.method()).toHaveValue('POST');
      await expect(editor.url()).toHaveValue(`${server.url}/tasks`);
      await expect(editor.body()).toHaveValue('{"message":"hi"}');
      await expect(await editor.headerValue('X-API-Key')).toHaveAttribute('type', 'password');
      await expect(await editor.headerSecret('X-API-Key')).toBeChecked();
      await expect(editor.notice()).toContainText(
        '-k (do not check the TLS certificate) was noted but not applied',
      );
    });

    await test.step('copy it as HTTPie: the secret is redacted', async () => {
      await editor.copyAs('httpie');
      await expect(editor.exportText()).toContainText(`'${server.url}/tasks'`);
      await expect(editor.exportText()).toContainText('--raw');
      await expect(editor.exportText()).not.toContainText('dev-key-123');
    });

    await test.step('send it: the server gets it as written, the editor shows the status', async () => {
      await editor.send();
      await expect(editor.outcome()).toContainText('201 Created');
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ method: 'POST', url: '/tasks', body: '{"message":"hi"}' });
      expect(seen[0]!.headers['x-api-key']).toBe('dev-key-123');
      expect(seen[0]!.headers['content-type']).toBe('application/json');
    });

    await test.step('its frame is in the frames view, the API key masked', async () => {
      await editor.showExchange();
      await frames.open();
      await expect(frames.rows()).toHaveCount(1);
      await frames.rows().first().click();
      await frames.openRequest();
      await expect(frames.requestHeaders()).toContainText('X-API-Key');
      await expect(frames.requestHeaders()).not.toContainText('dev-key-123');
    });

    await test.step('a curl line typed into the address bar goes to the editor', async () => {
      await editor.curlInAddressBar(`curl -X DELETE '${server.url}/tasks/task-1' -H 'X-Trace: 7'`);
      await expect(editor.method()).toHaveValue('DELETE');
      await expect(editor.url()).toHaveValue(`${server.url}/tasks/task-1`);
      await expect(await editor.headerValue('X-Trace')).toHaveValue('7');
    });

    await test.step('find it in the history and open it again', async () => {
      await editor.openHistory();
      await expect(editor.historyEntries()).toHaveCount(1);
      await editor.searchHistory('nothing-like-this');
      await expect(editor.historyEmpty()).toContainText('No request matches.');
      await editor.searchHistory('post tasks 201');
      await expect(editor.historyEntries()).toHaveCount(1);
      await editor.openHistoryEntry(0);
      await expect(editor.url()).toHaveValue(`${server.url}/tasks`);
      await expect(editor.notice()).toContainText('Opened from the history.');
      await expect(await editor.headerValue('X-API-Key')).toHaveValue('');
    });

    await test.step('a file that is not text is sent as its exact bytes', async () => {
      await editor.fillRequestLine('PUT', `${server.url}/blob`);
      await editor.loadBodyFile('blob.bin', Buffer.from([0, 255, 65, 10]));
      await expect(editor.bodyFileName()).toContainText('blob.bin (4 bytes, not text)');
      await editor.send();
      await expect(editor.outcome()).toContainText('201 Created');
      expect(seen.at(-1)).toMatchObject({ method: 'PUT', url: '/blob' });
      expect(seen.at(-1)!.bytes).toEqual(Buffer.from([0, 255, 65, 10]));
    });
  } finally {
    await server.close();
  }
});
