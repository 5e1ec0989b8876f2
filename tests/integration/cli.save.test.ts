// `--save F` on the command line (CLI-1): a run of `send`, `subscribe`, `check` and `replay
// --against` written as a .switchboard session, secrets redacted as the app redacts them. The saved file opens in the
// app's host, replays against the live peer without differences, and serves as a mock agent the command line talks
// to. An existing file is refused without --force; a path that cannot be written is a usage error before any request.

import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { peers, type PeerHandle } from '../peers';
import { bundleEntry } from './support/bundleEntry';
import { jsonLines, runCli } from './support/cliProcess';
import { suiteTempDir } from '../unit/support/tempDir';

const SECRET = 'cli-save-secret-7f3a9b2c';

let cli: string;
let peer: PeerHandle;
let dir: string;
const tempDir = suiteTempDir('sb-cli-save-');

beforeAll(async () => {
  [cli, peer, dir] = await Promise.all([bundleEntry('electron/cli.ts'), peers['v1.0'](), tempDir()]);
});
afterAll(async () => {
  await peer?.close();
});

const run = (args: string[]) => runCli(cli, args);

describe('send --save', () => {
  it('writes the run, redacted; the app opens it, replays it and serves it as a mock agent', async () => {
    const file = path.join(dir, 'send.switchboard');
    const sent = await run(['send', peer.baseUrl, 'hello saved run', '--bearer', SECRET, '--save', file]);
    expect(sent.code).toBe(0);
    expect(sent.stderr).toContain(`Session saved to ${file}`);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(SECRET);

    const host = createHost({ edition: 'test', appVersion: '1', dataDir: path.join(dir, 'app') });
    try {
      const opened = await host.openSession({ path: file });
      expect(opened.agents[0]).toMatchObject({ name: 'Switchboard test peer (A2A 1.0)' });
      const frames = await host.readSessionFrames({ sessionId: opened.sessionId, from: 0, count: 1000 });
      expect(frames.frames.some((frame) => frame.kind === 'http' && frame.a2a?.operation === 'send')).toBe(
        true,
      );

      const agent = await host.openAgent({ url: peer.baseUrl });
      if (!agent.ok) throw new Error(agent.message);
      const replayed = await host.resendSession({ sessionId: opened.sessionId, agentId: agent.agent.id });
      expect(replayed.steps.length).toBeGreaterThan(0);
      expect(replayed.differences).toEqual([]);

      const mock = await host.startMockAgent({ sessionId: opened.sessionId, timing: 'compressed' });
      const answered = await run(['send', mock.url, 'hello saved run', '--json']);
      expect(answered.code).toBe(0);
      expect(jsonLines(answered.stdout)[0]).toMatchObject({
        status: 'result',
        result: { task: { status: { state: 'completed' } } },
      });
    } finally {
      await host.close();
    }
  }, 60_000);

  it('refuses to overwrite without --force; a folder, a missing folder or a file as folder is a usage error', async () => {
    const file = path.join(dir, 'twice.switchboard');
    expect((await run(['send', peer.baseUrl, 'one', '--save', file])).code).toBe(0);
    const first = await stat(file);
    const again = await run(['send', peer.baseUrl, 'two', '--save', file]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('the file exists; pass --force to overwrite it.');
    expect((await stat(file)).mtimeMs).toBe(first.mtimeMs);
    const forced = await run(['send', peer.baseUrl, 'two', '--save', file, '--force']);
    expect(forced.code).toBe(0);
    expect(await readFile(file, 'utf8')).toContain('two');

    const folder = path.join(dir, 'a-folder');
    await mkdir(folder);
    const intoFolder = await run(['send', peer.baseUrl, 'x', '--save', folder]);
    expect(intoFolder.code).toBe(2);
    expect(intoFolder.stderr).toContain('that is a folder; name a file in it.');
    const missing = await run([
      'send',
      peer.baseUrl,
      'x',
      '--save',
      path.join(dir, 'nowhere', 'run.switchboard'),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('does not exist.');
    const plain = path.join(dir, 'plain.txt');
    await writeFile(plain, 'a file');
    const underFile = await run(['send', peer.baseUrl, 'x', '--save', path.join(plain, 'run.switchboard')]);
    expect(underFile.code).toBe(2);
    expect(underFile.stderr).toContain('is a file, not a folder.');
    const forceAlone = await run(['send', peer.baseUrl, 'x', '--force']);
    expect(forceAlone.code).toBe(2);
    expect(forceAlone.stderr).toContain('--force only goes with --save F.');
  }, 60_000);
});

describe('subscribe, check and replay --against with --save', () => {
  it('subscribe: the followed stream opens in the app', async () => {
    // A task waiting for input is still open to subscribe to; canceled once the stream prints, the stream ends.
    const sent = await run(['send', peer.baseUrl, 'need input', '--json']);
    const taskId = (jsonLines(sent.stdout)[0] as { taskId: string }).taskId;
    expect(taskId).toEqual(expect.any(String));
    const file = path.join(dir, 'subscribe.switchboard');
    let canceled = false;
    const following = await runCli(cli, ['subscribe', peer.baseUrl, taskId, '--save', file, '--json'], {
      onLine: () => {
        if (canceled) return;
        canceled = true;
        void run(['cancel', peer.baseUrl, taskId]);
      },
    });
    expect(following.stderr).toContain(`Session saved to ${file}`);
    expect(jsonLines(following.stdout).some((line) => 'end' in line)).toBe(true);
    await expectOpens(file);
  }, 60_000);

  it('check, then replay --against: both runs open in the app; replay without --against is refused', async () => {
    const checked = path.join(dir, 'check.switchboard');
    const check = await run(['check', peer.baseUrl, '--no-probes', '--save', checked]);
    expect(check.stderr).toContain(`Session saved to ${checked}`);
    await expectOpens(checked);
    const noAgainst = await run(['replay', checked, '--save', path.join(dir, 'r.switchboard')]);
    expect(noAgainst.code).toBe(2);
    expect(noAgainst.stderr).toContain('with replay it needs --against URL.');
    const replayed = path.join(dir, 'replay.switchboard');
    const replay = await run(['replay', checked, '--against', peer.baseUrl, '--save', replayed]);
    expect(replay.stderr).toContain(`Session saved to ${replayed}`);
    await expectOpens(replayed);
  }, 60_000);
});

/** The file opens in the app's host with its agent and more than one frame. */
async function expectOpens(file: string): Promise<void> {
  const host = createHost({ edition: 'test', appVersion: '1', dataDir: path.join(dir, 'opener') });
  try {
    const opened = await host.openSession({ path: file });
    expect(opened.frameCount).toBeGreaterThan(1);
    expect(opened.agents.length).toBeGreaterThan(0);
  } finally {
    await host.close();
  }
}
