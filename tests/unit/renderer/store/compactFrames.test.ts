// Differential test for frames made smaller as they enter the store (renderer/store/compactFrames.ts, bench:ui-many):
// the same frames — a seeded mix of traffic, and a stream recorded by the real recorder with CRLF and LF endings,
// multi-line data, named events and keep-alives — through a store that compacts them and one that keeps them as they
// came must leave equal frames, index and timeline. And a compacted frame equals the frame it was.

import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { compactFrame } from '../../../../renderer/store/compactFrames';
import { framesSliceWith, type FramesSlice } from '../../../../renderer/store/framesSlice';
import { StringPool } from '../../../../shared/stringPool';
import type { Frame, SseFrame } from '../../../../shared/wire/frame';
import { traffic } from '../../support/mixedTraffic';
import { random } from '../../support/seededRandom';
import { recordStream } from '../../support/recordStream';

const store = (compactFrames: boolean) =>
  create<FramesSlice>()(framesSliceWith({ max: 1_000_000, keep: 1_000_000 }, { compactFrames }));

/** Fed in batches of random size, each store its own deep copy (compacting works in place). */
function fed(frames: readonly Frame[], seed: number, compactFrames: boolean): FramesSlice {
  const next = random(seed);
  const made = store(compactFrames);
  const copy = structuredClone(frames) as Frame[];
  for (let i = 0; i < copy.length;) {
    const size = 1 + Math.floor(next() * 20);
    made.getState().addFrames(copy.slice(i, i + size));
    i += size;
  }
  return made.getState();
}

function expectSameState(a: FramesSlice, b: FramesSlice): void {
  expect(a.frames).toStrictEqual(b.frames);
  expect([...a.frameIndex]).toStrictEqual([...b.frameIndex]);
  expect(a.timeline.entries).toStrictEqual(b.timeline.entries);
  expect(a.timeline.conversation).toStrictEqual(b.timeline.conversation);
  expect(a.timeline.taskList()).toStrictEqual(b.timeline.taskList());
  expect(a.timelineVersion).toBe(b.timelineVersion);
}

function recorded(): Frame[] {
  const item = (n: number) =>
    '{"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t","contextId":"c",' +
    `"status":{"state":"TASK_STATE_WORKING"},"metadata":{"n":${n}}}}}`;
  const blocks = [
    `data: ${item(1)}\n\n`,
    `data:${item(2)}\r\n\r\n`,
    `event: message\ndata: ${item(3)}\n\n`,
    `id: 7\ndata: ${item(4)}\n\n`,
    'data: {"jsonrpc":"2.0","id":1,\n' +
      'data: "result":{"statusUpdate":{"taskId":"t","status":{"state":"TASK_STATE_WORKING"}}}}\n\n',
    ': keep-alive\n\n',
    `data: ${item(5)}\r\n\r\n`,
    'data: short\n\n',
  ];
  let n = 0;
  const { frames, exchange } = recordStream([Buffer.from(blocks.join(''))], { nextId: () => `e${n++}` });
  return [exchange, ...frames];
}

describe('frames compacted as they enter the store', () => {
  it.each([1, 2, 3, 4, 5, 6])('leave the same store as frames kept as they came, seed %i', (seed) => {
    const { frames } = traffic(seed, 6);
    expectSameState(fed(frames, seed, true), fed(frames, seed, false));
  });

  it('leave the same store for a recorded stream of every block shape', () => {
    const frames = recorded();
    expect(frames.filter((f) => f.kind === 'sse' && f.dispatched)).toHaveLength(7);
    expectSameState(fed(frames, 9, true), fed(frames, 9, false));
  });

  it('each frame equals the frame it was, its data read out of its raw text where that holds it', () => {
    const pool = new StringPool();
    for (const frame of recorded()) {
      const before = structuredClone(frame);
      expect(compactFrame(frame, pool)).toStrictEqual(before);
      if (frame.kind === 'sse' && frame.event) {
        const event = (frame as SseFrame).event!;
        if (!event.data.includes('\n')) expect(frame.raw.includes(event.data)).toBe(true);
      }
    }
  });

  it('a pool gives back the first equal string, and starts over past its bound', () => {
    const pool = new StringPool(3);
    const first = pool.intern(['task', '1'].join('-'));
    expect(pool.intern('task-1')).toBe(first);
    for (const value of ['a', 'b', 'c']) pool.intern(value);
    expect(pool.size).toBeLessThanOrEqual(3);
  });
});
