// The index of a session file built while it is already open (issue 27: a million-event session shows its first
// rows in under a second). The same scanner as the whole-file scan (sessionScan.ts) is fed the file a chunk at a
// time in the background; readers ask for the frames they need and wait only until the scan has found them. Each
// chunk is read with its own call, so the host answers other calls between chunks. How far it got is told to a
// listener a few times a second, with the number of frames estimated from the bytes scanned so far.

import { open } from 'node:fs/promises';
import { SessionFileError } from '../../../shared/session/migrations';
import { SessionScanner, type SessionScan } from './sessionScan';

export interface IndexProgress {
  /** Frames whose spans are known. */
  indexed: number;
  /** Frames the session is expected to hold: the final count once done. */
  estimated: number;
  bytesRead: number;
  bytes: number;
  done: boolean;
  error?: string;
}

export interface ProgressiveIndex {
  readonly scanner: SessionScanner;
  /** Resolves once frames [0, need) are known or the scan has ended; rejects when the scan failed or was stopped. */
  reach(need: number): Promise<void>;
  /** The whole scan, once the file has been read to its end. */
  readonly whenDone: Promise<SessionScan>;
  readonly done: boolean;
  progress(): IndexProgress;
  /** Told how far the scan got, at most every PROGRESS_MS and once at the end. */
  watch(listener: (progress: IndexProgress) => void): void;
  stop(): void;
}

/** The first read is small, so the first rows are known after little work; later ones are larger. */
const FIRST_CHUNK = 256 * 1024;
const CHUNK = 1024 * 1024;
const PROGRESS_MS = 250;

export function startProgressiveIndex(
  file: string,
  bytes: number,
  options: { maxFrames?: number; chunkBytes?: number } = {},
): ProgressiveIndex {
  const scanner = new SessionScanner(options.maxFrames);
  const waiters: Array<{ need: number; resolve: () => void; reject: (error: Error) => void }> = [];
  const listeners: Array<(progress: IndexProgress) => void> = [];
  let failure: Error | undefined;
  let finished = false;
  let stopped = false;
  let toldAt = 0;

  const progress = (): IndexProgress => {
    const indexed = scanner.frameCount;
    const read = scanner.bytesFed;
    const estimated = finished
      ? indexed
      : Math.max(indexed + 1, read > 0 ? Math.round((indexed * bytes) / read) : 0);
    return {
      indexed,
      estimated,
      bytesRead: read,
      bytes,
      done: finished || failure !== undefined,
      ...(failure ? { error: failure.message } : {}),
    };
  };
  const tell = (force: boolean) => {
    const now = Date.now();
    if (!force && now - toldAt < PROGRESS_MS) return;
    toldAt = now;
    const current = progress();
    for (const listener of listeners) listener(current);
  };
  const settle = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i]!;
      if (failure) waiter.reject(failure);
      else if (finished || scanner.frameCount >= waiter.need) waiter.resolve();
      else continue;
      waiters.splice(i, 1);
    }
  };

  const whenDone = (async () => {
    const handle = await open(file, 'r');
    try {
      const chunkBytes = options.chunkBytes ?? CHUNK;
      // One buffer for every chunk (the scanner keeps none of it): a new megabyte per read was external memory that
      // V8 answered with a full collection every few dozen megabytes of the file (bench:ui-open, --trace-gc).
      const buffer = Buffer.allocUnsafe(Math.min(Math.max(chunkBytes, FIRST_CHUNK), bytes));
      for (let at = 0; at < bytes;) {
        if (stopped) throw new SessionFileError('The session was closed before its index was built.');
        const size = Math.min(at === 0 ? FIRST_CHUNK : chunkBytes, bytes - at);
        const chunk = buffer.subarray(0, size);
        const { bytesRead } = await handle.read(chunk, 0, size, at);
        if (bytesRead === 0)
          throw new SessionFileError('The session file changed while it was indexed; open it again.');
        scanner.feed(bytesRead === size ? chunk : chunk.subarray(0, bytesRead));
        at += bytesRead;
        settle();
        tell(false);
      }
      const scan = scanner.finish();
      finished = true;
      return scan;
    } finally {
      await handle.close();
    }
  })();
  whenDone.then(
    () => {
      settle();
      tell(true);
    },
    (error: unknown) => {
      failure = error instanceof Error ? error : new Error(String(error));
      settle();
      tell(true);
    },
  );

  return {
    scanner,
    whenDone,
    get done() {
      return finished;
    },
    reach(need) {
      if (failure) return Promise.reject(failure);
      if (finished || scanner.frameCount >= need) return Promise.resolve();
      return new Promise((resolve, reject) => waiters.push({ need, resolve, reject }));
    },
    progress,
    watch(listener) {
      listeners.push(listener);
    },
    stop() {
      stopped = true;
    },
  };
}
