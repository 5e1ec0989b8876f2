// Journal lines waiting to be written, held as UTF-8 bytes rather than strings. A line is encoded the moment it is
// queued, so the strings it was built from (and the network chunk its data is a slice of) die young; held as strings
// until the next write, every line of a fast stream survived several young-generation collections and was copied by
// each one, which cost more than building the lines (bench:ingest).

/** Bytes per block: large enough that a write takes many lines, small enough to hold a few without thought. */
const BLOCK_BYTES = 1024 * 1024;
/**
 * Written blocks kept for reuse. A block waits for its write through many young-generation collections, so its
 * object is promoted and its memory is freed only at the next full collection: a fast stream's every block stayed
 * allocated until then, 30 MB and more of a flood's peak RSS (bench:ingest). Reused, a few blocks carry a stream.
 */
const SPARE_BLOCKS = 4;

export class LineBuffer {
  private blocks: Buffer[] = [];
  private current: Buffer | undefined;
  /** Where the unsealed part of `current` starts, and where its next line goes. */
  private start = 0;
  private used = 0;
  private total = 0;
  /** Blocks whose every line has been written (`recycle`), for the next lines. */
  private spare: Buffer[] = [];
  /** Pieces of each block handed out by `take` and not yet given back written (`recycle`) or unwritten (`putBack`). */
  private readonly out = new WeakMap<ArrayBufferLike, number>();

  /** Bytes queued. */
  get bytes(): number {
    return this.total;
  }

  push(line: string): void {
    // A UTF-16 code unit never takes more than 3 bytes of UTF-8.
    const most = line.length * 3;
    if (most > BLOCK_BYTES) {
      this.seal();
      const bytes = Buffer.from(line, 'utf8');
      this.blocks.push(bytes);
      this.total += bytes.length;
      return;
    }
    if (!this.current || this.used + most > this.current.length) {
      this.seal();
      this.current = this.spare.pop() ?? Buffer.allocUnsafe(BLOCK_BYTES);
      this.start = 0;
      this.used = 0;
    }
    const written = this.current.write(line, this.used, 'utf8');
    this.used += written;
    this.total += written;
  }

  /** Queues bytes as they are (a copy: `bytes` may be part of a buffer that is reused or held elsewhere). */
  pushBytes(bytes: Buffer): void {
    if (bytes.length > BLOCK_BYTES / 4) {
      this.seal();
      this.blocks.push(Buffer.from(bytes));
      this.total += bytes.length;
      return;
    }
    if (!this.current || this.used + bytes.length > this.current.length) {
      this.seal();
      this.current = this.spare.pop() ?? Buffer.allocUnsafe(BLOCK_BYTES);
      this.start = 0;
      this.used = 0;
    }
    this.used += bytes.copy(this.current, this.used);
    this.total += bytes.length;
  }

  /** Everything queued, in order, leaving the queue empty. */
  take(): Buffer[] {
    this.seal();
    const blocks = this.blocks;
    this.blocks = [];
    this.total = 0;
    for (const block of blocks) this.out.set(block.buffer, (this.out.get(block.buffer) ?? 0) + 1);
    return blocks;
  }

  /** Puts blocks that could not be written back at the front, ahead of what was queued since. */
  putBack(blocks: readonly Buffer[]): void {
    this.seal();
    this.blocks = [...blocks, ...this.blocks];
    for (const block of blocks) {
      this.total += block.length;
      this.out.set(block.buffer, (this.out.get(block.buffer) ?? 1) - 1);
    }
  }

  /**
   * Takes back what `take` handed out, once written: a whole block is reused for later lines when none of it is
   * still being filled, waiting to be taken, or handed out and not back. What failed to write goes to `putBack`.
   */
  recycle(written: readonly Buffer[]): void {
    for (const piece of written) {
      const memory = piece.buffer;
      const out = (this.out.get(memory) ?? 1) - 1;
      this.out.set(memory, out);
      if (out > 0 || memory.byteLength !== BLOCK_BYTES || this.spare.length >= SPARE_BLOCKS) continue;
      if (this.current?.buffer === memory || this.blocks.some((block) => block.buffer === memory)) continue;
      if (this.spare.some((block) => block.buffer === memory)) continue;
      this.spare.push(Buffer.from(memory, 0, BLOCK_BYTES));
    }
  }

  /** Moves the lines written into `current` so far to `blocks`; later lines go on after them in the same block. */
  private seal(): void {
    if (this.current && this.used > this.start)
      this.blocks.push(this.current.subarray(this.start, this.used));
    this.start = this.used;
  }
}
