// FRM-8 against the hostile agent's 17 MiB event, one over the 16 MiB per-event cap: it is stored on disk whole
// instead of dropped, its frame says where, the events after it are read as usual, the stream counts it, and its
// bytes load back exactly as the agent sent them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { LIVE_SESSION_ID, type HostService } from '../../shared/host/hostApi';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import type { Frame, HttpFrame, SseFrame } from '../../shared/wire/frame';
import { STORED_READ_MAX_BYTES } from '../../shared/wire/storedString';
import { hugeEventBlock, startHostilePeer, type HostilePeerHandle } from '../peers/hostilePeer';
import { suiteTempDir } from '../unit/support/tempDir';

let peer: HostilePeerHandle;
let host: HostService;
const frames: Frame[] = [];
const waiters: Array<() => void> = [];
const tempDir = suiteTempDir('switchboard-large-event-');

beforeAll(async () => {
  peer = await startHostilePeer();
  host = createHost({ edition: 'test', appVersion: '0', dataDir: tempDir(), record: true });
  host.onEvent((event) => {
    if (event.type !== 'frames') return;
    frames.push(...event.frames);
    for (const wake of waiters.splice(0)) wake();
  });
});
afterAll(async () => {
  await host.close();
  await peer.close();
});

/** The exchange's final revision, once the host has published it. */
async function finalFrame(id: string): Promise<HttpFrame> {
  for (;;) {
    const done = frames.find((f): f is HttpFrame => f.kind === 'http' && f.id === id && f.state === 'done');
    if (done) return done;
    await new Promise<void>((resolve) => waiters.push(resolve));
  }
}

async function readWhole(sha256: string, size: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  // Slice by slice, as the window's Load reads it.
  for (let offset = 0; offset < size; offset += STORED_READ_MAX_BYTES) {
    const length = Math.min(STORED_READ_MAX_BYTES, size - offset);
    const slice = await host.readStoredBytes({ sessionId: LIVE_SESSION_ID, sha256, offset, length });
    parts.push(Buffer.from(slice.base64, 'base64'));
  }
  return Buffer.concat(parts);
}

describe('an SSE event over the per-event cap', () => {
  it('is stored on disk, counted, and loads back byte for byte; the events after it still decode', async () => {
    const opened = await host.openAgent({ url: peer.agentUrl('huge-event') });
    if (!opened.ok) throw new Error(opened.message);
    const outcome = await host.runOperation({
      agentId: opened.agent.id,
      operation: 'stream',
      input: { message: { parts: [{ kind: 'text', text: 'send the big one' }] }, blocking: true },
    });
    expect(outcome.status).toBe('stream');
    const exchange = await finalFrame(outcome.exchangeId!);
    expect(exchange.stream).toMatchObject({ events: 4, ended: 'complete' });
    expect(exchange.findings?.find((f) => f.rule === 'sse.event-too-large')).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining('it was stored on disk whole and not decoded') as unknown,
    });

    const events = frames.filter((f): f is SseFrame => f.kind === 'sse' && f.exchangeId === exchange.id);
    expect(events.map((e) => (e.stored ? 'stored' : e.a2a?.item))).toEqual([
      'task',
      'status-update',
      'stored',
      'status-update',
    ]);
    const big = events[2]!;
    const requestId = (JSON.parse(exchange.request.body!.text) as { id: string | number }).id;
    const sent = Buffer.from(hugeEventBlock(requestId));
    expect(big.stored).toMatchObject({ size: sent.length, type: 'message' });
    expect(big.offset.end - big.offset.start).toBe(sent.length);
    expect(big.raw.length).toBeLessThanOrEqual(4096);
    // The spans still tile the body: nothing between the events was lost.
    for (let i = 1; i < events.length; i++) expect(events[i]!.offset.start).toBe(events[i - 1]!.offset.end);

    const loaded = await readWhole(big.stored!.sha256, big.stored!.size);
    expect(loaded.length).toBe(sent.length);
    expect(loaded.equals(sent)).toBe(true);

    // Saved, the session file carries the event's bytes; opened again, they read the same.
    const saved = await host.saveSession({ sessionId: LIVE_SESSION_ID });
    const reopened = await host.openSession({ path: saved.path });
    const again = await host.readStoredBytes({
      sessionId: reopened.sessionId,
      sha256: big.stored!.sha256,
      offset: sent.length - 16,
      length: 16,
    });
    expect(Buffer.from(again.base64, 'base64').equals(sent.subarray(sent.length - 16))).toBe(true);

    // The timeline lists it with a placeholder in the conversation, and the task still completes.
    const timeline = new TimelineModel();
    timeline.ingest(frames);
    expect(timeline.entries.find((e) => e.frameId === big.id)?.label).toBe(
      'message · stored on disk, not decoded',
    );
    expect(timeline.conversation.find((c) => c.frameId === big.id)?.stored).toEqual({
      sha256: big.stored!.sha256,
      size: sent.length,
    });
    expect(timeline.tasks.get('task-huge-event')?.states.map((s) => s.state)).toContain('completed');
  });
});
