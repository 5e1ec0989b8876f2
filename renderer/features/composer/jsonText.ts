// Parsing what the user types into the composer's JSON fields, with an error that says where the problem is.
// Engines word JSON.parse errors differently — some give no position at all and quote the whole input — so when
// JSON.parse fails, a small scanner of the RFC 8259 grammar finds the first error and its line and column, the same
// in every engine. JSON.parse still produces the value.

export type JsonParse = { ok: true; value: unknown } | { ok: false; message: string };

export function parseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    const error = findJsonError(text) ?? { offset: 0, message: 'not valid JSON' };
    const { line, column } = lineAndColumn(text, error.offset);
    return { ok: false, message: `Invalid JSON at line ${line}, column ${column}: ${error.message}.` };
  }
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

interface JsonError {
  offset: number;
  message: string;
}

class Stop extends Error {
  constructor(readonly at: JsonError) {
    super(at.message);
  }
}

/** The first syntax error in `text`, or undefined when it is valid JSON. */
export function findJsonError(text: string): JsonError | undefined {
  let i = 0;
  const fail = (message: string, offset = i): never => {
    throw new Stop({ offset, message });
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const describe = () => (i >= text.length ? 'the end of the text' : `"${text[i]}"`);

  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    fail(`expected a value, found ${describe()}`);
  };

  const object = () => {
    i++;
    space();
    if (text[i] === '}') {
      i++;
      return;
    }
    for (;;) {
      space();
      if (text[i] !== '"') fail(`expected a property name in double quotes, found ${describe()}`);
      string();
      space();
      if (text[i] !== ':') fail(`expected ":" after the property name, found ${describe()}`);
      i++;
      value();
      space();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return;
      }
      fail(`expected "," or "}" in the object, found ${describe()}`);
    }
  };

  const array = () => {
    i++;
    space();
    if (text[i] === ']') {
      i++;
      return;
    }
    for (;;) {
      value();
      space();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return;
      }
      fail(`expected "," or "]" in the array, found ${describe()}`);
    }
  };

  const string = () => {
    const start = i;
    i++;
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('"\\u" needs four hex digits');
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else fail(`"\\${next ?? ''}" is not a JSON escape`);
        continue;
      }
      if (c < ' ') fail('a control character (a line break or tab) must be escaped inside a string');
      i++;
    }
    fail('the string is not closed', start);
  };

  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match || match[0] === '-') fail('not a valid number');
    i += match![0].length;
    if (/[0-9.eE]/.test(text[i] ?? '')) fail('not a valid number');
  };

  try {
    value();
    space();
    if (i < text.length) fail(`unexpected ${describe()} after the JSON value`);
    return undefined;
  } catch (error) {
    if (error instanceof Stop) return error.at;
    // Nesting deep enough to exhaust the stack: say so rather than fail the composer.
    return { offset: i, message: 'nested too deeply to check' };
  }
}

/** A JSON object typed by the user: empty means none; anything else must parse and be an object. */
export function parseJsonObject(
  text: string,
): { ok: true; value: Record<string, unknown> | undefined } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: undefined };
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: `Must be a JSON object ({…}), not ${describeKind(value)}.` };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

export function describeKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
