// gRPC's length-prefixed messages read from chunks cut anywhere (PRX-1): the proxy's record of a call depends on it,
// and the bytes it hands back must be exactly those that crossed the wire.

import { describe, expect, it } from 'vitest';
import { GrpcMessageSplitter } from '../../../../shared/proxy/grpcFraming';

function framed(payload: number[], compressed = false): number[] {
  const n = payload.length;
  return [compressed ? 1 : 0, (n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255, ...payload];
}

describe('GrpcMessageSplitter', () => {
  const wire = [
    ...framed([1, 2, 3]),
    ...framed([], false),
    ...framed([9, 8], true),
    ...framed(new Array(300).fill(7)),
  ];

  it('reads the same messages however the bytes are cut', () => {
    for (const size of [1, 2, 5, 7, wire.length]) {
      const splitter = new GrpcMessageSplitter(1024);
      const messages = [];
      for (let i = 0; i < wire.length; i += size)
        messages.push(...splitter.push(Uint8Array.from(wire.slice(i, i + size))));
      expect(messages.map((m) => [m.compressed, Array.from(m.payload)])).toEqual([
        [false, [1, 2, 3]],
        [false, []],
        [true, [9, 8]],
        [false, new Array(300).fill(7)],
      ]);
      expect(Array.from(messages.flatMap((m) => Array.from(m.bytes)))).toEqual(wire);
      expect(splitter.buffered).toBe(0);
    }
  });

  it('holds a message begun and not finished', () => {
    const splitter = new GrpcMessageSplitter(1024);
    expect(splitter.push(Uint8Array.from(framed([1, 2, 3]).slice(0, 6)))).toEqual([]);
    expect(splitter.buffered).toBe(6);
  });

  it('stops reading, and says why, at a message larger than its limit', () => {
    const splitter = new GrpcMessageSplitter(10);
    expect(splitter.push(Uint8Array.from(framed(new Array(11).fill(0))))).toEqual([]);
    expect(splitter.stoppedBecause).toBe('A message declares 11 bytes, more than the 10 recorded.');
    expect(splitter.push(Uint8Array.from(framed([1])))).toEqual([]);
  });
});
