// A proxied stream's events kept as runs of bytes (sseRuns.ts, PRX-1): their `proxied` tag is written once per run,
// not once per event, and they read back exactly as the straightforward journal (every frame a line of its own)
// reads them back; a run line whose tag has the wrong shape is refused as unreadable, as a hostile file must be.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJournal, readJournal } from '../../../../../electron/host/session/journal';
import { redactFrame, redactionLeaves } from '../../../../../shared/session/redact';
import type { ProxiedInfo } from '../../../../../shared/proxy/proxyTypes';
import type { SseFrame } from '../../../../../shared/wire/frame';
import { recordStream } from '../../../support/recordStream';
import { testTempDir } from '../../../support/tempDir';

const info: ProxiedInfo = {
  proxyId: 'p1',
  listenUrl: 'http://127.0.0.1:9001',
  upstream: 'http://127.0.0.1:9000/a2a',
  client: { address: '127.0.0.1', port: 50000, userAgent: 'sdk' },
  binding: 'JSONRPC',
};

const update = (n: number) =>
  `{"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t1","contextId":"c1","status":` +
  `{"state":"TASK_STATE_WORKING"},"metadata":{"n":${n}}}}}`;

function proxiedFrames(): SseFrame[] {
  const text = Array.from({ length: 300 }, (_, n) => `data: ${update(n)}\n\n`).join('') + ': ping\n\n';
  const bytes = Buffer.from(text);
  const chunks = [bytes.subarray(0, 5000), bytes.subarray(5000, 5003), bytes.subarray(5003)];
  let n = 0;
  const { frames } = recordStream(chunks, { nextId: () => `e${n++}`, now: () => 1234 });
  // As the proxy tags them: one object for the exchange's events.
  for (const frame of frames) frame.proxied = info;
  return frames;
}

async function written(frames: SseFrame[], runs: boolean) {
  const file = path.join(testTempDir('switchboard-proxied-runs-'), 'journal.ndjson');
  const journal = await openJournal(file, {
    transform: redactFrame,
    ...(runs ? { untransformed: redactionLeaves } : {}),
  });
  for (const frame of frames) journal.append(frame);
  await journal.close();
  return { file, text: await readFile(file, 'utf8') };
}

describe('proxied stream events in runs', () => {
  it('reads back as the straightforward journal does, with the tag once per run', async () => {
    const frames = proxiedFrames();
    const runs = await written(frames, true);
    const lines = await written(frames, false);
    expect(runs.text).toContain('"kind":"sse-run"');
    expect(lines.text).not.toContain('"kind":"sse-run"');
    const fromRuns = await readJournal(runs.file);
    const fromLines = await readJournal(lines.file);
    expect(fromRuns.unreadable).toEqual([]);
    expect(fromRuns.frames).toEqual(fromLines.frames);
    expect(fromRuns.frames).toEqual(frames);
    const tags = (text: string) => text.split('"proxyId":"p1"').length - 1;
    expect(tags(lines.text)).toBe(frames.length);
    expect(tags(runs.text)).toBeLessThan(10);
  });

  it('refuses a run line whose proxied tag has the wrong shape', async () => {
    const { file, text } = await written(proxiedFrames(), true);
    await writeFile(file, text.replaceAll('"proxyId":"p1"', '"proxyId":7'));
    const read = await readJournal(file);
    expect(read.unreadable.length).toBeGreaterThan(0);
    // Every event was in a run, and no run is let in with a tag the views could not read.
    expect(read.frames.filter((frame) => frame.kind === 'sse' && frame.dispatched)).toEqual([]);
  });
});
