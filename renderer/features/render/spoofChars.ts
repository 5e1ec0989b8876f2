// Characters that change how a name reads without being seen (SEC-3): bidirectional controls that reorder the text
// around them ("Trojan Source", CVE-2021-42574) and zero-width or blank characters that make two different names look
// the same. Agent-chosen names (card, skills, files, artifacts) are shown with each such character replaced by a
// visible mark, so `invoice<U+202E>fdp.exe` cannot pass for `invoiceexe.pdf`.

export interface SpoofMark {
  /** The character itself, kept for copy and for tests. */
  char: string;
  /** `U+202E` */
  code: string;
  /** A short visible label: `RLO`, `ZWSP`. */
  short: string;
  /** The Unicode name, for the tooltip. */
  name: string;
}

export type SpoofSegment = { kind: 'text'; text: string } | ({ kind: 'mark' } & SpoofMark);

/** Code point → [short label, Unicode name]. */
const NAMED: ReadonlyMap<number, readonly [string, string]> = new Map([
  [0x061c, ['ALM', 'ARABIC LETTER MARK']],
  [0x200e, ['LRM', 'LEFT-TO-RIGHT MARK']],
  [0x200f, ['RLM', 'RIGHT-TO-LEFT MARK']],
  [0x202a, ['LRE', 'LEFT-TO-RIGHT EMBEDDING']],
  [0x202b, ['RLE', 'RIGHT-TO-LEFT EMBEDDING']],
  [0x202c, ['PDF', 'POP DIRECTIONAL FORMATTING']],
  [0x202d, ['LRO', 'LEFT-TO-RIGHT OVERRIDE']],
  [0x202e, ['RLO', 'RIGHT-TO-LEFT OVERRIDE']],
  [0x2066, ['LRI', 'LEFT-TO-RIGHT ISOLATE']],
  [0x2067, ['RLI', 'RIGHT-TO-LEFT ISOLATE']],
  [0x2068, ['FSI', 'FIRST STRONG ISOLATE']],
  [0x2069, ['PDI', 'POP DIRECTIONAL ISOLATE']],
  [0x00ad, ['SHY', 'SOFT HYPHEN']],
  [0x034f, ['CGJ', 'COMBINING GRAPHEME JOINER']],
  [0x115f, ['HCF', 'HANGUL CHOSEONG FILLER']],
  [0x1160, ['HJF', 'HANGUL JUNGSEONG FILLER']],
  [0x180e, ['MVS', 'MONGOLIAN VOWEL SEPARATOR']],
  [0x200b, ['ZWSP', 'ZERO WIDTH SPACE']],
  [0x200c, ['ZWNJ', 'ZERO WIDTH NON-JOINER']],
  [0x200d, ['ZWJ', 'ZERO WIDTH JOINER']],
  [0x2060, ['WJ', 'WORD JOINER']],
  [0x2061, ['FA', 'FUNCTION APPLICATION']],
  [0x2062, ['IT', 'INVISIBLE TIMES']],
  [0x2063, ['IS', 'INVISIBLE SEPARATOR']],
  [0x2064, ['IP', 'INVISIBLE PLUS']],
  [0x3164, ['HF', 'HANGUL FILLER']],
  [0xfeff, ['BOM', 'ZERO WIDTH NO-BREAK SPACE']],
  [0xffa0, ['HWHF', 'HALFWIDTH HANGUL FILLER']],
]);

function describe(code: number): readonly [string, string] | undefined {
  const named = NAMED.get(code);
  if (named) return named;
  // Tag characters spell hidden ASCII (used to smuggle text past readers); variation selectors change nothing a
  // name needs; C0/C1 controls have no business in a name.
  if (code >= 0xe0000 && code <= 0xe007f) return ['TAG', 'TAG CHARACTER'];
  if ((code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef))
    return ['VS', 'VARIATION SELECTOR'];
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return ['CTRL', 'CONTROL CHARACTER'];
  return undefined;
}

/** Splits a name into plain runs and marks; a name with nothing to mark comes back as one text segment. */
export function splitSpoofing(text: string): SpoofSegment[] {
  const segments: SpoofSegment[] = [];
  let run = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const described = describe(code);
    if (!described) {
      run += char;
      continue;
    }
    if (run) segments.push({ kind: 'text', text: run });
    run = '';
    segments.push({
      kind: 'mark',
      char,
      code: `U+${code.toString(16).toUpperCase().padStart(4, '0')}`,
      short: described[0],
      name: described[1],
    });
  }
  if (run || segments.length === 0) segments.push({ kind: 'text', text: run });
  return segments;
}

/** Whether a name holds anything `splitSpoofing` would mark. */
export function hasSpoofing(text: string): boolean {
  return splitSpoofing(text).some((segment) => segment.kind === 'mark');
}
