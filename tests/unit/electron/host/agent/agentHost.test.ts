// Pure parts of the host's agent client: where discovery looks, how credentials are placed and marked, which origins
// need consent, and how settings keep secrets in the host.

import { describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER } from '../../../../../shared/host/agent';
import {
  DEFAULT_AGENT_SETTINGS,
  hideSecrets,
  mergeSettings,
} from '../../../../../electron/host/agent/agentSettings';
import { applyCredentials, originNeedingConsent } from '../../../../../electron/host/agent/credentials';
import { cardCandidates, givenCardUrl, looksLikeCard } from '../../../../../electron/host/agent/discovery';

describe('cardCandidates', () => {
  it('tries agent-card.json, then agent.json, then the root, then a custom path', () => {
    expect(cardCandidates('http://127.0.0.1:9/agents/a/', 'cards/me.json')).toEqual([
      'http://127.0.0.1:9/agents/a/.well-known/agent-card.json',
      'http://127.0.0.1:9/agents/a/.well-known/agent.json',
      'http://127.0.0.1:9/.well-known/agent-card.json',
      'http://127.0.0.1:9/.well-known/agent.json',
      'http://127.0.0.1:9/agents/a/cards/me.json',
    ]);
    expect(cardCandidates('http://127.0.0.1:9')).toEqual([
      'http://127.0.0.1:9/.well-known/agent-card.json',
      'http://127.0.0.1:9/.well-known/agent.json',
    ]);
  });

  it('takes a card URL as it is', () => {
    expect(cardCandidates('https://a.example/x/card.json')).toEqual(['https://a.example/x/card.json']);
    expect(cardCandidates('https://a.example/.well-known/agent.json')).toEqual([
      'https://a.example/.well-known/agent.json',
    ]);
  });

  it('explains a bad address', () => {
    expect(cardCandidates('not a url')).toEqual({
      error: '"not a url" is not a URL. Enter an agent\'s base URL or its card\'s URL (http://…).',
    });
    expect(cardCandidates('ftp://a.example/')).toEqual({
      error: 'Agents are reached over http: or https:, not ftp:',
    });
  });
});

describe('givenCardUrl and looksLikeCard (a card decided by content)', () => {
  it('tries a URL with a path or a query as it is, but not a bare origin or a named card file', () => {
    expect(givenCardUrl('http://127.0.0.1:9/cards/my-agent')).toBe('http://127.0.0.1:9/cards/my-agent');
    expect(givenCardUrl(' http://127.0.0.1:9/agent-card?v=2 ')).toBe('http://127.0.0.1:9/agent-card?v=2');
    expect(givenCardUrl('http://127.0.0.1:9/?card=1')).toBe('http://127.0.0.1:9/?card=1');
    expect(givenCardUrl('http://127.0.0.1:9')).toBeUndefined();
    expect(givenCardUrl('http://127.0.0.1:9///')).toBeUndefined();
    expect(givenCardUrl('http://127.0.0.1:9/x/card.json')).toBeUndefined();
    expect(givenCardUrl('http://127.0.0.1:9/.well-known/agent.json')).toBeUndefined();
    expect(givenCardUrl('not a url')).toBeUndefined();
    expect(givenCardUrl('ftp://a.example/card')).toBeUndefined();
  });

  it('needs a name and an endpoint, interfaces or skills', () => {
    expect(looksLikeCard({ name: 'a', url: 'http://a' })).toBe(true);
    expect(looksLikeCard({ name: 'a', supportedInterfaces: [] })).toBe(true);
    expect(looksLikeCard({ name: 'a', skills: [] })).toBe(true);
    expect(looksLikeCard({ name: 'a' })).toBe(false);
    expect(looksLikeCard({ name: ' ', url: 'http://a' })).toBe(false);
    expect(looksLikeCard({ url: 'http://a', skills: [] })).toBe(false);
    expect(looksLikeCard({ jsonrpc: '2.0', error: { code: -32601 } })).toBe(false);
  });
});

describe('applyCredentials', () => {
  const base = 'http://127.0.0.1:9/rpc?x=1';
  it('puts each scheme where it belongs and marks it', () => {
    expect(
      applyCredentials(base, [['Accept', 'application/json']], { type: 'bearer', token: 't' }, []),
    ).toEqual({
      url: base,
      headers: [
        ['Accept', 'application/json'],
        ['Authorization', 'Bearer t'],
      ],
      secrets: [{ in: 'request-header', name: 'Authorization' }],
    });
    expect(
      applyCredentials(base, [], { type: 'apiKey', location: 'query', name: 'k', value: 'v w' }, []),
    ).toEqual({
      url: 'http://127.0.0.1:9/rpc?x=1&k=v+w',
      headers: [],
      secrets: [{ in: 'query', name: 'k' }],
    });
    expect(
      applyCredentials(base, [], { type: 'apiKey', location: 'cookie', name: 's', value: 'v' }, [
        { name: 'Cookie', value: 'theme=dark' },
      ]).headers,
    ).toEqual([['Cookie', 'theme=dark; s=v']]);
    expect(applyCredentials(base, [], { type: 'basic', username: 'ü', password: 'a:b' }, []).headers).toEqual(
      [['Authorization', `Basic ${Buffer.from('ü:a:b', 'utf8').toString('base64')}`]],
    );
  });

  it('lets the auth header win over a custom header of the same name', () => {
    const out = applyCredentials(base, [], { type: 'bearer', token: 't' }, [
      { name: 'authorization', value: 'x' },
    ]);
    expect(out.headers).toEqual([['Authorization', 'Bearer t']]);
  });
});

describe('originNeedingConsent', () => {
  it('allows the agent origin and trusted ones only', () => {
    const agent = 'http://127.0.0.1:9';
    expect(originNeedingConsent('http://127.0.0.1:9/rpc', agent, [])).toBeUndefined();
    expect(originNeedingConsent('http://localhost:9/rpc', agent, [])).toBe('http://localhost:9');
    expect(originNeedingConsent('https://127.0.0.1:9/rpc', agent, [])).toBe('https://127.0.0.1:9');
    expect(originNeedingConsent('http://localhost:9/rpc', agent, ['http://localhost:9'])).toBeUndefined();
  });
});

describe('agent settings', () => {
  it('hides secrets and keeps them when the placeholder comes back', () => {
    const settings = mergeSettings(DEFAULT_AGENT_SETTINGS, {
      auth: { type: 'basic', username: 'u', password: 'p' },
      headers: [{ name: 'X-Key', value: 'k', secret: true }],
    });
    const hidden = hideSecrets(settings);
    expect(hidden.auth).toEqual({ type: 'basic', username: 'u', password: SECRET_PLACEHOLDER });
    expect(hidden.headers).toEqual([{ name: 'X-Key', value: SECRET_PLACEHOLDER, secret: true }]);
    const back = mergeSettings(settings, { auth: hidden.auth, headers: hidden.headers });
    expect(back.auth).toEqual({ type: 'basic', username: 'u', password: 'p' });
    expect(back.headers).toEqual([{ name: 'X-Key', value: 'k', secret: true }]);
    // A different scheme takes the value as given.
    expect(mergeSettings(settings, { auth: { type: 'bearer', token: SECRET_PLACEHOLDER } }).auth).toEqual({
      type: 'bearer',
      token: SECRET_PLACEHOLDER,
    });
  });

  it('merges timeouts and limits field by field', () => {
    const next = mergeSettings(DEFAULT_AGENT_SETTINGS, { timeouts: { idleMs: 5 } });
    expect(next.timeouts).toEqual({ ...DEFAULT_AGENT_SETTINGS.timeouts, idleMs: 5 });
  });
});
