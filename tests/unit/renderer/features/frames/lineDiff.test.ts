// The line diff behind "diff two frames" (FRM-7): minimal edits, folded context, and a cap for huge inputs.

import { describe, expect, it } from 'vitest';
import { diffLines, foldUnchanged } from '../../../../../renderer/features/frames/lineDiff';

const marks = (before: string, after: string) =>
  diffLines(before, after).lines.map(
    (line) => `${{ same: ' ', added: '+', removed: '-' }[line.kind]}${line.text}`,
  );

describe('diffLines', () => {
  it('finds nothing to change between equal texts', () => {
    const diff = diffLines('a\nb', 'a\r\nb');
    expect(diff).toMatchObject({ added: 0, removed: 0, aligned: true });
  });

  it('aligns changed lines between common ones', () => {
    expect(marks('a\nb\nc\nd', 'a\nB\nc\nd\ne')).toEqual([' a', '-b', '+B', ' c', ' d', '+e']);
    expect(marks('', 'x')).toEqual(['+x']);
    expect(marks('x\ny', '')).toEqual(['-x', '-y']);
    expect(marks('1\n2\n3\n4', '0\n1\n3\n4\n5')).toEqual(['+0', ' 1', '-2', ' 3', ' 4', '+5']);
  });

  it('gives up aligning past the cap but still reports every line', () => {
    const diff = diffLines('a\nx\ny\nz', 'a\ny\nx\nz', 1);
    expect(diff.aligned).toBe(false);
    expect(diff.lines.map((l) => l.kind)).toEqual(['same', 'removed', 'removed', 'added', 'added', 'same']);
  });
});

describe('foldUnchanged', () => {
  it('keeps context around changes and folds the rest', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 10', 'LINE 10');
    const rows = foldUnchanged(diffLines(before, after).lines, 2);
    expect(rows[0]).toEqual({ kind: 'fold', count: 8 });
    expect(rows.slice(1, 7).map((r) => ('text' in r ? r.text : ''))).toEqual([
      'line 8',
      'line 9',
      'line 10',
      'LINE 10',
      'line 11',
      'line 12',
    ]);
    expect(rows[7]).toEqual({ kind: 'fold', count: 7 });
  });
});
