// Every check the code can report is documented in docs/checks.md: each id of the check catalogue, and each finding
// rule written in the host or shared code as a `rule: '…'` literal, appears there in backticks. A rule added without
// a row fails here rather than reaching users as an unexplained name.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../shared/checks/catalog';

const ROOTS = ['electron', 'shared'];
/** A dotted family.name: a protobuf descriptor's `rule: 'repeated'` is no finding. */
const RULE_LITERAL = /\brule: '([a-z0-9]+\.[a-z0-9.-]+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Rules the code writes on findings, each with the first file that writes it. */
function emittedRules(root: string): Map<string, string> {
  const rules = new Map<string, string>();
  for (const base of ROOTS) {
    for (const file of sourceFiles(path.join(root, base))) {
      for (const match of readFileSync(file, 'utf8').matchAll(RULE_LITERAL)) {
        if (!rules.has(match[1]!)) rules.set(match[1]!, path.relative(root, file));
      }
    }
  }
  return rules;
}

const checksDoc = readFileSync(path.resolve('docs/checks.md'), 'utf8');
const documented = (id: string): boolean => checksDoc.includes(`\`${id}\``);

describe('docs/checks.md', () => {
  it('documents every check of the catalogue', () => {
    expect(CHECKS.map((check) => check.id).filter((id) => !documented(id))).toEqual([]);
  });

  it('documents every finding rule the code emits', () => {
    const rules = emittedRules(process.cwd());
    // The scan must see the rules it is meant to guard, or an empty scan would pass.
    expect(rules.get('sse.unexpected-stream')).toBe(
      path.join('electron', 'host', 'agent', 'operationExchange.ts'),
    );
    expect(rules.size).toBeGreaterThan(20);
    const missing = [...rules]
      .filter(([rule]) => !documented(rule))
      .map(([rule, file]) => `${rule} (${file})`);
    expect(missing).toEqual([]);
  });
});
