// A push config to the user's own URL (PUSH-2): what is sent for each field, the message for each bad value, and the
// limits shown before a call (a card without the push capability, a generation without list or delete).

import { describe, expect, it } from 'vitest';
import type { AgentSummary } from '../../../../../shared/host/agent';
import {
  buildCustomPushConfig,
  EMPTY_CUSTOM_PUSH,
  pushLimits,
  supportsPush,
} from '../../../../../renderer/features/push/customPushConfig';

const fields = (patch: Partial<typeof EMPTY_CUSTOM_PUSH>) => ({ ...EMPTY_CUSTOM_PUSH, ...patch });

describe('buildCustomPushConfig', () => {
  it('sends the URL, token, schemes, credentials and id as typed, leaving empty ones out', () => {
    expect(buildCustomPushConfig(fields({ url: ' https://hooks.example.com/a2a ' }))).toEqual({
      config: { url: 'https://hooks.example.com/a2a' },
    });
    expect(
      buildCustomPushConfig(
        fields({
          url: 'http://127.0.0.1:9000/h',
          token: 'tok-1',
          schemes: 'Bearer, Basic',
          credentials: ' s3cret ',
          id: 'cfg-9',
        }),
      ),
    ).toEqual({
      config: {
        url: 'http://127.0.0.1:9000/h',
        token: 'tok-1',
        authSchemes: ['Bearer', 'Basic'],
        credentials: 's3cret',
        id: 'cfg-9',
      },
    });
  });

  it.each([
    [{ url: '' }, 'must be an absolute http:// or https:// URL, not ""'],
    [{ url: 'example.com/hook' }, 'must be an absolute http:// or https:// URL'],
    [{ url: 'ftp://example.com/hook' }, 'must use http:// or https://, not ftp://'],
    [{ url: 'javascript:alert(1)' }, 'must use http:// or https://'],
    [{ url: 'https://u:p@example.com/' }, 'no user name or password in the webhook URL'],
    [{ url: 'https://e.com/', token: 'a\nb' }, 'The token must be one line.'],
    [
      { url: 'https://e.com/', schemes: 'Bearer', credentials: 'a\r\nX: y' },
      'The credentials must be one line.',
    ],
    [{ url: 'https://e.com/', schemes: 'Be arer' }, '"Be arer" is not an authentication scheme name'],
    [{ url: 'https://e.com/', credentials: 'x' }, 'Credentials need an authentication scheme'],
  ])('refuses %j', (patch, message) => {
    const built = buildCustomPushConfig(fields(patch));
    expect('error' in built && built.error).toContain(message);
  });
});

const agent = (generation: string, binding: string, card: unknown): AgentSummary =>
  ({
    generation,
    cardText: JSON.stringify(card),
    chosen: { generation, binding, bindingWire: binding, url: 'http://a', pointer: '' },
  }) as unknown as AgentSummary;

describe('pushLimits', () => {
  it('says when the card lacks the push capability and when the generation has no list or delete', () => {
    expect(pushLimits(agent('1.0', 'JSONRPC', { capabilities: { pushNotifications: true } }))).toEqual([]);
    expect(pushLimits(agent('1.0', 'JSONRPC', { capabilities: {} }))).toEqual([
      'The card does not declare capabilities.pushNotifications: the agent is likely to refuse push configs.',
    ]);
    const old = agent('0.1', 'JSONRPC', { capabilities: { pushNotifications: true } });
    expect(pushLimits(old)).toEqual(['A2A 0.1 has no list or delete of push configs: only set and get.']);
    expect(supportsPush(old, 'pushConfigGet')).toBe(true);
    expect(supportsPush(old, 'pushConfigDelete')).toBe(false);
    expect(pushLimits({ ...old, cardText: 'not json' })).toHaveLength(2);
  });
});
