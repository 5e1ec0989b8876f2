// A per-stream cache of event texts, in front of the shape cache (eventShapes.ts, bench:ingest). The events of a fast
// stream are most often the text of an earlier event with only a text part's content or a metadata value changed.
// Such an event's analysis is known without parsing it: once an event has been analysed in full and found clean, its
// data text becomes a template, cut where eventShapes.ts lets values differ (a string under a member named `text`,
// and strings and numbers inside a `metadata` object). A later event that is the template's text exactly, with only
// valid JSON values of the same kind in those places, parses to a value of the same pattern, so the decoder says of
// it what it said of the template; it is plain JSON (no name written twice, no lone surrogate, no unsafe number), so
// JSON.parse gives its value; and where the generation's JSON Schema looks at those places only at the value's type
// (eventSchemaNeutral in bodySchema.ts), the schema says what it said of the template too. Anything else — a space
// more, another id, an escape this scan does not take — is not a match, and the event goes the long way.
//
// Whether the event's text holds anything that looks like a secret is told as well: the template's own text was
// asked, so only what changed needs asking.

import { secretHint } from '../../../shared/session/secretPatterns';
import type { PlaceKind } from '../schemaNeutral';

/** Templates kept per stream, tried in turn. */
const MAX_TEMPLATES = 8;
/** After this many lookups, a stream that found fewer than half of them known stops looking. */
const TRIAL_LOOKUPS = 256;

/** Where a value may differ from the template's, and how. */
type HoleKind = 'string' | 'empty-string' | 'number';

/** A JSON path, for asking the schema about a place: member names and array indexes from the root. */
export type JsonPath = ReadonlyArray<string | number>;

interface Hole {
  kind: HoleKind;
  /** `[start, end)` in the template's text: a string's content between its quotes, or a number. */
  start: number;
  end: number;
  path: JsonPath;
}

interface Template<T> {
  /** The text around the holes: parts[0] hole[0] parts[1] … hole[n-1] parts[n]. */
  parts: string[];
  kinds: HoleKind[];
  value: T;
  /** The template's text holds nothing that looks like a secret. */
  clean: boolean;
}

export class EventTemplates<T> {
  private readonly known: Array<Template<T>> = [];
  private lookups = 0;
  private hits = 0;
  private last = 0;
  /**
   * Whether the text `match` last matched looks clean: neither the template's text nor what it put in the holes
   * looks like a secret. A field rather than part of the answer, so that a match allocates nothing (bench:ingest).
   */
  lastClean = false;

  /**
   * `neutral` says whether the schema's verdict at a path can depend on more than a value's type (and a string's
   * being empty): a template is made only when it cannot at every hole.
   */
  constructor(private readonly neutral: (path: JsonPath, kind: PlaceKind) => boolean) {}

  /** False once a stream has shown that its events rarely match: every event then goes the long way. */
  useful(): boolean {
    return this.lookups < TRIAL_LOOKUPS || this.hits * 2 >= this.lookups;
  }

  /** What the first template `text` matches gave; `lastClean` says whether its text looks clean. */
  match(text: string): T | undefined {
    const { known } = this;
    if (known.length === 0) return undefined;
    this.lookups++;
    for (let k = 0; k < known.length; k++) {
      // The template that matched last is tried first: a stream's events tend to come in runs of one kind.
      const i = (this.last + k) % known.length;
      const template = known[i]!;
      const clean = matches(template, text);
      if (clean === undefined) continue;
      this.hits++;
      this.last = i;
      this.lastClean = clean && template.clean;
      return template.value;
    }
    return undefined;
  }

  /** Remembers what a clean, fully analysed event of text `text` gave; nothing when it cannot be a template. */
  add(text: string, value: T): void {
    if (this.known.length >= MAX_TEMPLATES) return;
    const holes = holesOf(text);
    if (
      !holes ||
      !holes.every((hole) => this.neutral(hole.path, hole.kind === 'number' ? 'number' : 'string'))
    )
      return;
    const parts: string[] = [];
    let at = 0;
    for (const hole of holes) {
      parts.push(text.slice(at, hole.start));
      at = hole.end;
    }
    parts.push(text.slice(at));
    this.known.push({ parts, kinds: holes.map((hole) => hole.kind), value, clean: !secretHint.test(text) });
  }
}

/**
 * Whether `text` is the template with valid values in its holes: undefined when not; else whether the holes' values
 * look clean (nothing a secret hint finds in them). A hint cannot run across a hole's edge: a string hole is between
 * quotes and a number between punctuation, and no hint holds either.
 */
function matches<T>(template: Template<T>, text: string): boolean | undefined {
  const { parts, kinds } = template;
  let at = 0;
  let clean = true;
  for (let i = 0; i < kinds.length; i++) {
    const part = parts[i]!;
    if (!textAt(text, part, at)) return undefined;
    at += part.length;
    const kind = kinds[i]!;
    const end = kind === 'number' ? numberEnd(text, at) : stringEnd(text, at);
    if (end < 0) return undefined;
    if (kind !== 'number') {
      if ((end === at) !== (kind === 'empty-string')) return undefined;
      if (clean && end > at && secretHint.test(text.slice(at, end))) clean = false;
    }
    at = end;
  }
  const last = parts[kinds.length]!;
  return text.length === at + last.length && textAt(text, last, at) ? clean : undefined;
}

/**
 * `text.startsWith(part, at)`, which V8 runs many times slower on a string cut out of another (as an event's data
 * is, out of the decoded chunk) than this comparison of a slice (bench:ingest).
 */
export function textAt(text: string, part: string, at: number): boolean {
  return text.slice(at, at + part.length) === part;
}

/**
 * Where the content of a JSON string that starts at `at` (after its opening quote) ends, at its closing quote; -1
 * when it is not a string JSON.parse would give back exactly as the careful parser does: a control character, a bad
 * escape, or a surrogate that is escaped or alone (the careful parser has something to say of those).
 */
export function stringEnd(text: string, at: number): number {
  // Most strings have nothing to look at closely: a regex finds their end faster than a loop over their characters.
  PLAIN_STRING.lastIndex = at;
  if (PLAIN_STRING.test(text)) return PLAIN_STRING.lastIndex - 1;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i;
    if (c < 0x20) return -1;
    if (c === 0x5c) {
      const e = text.charCodeAt(++i);
      if (e === 0x75) {
        // \uXXXX, not a surrogate.
        if (i + 4 >= text.length) return -1;
        let code = 0;
        for (let k = 1; k <= 4; k++) {
          const h = hexValue(text.charCodeAt(i + k));
          if (h < 0) return -1;
          code = code * 16 + h;
        }
        if (code >= 0xd800 && code <= 0xdfff) return -1;
        i += 4;
      } else if (!SIMPLE_ESCAPES.has(e)) return -1;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      // A high surrogate with its low one is a character; anything else is a lone surrogate.
      if (c > 0xdbff) return -1;
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return -1;
      i++;
    }
  }
  return -1;
}

/** The content of a string with no escape, control character or surrogate, and its closing quote. */
// Control characters are what it must find: JSON does not allow them in a string as they are.
// eslint-disable-next-line no-control-regex
const PLAIN_STRING = /[^"\\\x00-\x1f\ud800-\udfff]*"/y;

/** `"`, `\`, `/`, b, f, n, r, t. */
const SIMPLE_ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/**
 * Where the JSON number at `at` ends; -1 when there is none, or when it is not one JavaScript holds as written for
 * sure: an exponent, or more than 15 digits (a double holds every such number's digits, and no integer past 2^53).
 */
export function numberEnd(text: string, at: number): number {
  let i = at;
  if (text.charCodeAt(i) === 0x2d) i++;
  const first = text.charCodeAt(i);
  let digits = 0;
  if (first === 0x30) {
    i++;
    digits++;
  } else if (first >= 0x31 && first <= 0x39) {
    while (isDigit(text.charCodeAt(i))) {
      i++;
      digits++;
    }
  } else return -1;
  if (text.charCodeAt(i) === 0x2e) {
    i++;
    if (!isDigit(text.charCodeAt(i))) return -1;
    while (isDigit(text.charCodeAt(i))) {
      i++;
      digits++;
    }
  }
  const next = text.charCodeAt(i);
  if (next === 0x65 || next === 0x45 || digits > 15) return -1;
  return i;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/**
 * The holes of a clean event's text, in order, where eventShapes.ts lets values differ; undefined when the text is
 * not JSON this scan reads (it only meets texts JSON.parse and the plain-JSON proof have accepted).
 */
export function holesOf(text: string): Hole[] | undefined {
  const holes: Hole[] = [];
  const path: Array<string | number> = [];
  let i = 0;

  const space = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
      i++;
    }
  };
  // The value at `i`; `free` inside a metadata object, `member` the name that holds it (as patternOf has them).
  const value = (free: boolean, member: string): boolean => {
    space();
    const c = text.charCodeAt(i);
    if (c === 0x7b) return object(free);
    if (c === 0x5b) return array(free);
    if (c === 0x22) {
      const start = i + 1;
      const end = stringEnd(text, start);
      if (end < 0) return false;
      if (free || member === 'text') {
        holes.push({ kind: end === start ? 'empty-string' : 'string', start, end, path: [...path] });
      }
      i = end + 1;
      return true;
    }
    if (c === 0x2d || isDigit(c)) {
      const end = numberEnd(text, i);
      if (end < 0) return false;
      if (free) holes.push({ kind: 'number', start: i, end, path: [...path] });
      i = end;
      return true;
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return true;
      }
    }
    return false;
  };
  const object = (free: boolean): boolean => {
    i++;
    space();
    if (text.charCodeAt(i) === 0x7d) {
      i++;
      return true;
    }
    for (;;) {
      space();
      if (text.charCodeAt(i) !== 0x22) return false;
      const end = stringEnd(text, i + 1);
      if (end < 0) return false;
      const raw = text.slice(i + 1, end);
      const name = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
      i = end + 1;
      space();
      if (text.charCodeAt(i) !== 0x3a) return false;
      i++;
      path.push(name);
      const ok = value(free || name === 'metadata', name);
      path.pop();
      if (!ok) return false;
      space();
      const c = text.charCodeAt(i++);
      if (c === 0x7d) return true;
      if (c !== 0x2c) return false;
    }
  };
  const array = (free: boolean): boolean => {
    i++;
    space();
    if (text.charCodeAt(i) === 0x5d) {
      i++;
      return true;
    }
    for (let index = 0; ; index++) {
      path.push(index);
      const ok = value(free, '');
      path.pop();
      if (!ok) return false;
      space();
      const c = text.charCodeAt(i++);
      if (c === 0x5d) return true;
      if (c !== 0x2c) return false;
    }
  };

  if (!value(false, '')) return undefined;
  space();
  return i === text.length ? holes : undefined;
}
