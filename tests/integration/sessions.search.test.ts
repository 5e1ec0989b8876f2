// Search in the host (TL-5) over a saved session in browse mode: hits come back in batches as `search` events with
// progress in frames scanned, filters choose by kind, task, state and operation, a search can be cancelled, and bad
// requests are refused with a plain message.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import type { HostService } from '../../shared/host/hostApi';
import type { SearchProgress, SearchRequest } from '../../shared/search/frameSearch';
import { BROWSE_MIN_FRAMES } from '../../shared/session/sessionRows';
import { writeSessionFixture, type Fixture } from '../../bench/support/sessionFixture';
import { suiteTempDir } from '../unit/support/tempDir';

let host: HostService;
let sessionId: string;
let fixture: Fixture;
const tempDir = suiteTempDir('switchboard-search-');
const PER_STREAM = 250;

beforeAll(async () => {
  const dataDir = tempDir();
  const file = path.join(dataDir, 'large.switchboard');
  fixture = await writeSessionFixture(file, { events: BROWSE_MIN_FRAMES + 1000, perStream: PER_STREAM });
  host = createHost({ edition: 'test', appVersion: '0', dataDir });
  const summary = await host.openSession({ path: file });
  expect(summary.browse).toBe(true);
  sessionId = summary.sessionId;
});
afterAll(() => host?.close());

/** Runs a search to its end (or until `onFirst` cancels it) and gathers its batches. */
async function search(
  request: SearchRequest & { opId?: string },
  onFirst?: (searchId: string) => void,
): Promise<SearchProgress[]> {
  const batches: SearchProgress[] = [];
  let searchId: string | undefined;
  const early: SearchProgress[] = [];
  return new Promise<SearchProgress[]>((resolve, reject) => {
    const take = (progress: SearchProgress) => {
      batches.push(progress);
      if (batches.length === 1) onFirst?.(progress.searchId);
      if (progress.done) {
        stop();
        resolve(batches);
      }
    };
    const stop = host.onEvent((event) => {
      if (event.type !== 'search') return;
      if (searchId === undefined) early.push(event.progress);
      else if (event.progress.searchId === searchId) take(event.progress);
    });
    host.searchSession({ sessionId, ...request }).then((started) => {
      searchId = started.searchId;
      for (const progress of early.filter((p) => p.searchId === searchId)) take(progress);
    }, reject);
  });
}

const streams = () => Math.ceil(fixture.events / PER_STREAM);

describe('searching a session in browse mode', () => {
  it('finds text inside every event body and reports progress up to the total', async () => {
    const batches = await search({ text: 'CHUNK 201 ' });
    const hits = batches.flatMap((b) => b.hits);
    expect(hits).toHaveLength(streams());
    expect(hits[0]).toMatchObject({ frameId: 'x0-e201', fields: [{ field: 'event', count: 1 }], count: 1 });
    const scanned = batches.map((b) => b.scanned);
    expect(scanned).toEqual([...scanned].sort((a, b) => a - b));
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.at(-1)).toMatchObject({ done: true, scanned: fixture.frames, total: fixture.frames });
    expect(batches.slice(0, -1).every((b) => !b.done)).toBe(true);
  });

  it('respects case when asked', async () => {
    const batches = await search({ text: 'CHUNK 201 ', caseSensitive: true });
    expect(batches.flatMap((b) => b.hits)).toEqual([]);
  });

  it('finds text in request headers and bodies of exchanges', async () => {
    const hits = (await search({ text: 'a2a-version: 1.0' })).flatMap((b) => b.hits);
    expect(hits).toHaveLength(streams());
    expect(hits[0]!.fields).toEqual([{ field: 'request-headers', count: 1 }]);
    const body = (await search({ text: '"messageId":"m7"' })).flatMap((b) => b.hits);
    expect(body).toMatchObject([{ frameId: 'x7', fields: [{ field: 'request-body', count: 1 }] }]);
  });

  it('filters by kind, task, state and operation, with or without text', async () => {
    const byTask = (await search({ text: '', filters: { taskId: 'task-7', kinds: ['http'] } })).flatMap(
      (b) => b.hits,
    );
    expect(byTask.map((h) => h.frameId)).toEqual(['x7']);
    const completed = (
      await search({ text: '', filters: { kinds: ['sse'], state: 'completed', operation: 'stream' } })
    ).flatMap((b) => b.hits);
    expect(completed).toHaveLength(streams());
    const none = (await search({ text: 'chunk', filters: { operation: 'get' } })).flatMap((b) => b.hits);
    expect(none).toEqual([]);
  });

  it('stops when cancelled and says so', async () => {
    let cancelled: Promise<{ cancelled: boolean }> | undefined;
    const batches = await search({ text: 'never there' }, (searchId) => {
      cancelled = host.cancelSearch({ searchId });
    });
    expect(await cancelled).toEqual({ cancelled: true });
    const last = batches.at(-1)!;
    expect(last).toMatchObject({ done: true, cancelled: true });
    expect(last.scanned).toBeLessThan(fixture.frames);
    expect(await host.cancelSearch({ searchId: last.searchId })).toEqual({ cancelled: false });
  });

  it('stops by cancelOperation when started with an opId (UX-5), and refuses that opId twice at once', async () => {
    let cancelled: Promise<{ cancelled: boolean }> | undefined;
    let again: Promise<string> | undefined;
    const batches = await search({ text: 'never there', opId: 'search-op-1' }, () => {
      // Caught at once: the rejection comes before the search ends and the assertion reads it.
      again = host.searchSession({ sessionId, text: 'x', opId: 'search-op-1' }).then(
        () => 'started',
        (error: Error) => error.message,
      );
      cancelled = host.cancelOperation({ opId: 'search-op-1' });
    });
    expect(await again).toBe('An operation with the id "search-op-1" is already running.');
    expect(await cancelled).toEqual({ cancelled: true });
    const last = batches.at(-1)!;
    expect(last).toMatchObject({ done: true, cancelled: true });
    expect(last.scanned).toBeLessThan(fixture.frames);
    expect(await host.cancelOperation({ opId: 'search-op-1' })).toEqual({ cancelled: false });
  });

  it('refuses an empty search, an unknown session and an over-long query with plain messages', async () => {
    await expect(host.searchSession({ sessionId, text: '' })).rejects.toThrow(
      'Type something to search for, or choose a filter.',
    );
    await expect(host.searchSession({ sessionId: 'nope', text: 'x' })).rejects.toThrow(
      'No open session has the id "nope"; open it again.',
    );
    await expect(host.searchSession({ sessionId, text: 'x'.repeat(1001) })).rejects.toThrow(
      'at most 1000 are searched for',
    );
  });
});
