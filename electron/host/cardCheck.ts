// Everything Switchboard says about an agent card's text (CARD-3, CARD-4): the JSON itself, the detected
// generation and interfaces, schema findings and lint, each finding placed at a line and column of the original
// text so the card editor can show it as a marker.

import { detectCard, type Detection } from '../../shared/a2a/detect';
import { lintCard } from '../../shared/checks/cardLint';
import type { Finding } from '../../shared/wire/finding';
import { parseJsonText, type JsonParseSuccess } from '../../shared/wire/jsonText';
import { validateCardSchema } from './cardSchema';

export interface CardCheck {
  /** The parsed card, when the text is JSON. */
  card?: unknown;
  detection?: Detection;
  findings: Finding[];
}

export interface CardCheckOptions {
  /** Where the card came from: its origin is compared with the interfaces', its file name hints the generation. */
  cardUrl?: string;
}

export function checkCardText(text: string, options: CardCheckOptions = {}): CardCheck {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { findings: parsed.findings };
  const detected = detectCard(parsed.value, options.cardUrl ? { servedFrom: options.cardUrl } : {});
  if ('error' in detected) {
    return {
      card: parsed.value,
      findings: [
        ...parsed.findings,
        { rule: 'card.not-a-card', severity: 'error', message: detected.error, pointer: '' },
      ],
    };
  }
  const findings = [
    ...parsed.findings,
    ...detected.findings,
    ...validateCardSchema(parsed.value, detected).filter((f) => !isRootUnknownField(f)),
    ...lintCard(parsed.value, detected, options.cardUrl ? { cardUrl: options.cardUrl } : {}),
  ];
  return { card: parsed.value, detection: detected, findings: findings.map((f) => placed(f, parsed)) };
}

// Unknown top-level fields are reported by the lint for every generation; the 1.0 schema would say it again.
function isRootUnknownField(finding: Finding): boolean {
  return finding.rule === 'card.unknown-field' && (finding.pointer ?? '').split('/').length === 2;
}

// Findings about a member's name are marked at its key; findings about its value, at the value.
const ABOUT_THE_NAME = new Set([
  'card.unknown-field',
  'card.superset-field',
  'card.undefined-scheme',
  'card.renamed-field',
  'card.removed-field',
  'card.field-generation',
]);

/** Adds line and column from the pointer (a missing member is marked at the nearest existing ancestor). */
function placed(finding: Finding, parsed: JsonParseSuccess): Finding {
  if (finding.pointer === undefined || finding.line !== undefined) return finding;
  const location = parsed.locate(finding.pointer);
  const onKey = location.exact && location.key && ABOUT_THE_NAME.has(finding.rule);
  const at = onKey && location.key ? location.key.start : location.value.start;
  return { ...finding, line: at.line, column: at.column, offset: at.offset };
}
