// Large frame lists reach the store a slice per animation frame (renderer/store/slicedShow.ts): the first slice at
// once, the rest in order, frames added meanwhile behind them, and a replacement dropping what was still waiting.

import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../../shared/wire/frame';
import { slicedShow } from '../../../../renderer/store/slicedShow';

const frame = (n: number): Frame => ({
  kind: 'http',
  id: `f${n}`,
  source: 'test',
  timing: { start: n },
  request: { method: 'GET', url: 'http://127.0.0.1/', headers: [] },
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => frame(from + i));

function harness() {
  let shown: Frame[] = [];
  const tasks: Array<() => void> = [];
  const show = slicedShow(
    {
      replaceFrames: (frames) => void (shown = [...frames]),
      addFrames: (frames) => void (shown = [...shown, ...frames]),
    },
    (run) => {
      tasks.push(run);
      return () => tasks.splice(tasks.indexOf(run), 1);
    },
    10,
  );
  const runAll = () => {
    while (tasks.length > 0) tasks.shift()!();
  };
  return { show, shown: () => shown.map((f) => f.id), tasks, runAll };
}

describe('slicedShow', () => {
  it('shows a small list at once and a large one a slice per frame, in order', () => {
    const h = harness();
    h.show.replace(range(0, 5));
    expect(h.shown()).toHaveLength(5);
    expect(h.tasks).toHaveLength(0);

    h.show.replace(range(0, 25));
    expect(h.shown()).toEqual(range(0, 10).map((f) => f.id));
    expect(h.show.waiting).toBe(2);
    h.tasks.shift()!();
    expect(h.shown()).toHaveLength(20);
    // Added while slices wait: behind them, not before.
    h.show.add(range(25, 27));
    h.runAll();
    expect(h.shown()).toEqual(range(0, 27).map((f) => f.id));
    expect(h.show.waiting).toBe(0);
  });

  it('a replacement drops the slices still waiting', () => {
    const h = harness();
    h.show.replace(range(0, 40));
    h.show.replace(range(100, 103));
    h.runAll();
    expect(h.shown()).toEqual(['f100', 'f101', 'f102']);
  });
});
