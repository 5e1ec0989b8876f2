// Temporary folders for tests, each removed when what asked for it ends, passed or failed, so that a run of the
// suites leaves nothing behind in the OS temp folder. Hosts write journals, locks and spilled bodies into these
// folders, so removal is recursive and forced; with Vitest's default hook order ("stack") the removal registered
// first runs after the test's own closing hooks, once a host has let go of its files.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

function remove(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A new folder under the OS temp folder, removed when the running test finishes. Call it inside a test. */
export function testTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => remove(dir));
  return dir;
}

/**
 * A folder for a whole file or describe block: made on first use (so a filtered run that skips the block makes
 * none) and removed after the block's last test. Call it where hooks are registered, at the top of a file or in a
 * describe body, before the hooks that close what writes into the folder.
 */
export function suiteTempDir(prefix: string): () => string {
  let dir: string | undefined;
  afterAll(() => {
    if (dir !== undefined) remove(dir);
    dir = undefined;
  });
  return () => (dir ??= mkdtempSync(path.join(tmpdir(), prefix)));
}
