// Journal lines waiting to be written, held as UTF-8 bytes rather than strings. A line is encoded the moment it is
// queued, so the strings it was built from (and the network chunk its data is a slice of) die young; held as strings
// until the next write, every line of a fast stream survived several young-generation collections and was copied by
// each one, which cost more than building the lines (bench:ingest).

/** Bytes per block: large enough that a write takes many lines, small enough to hold a few without thought. */
const BLOCK_BYTES = 1024 * 1024;

export class LineBuffer {
  private blocks: Buffer[] = [];
  private current: Buffer | undefined;
  /** Where the unsealed part of `current` starts, and where its next line goes. */
  private start = 0;
  private used = 0;
  private total = 0;

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
      this.current = Buffer.allocUnsafe(BLOCK_BYTES);
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
      this.current = Buffer.allocUnsafe(BLOCK_BYTES);
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
    return blocks;
  }

  /** Puts blocks that could not be written back at the front, ahead of what was queued since. */
  putBack(blocks: readonly Buffer[]): void {
    this.seal();
    this.blocks = [...blocks, ...this.blocks];
    for (const block of blocks) this.total += block.length;
  }

  /** Moves the lines written into `current` so far to `blocks`; later lines go on after them in the same block. */
  private seal(): void {
    if (this.current && this.used > this.start)
      this.blocks.push(this.current.subarray(this.start, this.used));
    this.start = this.used;
  }
}
