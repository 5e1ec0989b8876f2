// Credentials end to end (AUTH-1, AUTH-2, AUTH-3, AUTH-5): each scheme the auth peer's cards declare is offered,
// set, and reaches an SDK 1.3.0 agent that checks it; OAuth 2 client credentials against a token endpoint started
// here, with the token request recorded and its expiry handled; and nothing goes to another origin unasked.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER, type AgentAuth } from '../../shared/host/agent';
import type { SecretMark } from '../../shared/wire/frame';
import { AUTH_PEER, startAuthPeer, type AuthAgentName, type AuthPeerHandle } from '../peers/authPeer';
import { startTokenEndpoint, type TokenEndpointHandle } from '../peers/tokenEndpoint';
import { expectStatus, recordingHost } from './support/recordingHost';

const recording = recordingHost();
const { host } = recording;
const CLIENT = { clientId: 'switchboard-client', clientSecret: 'client secret+/:42' };
let peer: AuthPeerHandle;
let tokens: TokenEndpointHandle;

beforeAll(async () => {
  tokens = await startTokenEndpoint({ ...CLIENT, expiresInSeconds: 3600 });
  peer = await startAuthPeer({ tokenEndpoint: tokens });
});
afterAll(async () => {
  await peer.close();
  await tokens.close();
});

const hello = { message: { parts: [{ kind: 'text' as const, text: 'hello' }] }, blocking: true };

async function open(
  name: AuthAgentName,
  auth?: AgentAuth,
  headers?: Array<{ name: string; value: string; secret?: boolean }>,
) {
  const result = await host.openAgent({
    url: peer.agentUrl(name),
    settings: { ...(auth ? { auth } : {}), ...(headers ? { headers } : {}) },
  });
  if (!result.ok) throw new Error(result.message);
  return result.agent;
}

/** The auth with its secret emptied: what an offer from the card looks like. */
function blankSecrets(auth: AgentAuth): AgentAuth {
  switch (auth.type) {
    case 'apiKey':
      return { ...auth, value: '' };
    case 'bearer':
      return { ...auth, token: '' };
    case 'basic':
      return { ...auth, username: '', password: '' };
    case 'oauth2-client-credentials':
    case 'oauth2-authorization-code':
      return { ...auth, clientId: '', clientSecret: '' };
    case 'none':
      return auth;
  }
}

const schemeCases: Array<{
  name: AuthAgentName;
  offered: Record<string, unknown>;
  auth: AgentAuth;
  mark: SecretMark;
  onWire: (url: string, headers: Array<[string, string]>) => boolean;
}> = [
  {
    name: 'apikey-header',
    offered: { kind: 'apiKey', location: 'header', paramName: 'X-API-Key' },
    auth: { type: 'apiKey', location: 'header', name: 'X-API-Key', value: AUTH_PEER.apiKey },
    mark: { in: 'request-header', name: 'X-API-Key' },
    onWire: (_, headers) => headers.some(([n, v]) => n === 'X-API-Key' && v === AUTH_PEER.apiKey),
  },
  {
    name: 'apikey-query',
    offered: { kind: 'apiKey', location: 'query', paramName: 'api_key' },
    auth: { type: 'apiKey', location: 'query', name: 'api_key', value: AUTH_PEER.apiKey },
    mark: { in: 'query', name: 'api_key' },
    onWire: (url) => new URL(url).searchParams.get('api_key') === AUTH_PEER.apiKey,
  },
  {
    name: 'apikey-cookie',
    offered: { kind: 'apiKey', location: 'cookie', paramName: 'session' },
    auth: { type: 'apiKey', location: 'cookie', name: 'session', value: AUTH_PEER.apiKey },
    mark: { in: 'cookie', name: 'session' },
    onWire: (_, headers) => headers.some(([n, v]) => n === 'Cookie' && v === `session=${AUTH_PEER.apiKey}`),
  },
  {
    name: 'bearer',
    offered: { kind: 'http', scheme: 'bearer' },
    auth: { type: 'bearer', token: AUTH_PEER.bearerToken },
    mark: { in: 'request-header', name: 'Authorization' },
    onWire: (_, headers) =>
      headers.some(([n, v]) => n === 'Authorization' && v === `Bearer ${AUTH_PEER.bearerToken}`),
  },
  {
    name: 'basic',
    offered: { kind: 'http', scheme: 'basic' },
    auth: { type: 'basic', username: AUTH_PEER.basicUser, password: AUTH_PEER.basicPassword },
    mark: { in: 'request-header', name: 'Authorization' },
    onWire: (_, headers) =>
      headers.some(
        ([n, v]) =>
          n === 'Authorization' &&
          v ===
            `Basic ${Buffer.from(`${AUTH_PEER.basicUser}:${AUTH_PEER.basicPassword}`).toString('base64')}`,
      ),
  },
];

describe('each scheme the card declares is offered and reaches an agent that checks it', () => {
  for (const scheme of schemeCases) {
    it(scheme.name, async () => {
      const bare = await open(scheme.name);
      expect(bare.securitySchemes).toHaveLength(1);
      expect(bare.securitySchemes[0]).toMatchObject(scheme.offered);
      expect(bare.securityRequirements).toEqual([[bare.securitySchemes[0]!.name]]);

      const refused = await host.runOperation({ agentId: bare.id, operation: 'send', input: hello });
      expectStatus(refused, 'invalid');
      expect(refused.message).toMatch(
        /^HTTP 401 Unauthorized \(application\/json\): \{"error":"unauthorized"/,
      );

      // The card's scheme is offered as an auth with only the secret left to fill in.
      const offer = bare.authOffers[0]!;
      expect(offer.scheme).toBe(bare.securitySchemes[0]!.name);
      expect(offer.auth).toEqual(blankSecrets(scheme.auth));
      const agent = await open(scheme.name, scheme.auth);
      const outcome = await host.runOperation({ agentId: agent.id, operation: 'send', input: hello });
      expectStatus(outcome, 'result');
      await recording.flush();
      const frame = recording.http(outcome.exchangeId!);
      expect(scheme.onWire(frame.request.url, frame.request.headers)).toBe(true);
      expect(frame.secrets).toEqual([scheme.mark]);
      expect(peer.requests.at(-1)).toMatchObject({ agent: scheme.name, authorized: true });
    });
  }

  it('custom headers, a secret one marked', async () => {
    const agent = await open('custom-header', undefined, [
      { name: 'X-Switchboard-Custom', value: AUTH_PEER.customHeaderValue, secret: true },
      { name: 'X-Trace', value: 'visible' },
    ]);
    const outcome = await host.runOperation({ agentId: agent.id, operation: 'send', input: hello });
    expectStatus(outcome, 'result');
    await recording.flush();
    // Custom headers also go with the card request, marked there too.
    expect(recording.http(agent.cardFrameId!).secrets).toEqual([
      { in: 'request-header', name: 'X-Switchboard-Custom' },
    ]);
    const frame = recording.http(outcome.exchangeId!);
    expect(frame.request.headers).toContainEqual(['X-Trace', 'visible']);
    expect(frame.secrets).toEqual([{ in: 'request-header', name: 'X-Switchboard-Custom' }]);
    expect(agent.settings.headers).toEqual([
      { name: 'X-Switchboard-Custom', value: SECRET_PLACEHOLDER, secret: true },
      { name: 'X-Trace', value: 'visible' },
    ]);
  });

  it('settings come back with secrets hidden, and the placeholder keeps the stored secret', async () => {
    const agent = await open('bearer', { type: 'bearer', token: AUTH_PEER.bearerToken });
    expect(agent.settings.auth).toEqual({ type: 'bearer', token: SECRET_PLACEHOLDER });
    const same = await host.configureAgent({ agentId: agent.id, settings: { auth: agent.settings.auth } });
    expect(same.settings.auth).toEqual({ type: 'bearer', token: SECRET_PLACEHOLDER });
    expectStatus(await host.runOperation({ agentId: agent.id, operation: 'send', input: hello }), 'result');
  });
});

describe('a file body typed in the editor goes out with the agent’s credentials (MSG-8)', () => {
  it('sends the exact bytes of a file that is not text, authorized, and records them', async () => {
    const agent = await open('bearer', { type: 'bearer', token: AUTH_PEER.bearerToken });
    const bytes = Buffer.from([0x00, 0xff, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
    const outcome = await host.sendRaw({
      agentId: agent.id,
      method: 'POST',
      url: '',
      headers: [['Content-Type', 'application/octet-stream']],
      bodyBase64: bytes.toString('base64'),
    });
    // The peer let it past its credential check (no 401), and its JSON-RPC layer could not parse the bytes.
    expect(peer.requests.at(-1)).toMatchObject({ agent: 'bearer', method: 'POST', authorized: true });
    expect(outcome.status).toBe('error');
    await recording.flush();
    const frame = recording.http(outcome.exchangeId!);
    expect(frame.response?.status).not.toBe(401);
    expect(frame.request.body?.base64 ?? Buffer.from(frame.request.body?.text ?? '').toString('base64')).toBe(
      bytes.toString('base64'),
    );
    expect(frame.secrets).toContainEqual({ in: 'request-header', name: 'Authorization' });
  });
});

describe('OAuth 2 client credentials', () => {
  const oauth = (secret = CLIENT.clientSecret, tokenUrl = tokens.tokenUrl): AgentAuth => ({
    type: 'oauth2-client-credentials',
    tokenUrl,
    clientId: CLIENT.clientId,
    clientSecret: secret,
    scopes: ['agent:use'],
  });

  it('asks before the client secret goes to the token endpoint on another origin', async () => {
    const agent = await open('oauth', oauth());
    expect(agent.authOffers).toEqual([
      { scheme: agent.securitySchemes[0]!.name, auth: { ...blankSecrets(oauth()), scopes: ['agent:use'] } },
    ]);
    expect(agent.securitySchemes[0]).toMatchObject({
      kind: 'oauth2',
      flows: { clientCredentials: { tokenUrl: tokens.tokenUrl, scopes: { 'agent:use': 'use the agent' } } },
    });
    const before = tokens.requests;
    const outcome = await host.runOperation({ agentId: agent.id, operation: 'send', input: hello });
    const tokenOrigin = new URL(tokens.tokenUrl).origin;
    expect(outcome).toMatchObject({ status: 'refused', confirm: { origin: tokenOrigin } });
    expect(outcome.message).toBe(
      `Credentials would go to ${tokenOrigin}, which is not this agent's origin. Allow it first. The client secret would go to the token endpoint ${tokens.tokenUrl}.`,
    );
    expect(outcome.exchangeId).toBeUndefined();
    expect(tokens.requests).toBe(before);
  });

  it('fetches a token (recorded, secrets marked), reuses it, and renews it when the agent refuses it', async () => {
    const agent = await open('oauth', oauth());
    await host.trustOrigin({ agentId: agent.id, origin: tokens.tokenUrl });
    const before = tokens.requests;

    const first = await host.runOperation({ agentId: agent.id, operation: 'send', input: hello });
    expectStatus(first, 'result');
    expect(tokens.requests).toBe(before + 1);
    expect(first.stepFrameIds).toHaveLength(1);
    await recording.flush();
    const tokenFrame = recording.http(first.stepFrameIds![0]!);
    expect(tokenFrame).toMatchObject({ source: 'oauth:token', response: { status: 200 } });
    expect(tokenFrame.request.body?.text).toBe('grant_type=client_credentials&scope=agent%3Ause');
    expect(tokenFrame.secrets).toEqual([
      { in: 'response-json', pointer: '/access_token' },
      { in: 'response-json', pointer: '/refresh_token' },
      { in: 'response-json', pointer: '/id_token' },
      { in: 'request-header', name: 'Authorization' },
    ]);
    const issued = tokens.issued.at(-1)!;
    expect(recording.http(first.exchangeId!).request.headers).toContainEqual([
      'Authorization',
      `Bearer ${issued}`,
    ]);

    const second = await host.runOperation({ agentId: agent.id, operation: 'send', input: hello });
    expectStatus(second, 'result');
    expect(tokens.requests).toBe(before + 1);

    tokens.expireAll();
    const third = await host.runOperation({ agentId: agent.id, operation: 'send', input: hello });
    expectStatus(third, 'result');
    expect(tokens.requests).toBe(before + 2);
    // The refused attempt and both token requests stay visible.
    expect(third.stepFrameIds).toHaveLength(2);
    await recording.flush();
    expect(recording.http(third.stepFrameIds![0]!).response?.status).toBe(401);
    expect(recording.http(third.stepFrameIds![1]!).source).toBe('oauth:token');
  });

  it('renews a token that is about to expire before using it', async () => {
    const shortLived = await startTokenEndpoint({ ...CLIENT, expiresInSeconds: 5 });
    const shortPeer = await startAuthPeer({ tokenEndpoint: shortLived });
    try {
      const result = await host.openAgent({
        url: shortPeer.agentUrl('oauth'),
        settings: {
          auth: oauth(CLIENT.clientSecret, shortLived.tokenUrl),
          trustedOrigins: [new URL(shortLived.tokenUrl).origin],
        },
      });
      if (!result.ok) throw new Error(result.message);
      for (let i = 0; i < 2; i++) {
        expectStatus(
          await host.runOperation({ agentId: result.agent.id, operation: 'send', input: hello }),
          'result',
        );
      }
      // 5 s is inside the 30 s renewal margin, so each call asked for a fresh token.
      expect(shortLived.requests).toBe(2);
    } finally {
      await shortPeer.close();
      await shortLived.close();
    }
  });

  it('a refused client secret is a clear failure, with the token frame kept', async () => {
    const agent = await open('oauth', oauth('wrong secret'));
    await host.trustOrigin({ agentId: agent.id, origin: new URL(tokens.tokenUrl).origin });
    const outcome = await host.runOperation({ agentId: agent.id, operation: 'send', input: hello });
    expectStatus(outcome, 'failed');
    expect(outcome.message).toMatch(/^The token endpoint answered HTTP 401 Unauthorized: invalid_client/);
    expect(outcome.exchangeId).toBeUndefined();
    expect(outcome.stepFrameIds).toHaveLength(1);
  });
});

describe('credentials never go to another origin unasked (AUTH-5)', () => {
  it('an interface on another origin than the card needs consent; after it, the call goes through', async () => {
    // Opened as localhost, the card's interfaces say 127.0.0.1: the same machine, but another origin.
    const viaLocalhost = peer.agentUrl('bearer').replace('127.0.0.1', 'localhost');
    const result = await host.openAgent({
      url: viaLocalhost,
      settings: { auth: { type: 'bearer', token: AUTH_PEER.bearerToken } },
    });
    if (!result.ok) throw new Error(result.message);
    const interfaceOrigin = new URL(result.agent.chosen!.url).origin;
    expect(interfaceOrigin).not.toBe(result.agent.origin);
    const count = peer.requests.length;
    const refused = await host.runOperation({ agentId: result.agent.id, operation: 'send', input: hello });
    expect(refused).toMatchObject({ status: 'refused', confirm: { origin: interfaceOrigin } });
    expect(peer.requests.length).toBe(count);
    const trusted = await host.trustOrigin({ agentId: result.agent.id, origin: interfaceOrigin });
    expect(trusted.settings.trustedOrigins).toEqual([interfaceOrigin]);
    expectStatus(
      await host.runOperation({ agentId: result.agent.id, operation: 'send', input: hello }),
      'result',
    );
  });

  it('without credentials nothing needs consent', async () => {
    const viaLocalhost = peer.agentUrl('custom-header').replace('127.0.0.1', 'localhost');
    const result = await host.openAgent({ url: viaLocalhost });
    if (!result.ok) throw new Error(result.message);
    const outcome = await host.runOperation({ agentId: result.agent.id, operation: 'send', input: hello });
    expect(outcome.status).toBe('invalid');
  });
});
