// Every command of `switchboard` (CLI-1) in a child process against real peers: exit codes (0 done, 1 failure or
// findings, 2 wrong words, 3 unreachable) and the --json output a CI script would read.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import type { CheckReport } from '../../shared/checks/types';
import { LIVE_SESSION_ID } from '../../shared/host/hostApi';
import { peers, type PeerHandle } from '../peers';
import { startBrokenPeer, type BrokenPeerHandle } from '../peers/brokenPeer';
import { startFaultyPeer, type FaultyPeerHandle } from '../peers/faultyPeer';
import { startV10GrpcPeer } from '../peers/v10Peer';
import { bundleEntry } from './support/bundleEntry';
import { jsonLines, runCli, type CliRun } from './support/cliProcess';
import { suiteTempDir } from '../unit/support/tempDir';

let cli: string;
let peer: PeerHandle;
let broken: BrokenPeerHandle;
let faulty: FaultyPeerHandle;
let dir: string;
const tempDir = suiteTempDir('sb-cli-commands-');

beforeAll(async () => {
  [cli, peer, broken, faulty, dir] = await Promise.all([
    bundleEntry('electron/cli.ts'),
    peers['v1.0'](),
    startBrokenPeer(),
    startFaultyPeer(),
    tempDir(),
  ]);
});
afterAll(async () => {
  await peer?.close();
  await broken?.close();
  await faulty?.close();
});

const run = (args: string[], onLine?: (line: string) => void) => runCli(cli, args, onLine ? { onLine } : {});
const lines = jsonLines;

describe('agent commands against the 1.0 peer', () => {
  it('card: a summary and its findings; unreachable exits 3; wrong words exit 2', async () => {
    const card = await run(['card', peer.baseUrl, '--json']);
    expect(card.code).toBe(0);
    const [doc] = lines(card.stdout);
    expect(doc).toMatchObject({ generation: '1.0', findings: [], name: 'Switchboard test peer (A2A 1.0)' });
    expect((doc!.interfaces as unknown[]).length).toBe(2);
    const human = await run(['card', peer.baseUrl]);
    expect(human.stdout).toContain('Capabilities: streaming, pushNotifications');
    const gone = await run(['card', 'http://127.0.0.1:1', '--json']);
    expect(gone.code).toBe(3);
    expect(lines(gone.stdout)[0]).toMatchObject({ ok: false, unreachable: true });
    const wrong = await run(['card']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('"card" needs <url>.');
  });

  it('send (blocking, a file and data, then the follow-up), get, list', async () => {
    const file = path.join(dir, 'note.txt');
    await import('node:fs/promises').then((fs) => fs.writeFile(file, 'a small file'));
    const sent = await run([
      'send',
      peer.baseUrl,
      'hello cli',
      '--file',
      file,
      '--data',
      '{"n":1}',
      '--json',
    ]);
    expect(sent.code).toBe(0);
    const result = lines(sent.stdout)[0] as {
      status: string;
      result: { task: { id: string; status: { state: string } } };
    };
    expect(result.status).toBe('result');
    expect(result.result.task.status.state).toBe('completed');

    // Over gRPC when asked: the bundled command line carries the protos.
    const grpcPeer = await startV10GrpcPeer();
    try {
      const overGrpc = await run(['send', grpcPeer.baseUrl, 'hello grpc cli', '--binding', 'GRPC', '--json']);
      expect(overGrpc.code).toBe(0);
      const answer = lines(overGrpc.stdout)[0] as {
        status: string;
        result: { task: { status: { state: string } } };
      };
      expect(answer).toMatchObject({
        status: 'result',
        result: { task: { status: { state: 'completed' } } },
      });
      const human = await run(['send', grpcPeer.baseUrl, 'hi', '--binding', 'GRPC', '--generation', '0.3']);
      expect(human.code).toBe(0);
      expect(human.stderr).toContain('A2A 0.3, GRPC');
    } finally {
      await grpcPeer.close();
    }
    const badBinding = await run(['send', peer.baseUrl, 'x', '--binding', 'SOAP']);
    expect(badBinding.code).toBe(2);
    expect(badBinding.stderr).toContain('--binding is one of JSONRPC, HTTP+JSON, GRPC, not "SOAP".');

    const waiting = await run(['send', peer.baseUrl, 'need input', '--json']);
    const asked = lines(waiting.stdout)[0] as { taskId: string; contextId: string };
    expect(waiting.stderr).toContain(
      `Answer with: switchboard send <url> <text> --task-id ${asked.taskId} --context-id ${asked.contextId}`,
    );
    const followed = await run([
      'send',
      peer.baseUrl,
      'blue',
      '--task-id',
      asked.taskId,
      '--context-id',
      asked.contextId,
      '--json',
    ]);
    expect(followed.code).toBe(0);
    expect(lines(followed.stdout)[0]).toMatchObject({ taskId: asked.taskId });

    const got = await run(['get', peer.baseUrl, asked.taskId, '--history', '10', '--json']);
    expect(got.code).toBe(0);
    expect(lines(got.stdout)[0]).toMatchObject({ result: { type: 'task', task: { id: asked.taskId } } });
    const missing = await run(['get', peer.baseUrl, 'no-such-task', '--json']);
    expect(missing.code).toBe(1);
    expect(lines(missing.stdout)[0]).toMatchObject({ status: 'error', error: { code: -32001 } });
    expect((await run(['get', peer.baseUrl, 'no-such-task'])).stdout).toContain(
      'A2A error -32001 TaskNotFoundError',
    );

    const history = await run(['get', peer.baseUrl, asked.taskId, '--history', '10']);
    expect(history.stdout).toMatch(/History \(\d+ messages\):\n {4}User: need input\n/);

    const listed = await run(['list', peer.baseUrl, '--page-size', '2', '--json']);
    expect(listed.code).toBe(0);
    expect(lines(listed.stdout)[0]).toMatchObject({ result: { type: 'task-page' } });
    // --status takes Switchboard's state names and sends the 1.0 spelling.
    const completed = lines(
      (await run(['list', peer.baseUrl, '--status', 'completed', '--json'])).stdout,
    )[0] as {
      result: { page: { tasks: Array<{ id: string; status: { state: string } }> } };
    };
    expect(completed.result.page.tasks.map((task) => task.id)).toContain(asked.taskId);
    expect(new Set(completed.result.page.tasks.map((task) => task.status.state))).toEqual(
      new Set(['completed']),
    );

    const failed = await run(['send', peer.baseUrl, 'please fail', '--json']);
    expect(failed.code).toBe(1);
  });

  it('send --stream prints each event as a JSON line, then the end', async () => {
    const streamed = await run(['send', peer.baseUrl, 'hello stream', '--stream', '--json']);
    expect(streamed.code).toBe(0);
    const docs = lines(streamed.stdout);
    expect(docs.at(-1)).toMatchObject({ end: { ended: 'complete', events: docs.length - 1 } });
    expect(docs.slice(0, -1).every((doc) => 'event' in doc)).toBe(true);
    const human = await run(['send', peer.baseUrl, 'hello stream', '--stream']);
    expect(human.stdout).toMatch(
      /\[status\] TASK_STATE_WORKING[\s\S]*\[artifact\] echo[\s\S]*TASK_STATE_COMPLETED/,
    );
  });

  it('subscribe follows a running task until it is canceled; cancel says canceled', async () => {
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
      let canceled: Promise<CliRun> | undefined;
      const subscribed = run(['subscribe', peer.baseUrl, taskId, '--json'], (line) => {
        // Once the stream shows the task, cancel it with the command line too.
        if (!canceled && line.includes('"event"')) canceled = run(['cancel', peer.baseUrl, taskId, '--json']);
      });
      const sub = await subscribed;
      const cancel = await canceled!;
      expect(cancel.code).toBe(0);
      expect(lines(cancel.stdout)[0]).toMatchObject({ result: { task: { status: { state: 'canceled' } } } });
      expect(sub.code).toBe(0);
      expect(sub.stdout).toContain('TASK_STATE_CANCELED');
    } finally {
      await host.close();
    }
  });
});

describe('check', () => {
  it('a conforming agent: report, JUnit file, exit 0', async () => {
    const junit = path.join(dir, 'report.xml');
    const checked = await run(['check', faulty.agentUrl('correct'), '--json', '--junit', junit]);
    expect(checked.code).toBe(0);
    const report = lines(checked.stdout)[0] as unknown as CheckReport;
    expect(report.summary).toMatchObject({ error: 0, probesFailed: 0 });
    // It declares neither streaming nor push, and has two bindings.
    expect(report.probes.filter((probe) => probe.status !== 'passed').map((probe) => probe.probeId)).toEqual([
      'probe.streaming',
      'probe.push',
    ]);
    const xml = await readFile(junit, 'utf8');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="Switchboard checks" tests="\d+" failures="0">/,
    );
  });

  it('the broken agent: its illegal transition found, exit 1', async () => {
    const checked = await run(['check', broken.baseUrl, '--json', '--no-probes']);
    expect(checked.code).toBe(1);
    const report = lines(checked.stdout)[0] as unknown as CheckReport;
    expect(report.probes).toEqual([]);
    expect(report.findings.filter((f) => f.severity === 'error').map((f) => f.checkId)).toEqual([
      'state.illegal-transition',
    ]);
    const human = await run(['check', broken.baseUrl, '--no-probes']);
    expect(human.stdout).toContain('1 error');
    expect(human.stdout).toContain('[state.illegal-transition]');
  });

  it('the broken agent probed, as CI would run it: exactly its errors, in the JSON and the JUnit file', async () => {
    const junit = path.join(dir, 'broken.xml');
    const checked = await run(['check', broken.baseUrl, '--json', '--junit', junit]);
    expect(checked.code).toBe(1);
    const report = lines(checked.stdout)[0] as unknown as CheckReport;
    const errors = report.findings.filter((f) => f.severity === 'error').map((f) => f.checkId);
    expect([...new Set(errors)].sort()).toEqual([
      'frame.jsonrpc',
      'probe.cancel-errors',
      'probe.malformed-requests',
      'probe.push',
      'probe.required-methods',
      'probe.streaming',
      'probe.terminal-followup',
      'probe.unknown-task',
      'probe.unsupported-method',
      'state.illegal-transition',
      'state.task-id-changed',
    ]);
    expect(report.summary).toMatchObject({ error: errors.length, probesFailed: 8 });
    expect(await readFile(junit, 'utf8')).toMatch(
      /<testsuites name="Switchboard checks" tests="\d+" failures="\d+">/,
    );
    expect(checked.stderr).toContain('Running the probes …');
  }, 30_000);

  it('every generation peer gets a report (looking only: no probes)', async () => {
    for (const name of ['v0.1', 'v0.2', 'v0.3', 'v1.0-compat'] as const) {
      const other = await peers[name]();
      try {
        const checked = await run(['check', other.baseUrl, '--json', '--no-probes']);
        const report = lines(checked.stdout)[0] as unknown as CheckReport;
        expect(report.agents[0]?.generation, name).toBe(name === 'v1.0-compat' ? '1.0' : name.slice(1));
        // The compat peer keeps @a2a-js/sdk 1.3.0's card bug (its security scheme in the `$case` shape).
        const errors = report.findings.filter((f) => f.severity === 'error').map((f) => f.checkId);
        expect(errors, name).toEqual(name === 'v1.0-compat' ? ['card.lint'] : []);
        expect(checked.code, name).toBe(errors.length > 0 ? 1 : 0);
      } finally {
        await other.close();
      }
    }
  });

  it('an agent that is not there: exit 3', async () => {
    expect((await run(['check', 'http://127.0.0.1:1'])).code).toBe(3);
  });
});

describe('session commands', () => {
  let file: string;
  beforeAll(async () => {
    const host = createHost({ edition: 'test', appVersion: '0', dataDir: dir });
    try {
      const opened = await host.openAgent({
        url: peer.baseUrl,
        settings: { auth: { type: 'bearer', token: 'cli-secret-token' } },
      });
      if (!opened.ok) throw new Error(opened.message);
      const streamed = await host.runOperation({
        agentId: opened.agent.id,
        operation: 'stream',
        input: { message: { parts: [{ kind: 'text', text: 'for the session' }] }, blocking: true },
      });
      await host.awaitStream({ exchangeId: streamed.exchangeId! });
      file = (await host.saveSession({ sessionId: LIVE_SESSION_ID, title: 'cli session' })).path;
    } finally {
      await host.close();
    }
  });

  it('replay offline prints the steps; replay --against the peer finds no differences', async () => {
    const offline = await run(['replay', file, '--json']);
    expect(offline.code).toBe(0);
    const doc = lines(offline.stdout)[0] as {
      session: { title: string };
      steps: Array<{ operation: string; finalState: string }>;
    };
    expect(doc.session.title).toBe('cli session');
    expect(doc.steps).toEqual([expect.objectContaining({ operation: 'stream', finalState: 'completed' })]);
    const against = await run(['replay', file, '--against', peer.baseUrl, '--json']);
    expect(against.code).toBe(0);
    expect(lines(against.stdout)[0]).toMatchObject({ differences: [] });
    const human = await run(['replay', file, '--against', peer.baseUrl]);
    expect(human.stdout).toContain('No differences (ids and times aside).');
    const gone = await run([
      'replay',
      file,
      '--against',
      'http://127.0.0.1:1',
      '--timeout',
      '2000',
      '--json',
    ]);
    expect(gone.code).toBe(3);
    expect(lines(gone.stdout)[0]).toMatchObject({ ok: false, unreachable: true });
  });

  it('export --har writes HAR 1.2 with the stream events and lists what was redacted', async () => {
    const har = path.join(dir, 'out.har');
    const exported = await run(['export', file, '--har', har, '--json']);
    expect(exported.code).toBe(0);
    const doc = lines(exported.stdout)[0] as { redactions: Array<{ kind: string }> };
    expect(doc.redactions.map((item) => item.kind)).toContain('authorization');
    const text = await readFile(har, 'utf8');
    expect(text).not.toContain('cli-secret-token');
    const parsed = JSON.parse(text) as {
      log: { version: string; entries: Array<{ _sseEvents?: unknown[] }> };
    };
    expect(parsed.log.version).toBe('1.2');
    expect(parsed.log.entries.some((entry) => (entry._sseEvents?.length ?? 0) > 0)).toBe(true);
    const missing = await run(['export', file]);
    expect(missing.code).toBe(2);
    expect((await run(['export', path.join(dir, 'nope.switchboard'), '--har', har])).code).toBe(1);
  });
});
