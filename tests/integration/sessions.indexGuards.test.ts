// A session opened by its index must not trust spans blindly (SEC: hostile session files, other local users): a
// member or frame larger than the read limit is refused with a sentence, and an index file whose spans do not fit
// the file is refused rather than read.

import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openIndexedSession } from '../../electron/host/session/indexedSession';
import { writeSessionFixture } from '../../bench/support/sessionFixture';
import { testTempDir } from '../unit/support/tempDir';

async function fixture() {
  const dir = testTempDir('switchboard-index-guard-');
  const file = path.join(dir, 's.switchboard');
  await writeSessionFixture(file, { events: 300, perStream: 100 });
  return { dir, file, indexDir: path.join(dir, 'index') };
}

describe('a session opened by its index', () => {
  it('reads frames in runs and refuses a member or page larger than the read limit', async () => {
    const { file } = await fixture();
    const opened = await openIndexedSession(file, undefined, { maxReadBytes: 64 * 1024 });
    // Frames are small: a page of all of them is read in runs under the limit.
    expect(await opened.frames.read(0, opened.frames.count)).toHaveLength(opened.frames.count);
    await opened.frames.close();
    // The agents member holds the card text: over a 200-byte limit it is refused, named.
    await expect(openIndexedSession(file, undefined, { maxReadBytes: 200 })).rejects.toThrow(
      /damaged or hostile: its "agents" is 1 MiB, more than Switchboard reads at once/,
    );
  });

  it('refuses an index whose spans were changed to point outside the file', async () => {
    const { file, indexDir } = await fixture();
    await (await openIndexedSession(file, indexDir)).frames.close();
    const [name] = await readdir(indexDir);
    const where = path.join(indexDir, name!);
    const bytes = await readFile(where);
    const newline = bytes.indexOf(0x0a);
    // The first frame's start, as another local user might rewrite it.
    bytes.writeDoubleLE(-5, newline + 1);
    await writeFile(where, bytes);
    await expect(openIndexedSession(file, indexDir)).rejects.toThrow(/index does not fit the file/);
  });
});
