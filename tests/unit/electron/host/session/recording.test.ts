// The recording's journals: older runs are pruned down to a count, but never the journal of a host that is still
// running (its lock names a live process), whatever order hosts start and stop in.

import { existsSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { journalDir, startRecording } from '../../../../../electron/host/session/recording';
import type { HttpFrame } from '../../../../../shared/wire/frame';

const frame = (id: string): HttpFrame => ({
  kind: 'http',
  id,
  source: 'test',
  timing: { start: 1 },
  request: { method: 'GET', url: 'http://127.0.0.1/', headers: [] },
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('prunes old journals but not one a running host still writes', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sb-recording-'));
  const running = startRecording({ dataDir, appVersion: 'x', keep: 3 });
  running.record(frame('first'));
  await running.read();
  for (let i = 0; i < 5; i++) {
    await pause(5);
    const other = startRecording({ dataDir, appVersion: 'x', keep: 3 });
    other.record(frame(`other-${i}`));
    await other.read();
    await pause(20);
    await other.close();
  }
  await pause(50);
  expect(existsSync(running.file)).toBe(true);
  running.record(frame('second'));
  expect((await running.read()).frames.map((f) => f.id)).toEqual(['first', 'second']);
  const journals = (await readdir(journalDir(dataDir))).filter((name) => name.endsWith('.ndjson'));
  // Three kept by count, plus the running one.
  expect(journals.length).toBeLessThanOrEqual(4);
  expect(journals).toContain(path.basename(running.file));
  await running.close();
  expect(existsSync(`${running.file}.lock`)).toBe(false);
});
