// Frames compacted with shared parts (renderer/store/compactFrames.ts, bench:ui-many): events whose `a2a` summaries
// are equal share one object. Differential: a flood-like stream, where most summaries repeat, through a store that
// compacts and one that keeps frames as they came must leave equal state, with the compacting store holding far
// fewer summary objects. And only a summary that is exactly equal —
// the same fields in the same order, with values of their declared types — is ever shared.

import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { SharedParts } from '../../../../renderer/store/compactFrames';
import { framesSliceWith, type FramesSlice } from '../../../../renderer/store/framesSlice';
import type { Frame, SseFrame } from '../../../../shared/wire/frame';
import { recordStream } from '../../support/recordStream';

const store = (compactFrames: boolean) =>
  create<FramesSlice>()(framesSliceWith({ max: 1_000_000, keep: 1_000_000 }, { compactFrames }));

/** Two agents' streams of status and artifact updates, as the flood peers send them. */
function floodFrames(): Frame[] {
  const frames: Frame[] = [];
  for (const agent of [1, 2]) {
    const ids = `"taskId":"a${agent}-task","contextId":"a${agent}-ctx"`;
    const blocks = Array.from({ length: 90 }, (_, n) =>
      n % 3 === 0
        ? `data: {"jsonrpc":"2.0","id":1,"result":{"artifactUpdate":{${ids},"artifact":{"artifactId":"out",` +
          `"parts":[{"text":"chunk ${n}"}]},"append":${n > 0}}}}\n\n`
        : `data: {"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{${ids},"status":{"state":"TASK_STATE_WORKING"},` +
          `"metadata":{"n":${n}}}}}\n\n`,
    );
    let n = 0;
    const recorded = recordStream([Buffer.from(blocks.join(''))], { nextId: () => `a${agent}-e${n++}` });
    const exchangeId = `x${agent}`;
    frames.push({ ...recorded.exchange, id: exchangeId });
    for (const frame of recorded.frames) frames.push({ ...frame, exchangeId });
  }
  return frames;
}

function fed(frames: readonly Frame[], compactFrames: boolean): FramesSlice {
  const made = store(compactFrames);
  // As the browser edition's window gets them, as JSON: every frame with objects of its own. (The host's frames of
  // one batch share a summary object, and a structured clone, as over Electron's IPC, would keep that.)
  const copy = JSON.parse(JSON.stringify(frames)) as Frame[];
  for (let i = 0; i < copy.length; i += 7) made.getState().addFrames(copy.slice(i, i + 7));
  return made.getState();
}

const summaries = (state: FramesSlice) =>
  new Set(state.frames.flatMap((f) => (f.kind === 'sse' && f.a2a ? [f.a2a] : [])));

describe('frames compacted with shared parts', () => {
  it('leave the same state as frames kept as they came, with one object per distinct summary', () => {
    const frames = floodFrames();
    const compact = fed(frames, true);
    const plain = fed(frames, false);
    expect(compact.frames).toStrictEqual(plain.frames);
    expect([...compact.frameIndex]).toStrictEqual([...plain.frameIndex]);
    expect(compact.timeline.entries).toStrictEqual(plain.timeline.entries);
    expect(compact.timeline.taskList()).toStrictEqual(plain.timeline.taskList());
    expect(summaries(plain).size).toBe(180);
    // Per agent: the status updates' summary and the artifact updates' one.
    expect(summaries(compact).size).toBe(4);
  });

  it('share only summaries with the same fields in the same order and values of their types', () => {
    const shared = new SharedParts();
    const first = { item: 'status-update', taskId: 't', state: 'working' };
    expect(shared.summary(first)).toBe(first);
    expect(shared.summary({ item: 'status-update', taskId: 't', state: 'working' })).toBe(first);
    const unequal: NonNullable<SseFrame['a2a']>[] = [
      { item: 'status-update', state: 'working', taskId: 't' },
      { item: 'status-update', taskId: 't' },
      { item: 'status-update', taskId: 't', state: 'working', final: true },
      { item: 'status-update', taskId: 't', state: 'completed' },
      { item: 'status-update', taskId: 't', state: undefined },
      { item: 'status-update', taskId: 't', state: 'working', extra: 1 } as NonNullable<SseFrame['a2a']>,
      { item: 'status-update', taskId: 1, state: 'working' } as unknown as NonNullable<SseFrame['a2a']>,
    ];
    for (const summary of unequal) expect(shared.summary(summary)).toBe(summary);
    // Those with undefined, unknown or mistyped fields are never kept to be shared either.
    for (const summary of unequal.slice(4))
      expect(shared.summary(structuredClone(summary))).not.toBe(summary);
    expect(shared.summary({ item: 'status-update', taskId: 't', state: 'working', final: true })).toBe(
      unequal[2],
    );
  });

  it('start over past their bound', () => {
    const shared = new SharedParts(2);
    const a = { item: 'a' };
    shared.summary(a);
    shared.summary({ item: 'b' });
    shared.summary({ item: 'c' });
    expect(shared.summary({ item: 'a' })).not.toBe(a);
  });
});
