// Spoofing characters in agent-chosen names (SEC-3): bidirectional controls and invisible characters become marks,
// everything a real name holds (accents, RTL scripts, emoji with their joiners' neighbours) stays text, and no
// character is lost: joining the segments gives back the name.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasSpoofing,
  splitSpoofing,
  type SpoofSegment,
} from '../../../../../renderer/features/render/spoofChars';

const joined = (segments: SpoofSegment[]) =>
  segments.map((s) => (s.kind === 'text' ? s.text : s.char)).join('');
const marks = (text: string) =>
  splitSpoofing(text)
    .filter((s) => s.kind === 'mark')
    .map((s) => (s.kind === 'mark' ? `${s.short} ${s.code}` : ''));

describe('splitSpoofing', () => {
  it('marks the right-to-left override that turns "exe.pdf" around', () => {
    const name = 'invoice\u202Efdp.exe';
    expect(splitSpoofing(name)).toEqual([
      { kind: 'text', text: 'invoice' },
      { kind: 'mark', char: '\u202E', code: 'U+202E', short: 'RLO', name: 'RIGHT-TO-LEFT OVERRIDE' },
      { kind: 'text', text: 'fdp.exe' },
    ]);
  });

  it('marks every bidirectional control, isolate and mark', () => {
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    expect(marks(controls)).toEqual([
      'LRE U+202A',
      'RLE U+202B',
      'PDF U+202C',
      'LRO U+202D',
      'RLO U+202E',
      'LRI U+2066',
      'RLI U+2067',
      'FSI U+2068',
      'PDI U+2069',
      'LRM U+200E',
      'RLM U+200F',
      'ALM U+061C',
    ]);
  });

  it('marks zero-width and blank look-alikes, tag characters and controls', () => {
    expect(marks('pay\u200Bpal')).toEqual(['ZWSP U+200B']);
    expect(marks('a\u200C\u200D\u2060\uFEFF\u00AD\u3164b')).toEqual([
      'ZWNJ U+200C',
      'ZWJ U+200D',
      'WJ U+2060',
      'BOM U+FEFF',
      'SHY U+00AD',
      'HF U+3164',
    ]);
    expect(marks('x\u{E0041}\u{E0042}')).toEqual(['TAG U+E0041', 'TAG U+E0042']);
    expect(marks('line\nbreak\u0007')).toEqual(['CTRL U+000A', 'CTRL U+0007']);
  });

  it('leaves ordinary names whole: accents, Arabic, Hebrew, CJK and emoji', () => {
    for (const name of ['Café agent', 'وكيل السفر', 'סוכן', '翻訳エージェント', 'Echo 🚀', '']) {
      expect(splitSpoofing(name)).toEqual([{ kind: 'text', text: name }]);
      expect(hasSpoofing(name)).toBe(false);
    }
  });

  it('never loses or adds a character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const segments = splitSpoofing(text);
        expect(joined(segments)).toBe(text);
        expect(segments.some((s) => s.kind === 'text' && s.text === '' && segments.length > 1)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
