// The auth peer and its OAuth token endpoint, driven with plain fetch: every agent's card is public and declares its
// scheme in the 1.0 shape, every A2A request without the agent's credential gets a 401 naming what is missing, the
// same request with it completes the echo task, and client-credentials tokens work until expired.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { echoText } from '../peers/behaviour';
import {
  AUTH_AGENT_NAMES,
  AUTH_PEER,
  startAuthPeer,
  type AuthAgentName,
  type AuthPeerHandle,
} from '../peers/authPeer';
import { startTokenEndpoint, type TokenEndpointHandle } from '../peers/tokenEndpoint';

const CLIENT_ID = 'switchboard-client';
// ':' , '+' and ' ' must survive RFC 6749 §2.3.1's form encoding inside Basic.
const CLIENT_SECRET = 'top secret:1+1';

/** Where a credential goes on a request: extra headers and an optional query string. */
interface Placement {
  headers?: Record<string, string>;
  query?: string;
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The right credential for each agent (oauth gets its token at run time). */
function credentialFor(agent: AuthAgentName, oauthToken: string): Placement {
  switch (agent) {
    case 'apikey-header':
      return { headers: { 'X-API-Key': AUTH_PEER.apiKey } };
    case 'apikey-query':
      return { query: `?api_key=${encodeURIComponent(AUTH_PEER.apiKey)}` };
    case 'apikey-cookie':
      // Other cookies around it: the peer must parse the header, not compare it whole.
      return { headers: { Cookie: `theme=dark; session=${AUTH_PEER.apiKey}; sessionid=other` } };
    case 'bearer':
      return { headers: { Authorization: `Bearer ${AUTH_PEER.bearerToken}` } };
    case 'basic':
      return { headers: { Authorization: basic(AUTH_PEER.basicUser, AUTH_PEER.basicPassword) } };
    case 'custom-header':
      return { headers: { 'X-Switchboard-Custom': AUTH_PEER.customHeaderValue } };
    case 'oauth':
    case 'oauth-code':
      return { headers: { Authorization: `Bearer ${oauthToken}` } };
  }
}

/** A near miss for each agent: the right place, the wrong value. */
function wrongCredentialFor(agent: AuthAgentName): Placement {
  switch (agent) {
    case 'apikey-header':
      return { headers: { 'X-API-Key': 'nope' } };
    case 'apikey-query':
      return { query: '?api_key=nope' };
    case 'apikey-cookie':
      return { headers: { Cookie: `not-session=${AUTH_PEER.apiKey}; session=nope` } };
    case 'bearer':
    case 'oauth':
    case 'oauth-code':
      return { headers: { Authorization: 'Bearer nope' } };
    case 'basic':
      return { headers: { Authorization: basic(AUTH_PEER.basicUser, 'open') } };
    case 'custom-header':
      return { headers: { 'X-Switchboard-Custom': 'nope' } };
  }
}

/** The card's scheme in the 1.0 wire shape (docs/protocol.md#security-schemes), or undefined where none is declared. */
function expectedScheme(agent: AuthAgentName, tokenUrl: string): Record<string, unknown> | undefined {
  switch (agent) {
    case 'apikey-header':
      return { apiKeySecurityScheme: expect.objectContaining({ location: 'header', name: 'X-API-Key' }) };
    case 'apikey-query':
      return { apiKeySecurityScheme: expect.objectContaining({ location: 'query', name: 'api_key' }) };
    case 'apikey-cookie':
      return { apiKeySecurityScheme: expect.objectContaining({ location: 'cookie', name: 'session' }) };
    case 'bearer':
      return { httpAuthSecurityScheme: expect.objectContaining({ scheme: 'Bearer' }) };
    case 'basic':
      return { httpAuthSecurityScheme: expect.objectContaining({ scheme: 'Basic' }) };
    case 'custom-header':
      return undefined;
    case 'oauth':
      return {
        oauth2SecurityScheme: expect.objectContaining({
          flows: { clientCredentials: { tokenUrl, scopes: { 'agent:use': 'use the agent' } } },
        }),
      };
    case 'oauth-code':
      return {
        oauth2SecurityScheme: expect.objectContaining({
          flows: {
            authorizationCode: expect.objectContaining({
              tokenUrl,
              scopes: { 'agent:use': 'use the agent' },
            }),
          },
        }),
      };
  }
}

function sendMessageBody(text: string): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'SendMessage',
    params: {
      message: {
        messageId: randomUUID(),
        role: 'ROLE_USER',
        parts: [{ text, mediaType: 'text/plain' }],
      },
      configuration: { acceptedOutputModes: ['text/plain', 'application/json'], returnImmediately: false },
    },
  });
}

function sendHello(agentUrl: string, placement: Placement = {}): Promise<Response> {
  return fetch(`${agentUrl}/a2a/jsonrpc${placement.query ?? ''}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'A2A-Version': '1.0',
      ...placement.headers,
    },
    body: sendMessageBody('hello'),
  });
}

interface SendResult {
  result?: {
    task?: {
      status?: { state?: string };
      artifacts?: Array<{ artifactId?: string; parts?: Array<{ text?: string }> }>;
    };
  };
}

function echoOf(result: SendResult): string | undefined {
  const artifact = result.result?.task?.artifacts?.find((a) => a.artifactId === 'echo');
  return artifact?.parts?.map((part) => part.text ?? '').join('');
}

function requestToken(form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(tokens.tokenUrl, { method: 'POST', headers, body: new URLSearchParams(form) });
}

/** RFC 6749 §2.3.1: each half is form-encoded before the pair is base64-encoded. */
const clientBasic = (id: string, secret: string) => basic(encodeURIComponent(id), encodeURIComponent(secret));

async function fetchToken(): Promise<string> {
  const response = await requestToken(
    { grant_type: 'client_credentials' },
    { Authorization: clientBasic(CLIENT_ID, CLIENT_SECRET) },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

let tokens: TokenEndpointHandle;
let peer: AuthPeerHandle;
let oauthToken: string;

beforeAll(async () => {
  tokens = await startTokenEndpoint({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, scope: 'agent:use' });
  peer = await startAuthPeer({ tokenEndpoint: tokens });
  oauthToken = await fetchToken();
});
afterAll(async () => {
  await peer.close();
  await peer.close(); // idempotent
  await tokens.close();
});

describe('the auth peer', () => {
  it('listens on 127.0.0.1 and serves every agent, oauth included when given a token endpoint', async () => {
    expect(peer.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(peer.agents).toEqual(AUTH_AGENT_NAMES);
    expect(peer.agentUrl('bearer')).toBe(`${peer.baseUrl}/bearer`);
    expect(peer.cardUrl('bearer')).toBe(`${peer.baseUrl}/bearer/.well-known/agent-card.json`);
  });

  it('leaves out the oauth agent without a token endpoint', async () => {
    const plain = await startAuthPeer();
    try {
      expect(plain.agents).not.toContain('oauth');
      expect(() => plain.cardUrl('oauth')).toThrow(/tokenEndpoint/);
      const response = await fetch(`${plain.baseUrl}/oauth/.well-known/agent-card.json`);
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  describe.each(AUTH_AGENT_NAMES)('the %s agent', (agent) => {
    it('serves a public 1.0 card declaring its scheme', async () => {
      const response = await fetch(peer.cardUrl(agent), { headers: { 'A2A-Version': '1.0' } });
      expect(response.status).toBe(200);
      const card = (await response.json()) as Record<string, unknown>;
      expect(card.supportedInterfaces).toEqual([
        { url: `${peer.agentUrl(agent)}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: `${peer.agentUrl(agent)}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      ]);
      expect(card).toMatchObject({ capabilities: { streaming: true } });
      const scheme = expectedScheme(agent, tokens.tokenUrl);
      if (scheme === undefined) {
        expect(card).not.toHaveProperty('securitySchemes');
        expect(card).not.toHaveProperty('securityRequirements');
      } else {
        const schemes = card.securitySchemes as Record<string, unknown>;
        const [name] = Object.keys(schemes);
        expect(Object.values(schemes)).toEqual([scheme]);
        expect(card.securityRequirements).toEqual([
          {
            schemes: {
              [name ?? '']: { list: agent === 'oauth' || agent === 'oauth-code' ? ['agent:use'] : [] },
            },
          },
        ]);
      }
      expect(peer.requests.at(-1)).toMatchObject({ agent, method: 'GET', authorized: false });
    });

    it('answers SendMessage without the credential with a 401 naming what is missing', async () => {
      const response = await sendHello(peer.agentUrl(agent));
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBeTruthy();
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: 'unauthorized', expected: expect.any(String) });
      for (const secret of Object.values(AUTH_PEER)) expect(text).not.toContain(secret);
      expect(peer.requests.at(-1)).toMatchObject({
        agent,
        method: 'POST',
        path: `/${agent}/a2a/jsonrpc`,
        authorized: false,
      });
    });

    it('refuses a wrong credential', async () => {
      const response = await sendHello(peer.agentUrl(agent), wrongCredentialFor(agent));
      expect(response.status).toBe(401);
      expect(peer.requests.at(-1)?.authorized).toBe(false);
    });

    it('completes the echo task with the credential', async () => {
      const placement = credentialFor(agent, oauthToken);
      const response = await sendHello(peer.agentUrl(agent), placement);
      expect(response.status).toBe(200);
      const body = (await response.json()) as SendResult;
      expect(body.result?.task?.status?.state).toBe('TASK_STATE_COMPLETED');
      expect(echoOf(body)).toBe(echoText('hello'));
      const recorded = peer.requests.at(-1);
      expect(recorded).toMatchObject({ agent, method: 'POST', authorized: true });
      for (const [name, value] of Object.entries(placement.headers ?? {}))
        expect(recorded?.headers).toContainEqual([name, value]);
    });
  });

  it('challenges with the scheme of each agent', async () => {
    const challenge = async (agent: AuthAgentName, placement?: Placement) =>
      (await sendHello(peer.agentUrl(agent), placement)).headers.get('www-authenticate');
    expect(await challenge('bearer')).toBe('Bearer realm="bearer"');
    expect(await challenge('bearer', wrongCredentialFor('bearer'))).toMatch(
      /^Bearer .*error="invalid_token"/,
    );
    expect(await challenge('basic')).toMatch(/^Basic /);
    expect(await challenge('apikey-query')).toMatch(/^ApiKey .*in="query", name="api_key"/);
    expect(await challenge('oauth')).toMatch(/^Bearer .*scope="agent:use"/);
  });

  it('guards the HTTP+JSON binding too', async () => {
    const send = (headers: Record<string, string>) =>
      fetch(`${peer.agentUrl('apikey-header')}/a2a/rest/message:send`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/a2a+json', 'A2A-Version': '1.0', ...headers },
        body: JSON.stringify({
          message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'hello' }] },
        }),
      });
    expect((await send({})).status).toBe(401);
    const response = await send({ 'X-API-Key': AUTH_PEER.apiKey });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ task: { status: { state: 'TASK_STATE_COMPLETED' } } });
  });
});

describe('the token endpoint', () => {
  it('grants client_credentials to a client authenticated with HTTP Basic', async () => {
    const before = tokens.requests;
    const response = await requestToken(
      { grant_type: 'client_credentials', scope: 'agent:use' },
      { Authorization: clientBasic(CLIENT_ID, CLIENT_SECRET) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'agent:use',
    });
    expect(tokens.issued.at(-1)).toBe(body.access_token);
    expect(tokens.isValid(String(body.access_token))).toBe(true);
    expect(tokens.requests).toBe(before + 1);
  });

  it('grants it to a client authenticated with form fields, with a fresh token each time', async () => {
    const response = await requestToken({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access_token: string; scope?: string };
    expect(body.scope).toBe('agent:use');
    expect(tokens.issued.filter((token) => token === body.access_token)).toHaveLength(1);
  });

  it('answers a wrong secret with 401 invalid_client and a Basic challenge', async () => {
    const viaBasic = await requestToken(
      { grant_type: 'client_credentials' },
      { Authorization: clientBasic(CLIENT_ID, 'wrong') },
    );
    expect(viaBasic.status).toBe(401);
    expect(viaBasic.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(await viaBasic.json()).toMatchObject({ error: 'invalid_client' });

    const viaForm = await requestToken({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: 'wrong',
    });
    expect(viaForm.status).toBe(401);
    expect(await viaForm.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('answers another grant with 400 unsupported_grant_type and a missing one with invalid_request', async () => {
    const auth = { Authorization: clientBasic(CLIENT_ID, CLIENT_SECRET) };
    const password = await requestToken({ grant_type: 'password', username: 'a', password: 'b' }, auth);
    expect(password.status).toBe(400);
    expect(await password.json()).toMatchObject({ error: 'unsupported_grant_type' });

    const missing = await requestToken({}, auth);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'invalid_request' });

    const json = await fetch(tokens.tokenUrl, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('lets the oauth agent accept a token until expireAll, then refuse it', async () => {
    const token = await fetchToken();
    const withToken = (value: string) => sendHello(peer.agentUrl('oauth'), credentialFor('oauth', value));
    expect((await withToken(token)).status).toBe(200);

    tokens.expireAll();
    expect(tokens.isValid(token)).toBe(false);
    const refused = await withToken(token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(await refused.json()).toEqual({
      error: 'unauthorized',
      expected: `Authorization: Bearer <access token from ${tokens.tokenUrl}>`,
    });

    // A token issued after the expiry works again.
    expect((await withToken(await fetchToken())).status).toBe(200);
  });
});
