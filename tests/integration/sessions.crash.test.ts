// SES-1: a host recording a fast stream is killed with SIGKILL; the journal it leaves opens, loses at most about the
// last second of traffic (the sync interval), and a torn last line, if any, is dropped with a notice.

import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { JOURNAL_SYNC_MS } from '../../electron/host/session/journal';
import { journalDir } from '../../electron/host/session/recording';
import { bundleEntry } from './support/bundleEntry';
import { startFastStreamAgent, type FastStreamAgent } from './support/fastStreamAgent';
import { testTempDir } from '../unit/support/tempDir';

let agent: FastStreamAgent;
let childScript: string;

beforeAll(async () => {
  agent = await startFastStreamAgent();
  childScript = await bundleEntry('tests/integration/support/recordChild.ts');
});
afterAll(() => agent?.close());

it('a recorder killed mid-stream leaves a journal that opens and misses at most the last second', async () => {
  const dataDir = testTempDir('switchboard-crash-');
  const child = spawn(process.execPath, [childScript, dataDir, agent.url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('streaming')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`child exited (${code}): ${stderr}`)));
  });
  // Long enough for several sync intervals to pass while events pour in.
  await new Promise((resolve) => setTimeout(resolve, 3 * JOURNAL_SYNC_MS + 300));
  const killedAt = Date.now();
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;

  const [name] = await readdir(journalDir(dataDir));
  expect(name).toMatch(/^run-.*\.ndjson$/);
  const host = createHost({ edition: 'test', appVersion: '0', dataDir, record: false });
  try {
    const opened = await host.openSession({ path: path.join(journalDir(dataDir), name!) });
    expect(opened.source).toBe('journal');
    const { frames } = await host.readSessionFrames({ sessionId: opened.sessionId, from: 0, count: 100_000 });
    const events = frames.filter((frame) => frame.kind === 'sse');
    const sentBeforeKill = agent.sent.filter((at) => at <= killedAt);
    // Most of what the agent sent is on disk …
    expect(events.length).toBeGreaterThan(100);
    expect(events.length).toBeLessThanOrEqual(sentBeforeKill.length);
    // … and what is missing was sent in about the last sync interval (plus scheduling slack on a busy machine).
    const lastRecorded = Math.max(...events.map((frame) => frame.timing.start));
    expect(killedAt - lastRecorded).toBeLessThan(JOURNAL_SYNC_MS + 1000);
    const missing = sentBeforeKill.filter((at) => at < lastRecorded - 50).length - events.length;
    expect(missing).toBeLessThanOrEqual(5);
    expect(opened.agents.map((a) => a.name)).toEqual(['Fast stream']);
    if (opened.notices.length > 0) expect(opened.notices.join(' ')).toMatch(/middle of a line/);
  } finally {
    await host.close();
  }
});
