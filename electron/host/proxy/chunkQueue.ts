// The body of an answer on its way through the proxy (PRX-1): chunks are pushed as the upstream's socket yields them
// and read by whoever writes them to the caller, possibly through a fault hook (PRX-4) that reads at its own pace.
// `ProxyAnswer.body` is an async iterable, so this is one; `backlog` lets the upstream's socket pause while the
// caller reads slower than the agent writes, so a fast stream to a slow client holds a few chunks, not the stream.

/** Bytes waiting before the upstream's socket is paused. */
export const HIGH_WATER_BYTES = 1024 * 1024;

export class ChunkQueue implements AsyncIterable<Uint8Array> {
  private readonly chunks: Uint8Array[] = [];
  private bytes = 0;
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  private drained: Array<() => void> = [];

  push(chunk: Uint8Array): void {
    if (this.ended) return;
    this.chunks.push(chunk);
    this.bytes += chunk.byteLength;
    this.poke();
  }

  /** The body is complete; a `failure` means it was cut short, which the reader sees as a thrown error. */
  end(failure?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = failure;
    this.poke();
  }

  /** A promise while too much waits to be read, settled once the reader has caught up; undefined otherwise. */
  backlog(): Promise<void> | undefined {
    if (this.bytes < HIGH_WATER_BYTES) return undefined;
    return new Promise((resolve) => this.drained.push(resolve));
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    for (;;) {
      const chunk = this.chunks.shift();
      if (chunk) {
        this.bytes -= chunk.byteLength;
        if (this.bytes < HIGH_WATER_BYTES) this.release();
        yield chunk;
        continue;
      }
      if (this.ended) {
        this.release();
        if (this.failure) throw this.failure;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private release(): void {
    const waiting = this.drained;
    this.drained = [];
    for (const resolve of waiting) resolve();
  }
}
