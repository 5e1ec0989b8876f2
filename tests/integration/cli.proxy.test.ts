// `switchboard proxy` end to end (PRX-1, CLI-1): the bundled command line in a child process prints the card URL,
// forwards a client's call to the 1.0 peer, prints one line for it, and on SIGINT stops and writes the run with
// --save; wrong words exit 2 and an upstream with no card exits 1 with the reason.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { peers, type PeerHandle } from '../peers';
import { suiteTempDir } from '../unit/support/tempDir';
import { bundleEntry } from './support/bundleEntry';
import { runCli } from './support/cliProcess';

let cli: string;
let peer: PeerHandle;
const tempDir = suiteTempDir('sb-cli-proxy-');

beforeAll(async () => {
  cli = await bundleEntry('electron/cli.ts');
  peer = await peers['v1.0']();
});
afterAll(async () => {
  await peer.close();
});

it('prints the card URL and a line per exchange, and saves the run on SIGINT', async () => {
  const file = path.join(tempDir(), 'proxied.switchboard');
  const seen: Array<Record<string, unknown>> = [];
  let answered: Promise<number> | undefined;
  const run = await runCli(cli, ['proxy', peer.baseUrl, '--json', '--save', file, '--data-dir', tempDir()], {
    onLine: (line, child) => {
      const value = JSON.parse(line) as Record<string, unknown>;
      seen.push(value);
      if (typeof value.cardUrl === 'string') {
        const listenUrl = value.listenUrl as string;
        answered = fetch(`${listenUrl}/a2a/jsonrpc`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0', 'User-Agent': 'cli-test' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'SendMessage',
            params: {
              message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hello cli proxy' }] },
            },
          }),
        }).then(async (res) => (await res.text(), res.status));
      }
      if (value.operation === 'send') child.kill('SIGINT');
    },
  });
  expect(run.code, run.stderr).toBe(0);
  expect(await answered).toBe(200);
  expect(seen[0]).toMatchObject({
    cardUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/\.well-known\//),
  });
  const line = seen.find((value) => value.operation === 'send');
  expect(line).toMatchObject({ status: 200, client: { address: '127.0.0.1', userAgent: 'cli-test' } });
  expect(run.stderr).toContain('Stopped after 1 exchange(s) from 1 client(s).');
  const saved = await readFile(file, 'utf8');
  expect(saved).toContain('hello cli proxy');
  expect(saved).toContain('"proxied"');
});

it('exits 2 on wrong words and 1 with the reason when the upstream has no card', async () => {
  const wrong = await runCli(cli, ['proxy', 'not-a-url']);
  expect(wrong.code).toBe(2);
  const closed = await runCli(cli, ['proxy', 'http://127.0.0.1:9/', '--data-dir', tempDir()]);
  expect(closed.code).toBe(1);
  expect(closed.stderr).toContain("The upstream's card could not be read.");
  const replace = await runCli(cli, [
    'proxy',
    peer.baseUrl,
    '--replace',
    path.join(tempDir(), 'none.switchboard'),
  ]);
  expect(replace.code).toBe(1);
  expect(replace.stderr).toContain('There is no file');
});
