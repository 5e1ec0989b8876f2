// Reads gRPC's length-prefixed messages out of a byte stream that arrives in arbitrary chunks (PRX-1): a 1-byte
// compressed flag, a 4-byte big-endian length, then the message. The gRPC forwarder passes the bytes on untouched and
// hands a copy to this splitter, so the recording never changes what the other side receives (docs/protocol.md#grpc).

/** One complete message: its payload exactly as sent (still compressed when `compressed`). */
export interface GrpcMessage {
  compressed: boolean;
  payload: Uint8Array;
  /** The whole message as it crossed the wire, prefix included. */
  bytes: Uint8Array;
}

const PREFIX_BYTES = 5;

export class GrpcMessageSplitter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private stopped: string | undefined;

  /** @param maxMessageBytes a declared length above this stops the reading (the bytes still flow elsewhere). */
  constructor(private readonly maxMessageBytes: number) {}

  /** Why reading stopped (a message over the limit), if it did; later chunks are ignored. */
  get stoppedBecause(): string | undefined {
    return this.stopped;
  }

  /** The bytes of a message begun but not finished. */
  get buffered(): number {
    return this.pendingBytes;
  }

  /** The messages this chunk completed, in order. */
  push(chunk: Uint8Array): GrpcMessage[] {
    if (this.stopped !== undefined || chunk.byteLength === 0) return [];
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    const messages: GrpcMessage[] = [];
    while (this.pendingBytes >= PREFIX_BYTES) {
      const head = this.peek(PREFIX_BYTES);
      const length = ((head[1]! << 24) >>> 0) + (head[2]! << 16) + (head[3]! << 8) + head[4]!;
      if (length > this.maxMessageBytes) {
        this.stopped = `A message declares ${length} bytes, more than the ${this.maxMessageBytes} recorded.`;
        this.pending = [];
        this.pendingBytes = 0;
        return messages;
      }
      if (this.pendingBytes < PREFIX_BYTES + length) break;
      const whole = this.take(PREFIX_BYTES + length);
      messages.push({ compressed: whole[0] === 1, payload: whole.subarray(PREFIX_BYTES), bytes: whole });
    }
    return messages;
  }

  private peek(count: number): Uint8Array {
    const first = this.pending[0]!;
    if (first.byteLength >= count) return first.subarray(0, count);
    return this.concat(count, false);
  }

  private take(count: number): Uint8Array {
    return this.concat(count, true);
  }

  /** The first `count` buffered bytes as one array, removed from the buffer when `consume`. */
  private concat(count: number, consume: boolean): Uint8Array {
    const out = new Uint8Array(count);
    let filled = 0;
    let index = 0;
    while (filled < count) {
      const part = this.pending[index]!;
      const used = Math.min(part.byteLength, count - filled);
      out.set(part.subarray(0, used), filled);
      filled += used;
      if (consume && used === part.byteLength) {
        this.pending.shift();
      } else if (consume) {
        this.pending[index] = part.subarray(used);
      } else {
        index++;
      }
    }
    if (consume) this.pendingBytes -= count;
    return out;
  }
}
