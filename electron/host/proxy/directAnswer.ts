// An upstream answer that no hook shaped, passed to the proxy's caller straight from the upstream's socket (PRX-1):
// the head when it arrives, each chunk as it is read, and the end as soon as the upstream's body has ended. It does
// what answerWriter.ts does with an answer's body, without a queue and an async iterator between the two sockets,
// whose turns of the event loop a unary call waited on (bench:proxy). The upstream is held back only when the
// caller's socket has as much waiting as a ChunkQueue would hold.

import type { ServerResponse } from 'node:http';
import type { ProxyAnswer } from '../../../shared/proxy/proxyTypes';
import { drained, flatHeaders, type WrittenAnswer } from './answerWriter';
import { HIGH_WATER_BYTES } from './chunkQueue';

export class DirectAnswer {
  private bytes = 0;
  private started = false;
  private finished = false;
  // Chunks read in one turn of the event loop go out together at its end, or with the end of the answer when that
  // comes first: written at once, a body that came whole would leave in one write and its end in another, and the
  // caller would be woken twice for one answer.
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private scheduled = false;
  private settle: (written: WrittenAnswer) => void = () => undefined;
  /** Settles once the caller's copy is complete, cut short, or abandoned because the caller went away. */
  readonly written = new Promise<WrittenAnswer>((resolve) => (this.settle = resolve));

  constructor(
    private readonly res: ServerResponse,
    head: Pick<ProxyAnswer, 'status' | 'statusText' | 'headers'>,
  ) {
    res.writeHead(head.status, head.statusText, flatHeaders(head.headers));
    // As answerWriter.ts: a body that came with the head leaves with it in one write; one still on its way does not
    // hold the head back.
    this.flushSoon();
  }

  push(chunk: Uint8Array): void {
    if (this.finished) return;
    if (this.res.destroyed) return this.finish(true);
    this.started = true;
    this.bytes += chunk.byteLength;
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    this.flushSoon();
  }

  /** A promise while the caller's socket holds too much, settled when it has drained or closed. */
  backlog(): Promise<void> | undefined {
    const { res } = this;
    if (this.finished || res.destroyed) return undefined;
    if (this.pendingBytes + res.writableLength < HIGH_WATER_BYTES) return undefined;
    this.writePending();
    if (res.writableLength < HIGH_WATER_BYTES) return undefined;
    return drained(res);
  }

  /** The upstream's body ended; `failed` when it was cut short, which cuts the caller's connection too. */
  end(failed: boolean): void {
    if (this.finished) return;
    const { res } = this;
    if (failed || res.destroyed) {
      res.destroy();
      return this.finish(true);
    }
    this.started = true;
    this.writePending();
    res.end();
    this.finish(res.destroyed && !res.writableFinished);
  }

  private flushSoon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.finished || this.res.destroyed) return;
      if (this.started) this.writePending();
      else if (!this.res.headersSent) this.res.flushHeaders();
    });
  }

  private writePending(): void {
    const chunks = this.pending;
    if (chunks.length === 0) return;
    this.pending = [];
    this.pendingBytes = 0;
    for (const chunk of chunks) this.res.write(chunk);
  }

  private finish(cut: boolean): void {
    this.finished = true;
    this.pending = [];
    this.pendingBytes = 0;
    this.settle({ bytes: this.bytes, cut });
  }
}
