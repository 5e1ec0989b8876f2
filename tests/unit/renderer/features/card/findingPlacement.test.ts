// Placing card findings in the text the editor shows (CARD-4). In the exact text a finding lands where the host put
// it; in the pretty-printed text it lands where the host would have put it had the agent sent that text (checked
// against the real host check on the pretty text); ranges never span lines; what cannot be placed is still listed.

import { describe, expect, it } from 'vitest';
import { checkCardText } from '../../../../../electron/host/cardCheck';
import {
  markersOf,
  placeFindings,
  prefersPretty,
  prettyCardText,
} from '../../../../../renderer/features/card/findingPlacement';

const BROKEN = [
  '{',
  '  "name": "Broken agent",',
  '  "description": "A 1.0 card broken on purpose",',
  '  "version": "1.0.0",',
  '  "supportedInterfaces": [',
  '    { "url": "not a url", "protocolBinding": "JSONRPC", "protocolVersion": "1.0" }',
  '  ],',
  '  "capabilities": { "streaming": "yes" },',
  '  "securityRequirements": [{ "schemes": { "oauth": { "list": [] } } }],',
  '  "defaultInputModes": ["text/plain"],',
  '  "defaultOutputModes": ["text/plain"],',
  '  "skills": [],',
  '  "favouriteColour": "teal"',
  '}',
].join('\n');
const CARD_URL = 'http://127.0.0.1:1/.well-known/agent-card.json';

const key = (f: { rule: string; pointer?: string }) => `${f.rule} ${f.pointer ?? ''}`;

describe('placeFindings', () => {
  it('keeps the host’s positions in the exact text', () => {
    const { findings } = checkCardText(BROKEN, { cardUrl: CARD_URL });
    expect(findings.map((f) => f.line).sort()).toEqual([13, 6, 8, 9].sort());
    const placed = placeFindings(findings, BROKEN, BROKEN);
    for (const { finding, range } of placed) {
      expect(range).toMatchObject({
        startLine: finding.line,
        startColumn: finding.column,
        endLine: finding.line,
      });
    }
  });

  it('places findings in the pretty text where the host would place them there', () => {
    const minified = JSON.stringify(JSON.parse(BROKEN));
    const pretty = prettyCardText(minified)!;
    const fromMinified = checkCardText(minified, { cardUrl: CARD_URL }).findings;
    const fromPretty = new Map(checkCardText(pretty, { cardUrl: CARD_URL }).findings.map((f) => [key(f), f]));
    expect(fromMinified.every((f) => f.line === 1)).toBe(true);
    const placed = placeFindings(fromMinified, minified, pretty);
    expect(placed).toHaveLength(fromPretty.size);
    for (const { finding, range } of placed) {
      const there = fromPretty.get(key(finding))!;
      expect(range, key(finding)).toMatchObject({ startLine: there.line, startColumn: there.column });
    }
  });

  it('cuts a range that spans lines to its first line', () => {
    const text = '{\n  "capabilities": {\n    "streaming": true\n  }\n}';
    const [placed] = placeFindings(
      [
        {
          rule: 'r',
          severity: 'error',
          message: 'm',
          pointer: '/capabilities',
          line: 2,
          column: 19,
          offset: 20,
        },
      ],
      text,
      text,
    );
    expect(placed?.range).toEqual({ startLine: 2, startColumn: 19, endLine: 2, endColumn: 20 });
  });

  it('marks a member’s name when the host marked the name, its value otherwise', () => {
    const text = '{"a": {"b": 1}}';
    const pretty = prettyCardText(text)!;
    const onName = {
      rule: 'card.unknown-field',
      severity: 'info' as const,
      message: 'm',
      pointer: '/a/b',
      offset: 7,
    };
    const onValue = { ...onName, rule: 'card.schema', offset: 12 };
    const [name, value] = placeFindings([onName, onValue], text, pretty);
    expect(pretty.split('\n')[2]).toBe('    "b": 1');
    expect(name?.range).toEqual({ startLine: 3, startColumn: 5, endLine: 3, endColumn: 8 });
    expect(value?.range).toEqual({ startLine: 3, startColumn: 10, endLine: 3, endColumn: 11 });
  });

  it('keeps the position of a finding on text that is not JSON, and lists findings it cannot place', () => {
    const text = '{\n  "name": ,\n}';
    const { findings } = checkCardText(text);
    expect(findings[0]?.rule).toBe('json.invalid');
    const placed = placeFindings(findings, text, text);
    expect(placed[0]?.range?.startLine).toBe(2);
    expect(markersOf(placed)).toHaveLength(1);

    const unplaced = placeFindings([{ rule: 'x', severity: 'warning', message: 'no place' }], '{}', '{}');
    expect(unplaced).toEqual([{ finding: { rule: 'x', severity: 'warning', message: 'no place' } }]);
    expect(markersOf(unplaced)).toEqual([]);
  });

  it('turns placed findings into markers with severity, message and rule', () => {
    const { findings } = checkCardText(BROKEN, { cardUrl: CARD_URL });
    const markers = markersOf(placeFindings(findings, BROKEN, BROKEN));
    expect(markers.find((m) => m.code === 'card.unknown-field')).toMatchObject({
      severity: 'info',
      startLine: 13,
      startColumn: 3,
      endLine: 13,
      endColumn: 20,
    });
  });
});

describe('prefersPretty', () => {
  it('prefers the pretty view for a long one-line card, not for an indented one or for non-JSON', () => {
    const oneLine = JSON.stringify(JSON.parse(BROKEN));
    expect(prefersPretty(oneLine)).toBe(true);
    expect(prefersPretty(BROKEN)).toBe(false);
    expect(prefersPretty(`${oneLine.slice(0, -1)}`)).toBe(false);
    expect(prefersPretty('{}')).toBe(false);
  });
});
