// The bytes of a stream the host's thread must keep while the analysis worker reads them (streamAnalyser.ts): from the
// point the worker could last be taken over at to the newest chunk. They are copied into one buffer of the stream's
// own rather than held as the socket's chunks: a chunk held for a worker's round trip outlived young-generation
// collections, was promoted, and freed only at the next full one, some 40 MB of a flood's peak RSS (bench:ingest). The
// buffer is reused from chunk to chunk, moved down when its end is reached, grown when what is held needs it, and
// given back only when a large one holds almost nothing. (The reader's `ByteWindow` in streamReading.ts keeps the
// bytes of the block being read as the chunks they came in, without a copy: in the worker those chunks are its own,
// posted to it, and it holds one block at most; here a copy is what keeps the socket's chunks from being held.)

const FIRST_BYTES = 64 * 1024;
const SHRINK_ABOVE_BYTES = 4 * 1024 * 1024;

export class HeldBytes {
  private buffer = Buffer.allocUnsafe(FIRST_BYTES);
  /** The stream offset of `buffer[0]`. */
  private origin = 0;
  /** What is held: stream offsets `[start, end)`. */
  private start = 0;
  private end = 0;

  /** Where the next byte goes in the stream. */
  get offset(): number {
    return this.end;
  }

  /** Keeps a copy of the stream's next bytes. */
  push(chunk: Uint8Array): void {
    const needed = this.end - this.start + chunk.byteLength;
    const full = this.end - this.origin + chunk.byteLength > this.buffer.length;
    // Given back only once it holds almost nothing of a large buffer: a flood comes and goes in waves, and a buffer
    // grown and shrunk with each one was a new large allocation each time.
    const tooBig = this.buffer.length > SHRINK_ABOVE_BYTES && needed * 16 < this.buffer.length;
    if (full || tooBig) {
      // What is held moves to the start of the buffer, or of one of a better size: room for as much again.
      const size = tooBig || needed * 2 > this.buffer.length ? sizeFor(needed) : this.buffer.length;
      const target = size === this.buffer.length ? this.buffer : Buffer.allocUnsafe(size);
      this.buffer.copy(target, 0, this.start - this.origin, this.end - this.origin);
      this.buffer = target;
      this.origin = this.start;
    }
    this.buffer.set(chunk, this.end - this.origin);
    this.end += chunk.byteLength;
  }

  /** Forgets the bytes before stream offset `offset`. */
  release(offset: number): void {
    this.start = Math.min(Math.max(this.start, offset), this.end);
  }

  /**
   * The held bytes `[from, to)` of the stream, as a view that stays valid until the next `push` (which may move
   * them); undefined when they are not all held.
   */
  view(from: number, to: number): Buffer | undefined {
    if (from < this.start || to > this.end || from > to) return undefined;
    return this.buffer.subarray(from - this.origin, to - this.origin);
  }

  /** Where what is held starts in the stream. */
  get first(): number {
    return this.start;
  }
}

/** Twice what is needed, rounded up to a power of two: room to move down a few times before growing again. */
function sizeFor(bytes: number): number {
  let size = FIRST_BYTES;
  while (size < bytes * 2) size *= 2;
  return size;
}
