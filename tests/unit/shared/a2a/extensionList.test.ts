// Extensions on the wire and on the card (CARD-5, WIRE-4): header lists in both spellings and repeated lines, the
// card's declared extensions with their required flags, required ones a request lacked, and echoes nobody asked for.

import { describe, expect, it } from 'vitest';
import {
  declaredExtensions,
  extensionUris,
  missingRequired,
  unaskedEchoes,
} from '../../../../shared/a2a/extensionList';

const card = {
  capabilities: {
    extensions: [
      { uri: 'urn:a', required: true },
      { uri: 'urn:b' },
      { uri: 'urn:c', required: 'yes' },
      { required: true },
      'urn:d',
      null,
    ],
  },
};

describe('extensionUris', () => {
  it('reads comma lists, both spellings and repeated lines, each URI once', () => {
    expect(extensionUris([['A2A-Extensions', ' urn:a, urn:b ,,urn:a']])).toEqual(['urn:a', 'urn:b']);
    expect(
      extensionUris([
        ['x-a2a-extensions', 'urn:a'],
        ['Content-Type', 'application/json'],
        ['X-A2A-Extensions', 'urn:c'],
      ]),
    ).toEqual(['urn:a', 'urn:c']);
    expect(extensionUris([['A2A-Extensions', '']])).toEqual([]);
    expect(extensionUris([['Content-Type', 'application/json']])).toBeUndefined();
  });
});

describe('declaredExtensions and missingRequired', () => {
  it('keeps entries with a uri; only `required: true` is required', () => {
    expect(declaredExtensions(card)).toEqual([
      { uri: 'urn:a', required: true },
      { uri: 'urn:b', required: false },
      { uri: 'urn:c', required: false },
    ]);
    for (const odd of [null, 'card', {}, { capabilities: null }, { capabilities: { extensions: {} } }])
      expect(declaredExtensions(odd)).toEqual([]);
  });

  it('names the required extensions a request did not ask for', () => {
    expect(missingRequired(card, [])).toEqual(['urn:a']);
    expect(missingRequired(card, [['A2A-Extensions', 'urn:b']])).toEqual(['urn:a']);
    expect(missingRequired(card, [['X-A2A-Extensions', 'urn:b, urn:a']])).toEqual([]);
  });
});

describe('unaskedEchoes', () => {
  it('names what the answer activated beyond what was asked', () => {
    expect(unaskedEchoes([['A2A-Extensions', 'urn:a']], [['A2A-Extensions', 'urn:a, urn:z']])).toEqual([
      'urn:z',
    ]);
    expect(unaskedEchoes([], [['A2A-Extensions', 'urn:z']])).toEqual(['urn:z']);
    expect(unaskedEchoes([['A2A-Extensions', 'urn:a, urn:b']], [['A2A-Extensions', 'urn:b']])).toEqual([]);
    expect(unaskedEchoes([['A2A-Extensions', 'urn:a']], [])).toEqual([]);
  });
});
