// The fault rules editor's text (PRX-4) read as JSON before it goes to the host, which checks the rules themselves:
// here only whether it is JSON at all, with the line and column of a syntax error so the user can find it. The
// repository's own JSON parser is used because it says where it stopped; JSON.parse does not always.

import { parseJsonText } from '../../../shared/wire/jsonText';

export type RulesText = { ok: true; rules: unknown } | { ok: false; error: string };

export function parseRulesText(text: string): RulesText {
  if (text.trim() === '') return { ok: false, error: 'Type the rules as JSON, or Clear to remove them.' };
  const parsed = parseJsonText(text, { positions: 'lazy' });
  if (parsed.ok) return { ok: true, rules: parsed.value };
  const { line, column, message } = parsed.finding;
  const where = line !== undefined && column !== undefined ? ` (line ${line}, column ${column})` : '';
  return { ok: false, error: `The rules are not valid JSON${where}: ${message}` };
}
