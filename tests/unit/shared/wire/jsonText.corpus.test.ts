// JSONTestSuite (nst/JSONTestSuite, vendored in vendor/json-test-suite) through decodeJsonBytes + parseJsonText:
// y_ files must give exactly what JSON.parse gives, n_ files a positioned finding, i_ files either; none may throw.
// Each file runs inside vm with a timeout, which interrupts even a synchronous endless loop, so a hang fails that
// file's test instead of stalling the run (a guard, not a speed measurement: docs/architecture.md#tests).

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  decodeJsonBytes,
  parseJsonText,
  positionAt,
  type DecodedJsonText,
  type JsonParseResult,
} from '../../../../shared/wire/jsonText';

const corpus = path.resolve('vendor', 'json-test-suite', 'test_parsing');
const files = readdirSync(corpus)
  .filter((name) => name.endsWith('.json'))
  .sort();
const byPrefix = (prefix: string) => files.filter((name) => name.startsWith(prefix));
const hangLimitMs = 5_000;

interface Outcome {
  bytes: Uint8Array;
  decoded: DecodedJsonText;
  parsed: JsonParseResult;
}

function run(name: string): Outcome {
  const bytes = new Uint8Array(readFileSync(path.join(corpus, name)));
  const work = (): Outcome => {
    const decoded = decodeJsonBytes(bytes);
    return { bytes, decoded, parsed: parseJsonText(decoded.text) };
  };
  return vm.runInNewContext('work()', { work }, { timeout: hangLimitMs }) as Outcome;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Whatever happened, the UTF-8 finding must match the bytes, and every finding with a line must have a column. */
function expectConsistentFindings({ bytes, decoded, parsed }: Outcome): void {
  const utf8 = decoded.findings.filter((f) => f.rule === 'json.invalid-utf8');
  expect(utf8).toHaveLength(isValidUtf8(bytes) ? 0 : 1);
  for (const finding of utf8) expect(finding.offset).toBeGreaterThanOrEqual(0);
  for (const finding of [...decoded.findings, ...parsed.findings]) {
    expect(finding.message.length).toBeGreaterThan(0);
    if (finding.line !== undefined) expect(finding.column).toBeGreaterThanOrEqual(1);
  }
}

describe('JSONTestSuite corpus', () => {
  it('is where the tests expect it', () => {
    expect(byPrefix('y_').length).toBeGreaterThan(90);
    expect(byPrefix('n_').length).toBeGreaterThan(180);
    expect(byPrefix('i_').length).toBeGreaterThan(30);
  });

  it.each(byPrefix('y_'))('accepts %s exactly as JSON.parse does', (name) => {
    const outcome = run(name);
    const { decoded, parsed } = outcome;
    expectConsistentFindings(outcome);
    expect(parsed.ok, parsed.ok ? '' : parsed.finding.message).toBe(true);
    if (!parsed.ok) return;
    const expected: unknown = JSON.parse(decoded.text);
    // toStrictEqual compares numbers with Object.is (so -0 ≠ 0); the key order must match too.
    expect(parsed.value).toStrictEqual(expected);
    expect(JSON.stringify(parsed.value)).toBe(JSON.stringify(expected));
    expect(parsed.locate('').exact).toBe(true);
  });

  it.each(byPrefix('n_'))('rejects %s with a positioned finding', (name) => {
    const outcome = run(name);
    const { decoded, parsed } = outcome;
    expectConsistentFindings(outcome);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const { finding } = parsed;
    expect(['json.invalid', 'json.too-deep']).toContain(finding.rule);
    expect(finding.severity).toBe('error');
    expect(finding.line).toBeGreaterThanOrEqual(1);
    expect(finding.column).toBeGreaterThanOrEqual(1);
    expect(positionAt(decoded.text, finding.offset ?? -1)).toEqual({
      line: finding.line,
      column: finding.column,
      offset: finding.offset,
    });
    const match = /^Invalid JSON at line (\d+), column (\d+): \S/.exec(finding.message);
    if (finding.rule === 'json.invalid') {
      expect(match, finding.message).not.toBeNull();
      expect(Number(match?.[1])).toBe(finding.line);
      expect(Number(match?.[2])).toBe(finding.column);
    } else {
      expect(finding.message).toMatch(
        /^JSON nested too deeply at line \d+, column \d+: more than 1000 levels/,
      );
    }
    expect(parsed.findings).toContain(finding);
  });

  it.each(byPrefix('i_'))('returns either way for %s', (name) => {
    const outcome = run(name);
    expectConsistentFindings(outcome);
    const { decoded, parsed } = outcome;
    if (parsed.ok) expect(parsed.value).toStrictEqual(JSON.parse(decoded.text));
    else expect(parsed.finding.line).toBeGreaterThanOrEqual(1);
  });
});
