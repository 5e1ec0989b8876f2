// The recording journal (issue 7, SES-1): every frame the host publishes, appended as one JSON line to a file the
// host alone writes. Lines are written in order and flushed to disk at least once a second, and at once when a
// frame says a task reached a terminal state, so a crash loses at most a second of traffic. Reading keeps every
// complete line; a torn last line (the crash happened mid-write) is dropped and reported, never guessed at.

import { open, readFile, type FileHandle } from 'node:fs/promises';
import type { Frame } from '../../../shared/wire/frame';

export const JOURNAL_SYNC_MS = 1000;
const TERMINAL = new Set(['completed', 'canceled', 'failed', 'rejected']);

export interface JournalWriter {
  append(frame: Frame): void;
  /** Writes and syncs what is queued. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export async function openJournal(file: string, syncMs = JOURNAL_SYNC_MS): Promise<JournalWriter> {
  const handle: FileHandle = await open(file, 'a', 0o600);
  let queued: string[] = [];
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  const flush = () => {
    const lines = queued;
    queued = [];
    // Chained, so lines reach the file in the order they were appended even when flushes overlap.
    writing = writing.then(async () => {
      if (lines.length > 0) await handle.write(lines.join(''));
      await handle.sync();
    });
    return writing;
  };
  const timer = setInterval(() => void flush().catch(() => undefined), syncMs);
  timer.unref();

  return {
    append(frame) {
      if (closed) throw new Error('The journal is closed.');
      queued.push(`${JSON.stringify(frame)}\n`);
      if (endsTask(frame)) void flush().catch(() => undefined);
    },
    flush,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await flush();
      await handle.close();
    },
  };
}

function endsTask(frame: Frame): boolean {
  const state =
    frame.kind === 'sse' ? frame.a2a?.state : frame.kind === 'webhook' ? frame.a2a?.state : undefined;
  return state !== undefined && TERMINAL.has(state);
}

export interface JournalRead {
  frames: Frame[];
  /** Set when the last line was cut short (a crash mid-write): it is left out. */
  tornTail?: { bytes: number };
  /** Complete lines that are not JSON objects with a frame kind: left out, counted, with their line numbers. */
  unreadable: number[];
}

export async function readJournal(file: string): Promise<JournalRead> {
  const text = await readFile(file, 'utf8');
  const lines = text.split('\n');
  // Everything after the last newline is an unfinished line.
  const tail = lines.pop() ?? '';
  const frames: Frame[] = [];
  const unreadable: number[] = [];
  lines.forEach((line, index) => {
    if (line === '') return;
    try {
      const value = JSON.parse(line) as { kind?: unknown };
      if (value && typeof value === 'object' && typeof value.kind === 'string') frames.push(value as Frame);
      else unreadable.push(index + 1);
    } catch {
      unreadable.push(index + 1);
    }
  });
  return {
    frames,
    unreadable,
    ...(tail !== '' ? { tornTail: { bytes: Buffer.byteLength(tail, 'utf8') } } : {}),
  };
}
