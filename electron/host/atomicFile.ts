// Atomic writes for the files the host keeps (sessions, the agent library, the recent list): a temporary file beside
// the target, synced, then renamed over it, so a crash leaves the old file or the new one, never half of either. A
// cancelled write (UX-5) is the same: the temporary file goes and the old file stays as it was.

import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { throwIfCancelled } from './operationAborts';

/**
 * Writes `content` to `file` so that a crash leaves either the old file or the new one. Content can come in pieces,
 * so a file larger than one string may be (a long session) is never built in memory whole. Returns the bytes written.
 * Once `signal` is aborted the write stops at the next piece and rejects with an `AbortError`.
 */
export async function writeFileAtomic(
  file: string,
  content: string | Iterable<string | Uint8Array>,
  signal?: AbortSignal,
): Promise<number> {
  const what = `nothing was written to ${path.basename(file)}`;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  let bytes = 0;
  try {
    let batch: string[] = [];
    let batched = 0;
    const write = async () => {
      const piece = batch.join('');
      batch = [];
      batched = 0;
      bytes += Buffer.byteLength(piece, 'utf8');
      await handle.write(piece);
    };
    for (const piece of typeof content === 'string' ? [content] : content) {
      throwIfCancelled(signal, what);
      if (typeof piece !== 'string') {
        // Bytes (an index's spans) go out as they are, after the text before them.
        await write();
        bytes += piece.byteLength;
        await handle.write(piece);
        continue;
      }
      batch.push(piece);
      batched += piece.length;
      if (batched >= 4 * 1024 * 1024) await write();
    }
    await write();
    await handle.sync();
    // The last moment a cancel still leaves the old file: after the rename the new one is complete.
    throwIfCancelled(signal, what);
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temp, file);
  // The rename itself is durable only once the folder is synced (not possible on Windows; harmless to skip there).
  const dir = await open(path.dirname(file), 'r').catch(() => undefined);
  if (dir)
    await dir
      .sync()
      .catch(() => undefined)
      .finally(() => dir.close());
  return bytes;
}
