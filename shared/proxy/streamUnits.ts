// Cuts a streamed answer into the units a client reads, as the chunks arrive (PRX-4): SSE events end at a blank line
// (WHATWG HTML, "Parsing an event stream": a line ends at CRLF, LF or CR), gRPC messages are length-prefixed (a flag
// byte and a 4-byte big-endian length; docs/proxy.md#how-events-are-counted). Chunks split
// units anywhere, so the splitter keeps what it has not yet seen the end of and resumes its scan where it stopped,
// never re-reading bytes (a long stream stays linear).

export type UnitFraming = 'sse' | 'grpc';

const LF = 0x0a;
const CR = 0x0d;

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}

export class UnitSplitter {
  private pending: Uint8Array = new Uint8Array(0);
  /** SSE: where the scan stopped in `pending`, and whether that spot starts a line that is still empty. */
  private scanned = 0;
  private lineEmpty = true;

  constructor(readonly framing: UnitFraming) {}

  /** The units this chunk completes, in order; the bytes of an unfinished unit are kept for the next chunk. */
  push(chunk: Uint8Array): Uint8Array[] {
    this.pending = concat(this.pending, chunk);
    return this.framing === 'grpc' ? this.grpcUnits() : this.sseUnits();
  }

  /** What is left when the stream ends: an unfinished unit, or nothing. */
  rest(): Uint8Array {
    const left = this.pending;
    this.pending = new Uint8Array(0);
    this.scanned = 0;
    this.lineEmpty = true;
    return left;
  }

  private grpcUnits(): Uint8Array[] {
    const units: Uint8Array[] = [];
    let start = 0;
    while (this.pending.length - start >= 5) {
      const view = new DataView(this.pending.buffer, this.pending.byteOffset + start + 1, 4);
      const end = start + 5 + view.getUint32(0);
      if (end > this.pending.length) break;
      units.push(this.pending.slice(start, end));
      start = end;
    }
    this.pending = this.pending.slice(start);
    return units;
  }

  private sseUnits(): Uint8Array[] {
    const units: Uint8Array[] = [];
    const bytes = this.pending;
    let start = 0;
    let at = this.scanned;
    while (at < bytes.length) {
      const byte = bytes[at];
      if (byte !== CR && byte !== LF) {
        this.lineEmpty = false;
        at += 1;
        continue;
      }
      // A CR as the last byte may be the first half of a CRLF: wait for the next chunk to tell.
      if (byte === CR && at + 1 >= bytes.length) break;
      const width = byte === CR && bytes[at + 1] === LF ? 2 : 1;
      at += width;
      if (this.lineEmpty) {
        units.push(bytes.slice(start, at));
        start = at;
      }
      this.lineEmpty = true;
    }
    this.pending = bytes.slice(start);
    this.scanned = at - start;
    return units;
  }
}

/** Whether an SSE block dispatches an event (has a `data` field); comments and keep-alives do not count as events. */
export function isSseEvent(unit: Uint8Array): boolean {
  return /^data(?::|\r|\n|$)/m.test(new TextDecoder().decode(unit));
}
