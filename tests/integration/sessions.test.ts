// Sessions end to end on a real host (SES-1, SES-2, SES-8): traffic with the 1.0 peer is recorded, saved, and opened
// again with the peer gone — the same frames and the same timeline (states, artifacts). Large file parts go to
// blobs. Damaged, oversized, foreign and newer files are refused with plain messages; older versions open.

import { randomBytes } from 'node:crypto';
import { readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { blobDirOf } from '../../electron/host/session/journal';
import { journalDir } from '../../electron/host/session/recording';
import { LIVE_SESSION_ID, type HostService } from '../../shared/host/hostApi';
import { latestRevisions } from '../../shared/session/latestRevisions';
import { SESSION_MAX_BYTES } from '../../shared/session/sessionFile';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import type { Frame } from '../../shared/wire/frame';
import { peers, type PeerHandle } from '../peers';
import { recordSampleRun } from './support/sampleRun';
import { schemaErrors } from '../unit/support/harSchema';
import { suiteTempDir } from '../unit/support/tempDir';

let dataDir: string;
let host: HostService;
let peer: PeerHandle;
const published: Frame[] = [];
const bigFile = randomBytes(300 * 1024).toString('base64');

async function readAll(sessionId: string): Promise<Frame[]> {
  const frames: Frame[] = [];
  for (;;) {
    const page = await host.readSessionFrames({ sessionId, from: frames.length, count: 50 });
    frames.push(...page.frames);
    if (frames.length >= page.total || page.frames.length === 0) return frames;
  }
}

/** What a user sees of a run: each task's states and its artifacts' text, in order. */
function timelineOf(frames: readonly Frame[]) {
  const model = new TimelineModel();
  model.ingest(frames);
  return model.taskList().map((task) => ({
    states: task.states.map((mark) => mark.state),
    artifacts: task.artifacts.map((artifact) => ({
      name: artifact.name,
      parts: artifact.parts.map((part) => (part.kind === 'text' ? part.text : part.kind)),
    })),
  }));
}
const tempDir = suiteTempDir('switchboard-sessions-');

beforeAll(async () => {
  dataDir = tempDir();
  host = createHost({ edition: 'test', appVersion: '9.9.9', dataDir });
  host.onEvent((event) => {
    if (event.type === 'frames') published.push(...structuredClone(event.frames));
  });
  peer = await peers['v1.0']();
  const opened = await host.openAgent({ url: peer.baseUrl });
  if (!opened.ok) throw new Error(opened.message);
  const agentId = opened.agent.id;
  await recordSampleRun(host, agentId, { stream: 'hello session', reply: 'here it is' });
  await host.runOperation({
    agentId,
    operation: 'send',
    input: {
      message: {
        parts: [
          { kind: 'text', text: 'a big file' },
          { kind: 'file', name: 'big.bin', mediaType: 'application/octet-stream', bytes: bigFile },
        ],
      },
      blocking: true,
    },
  });
  await new Promise((resolve) => setImmediate(resolve));
});

afterAll(async () => {
  await peer?.close();
  await host?.close();
});

describe('recording and saving', () => {
  it('the live session holds what the host published, newest revisions, in order', async () => {
    const live = await host.openSession({ path: LIVE_SESSION_ID });
    expect(live).toMatchObject({ sessionId: LIVE_SESSION_ID, source: 'live' });
    expect(live.agents.map((a) => a.generation)).toEqual(['1.0']);
    const frames = await readAll(LIVE_SESSION_ID);
    expect(frames.map((f) => f.id)).toEqual(latestRevisions(published).map((f) => f.id));
    expect(frames).toEqual(latestRevisions(published));
  });

  it('a file part over 256 KB goes to a blob named by its sha256, in the journal and in the saved file', async () => {
    const [journal] = (await readdir(journalDir(dataDir))).filter((name) => name.endsWith('.ndjson'));
    const blobs = await readdir(blobDirOf(path.join(journalDir(dataDir), journal!)));
    expect(blobs.length).toBeGreaterThanOrEqual(1);
    expect(blobs.every((name) => /^[0-9a-f]{64}$/.test(name))).toBe(true);
    const journalText = await readFile(path.join(journalDir(dataDir), journal!), 'utf8');
    expect(journalText).not.toContain(bigFile.slice(0, 1000));
  });

  it('saves atomically, shows in the recent list, and opens offline with the same timeline', async () => {
    const saved = await host.saveSession({ sessionId: LIVE_SESSION_ID, title: 'Round trip' });
    expect(saved.path.startsWith(path.join(dataDir, 'sessions'))).toBe(true);
    expect(saved.path.endsWith('.switchboard')).toBe(true);
    const text = await readFile(saved.path, 'utf8');
    expect(saved.bytes).toBe(Buffer.byteLength(text));
    const file = JSON.parse(text) as { format: string; schemaVersion: number; blobs: Record<string, string> };
    expect(file).toMatchObject({ format: 'switchboard-session', schemaVersion: 2, appVersion: '9.9.9' });
    expect(Object.keys(file.blobs).length).toBeGreaterThanOrEqual(1);
    expect((await readdir(path.dirname(saved.path))).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    const recent = await host.listSessions();
    expect(recent[0]).toMatchObject({ path: saved.path, kind: 'saved', title: 'Round trip' });

    await peer.close();
    // A second host, as after a restart, with the agent gone.
    const other = createHost({ edition: 'test', appVersion: '9.9.9', dataDir, record: false });
    try {
      const opened = await other.openSession({ path: saved.path });
      expect(opened).toMatchObject({ title: 'Round trip', source: 'file', notices: [] });
      const frames: Frame[] = [];
      for (;;) {
        const page = await other.readSessionFrames({
          sessionId: opened.sessionId,
          from: frames.length,
          count: 40,
        });
        frames.push(...page.frames);
        if (frames.length >= page.total) break;
      }
      const live = latestRevisions(published);
      expect(frames.length).toBe(live.length);
      expect(frames).toEqual(live);
      const timeline = timelineOf(frames);
      expect(timeline).toEqual(timelineOf(live));
      // The SDK's server refuses the big request (its body limit is 100 KB), so two tasks.
      expect(timeline.map((task) => task.states.at(-1))).toEqual(['completed', 'completed']);
      expect(timeline[1]!.states).toContain('input-required');
      // The big file came back byte for byte from the blob table.
      const sent = frames.find(
        (f) => f.kind === 'http' && f.request.body && f.request.body.size > 256 * 1024,
      );
      expect(sent?.kind === 'http' && sent.request.body?.text).toContain(bigFile);
      // The journal of the earlier run is offered too.
      const listed = await other.listSessions();
      expect(listed.some((entry) => entry.kind === 'journal')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('exports a session file the renderer can download, which opens as text again', async () => {
    const exported = await host.exportSession({ sessionId: LIVE_SESSION_ID, format: 'session' });
    expect(exported.name).toMatch(/\.switchboard$/);
    const opened = await host.openSession({ text: exported.text, name: exported.name });
    expect(opened.frameCount).toBe(latestRevisions(published).length);
  });
});

describe('HAR', () => {
  it('exports HAR 1.2 that validates, and imports back with the SSE events and the timeline intact', async () => {
    const exported = await host.exportSession({ sessionId: LIVE_SESSION_ID, format: 'har' });
    expect(exported.name).toMatch(/\.har$/);
    const har = JSON.parse(exported.text) as { log: { entries: Array<{ _sseEvents?: unknown[] }> } };
    expect(schemaErrors(har)).toEqual([]);
    const streamed = har.log.entries.filter((entry) => entry._sseEvents);
    expect(streamed.length).toBe(1);
    const opened = await host.openSession({ text: exported.text, name: exported.name });
    expect(opened).toMatchObject({ source: 'har', title: exported.name.replace(/\.har$/, '') });
    const frames = await readAll(opened.sessionId);
    const live = latestRevisions(published);
    const sse = (list: readonly Frame[]) =>
      list.filter((f) => f.kind === 'sse').map((f) => f.kind === 'sse' && f.raw);
    expect(sse(frames)).toEqual(sse(live));
    expect(sse(frames).length).toBe(streamed[0]!._sseEvents!.length);
    expect(timelineOf(frames)).toEqual(timelineOf(live));
    expect(new Set(frames.map((f) => f.id))).toEqual(new Set(live.map((f) => f.id)));
  });
});

describe('files that are not right', () => {
  const write = async (name: string, text: string) => {
    const file = path.join(dataDir, name);
    await writeFile(file, text);
    return file;
  };

  it('truncated: not valid JSON, said plainly', async () => {
    const exported = await host.exportSession({ sessionId: LIVE_SESSION_ID, format: 'session' });
    const file = await write('cut.switchboard', exported.text.slice(0, exported.text.length / 2));
    await expect(host.openSession({ path: file })).rejects.toThrow(
      /not valid JSON, so it is truncated or corrupted/,
    );
  });

  it('corrupted: a frame of the wrong shape is named', async () => {
    const exported = JSON.parse(
      (await host.exportSession({ sessionId: LIVE_SESSION_ID, format: 'session' })).text,
    ) as { frames: Array<Record<string, unknown>> };
    exported.frames[2] = { ...exported.frames[2], timing: 'yesterday' };
    await expect(
      host.openSession({ text: JSON.stringify(exported), name: 'bad.switchboard' }),
    ).rejects.toThrow(/damaged: frames\.2\.timing/);
  });

  it('oversized: refused before it is read', async () => {
    const file = path.join(dataDir, 'huge.switchboard');
    await writeFile(file, '');
    await truncate(file, SESSION_MAX_BYTES + 1);
    await expect(host.openSession({ path: file })).rejects.toThrow(/Switchboard opens session files up to/);
  });

  it('newer version: refused with the version named', async () => {
    const text = JSON.stringify({ format: 'switchboard-session', schemaVersion: 999, frames: [] });
    await expect(host.openSession({ text, name: 'future.switchboard' })).rejects.toThrow(
      /newer Switchboard \(format version 999; this build reads up to 2\)/,
    );
  });

  it('a file opened by path is not quoted back in the refusal', async () => {
    const file = await write('private.txt', 'root:PRIVATE-CONTENT-7731:0:0');
    const refusal = host.openSession({ path: file });
    await expect(refusal).rejects.toThrow(/private\.txt is not valid JSON, so it is truncated or corrupted/);
    await expect(refusal).rejects.not.toThrow(/PRIVATE-CONTENT/);
  });

  it('not a session, empty, missing', async () => {
    await expect(host.openSession({ text: '{"hello":1}', name: 'x.json' })).rejects.toThrow(
      /not a Switchboard session/,
    );
    await expect(host.openSession({ text: '  ', name: 'blank.json' })).rejects.toThrow(/empty/);
    await expect(host.openSession({ path: path.join(dataDir, 'nope.switchboard') })).rejects.toThrow(
      /There is no file/,
    );
  });

  it('every older version opens: version 1 is migrated', async () => {
    const live = latestRevisions(published);
    const v1 = {
      format: 'switchboard-session',
      schemaVersion: 1,
      appVersion: '0.0.1',
      savedAt: '2026-01-01T00:00:00.000Z',
      agents: {
        a1: {
          name: 'Old agent',
          cardUrl: 'http://127.0.0.1:1/.well-known/agent-card.json',
          cardText: '{}',
          generation: '1.0',
        },
      },
      frames: live,
    };
    const opened = await host.openSession({ text: JSON.stringify(v1), name: 'old.switchboard' });
    expect(opened).toMatchObject({ migratedFrom: 1, title: 'Old agent', frameCount: live.length });
    expect(opened.agents[0]).toMatchObject({ id: 'a1', origin: 'http://127.0.0.1:1' });
    expect(opened.notices[0]).toMatch(/saved in session format 1/);
    expect(timelineOf(await readAll(opened.sessionId))).toEqual(timelineOf(live));
  });
});
