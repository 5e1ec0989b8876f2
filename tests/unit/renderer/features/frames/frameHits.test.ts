// The search box's hits over the window's frames (TL-5): which frames match and how next / previous wrap round.

import { describe, expect, it } from 'vitest';
import { frameHits, stepHit } from '../../../../../renderer/features/frames/frameHits';
import { createMatcher } from '../../../../../shared/search/textMatch';
import type { Frame } from '../../../../../shared/wire/frame';

const frames: Frame[] = [
  {
    kind: 'http',
    id: 'x1',
    source: 'test',
    timing: { start: 1 },
    request: { method: 'POST', url: 'http://127.0.0.1/rpc', headers: [['X-Trace', 'Needle-1']] },
  },
  {
    kind: 'sse',
    id: 'x1-e0',
    exchangeId: 'x1',
    source: 'test',
    timing: { start: 2 },
    seq: 0,
    offset: { start: 0, end: 30 },
    raw: 'data: {"text":"needle needle"}\n\n',
    dispatched: true,
  },
  {
    kind: 'sse',
    id: 'x1-e1',
    exchangeId: 'x1',
    source: 'test',
    timing: { start: 3 },
    seq: 1,
    offset: { start: 30, end: 40 },
    raw: 'data: {}\n\n',
    dispatched: true,
  },
];

describe('frameHits', () => {
  it('lists the frames with matches in headers and events, with their counts', () => {
    expect(frameHits(frames, createMatcher({ text: 'needle' }))).toEqual([
      { frameId: 'x1', matches: 1 },
      { frameId: 'x1-e0', matches: 2 },
    ]);
    expect(frameHits(frames, createMatcher({ text: 'needle', caseSensitive: true }))).toEqual([
      { frameId: 'x1-e0', matches: 2 },
    ]);
    expect(frameHits(frames, undefined)).toEqual([]);
  });
});

describe('stepHit', () => {
  it('starts at the first or last hit and wraps round both ways', () => {
    expect(stepHit(-1, 3, 1)).toBe(0);
    expect(stepHit(-1, 3, -1)).toBe(2);
    expect(stepHit(2, 3, 1)).toBe(0);
    expect(stepHit(0, 3, -1)).toBe(2);
    expect(stepHit(0, 0, 1)).toBe(-1);
  });
});
