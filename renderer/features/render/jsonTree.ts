// The pure half of the JSON tree (TL-4): what kind a value is, its one-line summary, its children in pages, and a
// scalar's text. Values are shown as text nodes only, whatever they contain (SEC-3).

export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'other';

/** Children shown at first, and added by each "show more". */
export const JSON_PAGE = 100;
/** Strings longer than this are cut until the user asks for the whole value. */
export const JSON_STRING_PREVIEW = 500;

export function jsonKind(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'object':
      return 'object';
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'other';
  }
}

export function isJsonContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  const kind = jsonKind(value);
  return kind === 'object' || kind === 'array';
}

export function childCount(value: Record<string, unknown> | unknown[]): number {
  return Array.isArray(value) ? value.length : Object.keys(value).length;
}

export function jsonSummary(value: Record<string, unknown> | unknown[]): string {
  const count = childCount(value);
  return Array.isArray(value)
    ? `[${count} item${count === 1 ? '' : 's'}]`
    : `{${count} key${count === 1 ? '' : 's'}}`;
}

/** The first `limit` children as [label, value]; array children are labelled by index. */
export function jsonEntries(
  value: Record<string, unknown> | unknown[],
  limit: number,
): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.slice(0, limit).map((item, i) => [String(i), item]);
  const out: Array<[string, unknown]> = [];
  for (const key of Object.keys(value)) {
    if (out.length >= limit) break;
    out.push([key, value[key]]);
  }
  return out;
}

/** A scalar as JSON spells it (strings quoted and escaped), cut to `max` characters unless `max` is undefined. */
export function scalarText(value: unknown, max?: number): { text: string; cut: boolean } {
  const text =
    typeof value === 'string'
      ? JSON.stringify(value)
      : value === undefined
        ? 'undefined'
        : typeof value === 'bigint'
          ? value.toString()
          : String(JSON.stringify(value) ?? value);
  if (max === undefined || text.length <= max) return { text, cut: false };
  return { text: `${text.slice(0, max)}…`, cut: true };
}
