// Atomic writes for the files the host keeps (sessions, the agent library, the recent list): a temporary file beside
// the target, synced, then renamed over it, so a crash leaves the old file or the new one, never half of either.

import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `content` to `file` so that a crash leaves either the old file or the new one. Content can come in pieces,
 * so a file larger than one string may be (a long session) is never built in memory whole. Returns the bytes written.
 */
export async function writeFileAtomic(
  file: string,
  content: string | Iterable<string | Uint8Array>,
): Promise<number> {
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
