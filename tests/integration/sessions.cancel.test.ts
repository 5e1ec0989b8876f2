// Cancelling long session and check operations on a real host (UX-5): a cancelled save leaves no file in sessions/,
// a cancelled open leaves no session held and the one open before still readable, a cancelled export answers
// nothing, and a cancelled check run stops the probe under way (even against an agent that never answers) and skips
// the rest as cancelled.

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBE_CANCELLED, PROBE_STOPPED } from '../../electron/host/checks/probes';
import { createHost } from '../../electron/host/createHost';
import { LIVE_SESSION_ID, type HostService } from '../../shared/host/hostApi';
import { peers, type PeerHandle } from '../peers';
import { startHostilePeer } from '../peers/hostilePeer';
import { recordSampleRun } from './support/sampleRun';
import { suiteTempDir } from '../unit/support/tempDir';

const tempDir = suiteTempDir('switchboard-cancel-');
let dataDir: string;
let host: HostService;
let peer: PeerHandle;
let agentId: string;
let savedPath: string;

beforeAll(async () => {
  dataDir = tempDir();
  host = createHost({ edition: 'test', appVersion: '9.9.9', dataDir });
  peer = await peers['v1.0']();
  const opened = await host.openAgent({ url: peer.baseUrl });
  if (!opened.ok) throw new Error(opened.message);
  agentId = opened.agent.id;
  await recordSampleRun(host, agentId, { stream: 'hello cancel', reply: 'fine' });
  savedPath = (await host.saveSession({ sessionId: LIVE_SESSION_ID, title: 'kept' })).path;
});

afterAll(async () => {
  await host.close();
  await peer.close();
});

async function sessionFiles(): Promise<string[]> {
  return (await readdir(path.join(dataDir, 'sessions'))).sort();
}

describe('cancelling session operations', () => {
  it('a cancelled save writes no file, partial or whole', async () => {
    const before = await sessionFiles();
    const saving = host.saveSession({ sessionId: LIVE_SESSION_ID, title: 'cancelled', opId: 'save-1' });
    expect(await host.cancelOperation({ opId: 'save-1' })).toEqual({ cancelled: true });
    await expect(saving).rejects.toMatchObject({
      name: 'AbortError',
      message: 'Cancelled: the session was not saved.',
    });
    expect(await sessionFiles()).toEqual(before);
  });

  it('a cancelled open holds no new session and the one open before is still readable', async () => {
    const previous = await host.openSession({ path: savedPath });
    const opening = host.openSession({ path: savedPath, opId: 'open-1' });
    expect(await host.cancelOperation({ opId: 'open-1' })).toEqual({ cancelled: true });
    await expect(opening).rejects.toThrow('Cancelled: the session was not opened.');
    const page = await host.readSessionFrames({ sessionId: previous.sessionId, from: 0, count: 5 });
    expect(page.total).toBe(previous.frameCount);
  });

  it('a cancelled export answers no text', async () => {
    const exporting = host.exportSession({ sessionId: LIVE_SESSION_ID, format: 'session', opId: 'export-1' });
    await host.cancelOperation({ opId: 'export-1' });
    await expect(exporting).rejects.toThrow('Cancelled: the session was not exported.');
  });

  it('says when there is nothing to cancel, and an operation without cancel runs to the end', async () => {
    expect(await host.cancelOperation({ opId: 'never-started' })).toEqual({ cancelled: false });
    const saved = await host.saveSession({ sessionId: LIVE_SESSION_ID, title: 'whole', opId: 'save-2' });
    expect(await host.cancelOperation({ opId: 'save-2' })).toEqual({ cancelled: false });
    expect(await sessionFiles()).toContain(path.basename(saved.path));
  });
});

describe('cancelling a check run', () => {
  it('stops the probe under way at once, even on an agent that never answers, and skips the rest', async () => {
    const hostile = await startHostilePeer();
    try {
      const opened = await host.openAgent({ url: hostile.agentUrl('hang-head') });
      if (!opened.ok) throw new Error(opened.message);
      const stop = host.onEvent((event) => {
        // The first probe's request is on its way and will never be answered: cancel now.
        if (event.type === 'frames') void host.cancelOperation({ opId: 'checks-1' });
      });
      const results = await host.runProbes({
        agentId: opened.agent.id,
        probes: ['probe.unknown-task', 'probe.unsupported-method', 'probe.required-methods'],
        opId: 'checks-1',
      });
      stop();
      expect(results.map((result) => [result.probeId, result.status, result.message])).toEqual([
        ['probe.unknown-task', 'skipped', PROBE_STOPPED],
        ['probe.unsupported-method', 'skipped', PROBE_CANCELLED],
        ['probe.required-methods', 'skipped', PROBE_CANCELLED],
      ]);
    } finally {
      await hostile.close();
    }
  });

  it('runs to the end when nobody cancels, and a late cancel finds nothing', async () => {
    const results = await host.runProbes({ agentId, probes: ['probe.unknown-task'], opId: 'checks-2' });
    expect(results[0]!.message).not.toBe(PROBE_CANCELLED);
    expect(await host.cancelOperation({ opId: 'checks-2' })).toEqual({ cancelled: false });
  });
});
