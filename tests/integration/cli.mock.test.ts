// `switchboard mock` end to end (SES-7, CLI-1): a session recorded against the 1.0 peer and saved is served by the
// command line in a child process with the peer gone; Switchboard's own host inspects the mock and gets the same
// task states and artifacts; SIGINT stops it cleanly. Wrong words exit 2, a bad file exits 1 with the reason.

import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { beforeAll, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { LIVE_SESSION_ID } from '../../shared/host/hostApi';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import type { Frame } from '../../shared/wire/frame';
import { peers } from '../peers';
import { bundleEntry } from './support/bundleEntry';
import { suiteTempDir } from '../unit/support/tempDir';

let cli: string;
let dataDir: string;
const tempDir = suiteTempDir('sb-cli-');

beforeAll(async () => {
  cli = await bundleEntry('electron/cli.ts');
  dataDir = tempDir();
});

function runCli(args: string[]) {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

async function stateAndArtifacts(host: ReturnType<typeof createHost>, url: string) {
  const frames: Frame[] = [];
  const stop = host.onEvent((event) => {
    if (event.type === 'frames') frames.push(...structuredClone(event.frames));
  });
  const opened = await host.openAgent({ url });
  if (!opened.ok) throw new Error(opened.message);
  const outcome = await host.runOperation({
    agentId: opened.agent.id,
    operation: 'stream',
    input: { message: { parts: [{ kind: 'text', text: 'hello mock' }] }, blocking: true },
  });
  await host.awaitStream({ exchangeId: outcome.exchangeId! });
  await new Promise((resolve) => setImmediate(resolve));
  stop();
  const model = new TimelineModel();
  model.ingest(frames);
  return model.taskList().map((task) => ({
    states: task.states.map((mark) => mark.state),
    artifacts: task.artifacts.map((a) => a.parts.map((p) => (p.kind === 'text' ? p.text : p.kind)).join('')),
  }));
}

it('serves a saved session until SIGINT; Switchboard sees the same states and artifacts', async () => {
  const recorder = createHost({ edition: 'test', appVersion: '1', dataDir });
  const peer = await peers['v1.0']();
  let recorded: Awaited<ReturnType<typeof stateAndArtifacts>>;
  let file: string;
  try {
    recorded = await stateAndArtifacts(recorder, peer.baseUrl);
    file = (await recorder.saveSession({ sessionId: LIVE_SESSION_ID, title: 'for the cli' })).path;
  } finally {
    await peer.close();
    await recorder.close();
  }
  expect(recorded[0]!.states.at(-1)).toBe('completed');

  const run = runCli(['mock', file, '--timing', 'compressed']);
  const lines = createInterface({ input: run.child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    void run.exited.then((code) => reject(new Error(`exited ${code}: ${run.stderr()}`)));
  });
  const served = JSON.parse(first) as { url: string; cardUrl: string };
  expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
  const card = (await (await fetch(served.cardUrl)).json()) as { name: string };
  expect(card.name).toBeTruthy();

  const inspector = createHost({ edition: 'test', appVersion: '1' });
  try {
    expect(await stateAndArtifacts(inspector, served.url)).toEqual(recorded);
  } finally {
    await inspector.close();
  }
  run.child.kill('SIGINT');
  expect(await run.exited).toBe(0);
  expect(run.stderr()).toContain('Serving "for the cli"');
});

it('wrong words exit 2 with the usage; a file that is not a session exits 1 with the reason', async () => {
  const wrong = runCli(['mock']);
  expect(await wrong.exited).toBe(2);
  expect(wrong.stderr()).toMatch(/mock/);
  const bad = path.join(dataDir, 'bad.switchboard');
  await writeFile(bad, '{"format":"switchboard-session","schemaVersion":999}');
  const refused = runCli(['mock', bad]);
  expect(await refused.exited).toBe(1);
  expect(refused.stderr()).toContain('newer Switchboard');
});
