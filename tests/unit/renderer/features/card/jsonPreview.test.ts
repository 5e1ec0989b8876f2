// One-line previews of card values in diff and extra-field lists: short values whole, long ones cut, and a long
// changed text shown from just before where it changed.

import { describe, expect, it } from 'vitest';
import { previewChange, previewJson } from '../../../../../renderer/features/card/jsonPreview';

describe('previewJson', () => {
  it('shows short values whole as JSON, and says when there is nothing', () => {
    expect(previewJson({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
    expect(previewJson(undefined)).toBe('(nothing)');
  });

  it('cuts long values with an ellipsis', () => {
    const text = previewJson('x'.repeat(500), 20);
    expect(text).toHaveLength(20);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('previewChange', () => {
  it('keeps short sides whole', () => {
    expect(previewChange('a', 'b')).toEqual(['"a"', '"b"']);
  });

  it('shows a long text from just before where it changed', () => {
    const base = `Switchboard test peer. ${'words '.repeat(60)}`;
    const [before, after] = previewChange(base, `${base}(extended card)`, 80);
    expect(before.startsWith('…')).toBe(true);
    expect(after).toContain('(extended card)');
    expect(after.length).toBeLessThanOrEqual(80);
    expect(before).not.toContain('(extended card)');
  });
});
