// Fields the agent added that its generation does not define (CARD-5: shown, never dropped). The host's check names
// them (`card.unknown-field`, with a pointer); this reads each one's value from the card so the summary can show it.

import type { Finding } from '../../../shared/wire/finding';
import { getAtPointer } from '../../../shared/wire/jsonPointer';

export interface ExtraField {
  pointer: string;
  /** True for a member of the card itself, false for one nested inside a defined field. */
  topLevel: boolean;
  value: unknown;
}

export function extraFields(card: unknown, findings: readonly Finding[]): ExtraField[] {
  const seen = new Set<string>();
  const out: ExtraField[] = [];
  for (const finding of findings) {
    if (finding.rule !== 'card.unknown-field' || finding.pointer === undefined || seen.has(finding.pointer)) {
      continue;
    }
    seen.add(finding.pointer);
    const lookup = getAtPointer(card, finding.pointer);
    out.push({
      pointer: finding.pointer,
      topLevel: finding.pointer.split('/').length === 2,
      value: lookup.found ? lookup.value : undefined,
    });
  }
  // Top-level members first: they are the agent's own additions; nested ones are usually shape mistakes.
  return [...out.filter((f) => f.topLevel), ...out.filter((f) => !f.topLevel)];
}
