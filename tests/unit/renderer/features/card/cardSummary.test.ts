// The card summary (CARD-5) reads every generation's card shape: the recorded well-known cards of the real peers
// (0.1, 0.2, 0.3, 1.0 and the compat server's header-less 0.3 card), plus hand-made cards for extensions, provider
// and strange values. It never throws on something that is not a card.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardSummary, parseCard } from '../../../../../renderer/features/card/cardSummary';

interface WireFixture {
  frames: Array<{ response?: { body?: { text: string } } }>;
}

function recordedCard(peer: string, frame = 0): unknown {
  const fixture = JSON.parse(
    readFileSync(path.resolve(`tests/fixtures/wire/${peer}/well-known-card.json`), 'utf8'),
  ) as WireFixture;
  return parseCard(fixture.frames[frame]?.response?.body?.text ?? '');
}

describe('cardSummary on the peers’ recorded cards', () => {
  it.each([
    ['v0.1', 0, undefined, undefined],
    ['v0.2', 0, '0.2.5', undefined],
    ['v0.3', 0, '0.3.0', 'supportsAuthenticatedExtendedCard'],
    ['v1.0', 0, undefined, 'capabilities.extendedAgentCard'],
    ['v1.0-compat', 1, '0.3', 'supportsAuthenticatedExtendedCard'],
  ] as const)(
    '%s: identity, provider, capabilities, skills and the extended-card offer',
    (peer, frame, pv, offer) => {
      const summary = cardSummary(recordedCard(peer, frame));
      expect(summary.name).toMatch(/^Switchboard test peer/);
      expect(summary.version).toBe('1.0.0');
      expect(summary.protocolVersion).toBe(pv);
      expect(summary.provider?.organization).toBe('Switchboard tests');
      expect(summary.provider?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(summary.capabilities).toContainEqual({ name: 'streaming', on: true });
      expect(summary.skills).toHaveLength(1);
      expect(summary.skills[0]).toMatchObject({
        id: 'echo',
        name: 'Echo and friends',
        tags: ['test', 'echo'],
      });
      expect(summary.skills[0]?.examples).toContain('hello there');
      expect(summary.extendedCard?.field).toBe(offer);
    },
  );

  it('lists a flag stated false (0.1 stateTransitionHistory) as off, not as missing', () => {
    expect(cardSummary(recordedCard('v0.1')).capabilities).toContainEqual({
      name: 'stateTransitionHistory',
      on: false,
    });
  });
});

describe('cardSummary on hand-made cards', () => {
  it('reads extensions with uri, required, description and params', () => {
    const summary = cardSummary({
      name: 'X',
      capabilities: {
        extensions: [
          {
            uri: 'https://example.com/ext/trace',
            required: true,
            description: 'Traces',
            params: { level: 2 },
          },
          { uri: 'urn:optional' },
          'not an object',
        ],
      },
    });
    expect(summary.extensions).toEqual([
      { uri: 'https://example.com/ext/trace', required: true, description: 'Traces', params: { level: 2 } },
      { uri: 'urn:optional', required: false },
    ]);
  });

  it('reads skills’ modes, and leaves out what has the wrong type', () => {
    const summary = cardSummary({
      name: 42,
      provider: { organization: 7 },
      skills: [{ id: 's', inputModes: ['text/plain', 3], examples: ['hi', null], tags: 'x' }, 'junk'],
    });
    expect(summary.name).toBe('Unnamed agent');
    expect(summary.provider).toBeUndefined();
    expect(summary.skills).toEqual([
      { id: 's', name: 's', tags: [], examples: ['hi'], inputModes: ['text/plain'], outputModes: [] },
    ]);
  });

  it('does not offer an extended card the card says is absent', () => {
    expect(cardSummary({ capabilities: { extendedAgentCard: false } }).extendedCard).toBeUndefined();
    expect(cardSummary({ supportsAuthenticatedExtendedCard: 'yes' }).extendedCard).toBeUndefined();
  });

  it('never throws, whatever the value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        expect(typeof cardSummary(value).name).toBe('string');
      }),
    );
    expect(parseCard('{not json')).toBeUndefined();
    expect(cardSummary(parseCard('{not json')).skills).toEqual([]);
  });
});
