// The window's retained-frames cap (SEC-4): past `max` frames the oldest leave the window, down to `keep`, counted in
// `droppedFrames`; the index and timeline then describe only the frames kept, newer revisions still replace in place,
// and starting again from a list applies the same cap. The note says how many left and that the journal has them.

import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import type { HttpFrame } from '../../../../shared/wire/frame';
import { retainedNoteText } from '../../../../renderer/features/layout/retainedNoteText';
import {
  framesSliceWith,
  RETAINED_FRAMES,
  retainedFramesFor,
  type FramesSlice,
} from '../../../../renderer/store/framesSlice';

const frame = (n: number, rev = 0): HttpFrame => ({
  kind: 'http',
  id: `f${n}`,
  source: 'test',
  rev,
  state: rev === 0 ? 'pending' : 'done',
  timing: { start: n },
  request: { method: 'GET', url: `http://127.0.0.1/${n}`, headers: [] },
});
const frames = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => frame(from + i));

function store() {
  return create<FramesSlice>()(framesSliceWith({ max: 10, keep: 6 }));
}

describe('retained frames', () => {
  it('keeps everything up to the cap', () => {
    const s = store();
    s.getState().addFrames(frames(0, 10));
    expect(s.getState().frames).toHaveLength(10);
    expect(s.getState().droppedFrames).toBe(0);
  });

  it('lets the oldest go past the cap, and counts them', () => {
    const s = store();
    s.getState().addFrames(frames(0, 8));
    s.getState().selectFrame('f1');
    s.getState().addFrames(frames(8, 11));
    const state = s.getState();
    expect(state.frames.map((f) => f.id)).toEqual(['f5', 'f6', 'f7', 'f8', 'f9', 'f10']);
    expect(state.droppedFrames).toBe(5);
    expect([...state.frameIndex.entries()]).toEqual(state.frames.map((f, i) => [f.id, i]));
    expect(state.timeline.entries.map((e) => e.frameId)).toEqual(state.frames.map((f) => f.id));
    // The selected frame left the window, so nothing is selected.
    expect(state.selectedFrameId).toBeNull();

    s.getState().addFrames(frames(11, 16));
    expect(s.getState().droppedFrames).toBe(10);
    expect(s.getState().frames.map((f) => f.id)).toEqual(['f10', 'f11', 'f12', 'f13', 'f14', 'f15']);
  });

  it('still replaces a kept exchange in place with its newer revision', () => {
    const s = store();
    s.getState().addFrames(frames(0, 11));
    s.getState().addFrames([frame(7, 1)]);
    const state = s.getState();
    expect(state.frames).toHaveLength(6);
    expect(state.frames[state.frameIndex.get('f7')!]).toMatchObject({ rev: 1, state: 'done' });
  });

  it('applies the cap when starting again from a list', () => {
    const s = store();
    s.getState().replaceFrames(frames(0, 25));
    expect(s.getState().frames.map((f) => f.id)).toEqual(['f19', 'f20', 'f21', 'f22', 'f23', 'f24']);
    expect(s.getState().droppedFrames).toBe(19);
    s.getState().replaceFrames(frames(0, 3));
    expect(s.getState().droppedFrames).toBe(0);
  });

  it('takes a smaller window when one is asked for, and the default for anything else', () => {
    expect(retainedFramesFor('12')).toEqual({ max: 12, keep: 10 });
    expect(retainedFramesFor('100000')).toEqual({ max: 100_000, keep: 80_000 });
    for (const stored of [null, undefined, '', '9', '-5', '12.5', 'lots', '250000', '1e9'])
      expect(retainedFramesFor(stored)).toBe(RETAINED_FRAMES);
  });

  it('keeps the app’s cap above anything a replay shows and drops in large steps', () => {
    expect(RETAINED_FRAMES.max - RETAINED_FRAMES.keep).toBeGreaterThanOrEqual(10_000);
    expect(RETAINED_FRAMES.keep).toBeGreaterThan(100_000);
  });
});

describe('the note', () => {
  it('says how many frames left the window and that the journal keeps them all', () => {
    const text = retainedNoteText(50_001, 200_000);
    expect(text).toContain(
      '50,001 earlier frames left this window, which keeps the newest 200,000 to stay fast.',
    );
    expect(text).toContain('the run’s journal holds every frame, Save writes them all');
    expect(retainedNoteText(1, 6)).toContain('1 earlier frame left');
  });

  it('is not shown while nothing left the window', () => {
    expect(retainedNoteText(0, 200_000)).toBeNull();
  });
});
