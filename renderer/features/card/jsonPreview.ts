// One line of JSON for showing a value in a list (diff entries, extra fields). The result is rendered as a text
// node, never as markup: the value comes from an agent and is untrusted (docs/architecture.md#security-rules).

export function previewJson(value: unknown, maxChars = 160): string {
  return cut(jsonText(value), maxChars);
}

/**
 * Both sides of a change, each one line. When the texts are too long to show whole, both skip the start they have
 * in common (keeping a little of it for context), so that the part that changed is what shows.
 */
export function previewChange(before: unknown, after: unknown, maxChars = 160): [string, string] {
  const a = jsonText(before);
  const b = jsonText(after);
  if (a.length <= maxChars && b.length <= maxChars) return [a, b];
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const context = 24;
  const skip = common > context ? common - context : 0;
  const from = (text: string) => (skip > 0 ? `…${text.slice(skip)}` : text);
  return [cut(from(a), maxChars), cut(from(b), maxChars)];
}

function jsonText(value: unknown): string {
  try {
    return value === undefined ? '(nothing)' : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}

function cut(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}
