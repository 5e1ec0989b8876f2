// A URL's query as editable rows and back (MSG-8). Decoding and encoding follow the URL standard's
// application/x-www-form-urlencoded rules (URLSearchParams); the rest of the URL is kept as typed.

export interface QueryRow {
  name: string;
  value: string;
}

/** The rows of an absolute URL's query; undefined when the text is not an absolute URL. */
export function queryRows(url: string): QueryRow[] | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  return [...parsed.searchParams].map(([name, value]) => ({ name, value }));
}

/** The URL with its query replaced by the rows (an empty row stays, so a new row can be typed into). */
export function withQueryRows(url: string, rows: readonly QueryRow[]): string {
  const text = url.trim();
  const hashAt = text.indexOf('#');
  const fragment = hashAt >= 0 ? text.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? text.slice(0, hashAt) : text;
  const questionAt = beforeHash.indexOf('?');
  const base = questionAt >= 0 ? beforeHash.slice(0, questionAt) : beforeHash;
  const query = new URLSearchParams(rows.map((row): [string, string] => [row.name, row.value])).toString();
  return `${base}${rows.length > 0 ? `?${query}` : ''}${fragment}`;
}

/** A form body's fields. */
export function formRows(body: string): QueryRow[] {
  if (body.trim() === '') return [];
  return [...new URLSearchParams(body)].map(([name, value]) => ({ name, value }));
}

/** Fields as a form body. */
export function formText(rows: readonly QueryRow[]): string {
  return new URLSearchParams(rows.map((row): [string, string] => [row.name, row.value])).toString();
}
