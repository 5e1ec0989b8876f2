// NET-1 in the settings dialog: the Connection fields as strings, and the settings they make.

import { describe, expect, it } from 'vitest';
import {
  connectionDraft,
  connectionFromDraft,
} from '../../../../../renderer/features/agents/connectionDraft';
import { SECRET_PLACEHOLDER } from '../../../../../shared/host/agent';

describe('the Connection fields', () => {
  it('start empty, and empty fields make no settings', () => {
    const draft = connectionDraft(undefined);
    expect(Object.values(draft).every((value) => value === '')).toBe(true);
    expect(connectionFromDraft(draft)).toEqual({});
  });

  it('round-trip the settings, the passphrase placeholder included, trimming all but the passphrase', () => {
    const settings = { pfx: 'client.p12', passphrase: SECRET_PLACEHOLDER, proxy: 'none' };
    expect(connectionFromDraft(connectionDraft(settings))).toEqual(settings);
    const typed = { ...connectionDraft(undefined), ca: '  ca.pem ', passphrase: ' spaced ' };
    expect(connectionFromDraft(typed)).toEqual({ ca: 'ca.pem', passphrase: ' spaced ' });
  });
});
