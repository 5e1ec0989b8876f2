// checkCardText: findings of every kind on a card's text, placed at the line and column an editor marks.

import { describe, expect, it } from 'vitest';
import { checkCardText } from '../../../../electron/host/cardCheck';

const card = `{
  "protocolVersion": "0.3.0",
  "name": "Echo",
  "description": "echoes",
  "url": "http://127.0.0.1:41241/a2a/jsonrpc",
  "version": "1.0.0",
  "capabilities": { "streaming": true },
  "security": [{ "missing": [] }],
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{ "id": "echo", "name": 42, "description": "d", "tags": [] }],
  "vendorField": true
}`;

describe('checkCardText', () => {
  it('detects, validates and lints, each finding at its line and column', () => {
    const result = checkCardText(card, { cardUrl: 'http://127.0.0.1:41241/.well-known/agent-card.json' });
    expect(result.detection?.generation).toBe('0.3');
    const placed = result.findings.map((f) => [f.rule, f.pointer, f.line, f.column]);
    expect(placed).toContainEqual(['card.schema', '/skills/0/name', 11, 38]);
    expect(placed).toContainEqual(['card.undefined-scheme', '/security/0/missing', 8, 18]);
    expect(placed).toContainEqual(['card.unknown-field', '/vendorField', 12, 3]);
  });

  it('a missing field is marked at its parent', () => {
    const result = checkCardText(card.replace('"name": "Echo",\n', ''));
    const missing = result.findings.find((f) => f.rule === 'card.schema' && f.pointer === '/name');
    expect([missing?.line, missing?.column]).toEqual([1, 1]);
  });

  it('text that is not JSON says where', () => {
    const result = checkCardText('{\n  "name": "x",\n  oops\n}');
    expect(result.card).toBeUndefined();
    expect(result.findings[0]).toMatchObject({ rule: 'json.invalid', line: 3, column: 3 });
    expect(result.findings[0]?.message).toMatch(/^Invalid JSON at line 3, column 3/);
  });

  it('JSON that is not a card says so', () => {
    expect(checkCardText('[1]').findings).toMatchObject([{ rule: 'card.not-a-card', severity: 'error' }]);
  });
});
