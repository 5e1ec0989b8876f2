// What the recording journal has queued and how it reaches the disk (SES-1): lines, the bytes of stream runs
// (sseRuns.ts) and blobs wait here until a flush writes them, in order and all or nothing per batch: blobs before the
// lines that name them, run bytes before the lines that point at them, and a batch that fails is truncated away and
// put back ahead of what came since, so a crash or a full disk never leaves a torn line in the middle of the file.
// journal.ts decides what each frame becomes; this module only keeps and writes it.

import { statSync } from 'node:fs';
import { mkdir, open, rename, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { SseFrame } from '../../../shared/wire/frame';
import { LineBuffer } from './lineBuffer';
import { SseRun } from './sseRuns';

/** A chunk's bytes as read, which start at `offset` in the stream; a frame that began before them is kept as text. */
export interface CapturedBytes {
  buffer: Buffer;
  offset: number;
}

export interface JournalQueueOptions {
  blobDir: string;
  /** The file holding the bytes of `sse-run` lines. */
  streamFile: string;
  /** Written as the first line when the file is new. */
  headerLine?: string;
  /** A write or sync failed (the lines are kept and tried again on the next flush). */
  onError?: (error: Error) => void;
}

export class JournalQueue {
  private opened: Promise<FileHandle>;
  private readonly queued = new LineBuffer();
  // Bytes of runs waiting to be written, and where the next run starts in the stream file (appended in order, so
  // positions are known when the line is made, before anything is written).
  private readonly streamBytes = new LineBuffer();
  private streamSize: number;
  private streamHandle: FileHandle | undefined;
  private run: SseRun | undefined;
  private blobs = new Map<string, Buffer>();
  private readonly written = new Set<string>();
  private writing: Promise<void> = Promise.resolve();
  // The open run's bytes when they are a span of a chunk as read: queued whole when the run ends, one copy.
  private span: { buffer: Buffer; start: number; end: number } | undefined;
  // A write asked for and not yet started: it takes everything queued when it starts, so asking again until then
  // gets the same write (a fast stream asks with every line once 4 MiB wait).
  private waiting: Promise<void> | undefined;
  // The files' sizes on disk as the last batch left them, so that a batch need not ask the disk (an fstat per flush
  // cost a recording proxy's call more than its sync, bench:proxy); unknown until first asked, and after a failure.
  private fileSize: number | undefined;
  private streamFileSize: number | undefined;

  /** Opens (creating it and its folder when needed) and returns at once; the first flush waits for the file. */
  constructor(
    private readonly file: string,
    private readonly options: JournalQueueOptions,
  ) {
    this.opened = this.openFile();
    // A journal that cannot be opened must not take the host down; flushes report the failure (and open again).
    this.opened.catch(() => undefined);
    this.streamSize = sizeOf(options.streamFile);
  }

  /** Bytes waiting to be written. */
  get bytes(): number {
    return this.queued.bytes + this.streamBytes.bytes;
  }

  /** Queues a line; the caller ends the open run first when the line must follow it. */
  push(line: string): void {
    this.queued.push(line);
  }

  /** Keeps a blob for the next write, once per hash. */
  readonly sink = (hash: string, bytes: Buffer): void => {
    if (this.written.has(hash)) return;
    this.written.add(hash);
    this.blobs.set(hash, bytes);
  };

  /** Adds a plain event to the open run (or starts one); its bytes come from the chunk as read when they lie in it. */
  addToRun(frame: SseFrame, bytes?: CapturedBytes): void {
    if (!this.run?.continues(frame)) {
      this.endRun();
      this.run = new SseRun(frame, this.streamSize);
    }
    this.run.add(frame);
    this.streamSize += frame.offset.end - frame.offset.start;
    const start = bytes ? frame.offset.start - bytes.offset : -1;
    const end = bytes ? frame.offset.end - bytes.offset : -1;
    if (bytes && start >= 0 && end <= bytes.buffer.length) {
      const span = this.span;
      if (span?.buffer === bytes.buffer && span.end === start) span.end = end;
      else {
        this.endSpan();
        this.span = { buffer: bytes.buffer, start, end };
      }
      return;
    }
    this.endSpan();
    this.streamBytes.push(frame.raw);
  }

  /** Closes the open run: its line is queued, after its bytes. */
  endRun(): void {
    if (!this.run) return;
    this.endSpan();
    this.queued.push(this.run.line());
    this.run = undefined;
  }

  readonly flush = (): Promise<void> => {
    if (this.waiting) return this.waiting;
    // Chained, so lines reach the file in the order they were appended even when flushes overlap; blobs are on
    // disk before the lines that name them. What is queued is taken when the write starts, not when it is asked
    // for: a write that failed puts its lines back at the front, and the next one takes them with everything after,
    // so lines, and the stream bytes their runs point at, never overtake each other.
    const attempt = this.writing.then(() => this.write());
    // The chain goes on after a failure, so one bad write does not stop every later one.
    this.writing = attempt.catch(() => undefined);
    this.waiting = attempt;
    return attempt;
  };

  /** Closes the files; the caller has flushed. */
  async close(): Promise<void> {
    await (await this.opened).close();
    await this.streamHandle?.close();
  }

  /**
   * Copies the open run's span out of its chunk now, so that the chunk may change (the host reuses the memory that
   * held a worker's chunk); the run itself stays open.
   */
  endSpan(): void {
    if (!this.span) return;
    this.streamBytes.pushBytes(this.span.buffer.subarray(this.span.start, this.span.end));
    this.span = undefined;
  }

  private async openFile(): Promise<FileHandle> {
    const { file } = this;
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const handle = await open(file, 'a', 0o600);
    if (this.options.headerLine !== undefined && (await handle.stat()).size === 0) {
      await handle.appendFile(`${this.options.headerLine}\n`);
    }
    return handle;
  }

  /** One batch: everything queued when it starts, written whole or not at all. */
  private async write(): Promise<void> {
    const { blobDir, streamFile } = this.options;
    this.waiting = undefined;
    this.endRun();
    const lines = this.queued.take();
    const runBytes = this.streamBytes.take();
    const pendingBlobs = this.blobs;
    this.blobs = new Map();
    let handle: FileHandle | undefined;
    let sizeBefore = -1;
    let streamBefore = -1;
    try {
      if (pendingBlobs.size > 0) {
        await mkdir(blobDir, { recursive: true, mode: 0o700 });
        for (const [hash, bytes] of pendingBlobs) await writeBlob(path.join(blobDir, hash), bytes);
      }
      handle = await this.opened.catch(() => {
        // The last open failed (a folder that was not there, a full disk): try again now.
        this.fileSize = undefined;
        this.opened = this.openFile();
        return this.opened;
      });
      if (runBytes.length > 0) {
        this.streamHandle ??= await open(streamFile, 'a', 0o600);
        streamBefore = this.streamFileSize ?? (await this.streamHandle.stat()).size;
        this.streamFileSize = undefined;
        for (const block of runBytes) await writeAll(this.streamHandle, block);
        // The bytes are on disk before the lines that point at them.
        await this.streamHandle.sync();
        this.streamFileSize = streamBefore + totalBytes(runBytes);
      }
      sizeBefore = this.fileSize ?? (await handle.stat()).size;
      this.fileSize = undefined;
      for (const block of lines) await writeAll(handle, block);
      await handle.sync();
      this.fileSize = sizeBefore + totalBytes(lines);
      // Written whole: their memory may hold the next lines (lineBuffer.ts).
      this.streamBytes.recycle(runBytes);
      this.queued.recycle(lines);
    } catch (error) {
      // Half a batch must not stay: the retry would glue its torn line to the next one.
      if (handle && sizeBefore >= 0)
        await handle.truncate(sizeBefore).then(
          () => (this.fileSize = sizeBefore),
          () => undefined,
        );
      if (this.streamHandle && streamBefore >= 0)
        await this.streamHandle.truncate(streamBefore).then(
          () => (this.streamFileSize = streamBefore),
          () => undefined,
        );
      this.streamBytes.putBack(runBytes);
      // Kept for the next attempt (a full disk may empty), ahead of what came since, and reported.
      this.queued.putBack(lines);
      for (const [hash, bytes] of pendingBlobs) if (!this.blobs.has(hash)) this.blobs.set(hash, bytes);
      this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }
}

function totalBytes(blocks: readonly Buffer[]): number {
  let total = 0;
  for (const block of blocks) total += block.length;
  return total;
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

async function writeBlob(file: string, bytes: Buffer): Promise<void> {
  // Named by content: a blob that is already there has the same bytes, because blobs only appear by rename once
  // whole (a write cut short leaves a temporary file, never a short blob under the real name).
  if (
    await stat(file).then(
      () => true,
      () => false,
    )
  )
    return;
  const temp = `${file}.${process.pid}.tmp`;
  const blob = await open(temp, 'w', 0o600);
  try {
    await blob.writeFile(bytes);
    await blob.sync();
  } finally {
    await blob.close();
  }
  await rename(temp, file);
}

/**
 * Writes the whole buffer at the end of the file (opened for appending). One write per batch rather than
 * appendFile's 512 KiB pieces: each piece waits for a turn of an event loop that a fast stream keeps busy.
 */
async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  for (let at = 0; at < bytes.length;) {
    const { bytesWritten } = await handle.write(bytes, at, bytes.length - at);
    at += bytesWritten;
  }
}
