// Differential test for the frames list changed in place (renderer/store/framesSlice.ts, bench:ui-many): the same
// batches — seeded mixed traffic with repeated copies and older revisions thrown in, past a small retained cap, and
// a start again from a list — through a store that changes its list in place and one that makes a new list on every
// change must hold equal frames, index and timeline after every batch. And `framesVersion` must move exactly when
// the copying store's list changed, so a view that watches it sees every change that a new list would have shown.

import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { framesSliceWith, type FramesSlice } from '../../../../renderer/store/framesSlice';
import type { Frame } from '../../../../shared/wire/frame';
import { traffic } from '../../support/mixedTraffic';
import { random } from '../../support/seededRandom';

const store = (framesInPlace: boolean, max: number) =>
  create<FramesSlice>()(framesSliceWith({ max, keep: Math.ceil(max * 0.8) }, { framesInPlace }));

/** The traffic in batches of random size, with copies of frames already sent (the first copy or revision wins). */
function batches(seed: number): Frame[][] {
  const next = random(seed);
  const { frames } = traffic(seed, 6);
  const out: Frame[][] = [];
  for (let i = 0; i < frames.length;) {
    const size = 1 + Math.floor(next() * 8);
    const batch = frames.slice(i, i + size);
    if (i > 0 && next() < 0.3) batch.push(frames[Math.floor(next() * i)]!);
    if (next() < 0.1) out.push([frames[Math.floor(next() * (i + 1))]!]);
    out.push(batch);
    i += size;
  }
  return out;
}

function expectSameState(a: FramesSlice, b: FramesSlice): void {
  expect(a.frames).toStrictEqual(b.frames);
  expect([...a.frameIndex]).toStrictEqual([...b.frameIndex]);
  expect(a.droppedFrames).toBe(b.droppedFrames);
  expect(a.timeline.entries).toStrictEqual(b.timeline.entries);
  expect(a.timeline.taskList()).toStrictEqual(b.timeline.taskList());
  expect(a.timelineVersion).toBe(b.timelineVersion);
}

describe('the frames list changed in place', () => {
  it.each([
    [1, 1_000_000],
    [2, 1_000_000],
    [3, 60],
    [4, 25],
  ])(
    'holds what a new list per change holds, and its version moves with each change, seed %i',
    (seed, max) => {
      // Each store takes its own copies: the store compacts frames as they enter (compactFrames.ts).
      const inPlace = store(true, max);
      const copying = store(false, max);
      const all = batches(seed);
      let changes = 0;
      for (const [n, batch] of all.entries()) {
        const listBefore = copying.getState().frames;
        const versionBefore = inPlace.getState().framesVersion;
        inPlace.getState().addFrames(structuredClone(batch));
        copying.getState().addFrames(structuredClone(batch));
        const changed = copying.getState().frames !== listBefore;
        if (changed) changes++;
        expect(inPlace.getState().framesVersion !== versionBefore).toBe(changed);
        if (n % 7 === 0 || n === all.length - 1) expectSameState(inPlace.getState(), copying.getState());
      }
      expect(changes).toBeGreaterThan(20);
      if (max < 100) expect(inPlace.getState().droppedFrames).toBeGreaterThan(0);
    },
  );

  it('starts again from a list without changing the list it was given, and its version moves', () => {
    const { frames } = traffic(5, 4);
    const given = structuredClone(frames);
    const kept = structuredClone(given);
    const inPlace = store(true, 1_000_000);
    const copying = store(false, 1_000_000);
    inPlace.getState().addFrames(structuredClone(frames.slice(0, 10)));
    const version = inPlace.getState().framesVersion;
    inPlace.getState().replaceFrames(given);
    copying.getState().replaceFrames(structuredClone(frames));
    expect(inPlace.getState().framesVersion).toBeGreaterThan(version);
    inPlace.getState().addFrames(structuredClone(frames.slice(0, 3)));
    expect(inPlace.getState().frames).not.toBe(given);
    expect(given).toHaveLength(kept.length);
    expect(given.map((f) => f.id)).toStrictEqual(kept.map((f) => f.id));
    expectSameState(inPlace.getState(), copying.getState());
  });

  it('leaves the version alone when nothing in a batch was new', () => {
    const { frames } = traffic(6, 3);
    const s = store(true, 1_000_000);
    s.getState().addFrames(structuredClone(frames));
    const version = s.getState().framesVersion;
    const list = s.getState().frames;
    s.getState().addFrames(structuredClone(frames.slice(0, 20)));
    expect(s.getState().framesVersion).toBe(version);
    expect(s.getState().frames).toBe(list);
  });
});
