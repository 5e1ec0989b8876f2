// Answers too large for memory (SEC-4), against the hostile agent's 100 MiB base64 file part: the body goes to disk
// as it arrives, the frame carries its sha256 and a decodable text with the long string cut out, the task decodes
// with a placeholder for the file's bytes, any slice of the stored bytes can be read back, and a saved session
// carries the whole body so it opens and reads the same elsewhere.

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { blobDirOf } from '../../electron/host/session/journal';
import { journalDir } from '../../electron/host/session/recording';
import { LIVE_SESSION_ID, type HostService } from '../../shared/host/hostApi';
import type { HttpFrame } from '../../shared/wire/frame';
import { parseStoredString } from '../../shared/wire/storedString';
import {
  HUGE_FILE_BASE64_BYTES,
  HUGE_FILE_PNG_BASE64,
  startHostilePeer,
  type HostilePeerHandle,
} from '../peers/hostilePeer';
import { suiteTempDir } from '../unit/support/tempDir';

let peer: HostilePeerHandle;
let dataDir: string;
let host: HostService;
const published = new Map<string, HttpFrame>();
const tempDir = suiteTempDir('switchboard-stored-');

beforeAll(async () => {
  peer = await startHostilePeer();
  dataDir = tempDir();
  host = createHost({ edition: 'test', appVersion: '0', dataDir, record: true });
  host.onEvent((event) => {
    if (event.type !== 'frames') return;
    for (const frame of event.frames) if (frame.kind === 'http') published.set(frame.id, frame);
  });
});
afterAll(async () => {
  await host.close();
  await peer.close();
});

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe('a 100 MiB file part', () => {
  it('is stored on disk, decoded without its bytes in memory, read back by slices, and saved whole', async () => {
    const opened = await host.openAgent({ url: peer.agentUrl('huge-file') });
    if (!opened.ok) throw new Error(opened.message);
    const outcome = await host.runOperation({
      agentId: opened.agent.id,
      operation: 'send',
      input: { message: { parts: [{ kind: 'text', text: 'send the file' }] }, blocking: true },
    });
    expect({ status: outcome.status, message: outcome.message }).toEqual({
      status: 'result',
      message: 'Task task-huge-file is TASK_STATE_COMPLETED.',
    });
    await new Promise((resolve) => setImmediate(resolve));

    // The frame: no bytes, the sha256, and the answer with the file's base64 cut out.
    const frame = published.get(outcome.exchangeId!)!;
    const body = frame.response!.body;
    expect(body.base64).toBe('');
    expect(body.size).toBeGreaterThan(HUGE_FILE_BASE64_BYTES);
    expect(body.stored).toMatchObject({ text: 'reduced', strings: 1 });
    expect(body.text.length).toBeLessThan(1000);
    const answer = JSON.parse(body.text) as {
      result: { task: { artifacts: Array<{ parts: Array<{ raw: string; filename: string }> }> } };
    };
    const part = answer.result.task.artifacts[0]!.parts[0]!;
    expect(part.filename).toBe('big.png');
    const stored = parseStoredString(part.raw)!;
    expect(stored).toMatchObject({ sha256: body.stored!.sha256, length: HUGE_FILE_BASE64_BYTES });

    // On disk, in the recording's blob folder: exactly the bytes received.
    const [journal] = (await readdir(journalDir(dataDir))).filter((name) => name.endsWith('.ndjson'));
    const file = path.join(blobDirOf(path.join(journalDir(dataDir), journal!)), stored.sha256);
    expect((await stat(file)).size).toBe(body.size);
    expect(await sha256Of(file)).toBe(stored.sha256);

    // Any slice reads back: the first and the last bytes of the file's base64.
    const first = await host.readStoredBytes({
      sessionId: LIVE_SESSION_ID,
      sha256: stored.sha256,
      offset: stored.offset,
      length: 8,
    });
    expect(Buffer.from(first.base64, 'base64').toString()).toBe(HUGE_FILE_PNG_BASE64.slice(0, 8));
    expect(first.total).toBe(body.size);
    const last = await host.readStoredBytes({
      sessionId: LIVE_SESSION_ID,
      sha256: stored.sha256,
      offset: stored.offset + stored.length - 4,
      length: 8,
    });
    expect(Buffer.from(last.base64, 'base64').toString()).toBe('QUJD"}]}');
    await expect(
      host.readStoredBytes({ sessionId: LIVE_SESSION_ID, sha256: 'f'.repeat(64), offset: 0, length: 8 }),
    ).rejects.toThrow('no stored body with that sha256');

    // Saved, the session carries the body; opened again, it reads the same.
    const saved = await host.saveSession({ sessionId: LIVE_SESSION_ID });
    expect(saved.bytes).toBeGreaterThan(body.size);
    const reopened = await host.openSession({ path: saved.path });
    const page = await host.readSessionFrames({ sessionId: reopened.sessionId, from: 0, count: 100 });
    const again = page.frames.find((f): f is HttpFrame => f.kind === 'http' && f.id === frame.id)!;
    expect(again.response!.body.stored?.sha256).toBe(stored.sha256);
    const fromFile = await host.readStoredBytes({
      sessionId: reopened.sessionId,
      sha256: stored.sha256,
      offset: stored.offset,
      length: 8,
    });
    expect(Buffer.from(fromFile.base64, 'base64').toString()).toBe(HUGE_FILE_PNG_BASE64.slice(0, 8));
  }, 60_000);
});
