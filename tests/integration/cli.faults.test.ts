// `switchboard` (CLI-1) when things are not simple, in a child process against real peers: credentials (AUTH-1) and
// credentials for another origin (AUTH-5), an agent that never answers, a stream dropped mid-way and resynced
// (TASK-4), answers that break rules (their findings printed), and wrong words caught before anything is sent.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { peers, type PeerHandle } from '../peers';
import { AUTH_PEER, startAuthPeer, type AuthPeerHandle } from '../peers/authPeer';
import { startHostilePeer, type HostilePeerHandle } from '../peers/hostilePeer';
import { bundleEntry } from './support/bundleEntry';
import { jsonLines, runCli } from './support/cliProcess';
import { suiteTempDir } from '../unit/support/tempDir';

let cli: string;
let peer: PeerHandle;
let auth: AuthPeerHandle;
let hostile: HostilePeerHandle;
let dir: string;
const tempDir = suiteTempDir('sb-cli-faults-');

beforeAll(async () => {
  [cli, peer, auth, hostile, dir] = await Promise.all([
    bundleEntry('electron/cli.ts'),
    peers['v1.0'](),
    startAuthPeer(),
    startHostilePeer(),
    tempDir(),
  ]);
});
afterAll(async () => {
  await Promise.all([peer?.close(), auth?.close(), hostile?.close()]);
});

// No SWITCHBOARD_BEARER from the machine running the tests leaks into a run that is meant to have none.
const cleanEnv = (extra: NodeJS.ProcessEnv = {}) => {
  const env = { ...process.env, ...extra };
  if (!('SWITCHBOARD_BEARER' in extra)) delete env.SWITCHBOARD_BEARER;
  return env;
};
const run = (args: string[], extra?: NodeJS.ProcessEnv) => runCli(cli, args, { env: cleanEnv(extra) });

describe('credentials', () => {
  it('without them: the 401 with its challenge and the options to use, exit 1', async () => {
    const refused = await run(['send', auth.agentUrl('bearer'), 'hi']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('HTTP 401 Unauthorized');
    expect(refused.stderr).toContain(
      'The agent refused the request (HTTP 401, WWW-Authenticate: Bearer realm="bearer"). Send credentials with --bearer TOKEN',
    );
  });

  it('--bearer, SWITCHBOARD_BEARER and --header reach the agent', async () => {
    const sent = await run([
      'send',
      auth.agentUrl('bearer'),
      'hi',
      '--bearer',
      AUTH_PEER.bearerToken,
      '--json',
    ]);
    expect(sent.code).toBe(0);
    const doc = jsonLines(sent.stdout)[0] as {
      taskId: string;
      result: { task: { status: { state: string } } };
    };
    expect(doc.result.task.status.state).toBe('completed');
    const got = await run(['get', auth.agentUrl('bearer'), doc.taskId, '--json'], {
      SWITCHBOARD_BEARER: AUTH_PEER.bearerToken,
    });
    expect(got.code).toBe(0);
    expect(jsonLines(got.stdout)[0]).toMatchObject({ result: { task: { id: doc.taskId } } });
    const custom = await run([
      'send',
      auth.agentUrl('custom-header'),
      'hi',
      '--header',
      `X-Switchboard-Custom: ${AUTH_PEER.customHeaderValue}`,
    ]);
    expect(custom.code).toBe(0);
    expect(custom.stdout).toContain('TASK_STATE_COMPLETED');
    const posts = auth.requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => [request.agent, request.authorized])).toEqual([
      ['bearer', false],
      ['bearer', true],
      ['bearer', true],
      ['custom-header', true],
    ]);
  });

  it('credentials for an interface on another origin wait for --trust-origin (AUTH-5)', async () => {
    // The card is fetched from localhost; its interfaces name 127.0.0.1, another origin.
    const other = peer.baseUrl.replace('127.0.0.1', 'localhost');
    const asked = await run(['send', other, 'hi', '--bearer', 'not-for-anyone', '--json']);
    expect(asked.code).toBe(1);
    expect(jsonLines(asked.stdout)[0]).toMatchObject({ status: 'refused' });
    expect(asked.stderr).toContain(`run again with --trust-origin ${peer.baseUrl}`);
    const trusted = await run([
      'send',
      other,
      'hi',
      '--bearer',
      'not-for-anyone',
      '--trust-origin',
      peer.baseUrl,
    ]);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toContain('Artifact echo: Echo: hi');
  });
});

describe('streams', () => {
  it('Ctrl-C closes the stream, not the task: exit 130 and how to follow it again', async () => {
    const host = createHost({ edition: 'test', appVersion: '0' });
    try {
      const opened = await host.openAgent({ url: peer.baseUrl });
      if (!opened.ok) throw new Error(opened.message);
      const slow = await host.runOperation({
        agentId: opened.agent.id,
        operation: 'send',
        input: { message: { parts: [{ kind: 'text', text: 'slow please' }] }, blocking: false },
      });
      const taskId = slow.taskId!;
      let interrupted = false;
      const watched = await runCli(cli, ['subscribe', peer.baseUrl, taskId], {
        env: cleanEnv(),
        onLine: (line, child) => {
          // Once the stream shows the task, the user presses Ctrl-C.
          if (!interrupted && line.startsWith('[')) {
            interrupted = true;
            child.kill('SIGINT');
          }
        },
      });
      expect(watched.code).toBe(130);
      expect(watched.stdout).toContain('Stream ended (closed-by-user)');
      expect(watched.stderr).toContain(
        `You closed the stream; the task goes on. Follow it again with: switchboard subscribe <url> ${taskId}`,
      );
      const after = await host.runOperation({
        agentId: opened.agent.id,
        operation: 'get',
        input: { taskId },
      });
      expect(after.result).toMatchObject({ type: 'task', task: { status: { state: 'working' } } });
      await host.runOperation({ agentId: opened.agent.id, operation: 'cancel', input: { taskId } });
    } finally {
      await host.close();
    }
  });
});

describe('agents that misbehave', () => {
  it('an agent that never answers: the timeout named, exit 3', async () => {
    const hung = await run(['send', hostile.agentUrl('hang-head'), 'hi', '--timeout', '800']);
    expect(hung.code).toBe(3);
    expect(hung.stdout).toContain('Timed out (');
    expect(hung.stdout).toContain('Gave up after 800 ms');
  });

  it('a stream dropped mid-way: the drop said, the task read back and followed to its end', async () => {
    const streamed = await run(['send', hostile.agentUrl('drop-mid-stream'), 'hi', '--stream', '--json']);
    expect(streamed.code).toBe(0);
    const docs = jsonLines(streamed.stdout);
    const ends = docs.filter((doc) => 'end' in doc) as Array<{
      end: { ended: string; frameError?: { kind: string }; resync?: { get: { status: string } } };
    }>;
    expect(ends.map((doc) => doc.end.ended)).toEqual(['error', 'complete']);
    expect(ends[0]!.end).toMatchObject({
      frameError: { kind: 'reset' },
      resync: { get: { status: 'result' } },
    });
    // The last line is the end of the stream that was followed; the event before it completed the task.
    expect(docs.at(-1)).toBe(ends[1]);
    expect(docs.at(-2)).toMatchObject({
      event: { kind: 'status-update', update: { status: { state: 'completed' } } },
    });
    expect(streamed.stderr).toContain('The stream dropped; Switchboard read the task back to resync.');

    const human = await run(['send', hostile.agentUrl('drop-mid-stream'), 'hi', '--stream']);
    expect(human.stdout).toMatch(
      /Stream ended \(error\) after 2 events: Connection reset — .*\nTask task-drop · TASK_STATE_WORKING[\s\S]*\[status\] TASK_STATE_COMPLETED\nStream ended \(complete\) after 2 events\.\n$/,
    );
  });

  it('answers that break rules: their findings printed, in JSON too', async () => {
    const mismatched = await run(['send', hostile.agentUrl('id-mismatch'), 'hi', '--json']);
    expect(mismatched.code).toBe(0);
    expect(jsonLines(mismatched.stdout)[0]).toMatchObject({
      status: 'result',
      findings: [expect.objectContaining({ rule: 'jsonrpc.id-mismatch', severity: 'error' })],
    });
    const garbled = await run(['send', hostile.agentUrl('non-json-data'), 'hi', '--stream']);
    expect(garbled.code).toBe(0);
    expect(garbled.stdout).toMatch(/\[not understood\] this is not json\n {4}error: \[json\.invalid\] /);
    expect(garbled.stdout).toContain('[status] TASK_STATE_COMPLETED');
  });
});

describe('wrong words are caught before anything is sent', () => {
  it('exit 2 with the reason and the usage, even when the agent is not there', async () => {
    // Port 1 answers nothing: reaching it would exit 3, so 2 proves nothing was sent.
    const nowhere = 'http://127.0.0.1:1';
    const cases: Array<[string[], string]> = [
      [['card', '127.0.0.1:8123'], '<url> must be an http:// or https:// URL, not "127.0.0.1:8123".'],
      [['send', nowhere, 'x', '--data', '{"a":'], '--data is not JSON: '],
      [
        ['send', nowhere, 'x', '--file', path.join(dir, 'absent.txt')],
        `--file ${path.join(dir, 'absent.txt')}: ENOENT`,
      ],
      [['send', nowhere, 'x', '--header', 'no colon'], `--header needs 'Name: value', not "no colon".`],
      [['list', nowhere, '--status', 'done'], '--status is one of submitted, working'],
      [
        ['check', nowhere, '--timeout', 'soon'],
        '--timeout needs a whole number from 1 to 86400000, not "soon".',
      ],
    ];
    for (const [args, reason] of cases) {
      const wrong = await run(args);
      expect(wrong.code, args.join(' ')).toBe(2);
      expect(wrong.stderr, args.join(' ')).toContain(reason);
      expect(wrong.stdout, args.join(' ')).toBe('');
    }
  });

  it('a file is sent inline with its name and media type', async () => {
    const file = path.join(dir, 'table.csv');
    await writeFile(file, 'a,b\n1,2\n');
    const sent = await run(['send', peer.baseUrl, 'a file', '--file', file, '--json']);
    expect(sent.code).toBe(0);
    const artifact = JSON.stringify(jsonLines(sent.stdout)[0]);
    // The peer describes what it received in a data part of its echo.
    expect(artifact).toContain('"name":"table.csv"');
    expect(artifact).toContain('"mediaType":"text/csv"');
  });
});
