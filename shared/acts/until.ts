// `repeat.until` conditions (ACTS §9.1): `path == value`, `path != value`, `path in [a, b]`. Values are JSON-like
// words: numbers, true/false/null, quoted strings, and bare words as strings (`TASK_STATE_COMPLETED`).

import { deepEqual, showValue } from './assertions';
import { resolvePath } from './paths';

export type UntilCondition =
  | { ok: true; path: string; op: '==' | '!=' | 'in'; values: unknown[]; text: string }
  | { ok: false; message: string };

export function parseUntil(text: string): UntilCondition {
  const match = /^\s*(\S+?)\s*(==|!=|\sin\s)\s*(.+?)\s*$/.exec(text);
  if (!match) {
    return {
      ok: false,
      message: `repeat.until ${JSON.stringify(text)} is not "path == value", "path != value" or "path in [a, b]".`,
    };
  }
  const path = match[1]!;
  const op = match[2]!.trim() as '==' | '!=' | 'in';
  const right = match[3]!;
  if (op === 'in') {
    if (!right.startsWith('[') || !right.endsWith(']'))
      return { ok: false, message: `repeat.until ${JSON.stringify(text)}: "in" needs a list in brackets.` };
    const inner = right.slice(1, -1).trim();
    const values = inner === '' ? [] : splitList(inner).map(word);
    return { ok: true, path, op, values, text };
  }
  return { ok: true, path, op, values: [word(right)], text };
}

function splitList(inner: string): string[] {
  const items: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (const char of inner) {
    if (quote) {
      current += char;
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
      current += char;
    } else if (char === ',') {
      items.push(current.trim());
      current = '';
    } else current += char;
  }
  items.push(current.trim());
  return items;
}

function word(text: string): unknown {
  const trimmed = text.trim();
  if (/^(["']).*\1$/.test(trimmed)) return trimmed.slice(1, -1);
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}

/** Whether the condition holds on a response, and what the path held (for the report). */
export function untilHolds(
  condition: Extract<UntilCondition, { ok: true }>,
  response: unknown,
): { holds: boolean; seen: string } | { holds: false; error: string } {
  const resolved = resolvePath(response, condition.path);
  if (!resolved.ok) return { holds: false, error: resolved.message };
  const value = resolved.value;
  const seen = showValue(value);
  if (condition.op === '==') return { holds: deepEqual(value, condition.values[0]), seen };
  if (condition.op === '!=') return { holds: !deepEqual(value, condition.values[0]), seen };
  return { holds: condition.values.some((item) => deepEqual(value, item)), seen };
}
