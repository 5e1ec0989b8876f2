// Cancelling long session work part-way (UX-5) on a real host: opening a session file of some tens of MB stops
// between chunks of the read when cancelled (the bytes read, told by `progress` events, stop short of the file's
// size), and a re-send to an agent that never answers stops the request in flight, sends nothing more, and answers
// the partial comparison marked as cancelled. No timing is asserted: each cancel is made on an event.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { RESEND_CANCELLED } from '../../electron/host/session/resend';
import { LIVE_SESSION_ID, type HostService, type OperationProgress } from '../../shared/host/hostApi';
import { writeSessionFixture, type Fixture } from '../../bench/support/sessionFixture';
import { peers, type PeerHandle } from '../peers';
import { startHostilePeer } from '../peers/hostilePeer';
import { recordSampleRun } from './support/sampleRun';
import { suiteTempDir } from '../unit/support/tempDir';

const tempDir = suiteTempDir('switchboard-midway-');
let host: HostService;
let file: string;
let fixture: Fixture;

beforeAll(async () => {
  const dir = tempDir();
  file = path.join(dir, 'big.switchboard');
  fixture = await writeSessionFixture(file, { events: 60_000, perStream: 250 });
  host = createHost({ edition: 'test', appVersion: '1', dataDir: path.join(dir, 'data') });
});
afterAll(() => host?.close());

/**
 * The progress events of one operation, as they arrive; `onFirst` runs on the first, and `first` settles with it
 * (events are published on the next turn, so the last may come after the call has answered).
 */
function watchProgress(
  opId: string,
  onFirst?: () => void,
): { seen: OperationProgress[]; first: Promise<void>; stop: () => void } {
  const seen: OperationProgress[] = [];
  let arrived: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  const stop = host.onEvent((event) => {
    if (event.type !== 'progress' || event.progress.opId !== opId) return;
    seen.push(event.progress);
    if (seen.length === 1) {
      onFirst?.();
      arrived();
    }
  });
  return { seen, first, stop };
}

describe('cancelling the open of a big file while it is read', () => {
  it('stops reading between chunks: the bytes read stop short of the file', async () => {
    expect(fixture.bytes).toBeGreaterThan(20 * 1024 * 1024);
    const progress = watchProgress('open-big', () => void host.cancelOperation({ opId: 'open-big' }));
    const opening = host.openSession({ path: file, opId: 'open-big' });
    await expect(opening).rejects.toMatchObject({
      name: 'AbortError',
      message: 'Cancelled: the session was not opened.',
    });
    progress.stop();
    expect(progress.seen.length).toBeGreaterThan(0);
    const read = Math.max(...progress.seen.map((p) => p.done));
    expect(read).toBeLessThan(fixture.bytes / 4);
    expect(progress.seen.every((p) => p.unit === 'bytes' && p.total === fixture.bytes)).toBe(true);
  });

  it('opens the same file whole when nobody cancels, its progress reaching the file size', async () => {
    const progress = watchProgress('open-big-2');
    const summary = await host.openSession({ path: file, opId: 'open-big-2' });
    progress.stop();
    expect(summary.frameCount).toBe(fixture.frames);
    expect(progress.seen.at(-1)).toEqual({
      opId: 'open-big-2',
      done: fixture.bytes,
      total: fixture.bytes,
      unit: 'bytes',
    });
    await host.closeSession({ sessionId: summary.sessionId });
  });
});

describe('cancelling a re-send', () => {
  let peer: PeerHandle;
  beforeAll(async () => {
    peer = await peers['v1.0']();
  });
  afterAll(() => peer?.close());

  it('stops the request in flight, sends nothing more and answers the partial diff as cancelled', async () => {
    const live = await host.openAgent({ url: peer.baseUrl });
    if (!live.ok) throw new Error(live.message);
    await recordSampleRun(host, live.agent.id, { stream: 'hello midway', reply: 'fine' });
    const saved = await host.saveSession({ sessionId: LIVE_SESSION_ID, title: 'to re-send' });
    const opened = await host.openSession({ path: saved.path });
    const hostile = await startHostilePeer();
    try {
      const silent = await host.openAgent({ url: hostile.agentUrl('hang-head') });
      if (!silent.ok) throw new Error(silent.message);
      // The first request to the silent agent is on its way and will never be answered: cancel then.
      const stop = host.onEvent((event) => {
        if (event.type !== 'frames') return;
        if (event.frames.some((f) => f.kind === 'http' && f.a2a?.agentId === silent.agent.id))
          void host.cancelOperation({ opId: 'resend-1' });
      });
      const progress = watchProgress('resend-1');
      const result = await host.resendSession({
        sessionId: opened.sessionId,
        agentId: silent.agent.id,
        opId: 'resend-1',
      });
      stop();
      await progress.first;
      progress.stop();
      expect(result.cancelled).toBe(true);
      expect(result.steps.length).toBeGreaterThan(1);
      expect(result.steps[0]!.newFrameId).toBeDefined();
      expect(result.steps.slice(1).map((step) => step.message)).toEqual(
        result.steps.slice(1).map(() => RESEND_CANCELLED),
      );
      expect(progress.seen).toEqual([
        { opId: 'resend-1', done: 1, total: result.steps.length, unit: 'requests' },
      ]);
      const page = await host.readSessionFrames({ sessionId: LIVE_SESSION_ID, from: 0, count: 1000 });
      const sent = page.frames.find((f) => f.id === result.steps[0]!.newFrameId);
      expect(sent).toMatchObject({ kind: 'http', error: { kind: 'aborted', label: 'Cancelled' } });
    } finally {
      await hostile.close();
    }
  });
});
