// A JSON string too large to keep in memory, stood in for by a placeholder (SEC-4). When a body is spilled to disk
// (electron/host/spill), its long strings — a file part's base64, typically — are cut out of the text the app decodes
// and replaced by a placeholder naming where the string's content sits in the stored body: the body's sha256 and the
// byte offset and length of the content between its quotes. Views load those bytes only when asked.
//
// The placeholder starts with U+0000, which a real string rarely holds; a forged one can only point into bodies the
// host itself stored, and a read outside a stored body is refused.

export interface StoredString {
  /** sha256 of the whole stored body, hex. */
  sha256: string;
  /** Byte offset of the string's content (after the opening quote) in the body. */
  offset: number;
  /** Bytes of content, still JSON-escaped as the agent sent them. */
  length: number;
}

const PREFIX = '\u0000switchboard-stored ';
const PATTERN = /^sha256=([0-9a-f]{64}) offset=(\d{1,15}) length=(\d{1,15})$/;

export function storedStringPlaceholder(stored: StoredString): string {
  return `${PREFIX}sha256=${stored.sha256} offset=${stored.offset} length=${stored.length}`;
}

/** The placeholder as it is written inside JSON text (U+0000 must be escaped there). */
export function storedStringJson(stored: StoredString): string {
  return JSON.stringify(storedStringPlaceholder(stored));
}

export function parseStoredString(value: unknown): StoredString | undefined {
  if (typeof value !== 'string' || !value.startsWith(PREFIX)) return undefined;
  const match = PATTERN.exec(value.slice(PREFIX.length));
  if (!match) return undefined;
  return { sha256: match[1]!, offset: Number(match[2]), length: Number(match[3]) };
}

/** Bytes of a stored base64 string at most per read, so no single call moves more than this across the bridge. */
export const STORED_READ_MAX_BYTES = 8 * 1024 * 1024;
