// The finding a request gets when it lacks an extension the card marks required (CARD-5): worded with the
// generation's header, citing its extensions section; none for 0.1 (no extensions header), a card that is not JSON,
// or a request that asked for every required one.

import { describe, expect, it } from 'vitest';
import { requiredExtensionsFinding } from '../../../../../electron/host/agent/extensionFindings';

const card = JSON.stringify({
  capabilities: {
    extensions: [{ uri: 'urn:a', required: true }, { uri: 'urn:b', required: true }, { uri: 'urn:c' }],
  },
});

describe('requiredExtensionsFinding', () => {
  it("names the missing ones with the generation's header", () => {
    expect(requiredExtensionsFinding(card, '0.3', [['X-A2A-Extensions', 'urn:a']])).toMatchObject({
      rule: 'extensions.required-not-requested',
      severity: 'warning',
      message: expect.stringMatching(
        /^The card marks extension urn:b as required, but the request's X-A2A-Extensions header did not ask for it;/,
      ) as string,
      spec: expect.stringMatching(/^A2A 0\.3 §/) as string,
    });
    expect(requiredExtensionsFinding(card, '1.0', [])?.message).toMatch(
      /^The card marks extensions urn:a, urn:b as required, but the request's A2A-Extensions header did not ask for them;/,
    );
  });

  it('says nothing for 0.1, a card that is not JSON, or a request that asked for all of them', () => {
    expect(requiredExtensionsFinding(card, '0.1', [])).toBeUndefined();
    expect(requiredExtensionsFinding('{', '1.0', [])).toBeUndefined();
    expect(requiredExtensionsFinding(card, '1.0', [['A2A-Extensions', 'urn:b,urn:a']])).toBeUndefined();
  });
});
