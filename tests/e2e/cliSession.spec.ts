// A session saved by the command line opens in the app (CLI-1 `--save`, SES-2), in both projects: the built
// `switchboard send … --save F` runs against the 1.0 peer with a bearer token, and the file it wrote is picked in the
// app and replayed, its agent named and its exchanges listed; the token is nowhere in the file.

import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';
import { SessionsPage } from './support/sessionsPage';

const run = promisify(execFile);
const SECRET = 'e2e-cli-secret-51d0c2';

test('a session the command line saved opens in the app for replay', async ({ app, startPeer, tempDir }) => {
  const sessions = new SessionsPage(app.page);
  const peer = await startPeer('v1.0');
  const file = path.join(tempDir, 'ci-run.switchboard');

  const text = await test.step('the command line sends a message and saves the run', async () => {
    const cli = path.resolve('dist/electron/cli.js');
    const args = ['send', peer.baseUrl, 'hello from the command line', '--bearer', SECRET, '--save', file];
    const { stderr } = await run(process.execPath, [cli, ...args]);
    expect(stderr).toContain(`Session saved to ${file}`);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(SECRET);
    return text;
  });

  await test.step('the app opens the file: replay, its agent and its exchanges', async () => {
    await sessions.pickFile({ name: 'ci-run.switchboard', content: text });
    await expect(sessions.replayBar()).toBeVisible();
    await expect(sessions.replayTitle()).toContainText('Switchboard test peer (A2A 1.0) session');
    await app.tab('frames').click();
    await expect(app.frameRows().first()).toBeVisible();
    await expect(app.frameRows().filter({ hasText: 'agent-card.json' }).first()).toBeVisible();
  });
});
