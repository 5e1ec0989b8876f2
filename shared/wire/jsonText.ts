// JSON text with positions. Agent bodies arrive as bytes; an inspector has to say *where* they are wrong ("line 3,
// column 14") and turn a schema finding's JSON pointer into an editor marker, and must never throw or overflow the
// stack on hostile input. So this module has its own UTF-8 step (decodeJsonBytes) and its own iterative parser
// (parseJsonText) whose accepted values are exactly what JSON.parse returns, while it records where each value is.
//
// Positions: lines are 1-based, columns 1-based and counted in UTF-16 code units (as Finding documents and as Monaco
// counts), offsets 0-based in code units. So an astral character such as U+1F600 takes two columns. '\n', '\r\n'
// and a lone '\r' each end a line. Ranges are half-open: `end` is the position just after the last character.

import { cite, RFC_8259 } from '../checks/specRefs';
import type { Finding } from './finding';
import { appendPointer, isArrayIndexToken, splitJsonPointer } from './jsonPointer';

// The sections of RFC 8259 the findings here rest on.
const GRAMMAR = cite(RFC_8259.grammar);
const OBJECTS = cite(RFC_8259.objects);
const NUMBERS = cite(RFC_8259.numbers);
const ENCODING = cite(RFC_8259.encoding);
const UNICODE = cite(RFC_8259.unicode);
const PARSERS = cite(RFC_8259.parsers);

export interface TextPosition {
  /** 1-based line. */
  line: number;
  /** 1-based column in UTF-16 code units. */
  column: number;
  /** 0-based offset in UTF-16 code units. */
  offset: number;
}

export interface TextRange {
  start: TextPosition;
  /** Just after the last character (exclusive). */
  end: TextPosition;
}

export interface JsonLocation {
  /** The pointer that was located: the one asked for, or its deepest existing ancestor when that does not exist. */
  pointer: string;
  /** False when the asked pointer does not exist (or is not a well-formed pointer) and an ancestor was used. */
  exact: boolean;
  /** The value, from its first character to just after its last. */
  value: TextRange;
  /** For an object member: its key, quotes included. */
  key?: TextRange;
}

export interface DecodedJsonText {
  text: string;
  findings: Finding[];
}

export interface JsonParseOptions {
  /** Deepest nesting of arrays and objects accepted; deeper gives `json.too-deep`. Default 1000. */
  maxDepth?: number;
  /**
   * How positions are recorded. 'eager' records a span per pointer while parsing (fast locate, memory per value);
   * 'lazy' records nothing and locate() scans the text along the pointer on demand (for bodies of tens of MB);
   * 'auto' (default) is eager up to `eagerLimit` characters.
   */
  positions?: 'eager' | 'lazy' | 'auto';
  /** Text length up to which 'auto' means 'eager'. Default 1 MiB of characters. */
  eagerLimit?: number;
}

export interface JsonParseSuccess {
  ok: true;
  value: unknown;
  /** Warnings and notes (duplicate keys, unpaired surrogates, numbers that lost precision). */
  findings: Finding[];
  /** Where a pointer's value is; falls back to the deepest existing ancestor (see JsonLocation.exact). */
  locate(pointer: string): JsonLocation;
  /** Line and column of an offset in the parsed text. */
  positionAt(offset: number): TextPosition;
  positions: 'eager' | 'lazy';
}

export interface JsonParseFailure {
  ok: false;
  /** The finding that stopped the parse (`json.invalid`, `json.too-deep`). */
  finding: Finding;
  /** Everything noticed before it, then the finding itself. */
  findings: Finding[];
}

export type JsonParseResult = JsonParseSuccess | JsonParseFailure;

/** Deepest nesting accepted by default (jsonDepth.ts builds its frame limit on it). */
export const JSON_MAX_DEPTH = 1000;
const defaultMaxDepth = JSON_MAX_DEPTH;
const defaultEagerLimit = 1 << 20;
/** Per rule; a body with a million duplicate keys must not produce a million findings. */
const maxFindingsPerRule = 100;

// ---------------------------------------------------------------------------------------------------------------
// Line index

export interface LineIndex {
  positionAt(offset: number): TextPosition;
}

/** Line starts of a text, for turning offsets into line and column by binary search. */
export function createLineIndex(text: string): LineIndex {
  const starts = [0];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) starts.push(i + 1);
    else if (c === 0x0d) {
      if (text.charCodeAt(i + 1) === 0x0a) i++;
      starts.push(i + 1);
    }
  }
  return {
    positionAt(offset: number): TextPosition {
      const at = Math.max(0, Math.min(Number.isFinite(offset) ? Math.trunc(offset) : 0, n));
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if ((starts[mid] ?? 0) <= at) low = mid;
        else high = mid - 1;
      }
      return { line: low + 1, column: at - (starts[low] ?? 0) + 1, offset: at };
    },
  };
}

/** Line and column of one offset (builds a line index; keep one from createLineIndex for many lookups). */
export function positionAt(text: string, offset: number): TextPosition {
  return createLineIndex(text).positionAt(offset);
}

// ---------------------------------------------------------------------------------------------------------------
// Bytes → text

/**
 * Decodes a body as UTF-8 and never throws. A leading UTF-8 byte order mark is removed (JSON.parse would reject it)
 * with an info finding; invalid UTF-8 becomes U+FFFD (the WHATWG decoder's replacement) with one `json.invalid-utf8`
 * finding whose `offset` is the **byte** offset of the first bad byte, while line and column are where its U+FFFD
 * stands in the returned text.
 */
export function decodeJsonBytes(bytes: Uint8Array): DecodedJsonText {
  const findings: Finding[] = [];
  let text: string;
  let badByte = -1;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    try {
      text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      badByte = firstInvalidUtf8(bytes);
    } catch {
      // Not a byte array at all (a caller bypassing the types); report rather than throw.
      return {
        text: '',
        findings: [
          {
            rule: 'json.invalid-utf8',
            severity: 'error',
            message: 'The body could not be read as bytes, so it could not be decoded as UTF-8.',
            ...ENCODING,
          },
        ],
      };
    }
  }
  const hasBom = text.charCodeAt(0) === 0xfeff && bytes[0] === 0xef;
  if (hasBom) {
    text = text.slice(1);
    findings.push({
      rule: 'json.bom',
      severity: 'info',
      message:
        'The body starts with a UTF-8 byte order mark (EF BB BF). It was removed before parsing; JSON senders ' +
        'must not add one (RFC 8259 §8.1), and some parsers reject it.',
      line: 1,
      column: 1,
      offset: 0,
      ...ENCODING,
    });
  }
  if (badByte >= 0) {
    // The bytes before the first bad one are valid, so decoding them gives the text offset of its U+FFFD.
    const before = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(0, badByte));
    const where = createLineIndex(text).positionAt(before.length - (hasBom ? 1 : 0));
    const byte = (bytes[badByte] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    const utf16 =
      (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)
        ? ' It starts with a UTF-16 byte order mark: the sender encoded it as UTF-16, but JSON exchanged between ' +
          'systems must be UTF-8 (RFC 8259 §8.1).'
        : '';
    findings.push({
      rule: 'json.invalid-utf8',
      severity: 'error',
      message:
        `The body is not valid UTF-8: the first bad byte is 0x${byte} at byte offset ${badByte} ` +
        `(line ${where.line}, column ${where.column}). Every invalid sequence is shown as U+FFFD.${utf16}`,
      line: where.line,
      column: where.column,
      offset: badByte,
      ...ENCODING,
    });
  }
  return { text, findings };
}

/** Byte offset where the first ill-formed UTF-8 sequence starts (WHATWG Encoding §8.1.1 ranges), or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lower = 0x80;
    let upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lower = 0xa0; // overlong
      if (b === 0xed) upper = 0x9f; // UTF-16 surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lower = 0x90; // overlong
      if (b === 0xf4) upper = 0x8f; // beyond U+10FFFF
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lower : 0x80) || c > (k === 1 ? upper : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------------------------
// Text → value

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

interface Span {
  start: number;
  end: number;
  keyStart: number;
  keyEnd: number;
}

interface Frame {
  isArray: boolean;
  array: unknown[];
  object: Record<string, unknown>;
  /** Key of the member being parsed (objects). */
  key: string;
  keyStart: number;
  keyEnd: number;
  /** Offset of the '[' or '{'. */
  start: number;
  /** Pointer of this container; only kept when recording positions. */
  pointer: string;
}

/** Where the next value is expected, for the error message. */
type ValueContext = 'top' | 'array-first' | 'array-next' | 'member';

/** Thrown inside the parser only, caught in parseJsonText: a syntax error or the depth limit. */
class Stop {
  constructor(readonly finding: Finding) {}
}

class Parser {
  pos = 0;
  readonly n: number;
  readonly stack: Frame[] = [];
  readonly findings: Finding[] = [];
  readonly spans: Map<string, Span> | undefined;
  private readonly ruleCounts = new Map<string, number>();
  private lines: LineIndex | undefined;

  constructor(
    readonly text: string,
    readonly maxDepth: number,
    record: boolean,
  ) {
    this.n = text.length;
    this.spans = record ? new Map() : undefined;
  }

  lineIndex(): LineIndex {
    this.lines ??= createLineIndex(this.text);
    return this.lines;
  }

  at(offset: number): TextPosition {
    return this.lineIndex().positionAt(offset);
  }

  parse(): unknown {
    const { text, n, stack } = this;
    let context: ValueContext = 'top';
    let value: unknown;
    let valueStart: number;
    for (;;) {
      // Parse one value at the current position, or open a container and go round for its first child.
      this.skipWhitespace();
      valueStart = this.pos;
      if (this.pos >= n) this.fail(this.pos, this.expectedValue(context));
      const c = text.charCodeAt(this.pos);
      if (c === LBRACE || c === LBRACKET) {
        if (stack.length >= this.maxDepth) this.tooDeep(this.pos);
        const isArray = c === LBRACKET;
        const frame: Frame = {
          isArray,
          array: isArray ? [] : emptyArray,
          object: isArray ? emptyObject : {},
          key: '',
          keyStart: -1,
          keyEnd: -1,
          start: this.pos,
          pointer: this.spans ? this.childPointer() : '',
        };
        stack.push(frame);
        this.pos++;
        this.skipWhitespace();
        if (text.charCodeAt(this.pos) === (isArray ? RBRACKET : RBRACE)) {
          this.pos++;
          stack.pop();
          value = isArray ? frame.array : frame.object;
        } else if (isArray) {
          context = 'array-first';
          continue;
        } else {
          this.readKey(frame, true);
          context = 'member';
          continue;
        }
      } else if (c === QUOTE) {
        value = this.readString(false);
      } else if (c === MINUS || (c >= ZERO && c <= NINE)) {
        value = this.readNumber();
      } else if (c === 0x74) {
        this.readLiteral('true');
        value = true;
      } else if (c === 0x66) {
        this.readLiteral('false');
        value = false;
      } else if (c === 0x6e) {
        this.readLiteral('null');
        value = null;
      } else {
        this.fail(this.pos, this.expectedValue(context));
      }

      // A value is complete: attach it to its container, then close every container that ends here.
      for (;;) {
        const top = stack[stack.length - 1];
        if (this.spans) {
          this.spans.set(top ? this.childPointer() : '', {
            start: valueStart,
            end: this.pos,
            keyStart: top && !top.isArray ? top.keyStart : -1,
            keyEnd: top && !top.isArray ? top.keyEnd : -1,
          });
        }
        if (!top) {
          this.skipWhitespace();
          if (this.pos < n) {
            this.fail(
              this.pos,
              `expected the end of the text after the value, found ${this.describe(this.pos)}`,
            );
          }
          return value;
        }
        if (top.isArray) top.array.push(value);
        else this.addMember(top, value);
        this.skipWhitespace();
        const d = text.charCodeAt(this.pos);
        if (d === COMMA) {
          this.pos++;
          if (top.isArray) context = 'array-next';
          else {
            this.skipWhitespace();
            this.readKey(top, false);
            context = 'member';
          }
          break;
        }
        if (d === (top.isArray ? RBRACKET : RBRACE)) {
          this.pos++;
          stack.pop();
          value = top.isArray ? top.array : top.object;
          valueStart = top.start;
          continue;
        }
        this.fail(
          this.pos,
          top.isArray
            ? `expected ',' or ']' after an array element, found ${this.describe(this.pos)}`
            : `expected ',' or '}' after the value of "${shortKey(top.key)}", found ${this.describe(this.pos)}`,
        );
      }
    }
  }

  skipWhitespace(): void {
    const { text, n } = this;
    let i = this.pos;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      i++;
    }
    this.pos = i;
  }

  /** Pointer of the child the top frame is currently parsing ('' at the top level). */
  childPointer(): string {
    const top = this.stack[this.stack.length - 1];
    if (!top) return '';
    return appendPointer(top.pointer, top.isArray ? top.array.length : top.key);
  }

  /** Pointer of the container on top of the stack (recording mode). */
  containerPointer(): string {
    return this.stack[this.stack.length - 1]?.pointer ?? '';
  }

  /** Same as childPointer, but from the stack alone, for findings when positions are not recorded. */
  pointerOf(depth: number, withChild: boolean): string {
    let pointer = '';
    for (let i = 0; i < depth; i++) {
      const frame = this.stack[i];
      if (!frame) break;
      if (i === depth - 1 && !withChild) break;
      pointer = appendPointer(pointer, frame.isArray ? frame.array.length : frame.key);
    }
    return pointer;
  }

  readKey(frame: Frame, first: boolean): void {
    const { text } = this;
    if (text.charCodeAt(this.pos) !== QUOTE) {
      const found = this.describe(this.pos);
      const trailing =
        !first && text.charCodeAt(this.pos) === RBRACE ? ' (a trailing comma is not allowed)' : '';
      this.fail(
        this.pos,
        first
          ? `expected a property name in double quotes or '}', found ${found}`
          : `expected a property name in double quotes after ',', found ${found}${trailing}`,
      );
    }
    frame.keyStart = this.pos;
    frame.key = this.readString(true);
    frame.keyEnd = this.pos;
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) !== COLON) {
      this.fail(
        this.pos,
        `expected ':' after the property name "${shortKey(frame.key)}", found ${this.describe(this.pos)}`,
      );
    }
    this.pos++;
  }

  addMember(frame: Frame, value: unknown): void {
    const { object, key } = frame;
    if (Object.hasOwn(object, key)) {
      const where = this.at(frame.keyStart);
      const container = this.spans ? frame.pointer : this.pointerOf(this.stack.length, false);
      this.note({
        rule: 'json.duplicate-key',
        severity: 'warning',
        message:
          `The key "${shortKey(key)}" appears more than once in ${container === '' ? 'the top-level object' : `the object at ${container}`}. ` +
          'The last value is used (as JSON.parse does), but other parsers may keep the first: send each key once.',
        pointer: appendPointer(container, key),
        line: where.line,
        column: where.column,
        offset: where.offset,
        ...OBJECTS,
      });
    }
    if (key === '__proto__') {
      // JSON.parse creates an own data property here (CreateDataProperty); assignment would change the prototype.
      Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
    } else {
      object[key] = value;
    }
  }

  /** Reads the string starting at the quote at `this.pos`; leaves `pos` after the closing quote. */
  readString(isKey: boolean): string {
    const { text, n } = this;
    const start = this.pos;
    let i = start + 1;
    let chunk = i;
    let out = '';
    let surrogates = false;
    for (;;) {
      if (i >= n) {
        const open = this.at(start);
        this.fail(
          n,
          `expected '"' to close the string that starts at line ${open.line}, column ${open.column}, found the end of the text`,
        );
      }
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        out += text.slice(chunk, i);
        const e = text.charCodeAt(i + 1);
        let unit: number;
        switch (e) {
          case QUOTE:
          case BACKSLASH:
          case 0x2f: // '/'
            unit = e;
            break;
          case 0x62: // b
            unit = 0x08;
            break;
          case 0x66: // f
            unit = 0x0c;
            break;
          case 0x6e: // n
            unit = 0x0a;
            break;
          case 0x72: // r
            unit = 0x0d;
            break;
          case 0x74: // t
            unit = 0x09;
            break;
          case 0x75: {
            // u: exactly four hex digits, one UTF-16 code unit (lone surrogates are kept, as JSON.parse keeps them).
            unit = 0;
            for (let k = 2; k < 6; k++) {
              const h = hexValue(text.charCodeAt(i + k));
              if (h < 0)
                this.fail(
                  i + k,
                  `expected four hexadecimal digits after '\\u', found ${this.describe(i + k)}`,
                );
              unit = unit * 16 + h;
            }
            if (unit >= 0xd800 && unit <= 0xdfff) surrogates = true;
            i += 4;
            break;
          }
          default:
            this.fail(
              i + 1,
              `expected an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX) after '\\', found ${this.describe(i + 1)}`,
            );
        }
        out += String.fromCharCode(unit);
        i += 2;
        chunk = i;
        continue;
      }
      if (c < 0x20) this.fail(i, controlCharacterMessage(c));
      if (c >= 0xd800 && c <= 0xdfff) surrogates = true;
      i++;
    }
    out += text.slice(chunk, i);
    this.pos = i + 1;
    if (surrogates && loneSurrogate.test(out)) this.noteLoneSurrogate(start, isKey, out);
    return out;
  }

  noteLoneSurrogate(start: number, isKey: boolean, value: string): void {
    // A key is read before it becomes the frame's current key, so its member pointer is built here.
    const pointer = isKey
      ? appendPointer(this.spans ? this.containerPointer() : this.pointerOf(this.stack.length, false), value)
      : this.spans
        ? this.childPointer()
        : this.pointerOf(this.stack.length, true);
    const where = this.at(start);
    this.note({
      rule: 'json.lone-surrogate',
      severity: 'warning',
      message:
        `The ${isKey ? 'property name' : 'string'} at ${pointer || 'the top level'} contains an unpaired UTF-16 ` +
        'surrogate (a \\uD800–\\uDFFF escape without its partner). It cannot be encoded as UTF-8; other parsers ' +
        'may reject it or replace it with U+FFFD.',
      pointer,
      line: where.line,
      column: where.column,
      offset: where.offset,
      ...UNICODE,
    });
  }

  readNumber(): number {
    const { text } = this;
    const start = this.pos;
    let i = start;
    if (text.charCodeAt(i) === MINUS) {
      i++;
      if (!isDigit(text.charCodeAt(i))) this.fail(i, `expected a digit after '-', found ${this.describe(i)}`);
    }
    if (text.charCodeAt(i) === ZERO) {
      i++;
      if (isDigit(text.charCodeAt(i))) {
        this.fail(i, `found ${this.describe(i)} after a leading 0; numbers must not have leading zeros`);
      }
    } else {
      while (isDigit(text.charCodeAt(i))) i++;
    }
    let integer = true;
    if (text.charCodeAt(i) === DOT) {
      integer = false;
      i++;
      if (!isDigit(text.charCodeAt(i))) {
        this.fail(i, `expected a digit after the decimal point, found ${this.describe(i)}`);
      }
      while (isDigit(text.charCodeAt(i))) i++;
    }
    const e = text.charCodeAt(i);
    if (e === 0x65 || e === 0x45) {
      integer = false;
      i++;
      const sign = text.charCodeAt(i);
      if (sign === PLUS || sign === MINUS) i++;
      if (!isDigit(text.charCodeAt(i)))
        this.fail(i, `expected a digit in the exponent, found ${this.describe(i)}`);
      while (isDigit(text.charCodeAt(i))) i++;
    }
    this.pos = i;
    const literal = text.slice(start, i);
    // Number() and JSON.parse apply the same round-to-nearest conversion to the JSON number grammar.
    const value = Number(literal);
    // Only long literals can lose integer precision; only an exponent or 309+ digits can overflow.
    if (i - start > 15 || !Number.isFinite(value)) this.checkNumber(literal, value, integer, start);
    return value;
  }

  /** Notes numbers that JavaScript cannot hold as written: int64 ids beyond 2^53, or overflow to Infinity. */
  checkNumber(literal: string, value: number, integer: boolean, start: number): void {
    const pointer = this.spans ? this.childPointer() : this.pointerOf(this.stack.length, true);
    const where = this.at(start);
    const shown = literal.length > 40 ? literal.slice(0, 37) + '…' : literal;
    if (!Number.isFinite(value)) {
      this.note({
        rule: 'json.number-overflow',
        severity: 'warning',
        message:
          `The number ${shown} is too large for a double and reads as ${String(value)}; ` +
          'JSON.stringify would write it back as null.',
        pointer,
        line: where.line,
        column: where.column,
        offset: where.offset,
        ...NUMBERS,
      });
    } else if (integer && !Number.isSafeInteger(value) && BigInt(literal) !== BigInt(value)) {
      this.note({
        rule: 'json.number-precision',
        severity: 'info',
        message:
          `The integer ${shown} is beyond 2^53 and reads as ${String(value)} in JavaScript; ` +
          'if it is an id, the agent should send it as a string (ProtoJSON does so for int64).',
        pointer,
        line: where.line,
        column: where.column,
        offset: where.offset,
        ...NUMBERS,
      });
    }
  }

  readLiteral(word: 'true' | 'false' | 'null'): void {
    const { text } = this;
    if (text.startsWith(word, this.pos)) {
      this.pos += word.length;
      return;
    }
    let k = 0;
    while (k < word.length && text.charCodeAt(this.pos + k) === word.charCodeAt(k)) k++;
    this.fail(this.pos + k, `expected '${word}', found ${this.describe(this.pos + k)}`);
  }

  expectedValue(context: ValueContext): string {
    const found = this.describe(this.pos);
    switch (context) {
      case 'top':
        return /^[ \t\r\n]*$/.test(this.text)
          ? 'expected a value, but the text is empty'
          : `expected a value, found ${found}`;
      case 'array-first':
        return `expected a value or ']', found ${found}`;
      case 'array-next':
        return this.text.charCodeAt(this.pos) === RBRACKET
          ? `expected a value after ',', found ']' (a trailing comma is not allowed)`
          : `expected a value after ',', found ${found}`;
      case 'member': {
        const top = this.stack[this.stack.length - 1];
        return `expected a value for "${shortKey(top?.key ?? '')}", found ${found}`;
      }
    }
  }

  /** Words for what stands at an offset, for error messages. */
  describe(offset: number): string {
    if (offset >= this.n) return 'the end of the text';
    const cp = this.text.codePointAt(offset) ?? 0;
    const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
    if (cp === 0x20) return 'a space';
    if (cp === 0x09) return 'a tab';
    if (cp === 0x0a || cp === 0x0d) return 'a line break';
    if (cp === 0) return 'a NUL character (U+0000; text full of these was probably sent as UTF-16)';
    if (cp === 0xfeff) return 'a byte order mark (U+FEFF)';
    if (cp === 0xfffd) return 'U+FFFD (the replacement character, often a sign of bytes that were not UTF-8)';
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return `the control character ${hex}`;
    if (cp >= 0xd800 && cp <= 0xdfff) return `an unpaired surrogate ${hex}`;
    if (/^[\s\u200b\u2060]$/u.test(String.fromCodePoint(cp))) {
      return `the invisible character ${hex}, which JSON does not allow as whitespace`;
    }
    if (cp === 0x27) return 'a single quote (JSON strings need double quotes)';
    if (cp < 0x7f) return `'${String.fromCharCode(cp)}'`;
    return `'${String.fromCodePoint(cp)}' (${hex})`;
  }

  fail(offset: number, what: string): never {
    const where = this.at(offset);
    const depth = this.stack.length;
    throw new Stop({
      rule: 'json.invalid',
      severity: 'error',
      message: `Invalid JSON at line ${where.line}, column ${where.column}: ${what}`,
      ...(depth > 0 ? { pointer: this.pointerOf(depth, false) } : {}),
      line: where.line,
      column: where.column,
      offset: where.offset,
      ...GRAMMAR,
    });
  }

  tooDeep(offset: number): never {
    const where = this.at(offset);
    throw new Stop({
      rule: 'json.too-deep',
      severity: 'error',
      message:
        `JSON nested too deeply at line ${where.line}, column ${where.column}: more than ${this.maxDepth} levels ` +
        'of arrays and objects. Switchboard stops there instead of risking a stack overflow in its viewers.',
      line: where.line,
      column: where.column,
      offset: where.offset,
      ...PARSERS,
    });
  }

  note(finding: Finding): void {
    const count = (this.ruleCounts.get(finding.rule) ?? 0) + 1;
    this.ruleCounts.set(finding.rule, count);
    if (count <= maxFindingsPerRule) this.findings.push(finding);
  }

  /** Findings plus one summary per rule that hit the cap. */
  allFindings(): Finding[] {
    const out = [...this.findings];
    for (const [rule, count] of this.ruleCounts) {
      if (count > maxFindingsPerRule) {
        out.push({
          rule,
          severity: 'info',
          message: `${count - maxFindingsPerRule} more "${rule}" findings in this body are not listed.`,
        });
      }
    }
    return out;
  }
}

const emptyArray: unknown[] = [];
const emptyObject: Record<string, unknown> = {};

function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

function hexValue(c: number): number {
  if (c >= ZERO && c <= NINE) return c - ZERO;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

function controlCharacterMessage(c: number): string {
  const hex = 'U+' + c.toString(16).toUpperCase().padStart(4, '0');
  const escape = c === 0x0a ? '\\n' : c === 0x0d ? '\\r' : c === 0x09 ? '\\t' : `\\u${hex.slice(2)}`;
  const what = c === 0x0a || c === 0x0d ? `a raw line break (${hex})` : `the control character ${hex}`;
  return `found ${what} inside a string; control characters must be escaped, here as ${escape}`;
}

function shortKey(key: string): string {
  const quoted = JSON.stringify(key).slice(1, -1);
  return quoted.length > 40 ? quoted.slice(0, 39) + '…' : quoted;
}

function normalizedOptions(options: JsonParseOptions | undefined): { maxDepth: number; eagerLimit: number } {
  const maxDepth = options?.maxDepth;
  const eagerLimit = options?.eagerLimit;
  return {
    maxDepth: typeof maxDepth === 'number' && maxDepth >= 1 ? Math.floor(maxDepth) : defaultMaxDepth,
    eagerLimit: typeof eagerLimit === 'number' && eagerLimit >= 0 ? eagerLimit : defaultEagerLimit,
  };
}

/**
 * Parses JSON text with its own iterative parser and never throws. On success the value equals JSON.parse(text)
 * exactly (numbers, escapes, unpaired surrogate escapes, `__proto__` as an own property, last duplicate wins), and
 * `locate` maps pointers to text ranges. On failure the finding says where and what was expected.
 */
export function parseJsonText(text: string, options?: JsonParseOptions): JsonParseResult {
  if (typeof text !== 'string') {
    const finding: Finding = {
      rule: 'json.invalid',
      severity: 'error',
      message: 'Invalid JSON at line 1, column 1: expected text, found no text at all',
      line: 1,
      column: 1,
      offset: 0,
      ...GRAMMAR,
    };
    return { ok: false, finding, findings: [finding] };
  }
  const { maxDepth, eagerLimit } = normalizedOptions(options);
  const mode = options?.positions ?? 'auto';
  const eager = mode === 'eager' || (mode === 'auto' && text.length <= eagerLimit);
  const parser = new Parser(text, maxDepth, eager);
  let value: unknown;
  try {
    value = parser.parse();
  } catch (error) {
    const finding: Finding =
      error instanceof Stop
        ? error.finding
        : {
            // Only resource exhaustion (a string longer than the engine allows, memory) can land here.
            rule: 'json.invalid',
            severity: 'error',
            message: `Invalid JSON at line 1, column 1: the text could not be parsed (${String(error)})`,
            line: 1,
            column: 1,
            offset: 0,
            ...GRAMMAR,
          };
    return { ok: false, finding, findings: [...parser.allFindings(), finding] };
  }
  const lineIndex = () => parser.lineIndex();
  const spans = parser.spans;
  const locate = spans ? eagerLocator(spans, lineIndex) : lazyLocator(text, lineIndex);
  return {
    ok: true,
    value,
    findings: parser.allFindings(),
    locate,
    positionAt: (offset) => lineIndex().positionAt(offset),
    positions: spans ? 'eager' : 'lazy',
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Locating pointers

function toLocation(pointer: string, exact: boolean, span: Span, lines: LineIndex): JsonLocation {
  const location: JsonLocation = {
    pointer,
    exact,
    value: { start: lines.positionAt(span.start), end: lines.positionAt(span.end) },
  };
  if (span.keyStart >= 0) {
    location.key = { start: lines.positionAt(span.keyStart), end: lines.positionAt(span.keyEnd) };
  }
  return location;
}

function eagerLocator(spans: Map<string, Span>, lines: () => LineIndex): (pointer: string) => JsonLocation {
  return (pointer) => {
    const tokens = splitJsonPointer(pointer);
    const root = spans.get('') ?? { start: 0, end: 0, keyStart: -1, keyEnd: -1 };
    let found = '';
    let span = root;
    let matched = 0;
    for (const token of tokens ?? []) {
      const next = appendPointer(found, token);
      const child = spans.get(next);
      // A child outside its parent's range belongs to an earlier duplicate of a key, which JSON.parse discarded.
      if (!child || child.start < span.start || child.end > span.end) break;
      found = next;
      span = child;
      matched++;
    }
    const exact = tokens !== undefined && matched === tokens.length;
    return toLocation(found, exact, span, lines());
  };
}

/**
 * Locates by scanning the (already validated) text along the pointer, skipping siblings without building values:
 * nothing is recorded during the parse, each lookup costs one pass up to the target. Results are cached.
 */
function lazyLocator(text: string, lines: () => LineIndex): (pointer: string) => JsonLocation {
  const cache = new Map<string, JsonLocation>();
  return (pointer) => {
    const cached = cache.get(pointer);
    if (cached) return cached;
    const tokens = splitJsonPointer(pointer);
    const scanner = new Scanner(text);
    let span = scanner.valueSpan(scanner.skipWhitespace(0), -1, -1);
    let found = '';
    let matched = 0;
    for (const token of tokens ?? []) {
      const child = scanner.child(span, token);
      if (!child) break;
      found = appendPointer(found, token);
      span = child;
      matched++;
    }
    const location = toLocation(found, tokens !== undefined && matched === tokens.length, span, lines());
    if (cache.size > 1000) cache.clear();
    cache.set(pointer, location);
    return location;
  };
}

/** Decodes the (valid) JSON string at `start` with the parser's own string reader. */
function decodeKey(text: string, start: number): string {
  const parser = new Parser(text, 1, false);
  parser.pos = start;
  try {
    return parser.readString(true);
  } catch {
    return '';
  }
}

/** Moves through text already known to be valid JSON. */
class Scanner {
  constructor(readonly text: string) {}

  skipWhitespace(i: number): number {
    const { text } = this;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
      i++;
    }
  }

  /** Offset just after the string whose opening quote is at i. */
  skipString(i: number): number {
    const { text } = this;
    // The closing quote is the first one preceded by an even number of backslashes (the text is valid JSON).
    for (let from = i + 1; ;) {
      const quote = text.indexOf('"', from);
      if (quote < 0) return text.length;
      let slash = quote - 1;
      while (text.charCodeAt(slash) === BACKSLASH) slash--;
      if ((quote - 1 - slash) % 2 === 0) return quote + 1;
      from = quote + 1;
    }
  }

  /** Offset just after the value starting at i (iterative: depth is a counter, not recursion). */
  skipValue(i: number): number {
    const { text } = this;
    const n = text.length;
    const c = text.charCodeAt(i);
    if (c === QUOTE) return this.skipString(i);
    if (c === LBRACE || c === LBRACKET) {
      let depth = 0;
      for (; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === QUOTE) i = this.skipString(i) - 1;
        else if (d === LBRACE || d === LBRACKET) depth++;
        else if (d === RBRACE || d === RBRACKET) {
          depth--;
          if (depth === 0) return i + 1;
        }
      }
      return n;
    }
    while (i < n) {
      const d = text.charCodeAt(i);
      if (
        d === COMMA ||
        d === RBRACE ||
        d === RBRACKET ||
        d === 0x20 ||
        d === 0x0a ||
        d === 0x0d ||
        d === 0x09
      ) {
        break;
      }
      i++;
    }
    return i;
  }

  valueSpan(start: number, keyStart: number, keyEnd: number): Span {
    return { start, end: this.skipValue(start), keyStart, keyEnd };
  }

  /** The span of a container's child named by an unescaped token, or undefined when there is none. */
  child(parent: Span, token: string): Span | undefined {
    const { text } = this;
    const open = text.charCodeAt(parent.start);
    let i = this.skipWhitespace(parent.start + 1);
    if (open === LBRACKET) {
      if (!isArrayIndexToken(token)) return undefined;
      const wanted = Number(token);
      for (let index = 0; i < text.length && text.charCodeAt(i) !== RBRACKET; index++) {
        const span = this.valueSpan(i, -1, -1);
        if (index === wanted) return span;
        i = this.skipWhitespace(span.end);
        if (text.charCodeAt(i) === COMMA) i = this.skipWhitespace(i + 1);
      }
      return undefined;
    }
    if (open !== LBRACE) return undefined;
    // Keep scanning after a match: with duplicate keys the last one wins, as in JSON.parse.
    let match: Span | undefined;
    while (text.charCodeAt(i) === QUOTE) {
      const keyStart = i;
      const keyEnd = this.skipString(i);
      const raw = text.slice(keyStart + 1, keyEnd - 1);
      const key = raw.includes('\\') ? decodeKey(text, keyStart) : raw;
      i = this.skipWhitespace(this.skipWhitespace(keyEnd) + 1);
      const span = this.valueSpan(i, keyStart, keyEnd);
      if (key === token) match = span;
      i = this.skipWhitespace(span.end);
      if (text.charCodeAt(i) === COMMA) i = this.skipWhitespace(i + 1);
    }
    return match;
  }
}
