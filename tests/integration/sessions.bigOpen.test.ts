// Big sessions (issue 27), differentially: a session opened progressively (first frames at once, the rest indexed
// in the background) reads the same frames as one opened after a whole scan, and a search whose file bytes are
// matched first (rawPrefilter.ts) finds the same hits as the plain search that parses every frame, including where
// the text hides behind a \u escape or a character that case folding turns into an ASCII letter.

import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import {
  memoryFrames,
  openIndexedSession,
  type IndexedSession,
} from '../../electron/host/session/indexedSession';
import { firstRows } from '../../electron/host/session/openingSessions';
import type { HostService } from '../../shared/host/hostApi';
import { BROWSE_MIN_FRAMES, BROWSE_PAGE_ROWS, sessionRowOf } from '../../shared/session/sessionRows';
import {
  searchSession,
  type SearchBatch,
  type SearchSource,
} from '../../electron/host/session/sessionSearch';
import type { SearchRequest } from '../../shared/search/frameSearch';
import { writeSessionFixture } from '../../bench/support/sessionFixture';
import { suiteTempDir } from '../unit/support/tempDir';

const dir = suiteTempDir('switchboard-big-open-');

/** The fixture with odd text: stream 0's "chunk 3 " written with a \u escape, stream 1's "chunk 6 " with a K sign. */
async function oddFixture(): Promise<string> {
  const file = path.join(dir(), 'odd.switchboard');
  await writeSessionFixture(file, { events: 1000, perStream: 100 });
  let text = await readFile(file, 'utf8');
  const stream = (n: number) => text.indexOf(`"id":"x${n}"`);
  const [one, two] = [stream(1), stream(2)];
  text = text.slice(0, one).replaceAll('chunk 3 ', 'chunk \\u0033 ') + text.slice(one);
  text = text.slice(0, one) + text.slice(one, two).replaceAll('chunk 6 ', 'chun\u212a 6 ') + text.slice(two);
  await writeFile(file, text);
  return file;
}

function sourceOf(session: IndexedSession, prefiltered: boolean): SearchSource {
  const frames = session.frames;
  return {
    read: async (from, count) => {
      const page = await frames.read(from, count);
      return { frames: page, total: frames.indexing?.()?.estimated ?? frames.count };
    },
    ...(prefiltered && frames.candidates ? { candidates: frames.candidates.bind(frames) } : {}),
  };
}

async function hitsOf(source: SearchSource, request: SearchRequest) {
  const batches: SearchBatch[] = [];
  await searchSession(source, request, (batch) => batches.push(batch));
  expect(batches.at(-1)?.done).toBe(true);
  return batches.flatMap((batch) => batch.hits);
}

describe('a big session opened progressively', () => {
  it('reads the same frames as one opened after a whole scan', async () => {
    const file = await oddFixture();
    const whole = await openIndexedSession(file);
    const growing = await openIndexedSession(file, undefined, { progressive: true });
    try {
      expect(growing.title).toBe(whole.title);
      // Asked for all at once, before the scan has necessarily finished: the read waits for it.
      const all = await growing.frames.read(0, whole.frames.count + 10);
      expect(all).toEqual(await whole.frames.read(0, whole.frames.count));
      await growing.frames.whenIndexed?.();
      expect(growing.frames.count).toBe(whole.frames.count);
      expect(growing.frames.indexing?.()).toBeUndefined();
    } finally {
      await whole.frames.close();
      await growing.frames.close();
    }
  });

  it('ends as the same session as a whole open when its head comes after the frames', async () => {
    await headAfterFrames('tail-head.switchboard', 1000);
  });

  it('waits for a version kept after the frames, when the scan is not over at the first rows', async () => {
    // Large enough that the scan is still going when the first frame has been found: the version is not known yet.
    await headAfterFrames('tail-head-big.switchboard', 60_000);
  });

  /** A session whose members but the format come after its frames, opened whole and progressively. */
  async function headAfterFrames(name: string, events: number) {
    const file = path.join(dir(), name);
    await writeSessionFixture(file, { events, perStream: 100 });
    const { format, frames, blobs, ...rest } = JSON.parse(await readFile(file, 'utf8')) as Record<
      string,
      unknown
    >;
    // Format first (it says what the file is), then the frames, then everything else: title, agents, redactions...
    const moved = {
      ...rest,
      redactions: [{ where: 'request-header', name: 'Authorization', kind: 'authorization', length: 20 }],
      savedAt: '2026-11-27T00:00:00Z',
    };
    await writeFile(file, JSON.stringify({ format, frames, blobs, ...moved }));
    const whole = await openIndexedSession(file);
    const growing = await openIndexedSession(file, undefined, { progressive: true });
    try {
      await growing.frames.whenIndexed?.();
      const state = ({ frames, ...session }: IndexedSession) => ({ ...session, count: frames.count });
      expect(state(growing)).toEqual(state(whole));
      expect(whole.title).toBe(rest.title);
      expect(whole.endedAt).toBeGreaterThan(whole.startedAt!);
      expect(whole.notices.join(' ')).toMatch(/redacted/);
    } finally {
      await whole.frames.close();
      await growing.frames.close();
    }
  }

  it('has kept its index by the time it is closed, with no write left behind', async () => {
    const file = await oddFixture();
    const indexDir = path.join(dir(), 'index-kept');
    const session = await openIndexedSession(file, indexDir, { progressive: true });
    // Closed the moment the scan is done (it may be by the time the open answers), before the index is written.
    await new Promise<void>((resolve) => {
      if (!session.frames.indexing?.()) resolve();
      session.frames.watchIndex?.((progress) => {
        if (progress.done) resolve();
      });
    });
    await session.frames.close();
    // Closed, so the folder may go (the host's data folder at quit, a bench's temporary one): nothing is still
    // being written into it, and what is there is the whole index.
    const names = await readdir(indexDir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^[0-9a-f]{32}\.idx$/);
    const again = await openIndexedSession(file, indexDir);
    try {
      expect(again.frames.count).toBe(session.frames.count);
    } finally {
      await again.frames.close();
    }
  });

  it('finds the same hits with the bytes matched first as by parsing every frame', async () => {
    const file = await oddFixture();
    const session = await openIndexedSession(file, undefined, { progressive: true });
    try {
      const requests: SearchRequest[] = [
        { text: 'CHUNK 3 ' },
        { text: 'chunk 6' },
        { text: 'chunk 6', caseSensitive: true },
        { text: 'task-9' },
        { text: 'sendstreaming' },
        { text: 'not in the session' },
      ];
      for (const request of requests) {
        const fast = await hitsOf(sourceOf(session, true), request);
        const plain = await hitsOf(sourceOf(session, false), request);
        expect(fast, request.text).toEqual(plain);
      }
      // The escaped and folded ones are there to be found: stream 0 has "chunk 3 " once, stream 1 "chunk 6 " once.
      expect((await hitsOf(sourceOf(session, true), { text: 'CHUNK 3 ' })).length).toBe(10);
      expect((await hitsOf(sourceOf(session, true), { text: 'chunk 6 ' })).length).toBe(10);
    } finally {
      await session.frames.close();
    }
  });
});

describe('the first rows sent with the open', () => {
  /** What the window would read with its first readSessionRows call. */
  async function pageOne(host: HostService, sessionId: string) {
    return (await host.readSessionRows({ sessionId, from: 0, count: BROWSE_PAGE_ROWS })).rows;
  }

  it('are the rows readSessionRows gives, scanned whole, from a kept index, and from memory', async () => {
    const dataDir = dir();
    const file = path.join(dataDir, 'large.switchboard');
    await writeSessionFixture(file, { events: BROWSE_MIN_FRAMES + 1000, perStream: 250 });
    const host = createHost({ edition: 'test', appVersion: '0', dataDir });
    try {
      const scanned = await host.openSession({ path: file });
      const kept = await host.openSession({ path: file });
      expect(await readdir(path.join(dataDir, 'index'))).toHaveLength(1);
      for (const summary of [scanned, kept]) {
        expect(summary.browse).toBe(true);
        expect(summary.firstRows).toHaveLength(BROWSE_PAGE_ROWS);
        expect(summary.firstRows).toEqual(await pageOne(host, summary.sessionId));
      }
      // A session read whole that is too large for the window is browsed from memory, with its first rows too.
      const text = await readFile(file, 'utf8');
      const dropped = await host.openSession({ text, name: 'dropped.switchboard' });
      expect(dropped.browse).toBe(true);
      expect(dropped.firstRows).toEqual(await pageOne(host, dropped.sessionId));
      expect(dropped.firstRows).toEqual(scanned.firstRows);
    } finally {
      await host.close();
    }
  });

  it('are the rows read after the scan when opened progressively, or absent while not yet indexed', async () => {
    const file = await oddFixture();
    const whole = await openIndexedSession(file);
    const growing = await openIndexedSession(file, undefined, { progressive: true });
    try {
      const rows = await firstRows({ session: growing });
      const expected = (await whole.frames.read(0, BROWSE_PAGE_ROWS)).map((frame, i) =>
        sessionRowOf(frame, i),
      );
      // The first 256 KiB hold more than a page of this fixture's frames, so the open knows them all.
      expect(rows).toEqual(expected);
    } finally {
      await whole.frames.close();
      await growing.frames.close();
    }
    const few = await firstRows({
      session: { ...whole, frames: { ...memoryFrames([]), count: 10, indexing: () => progressOf(1000) } },
    });
    expect(few).toBeUndefined();
  });
});

function progressOf(estimated: number) {
  return { indexed: 10, estimated, bytesRead: 1, bytes: 100, done: false };
}
