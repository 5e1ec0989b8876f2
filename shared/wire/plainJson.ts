// A fast path in front of the careful parser (jsonText.ts). Most bodies and events are plain JSON, for which
// parseJsonText has nothing to say beyond the value JSON.parse gives. Parsing them with JSON.parse and then proving
// cheaply that there was nothing to say saves most of the cost of every event of a stream (bench:ingest). Anything
// that could give a finding sends the text to the careful parser, so findings and their positions are unchanged.

/** A `\u` escape of a surrogate, or a surrogate without its partner: the careful parser decides. */
const SURROGATE_RISK =
  /\\u[dD][89a-fA-F]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * JSON.parse's value when parseJsonText would accept `text` without a single finding: no BOM, no duplicate member
 * names, no lone surrogates, no number JavaScript cannot hold as written, no nesting deeper than `maxDepth`.
 * Undefined otherwise (invalid text included): then the careful parser must read it.
 */
export function parsePlainJson(text: string, maxDepth = 1000): { value: unknown } | undefined {
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (SURROGATE_RISK.test(text)) return undefined;
  const members = plainMembers(value, maxDepth);
  if (members === undefined || members !== memberNamesIn(text)) return undefined;
  return { value };
}

/** Object members in the value, or undefined when a number or the depth needs the careful parser. */
function plainMembers(root: unknown, maxDepth: number): number | undefined {
  const members = membersBelow(root, 0, maxDepth);
  return members < 0 ? undefined : members;
}

/**
 * Members in `value` and below it, or -1. Recursive rather than with stacks of values and depths: no arrays per
 * event, and the depth it may reach is bounded by `maxDepth` (1000 at most), far inside the call stack.
 */
function membersBelow(value: unknown, depth: number, maxDepth: number): number {
  if (typeof value === 'number') {
    // Overflow to Infinity, or an integer past 2^53 that may not be what was written.
    return !Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value)) ? -1 : 0;
  }
  if (typeof value !== 'object' || value === null) return 0;
  // One level short of the limit is enough to send it to the careful parser, which draws the line exactly.
  if (depth + 1 >= maxDepth) return -1;
  let members = 0;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item !== 'object' && typeof item !== 'number') continue;
      const below = membersBelow(item, depth + 1, maxDepth);
      if (below < 0) return -1;
      members += below;
    }
    return members;
  }
  for (const key in value) {
    members++;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item !== 'object' && typeof item !== 'number') continue;
    const below = membersBelow(item, depth + 1, maxDepth);
    if (below < 0) return -1;
    members += below;
  }
  return members;
}

/**
 * Member names written in the text: fewer in the value than here means a name was written twice. In valid JSON a
 * `:` outside a string only ever follows a member name, so counting those is counting names. The text is walked
 * from quote to quote with indexOf, which scans far faster than a loop over every character.
 */
function memberNamesIn(text: string): number {
  let names = 0;
  let at = 0;
  // The next colon at or after `at`, found once: searching again from every string would rescan the text.
  let colon = text.indexOf(':');
  for (;;) {
    const open = text.indexOf('"', at);
    const outside = open === -1 ? text.length : open;
    if (colon !== -1 && colon < at) colon = text.indexOf(':', at);
    for (; colon !== -1 && colon < outside; colon = text.indexOf(':', colon + 1)) names++;
    if (open === -1) return names;
    // The closing quote is the first one not escaped: preceded by an even run of backslashes.
    let close = text.indexOf('"', open + 1);
    while (close !== -1 && escapedAt(text, close)) close = text.indexOf('"', close + 1);
    if (close === -1) return names;
    at = close + 1;
  }
}

function escapedAt(text: string, quote: number): boolean {
  let slashes = 0;
  for (let i = quote - 1; text.charCodeAt(i) === 0x5c; i--) slashes++;
  return slashes % 2 === 1;
}
