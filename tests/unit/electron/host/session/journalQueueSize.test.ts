// The journal queue keeps its files' sizes itself rather than asking the disk at every flush (bench:proxy). The size
// matters when a batch fails: what it wrote is cut back to where the file stood. Differential: batches flushed one by
// one, with syncs failing at chosen points, leave the journal and its stream file with exactly what a single write of
// everything, in order, would have.

import { readFile } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JournalQueue } from '../../../../../electron/host/session/journalQueue';
import { testTempDir } from '../../../support/tempDir';

afterEach(() => vi.restoreAllMocks());

/** FileHandle's prototype, to make a sync fail (a full disk) without one. */
async function fileHandlePrototype(dir: string): Promise<{ sync: () => Promise<void> }> {
  const handle = await open(path.join(dir, 'probe'), 'w');
  const proto = Object.getPrototypeOf(handle) as { sync: () => Promise<void> };
  await handle.close();
  return proto;
}

describe('JournalQueue sizes', () => {
  it('cuts a failed batch back to where the files stood, batch after batch', async () => {
    const base = testTempDir('switchboard-queue-size-');
    const proto = await fileHandlePrototype(base);
    const realSync = proto.sync;
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.array(fc.string({ maxLength: 30 }), { maxLength: 4 }), fc.boolean()), {
          minLength: 1,
          maxLength: 8,
        }),
        async (batches) => {
          const dir = path.join(base, String(round++));
          const file = path.join(dir, 'journal.ndjson');
          const queue = new JournalQueue(file, {
            blobDir: path.join(dir, 'blobs'),
            streamFile: `${file}.streams`,
            headerLine: '{"kind":"journal"}',
          });
          let expected = '{"kind":"journal"}\n';
          for (const [lines, fails] of batches) {
            for (const line of lines) queue.push(`${JSON.stringify(line)}\n`);
            expected += lines.map((line) => `${JSON.stringify(line)}\n`).join('');
            const sync = vi.spyOn(proto, 'sync');
            if (fails) sync.mockImplementationOnce(() => Promise.reject(new Error('disk full')));
            else sync.mockImplementation(realSync);
            await queue.flush().catch(() => undefined);
            sync.mockRestore();
          }
          await queue.flush();
          await queue.close();
          expect(await readFile(file, 'utf8')).toBe(expected);
        },
      ),
      { numRuns: 40 },
    );
  });
});
