// Browse mode (issue 9): a session file with more frames than the window replays opens by its index, is listed a
// page of rows at a time, gives back exactly the frames the file holds, and keeps its index on disk for next time.

import { appendFile, readdir, readFile, truncate } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { createJournal } from '../../electron/host/session/journal';
import type { HostService } from '../../shared/host/hostApi';
import { BROWSE_MIN_FRAMES } from '../../shared/session/sessionRows';
import type { Frame } from '../../shared/wire/frame';
import { writeSessionFixture, type Fixture } from '../../bench/support/sessionFixture';
import { suiteTempDir } from '../unit/support/tempDir';

let dataDir: string;
let file: string;
let fixture: Fixture;
let host: HostService;
const tempDir = suiteTempDir('switchboard-browse-');

beforeAll(async () => {
  dataDir = tempDir();
  file = path.join(dataDir, 'large.switchboard');
  fixture = await writeSessionFixture(file, { events: BROWSE_MIN_FRAMES + 1000, perStream: 250 });
  host = createHost({ edition: 'test', appVersion: '0', dataDir });
});
afterAll(() => host?.close());

describe('a journal over the browse threshold', () => {
  it('opens in browse mode from memory (200,000 frames: times found without spreading them as arguments)', async () => {
    const journalFile = path.join(dataDir, 'journal', 'run-large.ndjson');
    const journal = createJournal(journalFile, { header: { appVersion: '0', startedAt: 1 } });
    const count = 200_000;
    for (let n = 0; n < count; n++) {
      const data = `{"n":${n}}`;
      journal.append({
        kind: 'sse',
        id: `e${n}`,
        exchangeId: 'x',
        source: 'test',
        timing: { start: 1000 + n },
        seq: n,
        offset: { start: 0, end: 1 },
        raw: `data: ${data}\n\n`,
        dispatched: true,
        event: { index: n, type: 'message', data },
        json: { n },
      });
    }
    await journal.close();
    const summary = await host.openSession({ path: journalFile });
    expect(summary).toMatchObject({
      browse: true,
      frameCount: count,
      startedAt: 1000,
      endedAt: 1000 + count - 1,
    });
    const { rows } = await host.readSessionRows({ sessionId: summary.sessionId, from: count - 1, count: 5 });
    expect(rows).toMatchObject([{ index: count - 1, frameId: `e${count - 1}` }]);
    await host.closeSession({ sessionId: summary.sessionId });
  });
});

describe('a session over the browse threshold', () => {
  it('opens by index in browse mode, lists rows by the page and reads the frames the file holds', async () => {
    const summary = await host.openSession({ path: file });
    expect(summary).toMatchObject({
      browse: true,
      frameCount: fixture.frames,
      title: expect.stringContaining('Bench'),
    });
    expect(summary.agents.map((a) => a.id)).toEqual(['bench-agent']);
    expect(summary.notices[0]).toMatch(/browse|list read from disk/);
    expect(summary.startedAt).toBeLessThanOrEqual(summary.endedAt!);

    const { frames: written } = JSON.parse(await readFile(file, 'utf8')) as { frames: Frame[] };
    const first = await host.readSessionRows({ sessionId: summary.sessionId, from: 0, count: 300 });
    expect(first.total).toBe(fixture.frames);
    expect(first.rows).toHaveLength(300);
    expect(first.rows[0]).toMatchObject({
      index: 0,
      kind: 'http',
      label: 'SendStreamingMessage → HTTP 200 · stream of 250 events',
    });
    expect(first.rows[1]).toMatchObject({ index: 1, kind: 'sse', label: 'task · working', taskId: 'task-0' });
    expect(first.rows[251]).toMatchObject({ kind: 'http', frameId: 'x1' });

    const middle = Math.floor(fixture.frames / 2);
    const page = await host.readSessionFrames({ sessionId: summary.sessionId, from: middle, count: 5 });
    expect(page.frames).toEqual(written.slice(middle, middle + 5));
    const last = await host.readSessionRows({
      sessionId: summary.sessionId,
      from: fixture.frames - 2,
      count: 10,
    });
    expect(last.rows.map((r) => r.index)).toEqual([fixture.frames - 2, fixture.frames - 1]);
    expect(last.rows.at(-1)).toMatchObject({ label: 'status-update · completed', state: 'completed' });

    // Find next: the first completed status is the last event of the first stream, the next one ends the second.
    // Each call searches for a slice of time; like the window's Find next, the test goes on from where it stopped,
    // so the answers do not depend on how fast this machine is.
    const findFrom = async (text: string, from: number) => {
      let at = from;
      for (;;) {
        const step = await host.findSessionRow({ sessionId: summary.sessionId, text, from: at });
        expect(step.total).toBe(fixture.frames);
        if (step.found !== undefined || step.searchedTo >= step.total) return step.found;
        expect(step.searchedTo).toBeGreaterThan(at); // each slice makes headway
        at = step.searchedTo;
      }
    };
    expect(await findFrom('COMPLETED', 0)).toBe(250);
    expect(await findFrom('completed', 251)).toBe(501);
    expect(await findFrom('task-100', 0)).toBe(100 * 251); // the exchange of stream 100 names its task too
    expect(await findFrom('no such row', 0)).toBeUndefined();

    await expect(host.saveSession({ sessionId: summary.sessionId })).rejects.toThrow(/browse mode/);
    await expect(host.exportSession({ sessionId: summary.sessionId, format: 'har' })).rejects.toThrow(
      /browse mode/,
    );
    expect(await host.closeSession({ sessionId: summary.sessionId })).toEqual({ closed: true });
    await expect(host.readSessionRows({ sessionId: summary.sessionId, from: 0, count: 1 })).rejects.toThrow(
      /open it again/,
    );
  });

  it('keeps its index on disk and builds it again when the file changes', async () => {
    const indexes = await readdir(path.join(dataDir, 'index'));
    expect(indexes).toHaveLength(1);
    const again = await host.openSession({ path: file });
    expect(again.frameCount).toBe(fixture.frames);
    await host.closeSession({ sessionId: again.sessionId });

    // Damage the end: the stale index must not be trusted, and the new scan says what is wrong.
    await truncate(file, fixture.bytes - 10);
    await expect(host.openSession({ path: file })).rejects.toThrow(/truncated/);
    await appendFile(file, ' }]}');
    await expect(host.openSession({ path: file })).rejects.toThrow(/damaged/);
  });
});
