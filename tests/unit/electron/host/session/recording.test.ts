// The recording's journals: older runs are pruned down to a count, but never the journal of a host that is still
// running (its lock names a live process), whatever order hosts start and stop in.

import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { journalDir, startRecording } from '../../../../../electron/host/session/recording';
import type { HttpFrame } from '../../../../../shared/wire/frame';
import { testTempDir } from '../../../support/tempDir';

const frame = (id: string): HttpFrame => ({
  kind: 'http',
  id,
  source: 'test',
  timing: { start: 1 },
  request: { method: 'GET', url: 'http://127.0.0.1/', headers: [] },
});
// Real waits: pruning is file-system work a recording starts and does not await, so only time lets it finish.
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.useRealTimers();
});

it('prunes old journals but not one a running host still writes', async () => {
  // Journals are named by their start time: a fake Date moved on between hosts orders them without waiting.
  vi.useFakeTimers({ toFake: ['Date'] });
  const dataDir = testTempDir('sb-recording-');
  const running = startRecording({ dataDir, appVersion: 'x', keep: 3 });
  running.record(frame('first'));
  await running.read();
  for (let i = 0; i < 5; i++) {
    vi.advanceTimersByTime(5);
    const other = startRecording({ dataDir, appVersion: 'x', keep: 3 });
    other.record(frame(`other-${i}`));
    await other.read();
    await pause(20);
    await other.close();
  }
  const journals = async () =>
    (await readdir(journalDir(dataDir))).filter((name) => name.endsWith('.ndjson'));
  // Three kept by count, plus the running one: waiting for the pruning to get there, not for a fixed time.
  await vi.waitFor(async () => expect((await journals()).length).toBeLessThanOrEqual(4));
  expect(existsSync(running.file)).toBe(true);
  running.record(frame('second'));
  expect((await running.read()).frames.map((f) => f.id)).toEqual(['first', 'second']);
  expect(await journals()).toContain(path.basename(running.file));
  await running.close();
  expect(existsSync(`${running.file}.lock`)).toBe(false);
});
