// `npm run security:electron`: electronegativity over the built desktop app, compared with the reviewed baseline,
// as a readable report (SECURITY.md). Exits 1 on a finding the baseline does not accept or a stale entry.

import {
  compareWithBaseline,
  describeComparison,
  readBaseline,
  runElectronegativity,
} from '../tests/integration/support/electronegativity';

const findings = runElectronegativity();
const comparison = compareWithBaseline(findings, readBaseline());
for (const f of findings)
  console.log(`${f.check.padEnd(44)} ${f.severity.padEnd(13)} ${f.file.padEnd(10)} ${f.location}`);
console.log(`\n${describeComparison(findings, comparison)}`);
const failed = comparison.unexpected.length + comparison.stale.length + comparison.unreasoned.length > 0;
process.exit(failed ? 1 : 0);
