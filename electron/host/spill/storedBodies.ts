// Where a session's stored bodies are (SEC-4): answers too large for memory, kept by sha256 in a folder (the live
// run's spill folder, a journal's blob folder) or in a session file's blob table. Views read a slice at a time;
// saving a session copies each whole body into the file it writes, so the file is complete on its own.

import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Frame } from '../../../shared/wire/frame';

export interface StoredBodies {
  /** `length` bytes from `offset`, fewer at the end; undefined when the body is not here. */
  read(sha256: string, offset: number, length: number): Promise<{ bytes: Buffer; total: number } | undefined>;
  whole(sha256: string): Promise<Buffer | undefined>;
}

const SHA256 = /^[0-9a-f]{64}$/;

export function storedInFolder(dir: string): StoredBodies {
  // Only a plain hex name is ever joined to the folder, so no request can reach another file.
  const file = (sha256: string) => (SHA256.test(sha256) ? path.join(dir, sha256) : undefined);
  return {
    async read(sha256, offset, length) {
      const target = file(sha256);
      if (!target) return undefined;
      const handle = await open(target, 'r').catch(() => undefined);
      if (!handle) return undefined;
      try {
        const total = (await handle.stat()).size;
        const size = Math.max(0, Math.min(length, total - offset));
        const bytes = Buffer.alloc(size);
        const { bytesRead } = await handle.read(bytes, 0, size, offset);
        return { bytes: bytes.subarray(0, bytesRead), total };
      } finally {
        await handle.close();
      }
    },
    async whole(sha256) {
      const target = file(sha256);
      return target ? readFile(target).catch(() => undefined) : undefined;
    },
  };
}

/** A session file's blob table (base64 by sha256), decoded one body at a time when asked. */
export function storedInTable(blobs: Readonly<Record<string, string>>): StoredBodies {
  const whole = (sha256: string) =>
    Object.hasOwn(blobs, sha256) ? Buffer.from(blobs[sha256]!, 'base64') : undefined;
  let last: { sha256: string; bytes: Buffer } | undefined;
  return {
    async read(sha256, offset, length) {
      // Kept for the next slice: a view reads a body front to back, one slice per call.
      if (last?.sha256 !== sha256) {
        const bytes = whole(sha256);
        if (!bytes) return undefined;
        last = { sha256, bytes };
      }
      const start = Math.min(offset, last.bytes.length);
      return { bytes: last.bytes.subarray(start, start + length), total: last.bytes.length };
    },
    async whole(sha256) {
      return whole(sha256);
    },
  };
}

export const noStoredBodies: StoredBodies = {
  read: async () => undefined,
  whole: async () => undefined,
};

/** The sha256 of every stored body (and stored SSE event) the frames refer to. */
export function storedRefs(frames: readonly Frame[]): Set<string> {
  const refs = new Set<string>();
  for (const frame of frames) {
    // An SSE event over the per-event cap is stored the same way (FRM-8).
    if (frame.kind === 'sse' && frame.stored) refs.add(frame.stored.sha256);
    if (frame.kind !== 'http') continue;
    const stored = frame.response?.body.stored;
    if (stored) refs.add(stored.sha256);
  }
  return refs;
}

/** The stored bodies the frames refer to, base64 by sha256, for a session file's blob table; missing ones listed. */
export async function storedTable(
  frames: readonly Frame[],
  stored: StoredBodies,
): Promise<{ blobs: Record<string, string>; missing: string[] }> {
  const blobs: Record<string, string> = {};
  const missing: string[] = [];
  for (const sha256 of storedRefs(frames)) {
    const bytes = await stored.whole(sha256);
    if (bytes) blobs[sha256] = bytes.toString('base64');
    else missing.push(sha256);
  }
  return { blobs, missing };
}
