// Card schema validation in the host (CARD-4): the right schema per generation, findings at JSON pointers.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseCardSchema, validateCardSchema } from '../../../../electron/host/cardSchema';
import { detectCard, type Detection } from '../../../../shared/a2a/detect';

function examples(): Record<string, unknown> {
  const read = (name: string) =>
    JSON.parse(readFileSync(path.resolve('tests', 'fixtures', 'cards', name), 'utf8')) as Record<
      string,
      unknown
    >;
  return { v03: read('example-0.3.json'), v10: read('example-1.0.json') };
}

function validate(card: unknown) {
  const detection = detectCard(card) as Detection;
  return validateCardSchema(card, detection).map((f) => [f.rule, f.pointer, f.severity]);
}

describe('validateCardSchema', () => {
  it('accepts the example cards', () => {
    const { v03, v10 } = examples();
    expect(validate(v03)).toEqual([]);
    expect(validate(v10)).toEqual([]);
  });

  it('points at a missing required field (its would-be place)', () => {
    const { v03 } = examples();
    const { name: _name, ...nameless } = v03 as Record<string, unknown>;
    expect(validate(nameless)).toContainEqual(['card.schema', '/name', 'error']);
  });

  it('points at a wrong type deep inside', () => {
    const { v10 } = examples() as { v10: { skills: Array<Record<string, unknown>> } };
    const broken = { ...v10, skills: [{ ...v10.skills[0], tags: 'demo' }] };
    expect(validate(broken)).toContainEqual(['card.schema', '/skills/0/tags', 'error']);
  });

  it('an unknown field in a 1.0 card is a warning; a 0.3 field in a superset card is expected', () => {
    const { v10 } = examples() as { v10: Record<string, unknown> };
    expect(validate({ ...v10, vendorThing: 1 })).toContainEqual([
      'card.unknown-field',
      '/vendorThing',
      'warning',
    ]);
    expect(validate({ ...v10, url: 'http://localhost:41241/a2a/jsonrpc' })).toContainEqual([
      'card.superset-field',
      '/url',
      'info',
    ]);
  });

  it('picks the schema of the generation and of the declared 0.2 version', () => {
    expect(chooseCardSchema({ generation: '0.1' }, {}).version).toBe('0.1.0');
    expect(chooseCardSchema({ generation: '0.2' }, { protocolVersion: '0.2.5' }).version).toBe('0.2.5');
    expect(chooseCardSchema({ generation: '0.2' }, {}).version).toBe('0.2.4');
    expect(chooseCardSchema({ generation: '0.2' }, { protocolVersion: '0.2.9' }).version).toBe('0.2.4');
    expect(chooseCardSchema({ generation: '0.3' }, {}).version).toBe('0.3.0');
    expect(chooseCardSchema({ generation: '1.0' }, {}).version).toBe('1.0.1');
  });

  it('validates a 0.1 card against the 0.1 schema', () => {
    const card = {
      name: 'Old',
      url: 'http://127.0.0.1:1/',
      version: '1',
      capabilities: {},
      authentication: { schemes: ['Bearer'] },
      skills: [{ id: 's' }],
    };
    expect(validate(card)).toContainEqual(['card.schema', '/skills/0/name', 'error']);
  });
});
