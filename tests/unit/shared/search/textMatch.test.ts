// The search matcher (TL-5): case, Unicode, spans of the original text, bad queries, and matches a chunk boundary
// cuts in two when text arrives in pieces.

import { describe, expect, it } from 'vitest';
import {
  ChunkedMatcher,
  createMatcher,
  queryProblem,
  SEARCH_QUERY_MAX,
  type MatchSpan,
} from '../../../../shared/search/textMatch';

/** Feeds `text` in pieces of `size` code units and gathers every span reported. */
function chunkedSpans(query: string, text: string, size: number): MatchSpan[] {
  const chunked = new ChunkedMatcher(createMatcher({ text: query }));
  const out: MatchSpan[] = [];
  for (let at = 0; at < text.length; at += size) out.push(...chunked.push(text.slice(at, at + size)));
  return out;
}

describe('createMatcher', () => {
  it('ignores case by default and respects it when asked', () => {
    expect(createMatcher({ text: 'task' }).spans('Task TASK task')).toEqual([
      [0, 4],
      [5, 9],
      [10, 14],
    ]);
    expect(createMatcher({ text: 'task', caseSensitive: true }).spans('Task TASK task')).toEqual([[10, 14]]);
  });

  it('folds Unicode case and gives spans of the original text', () => {
    expect(createMatcher({ text: 'ÄRGER' }).spans('x ärger')).toEqual([[2, 7]]);
    expect(createMatcher({ text: 'σ' }).spans('ΣΑΣ')).toEqual([
      [0, 1],
      [2, 3],
    ]);
    // "İ" lower-cases to two code units; spans must still point at the text as it is.
    expect(createMatcher({ text: 'done' }).spans('İİ done')).toEqual([[3, 7]]);
    expect(createMatcher({ text: '😀b' }).spans('a😀B')).toEqual([[1, 4]]);
  });

  it('finds a composed query in composed text whatever form it was typed in', () => {
    const decomposed = 'cafe\u0301';
    expect(createMatcher({ text: decomposed }).spans('un café'.normalize('NFC'))).toEqual([[3, 7]]);
  });

  it('takes regular-expression characters literally', () => {
    expect(createMatcher({ text: 'a.b*(c)/[d]-' }).test('xa.b*(c)/[d]-y')).toBe(true);
    expect(createMatcher({ text: 'a.b' }).test('axb')).toBe(false);
  });

  it('refuses an empty or over-long query with a plain message', () => {
    expect(queryProblem({ text: '' })).toBe('Type something to search for.');
    expect(() => createMatcher({ text: '' })).toThrow('Type something to search for.');
    expect(() => createMatcher({ text: 'x'.repeat(SEARCH_QUERY_MAX + 1) })).toThrow(
      `at most ${SEARCH_QUERY_MAX} are searched for`,
    );
  });

  it('gives the same answer on every call (the pattern keeps no state between texts)', () => {
    const matcher = createMatcher({ text: 'ab' });
    expect(matcher.test('xxab')).toBe(true);
    expect(matcher.test('ab')).toBe(true);
    expect(matcher.spans('ab ab')).toHaveLength(2);
  });
});

describe('ChunkedMatcher', () => {
  const text = 'one needle, a NEEDLE across, needle at the end: needle';
  const whole = createMatcher({ text: 'needle' }).spans(text);

  it('finds a match cut by a chunk boundary once, at every chunk size', () => {
    expect(whole).toHaveLength(4);
    for (let size = 1; size <= text.length; size++) expect(chunkedSpans('needle', text, size)).toEqual(whole);
  });

  it('does not report a match twice when it sits in the kept tail', () => {
    const chunked = new ChunkedMatcher(createMatcher({ text: 'aa' }));
    expect(chunked.push('xaa')).toEqual([[1, 3]]);
    expect(chunked.push('a')).toEqual([]);
    expect(chunked.push('a')).toEqual([[3, 5]]);
  });

  it('keeps surrogate pairs whole across a boundary', () => {
    const emoji = 'ab😀cd😀😀ef';
    const spans = createMatcher({ text: '😀c' }).spans(emoji);
    for (let size = 1; size <= emoji.length; size++) expect(chunkedSpans('😀c', emoji, size)).toEqual(spans);
  });
});
