// The token panel's countdown and refresh wording (AUTH-3), and the token masking and kind labels it shows.

import { describe, expect, it } from 'vitest';
import { maskToken, TOKEN_KIND_LABELS, tokenKindOf } from '../../../../../shared/host/tokens';
import { oauthStepLabel } from '../../../../../shared/wire/oauthStep';
import { expiryText, formatDuration, refreshedText } from '../../../../../renderer/features/agents/tokenTime';

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [999, '0s'],
    [12_000, '12s'],
    [60_000, '1m 00s'],
    [249_000, '4m 09s'],
    [3_600_000, '1h 00m'],
    [3_599_000, '59m 59s'],
    [3_900_000, '1h 05m'],
    [86_400_000 * 2 + 3 * 3_600_000, '2d 03h'],
    [-5_000, '0s'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('expiryText', () => {
  const now = 1_000_000_000;
  it('counts down to the expiry', () => {
    expect(expiryText(now + 3_600_000, now)).toBe('expires in 1h 00m');
    expect(expiryText(now + 3_599_000, now)).toBe('expires in 59m 59s');
    expect(expiryText(now + 1_000, now)).toBe('expires in 1s');
  });
  it('says how long ago it lapsed', () => {
    expect(expiryText(now, now)).toBe('expired 0s ago');
    expect(expiryText(now - 75_000, now)).toBe('expired 1m 15s ago');
  });
  it('says when the server stated no lifetime', () => {
    expect(expiryText(undefined, now)).toBe('no stated expiry: used until the agent refuses it');
  });
});

describe('refreshedText', () => {
  it('says never, or how long ago', () => {
    expect(refreshedText(undefined, 5)).toBe('never (this is the first token)');
    expect(refreshedText(1_000, 250_000)).toBe('4m 09s ago');
    // A clock a little behind the host's does not show a negative time.
    expect(refreshedText(2_000, 1_000)).toBe('0s ago');
  });
});

describe('maskToken', () => {
  it('keeps the last four characters of a long token only', () => {
    expect(maskToken('abcdefghijklmnop-WXYZ')).toBe('••••••WXYZ');
    expect(maskToken('short-token')).toBe('••••••');
    expect(maskToken('')).toBe('••••••');
  });
});

describe('token kinds and frame tags', () => {
  it('names every kind of credential', () => {
    expect(TOKEN_KIND_LABELS[tokenKindOf({ type: 'bearer', token: 'x' })]).toBe('Static bearer token');
    expect(
      TOKEN_KIND_LABELS[
        tokenKindOf({ type: 'oauth2-client-credentials', tokenUrl: 'u', clientId: 'c', clientSecret: '' })
      ],
    ).toBe('Bearer from OAuth client credentials');
    expect(tokenKindOf({ type: 'apiKey', location: 'header', name: 'X', value: 'v' })).toBe('api-key');
    expect(tokenKindOf({ type: 'none' })).toBe('none');
  });
  it('tags OAuth frames by their source, and nothing else', () => {
    expect(oauthStepLabel('oauth:refresh')).toBe('token refresh');
    expect(oauthStepLabel('oauth:revoke')).toBe('token revocation');
    expect(oauthStepLabel('agent:send')).toBeUndefined();
    expect(oauthStepLabel('constructor')).toBeUndefined();
  });
});
