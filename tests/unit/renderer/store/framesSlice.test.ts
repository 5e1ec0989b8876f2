// The renderer's frame store and the display helpers derived from frames.

import { describe, expect, it } from 'vitest';
import type { HttpFrame } from '../../../../shared/wire/frame';
import {
  bodyLanguage,
  formatBytes,
  formatMs,
  frameDurations,
  frameOutcome,
  headerValue,
  prettyJson,
} from '../../../../renderer/ui/frameFormat';
import { normalizeAddress } from '../../../../renderer/features/request/normalizeAddress';
import { useAppStore } from '../../../../renderer/store/appStore';

const frame = (id: string, extra: Partial<HttpFrame> = {}): HttpFrame => ({
  kind: 'http',
  id,
  source: 'test',
  timing: { start: 100, connected: 101, firstByte: 105, end: 110 },
  request: { method: 'GET', url: `http://127.0.0.1/${id}`, headers: [] },
  ...extra,
});

describe('frames slice', () => {
  it('keeps the first copy of each frame, in arrival order', () => {
    const { addFrames } = useAppStore.getState();
    addFrames([frame('a'), frame('b')]);
    addFrames([frame('b'), frame('c'), frame('c')]);
    expect(useAppStore.getState().frames.map((f) => f.id)).toEqual(['a', 'b', 'c']);
    const before = useAppStore.getState().frames;
    addFrames([frame('a')]);
    expect(useAppStore.getState().frames).toBe(before);
  });
});

describe('frame revisions', () => {
  it('replaces an exchange in place with a newer revision, never with an older one', () => {
    const { addFrames } = useAppStore.getState();
    addFrames([frame('r', { rev: 0, state: 'pending' }), frame('s')]);
    addFrames([frame('r', { rev: 1, state: 'streaming', source: 'second' })]);
    const state = () => useAppStore.getState();
    const r = () => state().frames.find((f) => f.id === 'r') as HttpFrame;
    expect(r().state).toBe('streaming');
    addFrames([frame('r', { rev: 0, state: 'pending' })]);
    expect(r().state).toBe('streaming');
    addFrames([frame('r', { rev: 2, state: 'done', source: 'final' })]);
    expect(r()).toMatchObject({ state: 'done', source: 'final' });
    // A late copy of an earlier revision, or the final one again, changes nothing.
    const before = state().frames;
    addFrames([frame('r', { rev: 1, state: 'streaming' }), frame('r', { rev: 2, state: 'done' })]);
    expect(state().frames).toBe(before);
    const ids = state().frames.map((f) => f.id);
    expect(ids.indexOf('r')).toBeLessThan(ids.indexOf('s'));
    expect(state().frameIndex.get('r')).toBe(ids.indexOf('r'));
  });
});

describe('frame display', () => {
  it('derives durations and outcome', () => {
    expect(frameDurations(frame('x'))).toEqual({ connect: 1, firstByte: 5, total: 10 });
    expect(frameOutcome(frame('x'))).toBe('pending');
    expect(
      frameOutcome(frame('x', { error: { kind: 'refused', label: 'Connection refused', message: '' } })),
    ).toBe('Connection refused');
  });

  it('formats numbers and finds headers case-insensitively', () => {
    expect(formatMs(undefined)).toBe('—');
    expect(formatMs(1.234)).toBe('1.23 ms');
    expect(formatMs(2500)).toBe('2.50 s');
    expect(formatBytes(2048)).toBe('2.0 KiB');
    expect(headerValue([['Content-Type', 'application/json']], 'content-type')).toBe('application/json');
  });

  it('picks a viewer language and pretty-prints only JSON', () => {
    expect(bodyLanguage('application/a2a+json', '')).toBe('json');
    expect(bodyLanguage(undefined, ' {"a":1}')).toBe('json');
    expect(bodyLanguage('text/html', '')).toBe('html');
    expect(bodyLanguage('text/plain', 'hi')).toBe('plaintext');
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('{oops')).toBeNull();
  });

  it('adds http:// to what people type without a scheme', () => {
    expect(normalizeAddress(' 127.0.0.1:8080/x ')).toBe('http://127.0.0.1:8080/x');
    expect(normalizeAddress('https://a.example/')).toBe('https://a.example/');
  });
});
