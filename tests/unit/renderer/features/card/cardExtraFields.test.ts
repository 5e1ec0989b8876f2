// Extra fields (CARD-5): what the host's check calls `card.unknown-field`, with each value read from the card,
// top-level additions first; never dropped, never duplicated.

import { describe, expect, it } from 'vitest';
import { checkCardText } from '../../../../../electron/host/cardCheck';
import { extraFields } from '../../../../../renderer/features/card/cardExtraFields';
import { parseCard } from '../../../../../renderer/features/card/cardSummary';

describe('extraFields', () => {
  it('shows the fields a 1.0 card adds, with their values, top-level ones first', () => {
    const text = JSON.stringify({
      name: 'A',
      description: 'd',
      version: '1',
      supportedInterfaces: [
        { url: 'http://127.0.0.1:1/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      ],
      capabilities: { streaming: true, colour: 'teal' },
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [],
      'x-owner': { team: 'blue' },
    });
    const { findings } = checkCardText(text);
    expect(extraFields(parseCard(text), findings)).toEqual([
      { pointer: '/x-owner', topLevel: true, value: { team: 'blue' } },
      { pointer: '/capabilities/colour', topLevel: false, value: 'teal' },
    ]);
  });

  it('lists each pointer once, and a field it cannot read with no value', () => {
    const finding = { rule: 'card.unknown-field', severity: 'info' as const, message: 'm', pointer: '/gone' };
    expect(extraFields({}, [finding, finding, { ...finding, rule: 'card.schema', pointer: '/x' }])).toEqual([
      { pointer: '/gone', topLevel: true, value: undefined },
    ]);
  });
});
