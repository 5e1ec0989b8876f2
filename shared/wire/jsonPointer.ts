// JSON Pointer (RFC 6901) helpers: encode and decode reference tokens, join and split pointers, and read the value a
// pointer names. Findings carry pointers (shared/wire/finding.ts), and jsonText.ts turns them into text positions.

/** Escapes one reference token: '~' becomes '~0' and '/' becomes '~1' (RFC 6901 §3; '~' first, or '/' would double). */
export function encodePointerToken(token: string | number): string {
  const text = String(token);
  if (!text.includes('~') && !text.includes('/')) return text;
  return text.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * Unescapes one reference token, or returns undefined when it holds a '~' not followed by '0' or '1' (RFC 6901 §3
 * allows only those two escapes). '~1' is turned into '/' before '~0' into '~', so '~01' decodes to '~1' (RFC 6901 §4).
 */
export function decodePointerToken(token: string): string | undefined {
  if (!token.includes('~')) return token;
  if (/~(?![01])/.test(token)) return undefined;
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Builds a pointer from unescaped tokens; no tokens give '' (the whole document). */
export function joinJsonPointer(tokens: readonly (string | number)[]): string {
  let pointer = '';
  for (const token of tokens) pointer += '/' + encodePointerToken(token);
  return pointer;
}

/** Adds one unescaped token to a pointer. */
export function appendPointer(pointer: string, token: string | number): string {
  return pointer + '/' + encodePointerToken(token);
}

/**
 * Splits a pointer into unescaped tokens. Returns undefined for text that is not a pointer: anything but '' must
 * start with '/', and every '~' must be an escape. (The URI-fragment form '#/…' is not accepted here.)
 */
export function splitJsonPointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  const tokens: string[] = [];
  for (const raw of pointer.slice(1).split('/')) {
    const token = decodePointerToken(raw);
    if (token === undefined) return undefined;
    tokens.push(token);
  }
  return tokens;
}

/** The pointer of the parent, or undefined for the root ('') and for text that is not a pointer. */
export function parentPointer(pointer: string): string | undefined {
  if (pointer === '' || !pointer.startsWith('/')) return undefined;
  return pointer.slice(0, pointer.lastIndexOf('/'));
}

/**
 * True for a token that names an array element: '0' or a decimal without leading zeros (RFC 6901 §4). '-' (one past
 * the end) names no existing element, so it is not an index here.
 */
export function isArrayIndexToken(token: string): boolean {
  return /^(?:0|[1-9][0-9]*)$/.test(token);
}

export type PointerLookup = { found: true; value: unknown } | { found: false };

/**
 * The value a pointer names inside a parsed JSON value. Only own properties count, so '/__proto__' or '/toString'
 * never reach Object.prototype; a pointer that is not well formed finds nothing.
 */
export function getAtPointer(root: unknown, pointer: string): PointerLookup {
  const tokens = splitJsonPointer(pointer);
  if (tokens === undefined) return { found: false };
  let current: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!isArrayIndexToken(token)) return { found: false };
      const index = Number(token);
      if (index >= current.length) return { found: false };
      current = current[index] as unknown;
    } else if (typeof current === 'object' && current !== null) {
      if (!Object.hasOwn(current, token)) return { found: false };
      current = (current as Record<string, unknown>)[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}
