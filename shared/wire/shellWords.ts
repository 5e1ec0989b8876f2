// Splits a pasted command line into words the way a shell would, without running anything (MSG-8, Import cURL).
// POSIX rules: single quotes, double quotes with their four escapes, $'…' ANSI-C strings, backslashes, `\` line
// continuations, comments. A Windows `cmd` line (continued with `^`, as browsers copy it) is read with its caret
// escapes and double quotes. Expansions (`$VAR`, `$(…)`, backticks) are kept as text and reported, never performed.

export type ShellToken = { kind: 'word'; text: string } | { kind: 'operator'; text: string };

export interface ShellSplit {
  tokens: ShellToken[];
  /** Expansions left as text, each once (`$TOKEN`, `$(date)`): the user has to put the value in. */
  expansions: string[];
}

export class ShellSyntaxError extends Error {}

const operatorChars = new Set(['|', '&', ';', '<', '>']);
const blank = new Set([' ', '\t', '\n', '\r']);

/**
 * A cmd line, as browsers copy one: the URL right after curl in caret-escaped quotes, or lines continued with ` ^` and
 * none with ` \`. A caret inside a POSIX quoted word matches neither.
 */
function isCmdLine(input: string): boolean {
  if (/^\s*\S*curl(?:\.exe)?\s+\^"/i.test(input)) return true;
  return /\s\^\r?\n/.test(input) && !/\\\r?\n/.test(input);
}

export function splitShellWords(input: string): ShellSplit {
  return isCmdLine(input) ? splitCmd(input) : new PosixSplitter(input).split();
}

class PosixSplitter {
  private i = 0;
  private word: string | undefined;
  private readonly tokens: ShellToken[] = [];
  private readonly expansions = new Set<string>();

  constructor(private readonly s: string) {}

  split(): ShellSplit {
    while (this.i < this.s.length) this.step();
    this.endWord();
    return { tokens: this.tokens, expansions: [...this.expansions] };
  }

  private step(): void {
    const c = this.s[this.i]!;
    const next = this.s[this.i + 1];
    if (c === '\\') {
      // A backslash before a line break joins the lines; before anything else it makes that character plain.
      if (next === '\n') this.i += 2;
      else if (next === '\r' && this.s[this.i + 2] === '\n') this.i += 3;
      else {
        this.add(next ?? '');
        this.i += 2;
      }
    } else if (blank.has(c)) {
      this.endWord();
      this.i += 1;
    } else if (c === '#' && this.word === undefined) {
      while (this.i < this.s.length && this.s[this.i] !== '\n') this.i += 1;
    } else if (c === "'") this.singleQuoted();
    else if (c === '"') this.doubleQuoted();
    else if (c === '$' && next === "'") this.ansiC();
    else if (c === '$' && next === '"') this.i += 1;
    else if (c === '$' || c === '`') this.expansion();
    else if (operatorChars.has(c)) this.operator();
    else {
      this.add(c);
      this.i += 1;
    }
  }

  private add(text: string): void {
    this.word = (this.word ?? '') + text;
  }

  private endWord(): void {
    if (this.word !== undefined) this.tokens.push({ kind: 'word', text: this.word });
    this.word = undefined;
  }

  private operator(): void {
    // `2>/dev/null`: the digits before a redirection name a file descriptor, not a word.
    const c = this.s[this.i]!;
    let text = c;
    if ((c === '>' || c === '<') && this.word !== undefined && /^\d+$/.test(this.word)) {
      text = this.word + c;
      this.word = undefined;
    }
    this.endWord();
    this.i += 1;
    while (this.i < this.s.length && operatorChars.has(this.s[this.i]!)) text += this.s[this.i++]!;
    this.tokens.push({ kind: 'operator', text });
  }

  private singleQuoted(): void {
    const end = this.s.indexOf("'", this.i + 1);
    if (end < 0)
      throw new ShellSyntaxError(`A single quote opened at character ${this.i + 1} is never closed.`);
    this.add(this.s.slice(this.i + 1, end));
    this.i = end + 1;
  }

  private doubleQuoted(): void {
    const start = this.i;
    let text = '';
    this.i += 1;
    for (;;) {
      if (this.i >= this.s.length) {
        throw new ShellSyntaxError(`A double quote opened at character ${start + 1} is never closed.`);
      }
      const c = this.s[this.i]!;
      const next = this.s[this.i + 1];
      if (c === '"') break;
      if (c === '\\' && next !== undefined && '$`"\\\n'.includes(next)) {
        if (next !== '\n') text += next;
        this.i += 2;
      } else {
        if (c === '$' || c === '`') this.noteExpansion(this.i);
        text += c;
        this.i += 1;
      }
    }
    this.add(text);
    this.i += 1;
  }

  private expansion(): void {
    const end = this.noteExpansion(this.i);
    this.add(this.s.slice(this.i, end));
    this.i = end;
  }

  /** Records the expansion starting at `at` (left as text) and returns where it ends. */
  private noteExpansion(at: number): number {
    const s = this.s;
    let end = at + 1;
    if (s[at] === '`') end = closing(s, at + 1, '`');
    else if (s[end] === '(') end = closing(s, end + 1, ')');
    else if (s[end] === '{') end = closing(s, end + 1, '}');
    else while (end < s.length && /[A-Za-z0-9_]/.test(s[end]!)) end += 1;
    if (end > at + 1) this.expansions.add(s.slice(at, end));
    return end;
  }

  private ansiC(): void {
    const start = this.i;
    this.i += 2;
    let text = '';
    for (;;) {
      if (this.i >= this.s.length) {
        throw new ShellSyntaxError(`A $'…' string opened at character ${start + 1} is never closed.`);
      }
      const c = this.s[this.i]!;
      if (c === "'") break;
      if (c === '\\') {
        const [decoded, length] = ansiEscape(this.s, this.i + 1);
        text += decoded;
        this.i += 1 + length;
      } else {
        text += c;
        this.i += 1;
      }
    }
    this.add(text);
    this.i += 1;
  }
}

/** Index just past the closing character, or the end of the text. */
function closing(s: string, from: number, close: string): number {
  const end = s.indexOf(close, from);
  return end < 0 ? s.length : end + 1;
}

const simpleEscapes: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** One escape of a $'…' string starting after its backslash: the text it stands for and how many characters it used. */
function ansiEscape(s: string, at: number): [string, number] {
  const c = s[at] ?? '';
  const simple = simpleEscapes[c];
  if (simple !== undefined) return [simple, 1];
  const hex = (max: number): [string, number] => {
    const digits = /^[0-9A-Fa-f]+/.exec(s.slice(at + 1, at + 1 + max))?.[0] ?? '';
    if (digits === '') return ['\\' + c, 1];
    const code = parseInt(digits, 16);
    return [code > 0x10ffff ? '\ufffd' : String.fromCodePoint(code), 1 + digits.length];
  };
  if (c === 'x') return hex(2);
  if (c === 'u') return hex(4);
  if (c === 'U') return hex(8);
  if (c === 'c' && at + 1 < s.length) return [String.fromCharCode(s.charCodeAt(at + 1) & 31), 2];
  const octal = /^[0-7]{1,3}/.exec(s.slice(at, at + 3))?.[0];
  if (octal !== undefined) return [String.fromCharCode(parseInt(octal, 8) & 0xff), octal.length];
  return ['\\' + c, 1];
}

/**
 * cmd.exe: `^` escapes the next character (and joins lines before a line break); then the program's own rules split
 * words: double quotes group, `\"` and `""` inside them are a quote, backslashes otherwise stay.
 */
function splitCmd(input: string): ShellSplit {
  const s = input.replace(/\^\r?\n/g, '').replace(/\^([\s\S])/g, '$1');
  const tokens: ShellToken[] = [];
  let word = '';
  let inWord = false;
  let quoted = false;
  const end = (): void => {
    if (inWord) tokens.push({ kind: 'word', text: word });
    word = '';
    inWord = false;
  };
  for (let i = 0; i < s.length; i += 1) {
    const c = s[i]!;
    const next = s[i + 1];
    if (quoted) {
      if ((c === '\\' || c === '"') && next === '"') {
        word += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else word += c;
    } else if (c === '"') {
      quoted = true;
      inWord = true;
    } else if (blank.has(c)) end();
    else if (operatorChars.has(c)) {
      end();
      tokens.push({ kind: 'operator', text: c });
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quoted) throw new ShellSyntaxError('A double quote is never closed.');
  end();
  return { tokens, expansions: [] };
}
