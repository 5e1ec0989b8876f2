// Fuzzing the card validator (SEC-3): every peer's card, mutated, and text that is barely JSON, through the whole
// check the card view runs (parse, detection, schema, lint). It answers with findings, each placed in the text
// when it points into the card, and never throws.

import fc from 'fast-check';
import { checkCardText } from '../../../electron/host/cardCheck';
import { expectFindings, expectPortable } from './findings';
import { fuzz } from './fuzzKit';
import { jsonText } from './jsonMutations';
import { cardSeeds } from './seeds';

const cardUrl = fc.constantFrom(
  undefined,
  'http://127.0.0.1:9/.well-known/agent-card.json',
  'http://127.0.0.1:9/.well-known/agent.json',
  'https://example.com/agent.json',
);

fuzz('agent cards', fc.tuple(jsonText(cardSeeds()), cardUrl), ([text, url]) => {
  const check = checkCardText(text, url ? { cardUrl: url } : {});
  expectFindings(check.findings);
  for (const finding of check.findings) {
    if (finding.line !== undefined && !(finding.line >= 1 && (finding.column ?? 1) >= 1))
      throw new Error(`finding ${finding.rule} placed at line ${finding.line}, column ${finding.column}`);
  }
  expectPortable(check.findings);
  expectPortable(check.detection ?? null);
});
