// The journal's line buffer with written blocks reused (lineBuffer.ts): what it hands out to be written must be what
// was pushed, byte for byte, as the straightforward concatenation gives it, however the writes interleave with the
// pushes; a block is reused only once every line in it was written, never while part of it waits or is being written.

import { describe, expect, it } from 'vitest';
import { LineBuffer } from '../../../../../electron/host/session/lineBuffer';

/** A deterministic mix of short lines, long lines, lines past a block and raw byte spans. */
function* pieces(count: number): Generator<{ line: string } | { bytes: Buffer }> {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let i = 0; i < count; i++) {
    const size = next() % 5 === 0 ? next() % 400_000 : next() % 3000;
    const text = `${i}:${'déjà-vu 🌧 '.repeat(Math.ceil(size / 12)).slice(0, size)}\n`;
    if (next() % 3 === 0) yield { bytes: Buffer.from(text) };
    else yield { line: text };
    if (i === count / 2) yield { line: `${'x'.repeat(1024 * 1024 + 5)}\n` };
  }
}

describe('LineBuffer reusing written blocks', () => {
  it('hands out exactly what was pushed, with writes taken and finished at odd times', () => {
    const buffer = new LineBuffer();
    const expected: Buffer[] = [];
    const written: Buffer[] = [];
    // Writes in flight: taken, their bytes copied out only when they finish, as a file write reads them then.
    const inFlight: Buffer[][] = [];
    let k = 0;
    for (const piece of pieces(1200)) {
      if ('line' in piece) {
        buffer.push(piece.line);
        expected.push(Buffer.from(piece.line));
      } else {
        buffer.pushBytes(piece.bytes);
        expected.push(Buffer.from(piece.bytes));
      }
      if (++k % 37 === 0) inFlight.push(buffer.take());
      if (k % 53 === 0 && inFlight.length > 0) {
        const done = inFlight.shift()!;
        written.push(...done.map((block) => Buffer.from(block)));
        buffer.recycle(done);
      }
    }
    for (const done of [...inFlight, buffer.take()]) {
      written.push(...done.map((block) => Buffer.from(block)));
      buffer.recycle(done);
    }
    expect(Buffer.concat(written).equals(Buffer.concat(expected))).toBe(true);
    expect(buffer.bytes).toBe(0);
  });

  it('reuses a block only once all of it was written', () => {
    const buffer = new LineBuffer();
    const line = `${'a'.repeat(100_000)}\n`;
    buffer.push(line);
    const first = buffer.take();
    // The block is still being filled: finishing the write of its first lines must not free it.
    buffer.recycle(first);
    for (let i = 0; i < 12; i++) buffer.push(line);
    const second = buffer.take();
    expect(second.some((block) => block.buffer === first[0]!.buffer)).toBe(true);
    // Written now, its memory holds the next lines; what was handed out before is not touched until then.
    const copy = Buffer.concat(second);
    buffer.push('b'.repeat(10) + '\n');
    expect(Buffer.concat(second).equals(copy)).toBe(true);
    buffer.recycle(second);
    for (let i = 0; i < 11; i++) buffer.push(line);
    buffer.push('c\n');
    const third = buffer.take();
    expect(third.some((block) => block.buffer === first[0]!.buffer)).toBe(true);
    expect(Buffer.concat(third).toString()).toBe(`${'b'.repeat(10)}\n${line.repeat(11)}c\n`);
  });
});
