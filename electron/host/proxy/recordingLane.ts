// Records a proxied event stream behind its forwarding (PRX-1, bench:proxy). The proxy passes each chunk to its caller
// the moment the upstream yields it; the chunk is also handed here with the time it arrived, and recorded (parsed,
// redacted, journalled, analysed) in slices between the event loop's turns, so a flood reaches the caller as fast as
// the caller reads, not as fast as the proxy records. What waits for recording is bounded: past `memoryBytes` the
// chunks wait in a file of their own and are read back in order; with no folder for that file, the upstream is
// paused instead (`backlog`), as before. Every chunk is recorded, in order, with its arrival time: `drained` settles
// once the last one is, which the exchange waits for before its final frame.

import { closeSync, ftruncateSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FrameError } from '../../../shared/wire/frame';

export interface RecordingLaneOptions {
  /** Records one chunk as it arrived at `at`; an error says a cap was passed and the stream must stop. */
  record(chunk: Buffer, at: number): FrameError | undefined;
  /** A promise while the recorder's analysis is too far behind to take more (StreamRecorder.backlog). */
  recorderBacklog(): Promise<void> | undefined;
  now(): number;
  /** Where chunks past `memoryBytes` wait; without it, reading the upstream pauses instead. */
  spillDir?: string;
  memoryBytes?: number;
  /** Stream bytes recorded per turn of the event loop before forwarding gets its turn again. */
  sliceBytes?: number;
  /**
   * True when recording a chunk costs this thread little (the stream is read in the analysis worker): a chunk is
   * then recorded as it comes when nothing waits before it and the recorder has room, rather than held for a later
   * turn. Held chunks outlived young-generation collections by the thousand, and the collector's copying of them was
   * a large part of a proxied flood's CPU (bench:proxy).
   */
  atOnce?: () => boolean;
}

/** Bytes held in memory for recording before the rest waits on disk (or the upstream pauses). */
export const LANE_MEMORY_BYTES = 16 * 1024 * 1024;
const SLICE_BYTES = 128 * 1024;

/** A chunk waiting to be recorded: in memory, or (`chunk` absent) the next `size` bytes of the spill file. */
interface Held {
  chunk?: Buffer;
  size: number;
  at: number;
}

interface SpillFile {
  fd: number;
  file: string;
  writeAt: number;
  readAt: number;
}

export class RecordingLane {
  private readonly held: Held[] = [];
  private head = 0;
  private memory = 0;
  private spill: SpillFile | undefined;
  /** Set once the disk refused a chunk: from then on memory is bounded by pausing the upstream instead. */
  private spillRefused = false;
  private scheduled = false;
  private busy = false;
  private stop: FrameError | undefined;
  private idle: Array<() => void> = [];
  private roomMade: Array<() => void> = [];
  private readonly memoryBytes: number;
  private readonly sliceBytes: number;

  constructor(private readonly options: RecordingLaneOptions) {
    this.memoryBytes = options.memoryBytes ?? LANE_MEMORY_BYTES;
    this.sliceBytes = options.sliceBytes ?? SLICE_BYTES;
  }

  /** Takes one chunk as it arrives; returns the error of a cap an earlier chunk passed (the stream must stop). */
  push(chunk: Buffer): FrameError | undefined {
    if (this.stop) return this.stop;
    const at = this.options.now();
    if (this.pending() === 0 && !this.busy && this.options.atOnce?.() && !this.options.recorderBacklog()) {
      this.stop = this.recordHeld({ chunk, size: chunk.byteLength, at });
      return this.stop;
    }
    if (this.memory + chunk.byteLength > this.memoryBytes && this.spillChunk(chunk, at)) {
      this.schedule();
      return undefined;
    }
    this.held.push({ chunk, size: chunk.byteLength, at });
    this.memory += chunk.byteLength;
    this.schedule();
    return undefined;
  }

  /** A promise while too much waits in memory and there is no file to put it in; undefined otherwise. */
  backlog(): Promise<void> | undefined {
    const canSpill = this.options.spillDir !== undefined && !this.spillRefused;
    if (canSpill || this.memory <= this.memoryBytes) return undefined;
    return new Promise((resolve) => this.roomMade.push(resolve));
  }

  /** Settles once every chunk pushed so far has been recorded. */
  drained(): Promise<void> {
    if (this.pending() === 0 && !this.busy) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Removes the spill file; called once the stream is over and drained. */
  close(): void {
    this.dropSpill();
  }

  private pending(): number {
    return this.held.length - this.head;
  }

  /** Writes the chunk to the spill file; false when there is no folder or the disk refused (it stays in memory). */
  private spillChunk(chunk: Buffer, at: number): boolean {
    const dir = this.options.spillDir;
    if (dir === undefined || this.spillRefused) return false;
    try {
      if (!this.spill) {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        const file = path.join(dir, `lane-${randomBytes(8).toString('hex')}.tmp`);
        this.spill = { fd: openSync(file, 'w+', 0o600), file, writeAt: 0, readAt: 0 };
      }
      const spill = this.spill;
      for (let done = 0; done < chunk.byteLength;)
        done += writeSync(spill.fd, chunk, done, chunk.byteLength - done, spill.writeAt + done);
      spill.writeAt += chunk.byteLength;
      this.held.push({ size: chunk.byteLength, at });
      return true;
    } catch {
      // A full disk never costs a recorded event: this chunk stays in memory and the upstream is paused from now on
      // (backlog), so a hostile stream cannot grow memory without a bound either.
      this.spillRefused = true;
      return false;
    }
  }

  private schedule(): void {
    if (this.scheduled || this.busy) return;
    this.scheduled = true;
    setImmediate(() => void this.turn());
  }

  /** Records up to a slice of what waits, then yields to the event loop (and the forwarding) until the next turn. */
  private async turn(): Promise<void> {
    this.scheduled = false;
    this.busy = true;
    let done = 0;
    while (this.pending() > 0 && done < this.sliceBytes) {
      const wait = this.options.recorderBacklog();
      if (wait) await wait;
      const held = this.held[this.head]!;
      this.held[this.head++] = { size: 0, at: 0 };
      done += held.size;
      if (held.chunk) this.memory -= held.size;
      if (!this.stop) this.stop = this.recordHeld(held);
    }
    this.compact();
    this.busy = false;
    if (this.memory <= this.memoryBytes) this.release(this.roomMade.splice(0));
    if (this.pending() > 0) this.schedule();
    else this.release(this.idle.splice(0));
  }

  private recordHeld(held: Held): FrameError | undefined {
    try {
      return this.options.record(held.chunk ?? this.readSpilled(held.size), held.at);
    } catch (error) {
      return {
        kind: 'too-large',
        label: 'Stream not recorded',
        message: `The stream’s bytes waiting on disk could not be read back: ${(error as Error).message}`,
      };
    }
  }

  private readSpilled(size: number): Buffer {
    const spill = this.spill!;
    const bytes = Buffer.allocUnsafe(size);
    for (let got = 0; got < size;) {
      const read = readSync(spill.fd, bytes, got, size - got, spill.readAt + got);
      if (read === 0) throw new Error('the proxy’s spill file ended early');
      got += read;
    }
    spill.readAt += size;
    if (spill.readAt === spill.writeAt) {
      // Empty again: start the file over rather than let it grow with the stream.
      ftruncateSync(spill.fd, 0);
      spill.readAt = spill.writeAt = 0;
    }
    return bytes;
  }

  /** Lets go of the slots already recorded, so a long stream does not keep an array as long as itself. */
  private compact(): void {
    if (this.head < 1024 && this.head < this.held.length) return;
    this.held.splice(0, this.head);
    this.head = 0;
  }

  private release(waiting: Array<() => void>): void {
    for (const resolve of waiting) resolve();
  }

  private dropSpill(): void {
    const spill = this.spill;
    this.spill = undefined;
    if (!spill) return;
    try {
      closeSync(spill.fd);
    } finally {
      rmSync(spill.file, { force: true });
    }
  }
}
