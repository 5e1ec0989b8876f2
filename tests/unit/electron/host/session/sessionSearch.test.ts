// The host's search over stored bodies (TL-5): a body too large for memory is read from disk in chunks, and a match
// or a UTF-8 character that a chunk boundary cuts is still found, once. Also: filters without text, and a frame
// whose stored body is gone falls back to the text it carries.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  countStored,
  searchSession,
  type SearchBatch,
} from '../../../../../electron/host/session/sessionSearch';
import { storedInFolder } from '../../../../../electron/host/spill/storedBodies';
import { createMatcher } from '../../../../../shared/search/textMatch';
import type { Frame, HttpFrame } from '../../../../../shared/wire/frame';
import { testTempDir } from '../../../support/tempDir';

async function storeBody(dir: string, text: string): Promise<string> {
  const bytes = Buffer.from(text, 'utf8');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await writeFile(path.join(dir, sha256), bytes);
  return sha256;
}

function storedFrame(id: string, sha256: string, head: string): HttpFrame {
  return {
    kind: 'http',
    id,
    source: 'test',
    timing: { start: 1 },
    request: { method: 'GET', url: 'http://127.0.0.1/big', headers: [] },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [['content-type', 'text/plain']],
      body: {
        base64: '',
        text: head,
        size: 1,
        utf8Valid: true,
        stored: { sha256, text: 'head', strings: 0 },
      },
    },
  };
}

describe('countStored', () => {
  it('finds matches and multi-byte characters cut by every chunk boundary', async () => {
    const dir = testTempDir('switchboard-search-stored-');
    // "ünïcödé" is 2-byte UTF-8 per accented letter and "😀" four bytes, so small chunks split them everywhere.
    const text = `${'x'.repeat(37)}ünïcödé😀 … ÜNÏCÖDÉ😀 and ünïcödé😀 at the end`;
    const sha256 = await storeBody(dir, text);
    const stored = storedInFolder(dir);
    const matcher = createMatcher({ text: 'ünïcödé😀' });
    expect(matcher.spans(text)).toHaveLength(3);
    for (let chunk = 1; chunk <= Buffer.byteLength(text) + 1; chunk++) {
      expect(await countStored(stored, sha256, matcher, chunk), `chunk ${chunk}`).toBe(3);
    }
  });

  it('is undefined for a body the store does not have, and zero for an empty one', async () => {
    const dir = testTempDir('switchboard-search-stored-');
    const stored = storedInFolder(dir);
    const matcher = createMatcher({ text: 'a' });
    expect(await countStored(stored, 'f'.repeat(64), matcher, 8)).toBeUndefined();
    expect(await countStored(stored, await storeBody(dir, ''), matcher, 8)).toBe(0);
  });
});

describe('searchSession', () => {
  it('searches a stored body whole instead of the head the frame carries', async () => {
    const dir = testTempDir('switchboard-search-stored-');
    const body = `${'filler '.repeat(5000)}needle far in`;
    const frames: Frame[] = [
      storedFrame('big', await storeBody(dir, body), 'filler filler'),
      storedFrame('gone', 'e'.repeat(64), 'needle in the head'),
    ];
    const batches: SearchBatch[] = [];
    const source = {
      read: async (from: number, count: number) => ({ frames: frames.slice(from, from + count), total: 2 }),
      stored: storedInFolder(dir),
    };
    const found = await searchSession(source, { text: 'NEEDLE' }, (b) => batches.push(b), {
      pageSize: 1,
      chunkBytes: 1000,
    });
    expect(found).toBe(2);
    expect(batches.map((b) => [b.scanned, b.done])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(batches.flatMap((b) => b.hits)).toEqual([
      { index: 0, frameId: 'big', fields: [{ field: 'response-body', count: 1 }], count: 1 },
      { index: 1, frameId: 'gone', fields: [{ field: 'response-body', count: 1 }], count: 1 },
    ]);
  });

  it('ends an empty session with one final batch', async () => {
    const batches: SearchBatch[] = [];
    await searchSession({ read: async () => ({ frames: [], total: 0 }) }, { text: 'x' }, (b) =>
      batches.push(b),
    );
    expect(batches).toEqual([{ hits: [], scanned: 0, total: 0, done: true }]);
  });
});
