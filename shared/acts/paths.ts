// ACTS dot-paths (ACTS §5.2): `task.id`, `task.artifacts[0].parts[0].text`, and `[*]` wildcards for collection
// assertions. Used by `capture`, `repeat.until` and named assertions; `expect` blocks nest instead.

export type PathSegment = { key: string } | { index: number } | { wildcard: true };

export type ParsedPath = { ok: true; segments: PathSegment[] } | { ok: false; message: string };

export function parsePath(path: string): ParsedPath {
  const segments: PathSegment[] = [];
  const text = path.trim();
  let i = 0;
  let expectKey = true;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '[') {
      const close = text.indexOf(']', i);
      if (close < 0) return { ok: false, message: `${JSON.stringify(path)}: a "[" is never closed` };
      const inner = text.slice(i + 1, close).trim();
      if (inner === '*') segments.push({ wildcard: true });
      else if (/^\d+$/.test(inner)) segments.push({ index: Number(inner) });
      else if (/^(["']).*\1$/.test(inner)) segments.push({ key: inner.slice(1, -1) });
      else return { ok: false, message: `${JSON.stringify(path)}: [${inner}] is neither an index nor *` };
      i = close + 1;
      expectKey = false;
      continue;
    }
    if (char === '.') {
      if (expectKey) return { ok: false, message: `${JSON.stringify(path)}: an empty name before "."` };
      i += 1;
      expectKey = true;
      continue;
    }
    let end = i;
    while (end < text.length && text[end] !== '.' && text[end] !== '[') end += 1;
    segments.push({ key: text.slice(i, end) });
    i = end;
    expectKey = false;
  }
  if (expectKey && segments.length > 0)
    return { ok: false, message: `${JSON.stringify(path)}: ends with "."` };
  return { ok: true, segments };
}

/** Every value the path reaches, with its concrete path; a wildcard fans out over an array's elements. */
export function resolveAll(
  value: unknown,
  segments: readonly PathSegment[],
): Array<{ path: string; value: unknown }> {
  let current: Array<{ path: string; value: unknown }> = [{ path: '', value }];
  for (const segment of segments) {
    const next: Array<{ path: string; value: unknown }> = [];
    for (const item of current) {
      if ('wildcard' in segment) {
        if (!Array.isArray(item.value)) continue;
        item.value.forEach((element, i) => next.push({ path: `${item.path}[${i}]`, value: element }));
      } else if ('index' in segment) {
        const element = Array.isArray(item.value) ? (item.value[segment.index] as unknown) : undefined;
        next.push({ path: `${item.path}[${segment.index}]`, value: element });
      } else {
        const record =
          typeof item.value === 'object' && item.value !== null && !Array.isArray(item.value)
            ? (item.value as Record<string, unknown>)
            : undefined;
        const child = record && Object.hasOwn(record, segment.key) ? record[segment.key] : undefined;
        next.push({ path: item.path ? `${item.path}.${segment.key}` : segment.key, value: child });
      }
    }
    current = next;
  }
  return current;
}

/** The one value a path without wildcards reaches (undefined when absent). */
export function resolvePath(
  value: unknown,
  path: string,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const parsed = parsePath(path);
  if (!parsed.ok) return parsed;
  if (parsed.segments.some((segment) => 'wildcard' in segment))
    return { ok: false, message: `${JSON.stringify(path)}: [*] is only for collection assertions` };
  return { ok: true, value: resolveAll(value, parsed.segments)[0]?.value };
}
