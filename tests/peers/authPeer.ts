// The auth test peer: one listener serving several @a2a-js/sdk 1.3.0 agents, each under its own base path and each
// refusing every A2A request (JSON-RPC and HTTP+JSON) that lacks its one credential — an API key in a header, query
// parameter or cookie, a static bearer token, HTTP Basic, an undeclared custom header, or an OAuth 2 client-credentials
// token from `startTokenEndpoint`. Cards stay public and declare the scheme in the 1.0 shape
// (docs/protocol.md#card-fields-generation-by-generation), so an inspector can be tested end to end on reading a card's
// security and sending the matching credential.

import type { IncomingMessage } from 'node:http';
import express from 'express';
import { AgentCard } from '@a2a-js/sdk';
import { DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, restHandler } from '@a2a-js/sdk/server/express';
import { PEER_DESCRIPTION, PEER_SKILL, TaskBoard } from './behaviour';
import { BearerUser } from './peerAuth';
import { listenPeer } from './peerServer';
import type { TokenEndpointHandle } from './tokenEndpoint';
import { PeerExecutor } from './v10Peer';

/** The credentials the agents accept. Fixed, so a person exploring by hand can type them too. */
export const AUTH_PEER = {
  apiKey: 'switchboard-api-key-4f1c',
  bearerToken: 'switchboard-bearer-9b2e',
  basicUser: 'switchboard',
  // RFC 7617 §2 allows ':' in the password (only the user-id may not contain one): clients must split at the first.
  basicPassword: 'open:sesame-42',
  customHeaderValue: 'switchboard-custom-7d03',
} as const;

/**
 * Every agent the peer can serve, in card order; `oauth` (client credentials) and `oauth-code` (authorization code with
 * PKCE: 1.0 allows one flow per scheme) only exist when a token endpoint was given.
 */
export const AUTH_AGENT_NAMES = [
  'apikey-header',
  'apikey-query',
  'apikey-cookie',
  'bearer',
  'basic',
  'custom-header',
  'oauth',
  'oauth-code',
] as const;

export type AuthAgentName = (typeof AUTH_AGENT_NAMES)[number];

export interface AuthPeerOptions {
  /** Port to listen on; 0 (the default) lets the OS pick a free one. */
  port?: number;
  /** Serves the `/oauth` agent, which accepts exactly the tokens this endpoint has issued and not yet expired. */
  tokenEndpoint?: TokenEndpointHandle;
}

export interface AuthPeerRequest {
  agent: AuthAgentName;
  method: string;
  /** Path and query as requested, the agent's prefix included. */
  path: string;
  /**
   * Whether the request carried the agent's credential. Checked on every request, card fetches included (those are
   * served either way), so a test can also see whether a client sends credentials where none are needed.
   */
  authorized: boolean;
  /** Raw header lines in the order received. */
  headers: Array<[string, string]>;
}

export interface AuthPeerHandle {
  name: 'auth';
  /** `http://127.0.0.1:<port>` without a trailing slash. */
  baseUrl: string;
  /** The agents actually served (`oauth` only with a token endpoint). */
  agents: readonly AuthAgentName[];
  /** `<baseUrl>/<name>`: the agent's base, under which its card and interfaces live. */
  agentUrl(name: AuthAgentName): string;
  /** `<baseUrl>/<name>/.well-known/agent-card.json`. */
  cardUrl(name: AuthAgentName): string;
  /** Every request to a served agent, oldest first. */
  requests: AuthPeerRequest[];
  /** Stops listening, drops open connections and ends running tasks; safe to call twice. */
  close(): Promise<void>;
}

type Verdict = 'ok' | 'missing' | 'wrong';

/** What one agent requires and how it says so on its card and in a 401. */
interface Guard {
  /** The card's `securitySchemes` entry, or undefined for a credential the card does not declare. */
  scheme?: { name: string; json: Record<string, unknown>; scopes: string[] };
  /** Names the credential without revealing it; goes into the 401 body. */
  expected: string;
  check(req: IncomingMessage): Verdict;
  challenge(verdict: Exclude<Verdict, 'ok'>): string;
}

export async function startAuthPeer(options: AuthPeerOptions = {}): Promise<AuthPeerHandle> {
  const { tokenEndpoint } = options;
  const guards = makeGuards(tokenEndpoint);
  const agents = AUTH_AGENT_NAMES.filter((name) => guards[name] !== undefined);
  const requests: AuthPeerRequest[] = [];

  // Routes are mounted once the port (and so every URL on the cards) is known.
  const app = express();
  // Error pages without stack traces, as on the other peers.
  app.set('env', 'production');
  const server = await listenPeer(app, options.port);
  const { baseUrl } = server;
  const agentUrl = (name: AuthAgentName) => `${baseUrl}/${name}`;

  // In front of the SDK: record every request to an agent, let card fetches through, and stop anything else that
  // lacks the credential before the SDK sees it.
  app.use((req, res, next) => {
    const [, first = '', ...rest] = (req.url.split('?')[0] ?? '').split('/');
    const agent = agents.find((name) => name === first);
    const guard = agent === undefined ? undefined : guards[agent];
    if (agent === undefined || guard === undefined) {
      next();
      return;
    }
    const verdict = guard.check(req);
    requests.push({
      agent,
      method: req.method,
      path: req.url,
      authorized: verdict === 'ok',
      headers: headerPairs(req.rawHeaders),
    });
    if (verdict === 'ok' || rest[0] === '.well-known') {
      next();
      return;
    }
    res
      .status(401)
      .set('WWW-Authenticate', guard.challenge(verdict))
      .json({ error: 'unauthorized', expected: guard.expected });
  });

  const board = new TaskBoard();
  // Only requests that passed the guard reach the SDK, so every SDK-side user is an authenticated one.
  const userBuilder = async () => new BearerUser();
  for (const name of agents) {
    const guard = guards[name];
    if (!guard) continue;
    const cardJson = agentCardJson(name, agentUrl(name), guard);
    const handler = new DefaultRequestHandler(
      AgentCard.fromJSON(cardJson),
      new InMemoryTaskStore(),
      new PeerExecutor(board),
    );
    // 1.3.0's card handler writes JSON.stringify of the ts-proto model, which leaks the scheme oneof as
    // `{"scheme":{"$case":…}}` (README, "SDK behaviour"). The security schemes are the point of this peer, so the
    // model carries a toJSON that makes the SDK write the 1.0 wire JSON above, with its usual ETag and caching.
    const servedCard = Object.assign(AgentCard.fromJSON(cardJson), { toJSON: () => cardJson });
    app.use(
      `/${name}/.well-known/agent-card.json`,
      agentCardHandler({ agentCardProvider: async () => servedCard }),
    );
    app.use(`/${name}/a2a/jsonrpc`, jsonRpcHandler({ requestHandler: handler, userBuilder }));
    app.use(`/${name}/a2a/rest`, restHandler({ requestHandler: handler, userBuilder }));
  }

  return {
    name: 'auth',
    baseUrl,
    agents,
    agentUrl: (name) => {
      if (!agents.includes(name))
        throw new Error(`The auth peer serves ${name} only when given a tokenEndpoint.`);
      return agentUrl(name);
    },
    cardUrl: (name) => {
      if (!agents.includes(name))
        throw new Error(`The auth peer serves ${name} only when given a tokenEndpoint.`);
      return `${agentUrl(name)}/.well-known/agent-card.json`;
    },
    requests,
    close: async () => {
      board.shutdown();
      await server.close();
    },
  };
}

function agentCardJson(name: AuthAgentName, base: string, guard: Guard): Record<string, unknown> {
  return {
    name: `Switchboard auth peer (${name})`,
    description: `${PEER_DESCRIPTION} Every A2A request needs ${guard.expected}; this card is public.`,
    version: '1.0.0',
    supportedInterfaces: [
      { url: `${base}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${base}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ],
    provider: { organization: 'Switchboard tests', url: base },
    capabilities: { streaming: true, pushNotifications: false, extendedAgentCard: false },
    ...(guard.scheme
      ? {
          securitySchemes: { [guard.scheme.name]: guard.scheme.json },
          securityRequirements: [{ schemes: { [guard.scheme.name]: { list: guard.scheme.scopes } } }],
        }
      : {}),
    defaultInputModes: ['text/plain', 'application/json', 'application/octet-stream'],
    defaultOutputModes: ['text/plain', 'application/json'],
    skills: [PEER_SKILL],
  };
}

function makeGuards(tokenEndpoint: TokenEndpointHandle | undefined): Partial<Record<AuthAgentName, Guard>> {
  // An API key is no HTTP auth scheme, so its challenge is a made-up one that at least names where the key goes.
  const apiKeyChallenge = (location: string, name: string) => () =>
    `ApiKey realm="switchboard", in="${location}", name="${name}"`;
  const apiKeyScheme = (location: string, name: string) => ({
    name: 'apiKey',
    json: {
      apiKeySecurityScheme: { location, name, description: `The test peer's API key (${location} ${name}).` },
    },
    scopes: [],
  });
  const presented = (value: string | undefined, expected: string): Verdict =>
    value === undefined ? 'missing' : value === expected ? 'ok' : 'wrong';
  // RFC 6750 §3.1: no error code when the request had no credential at all, invalid_token when it had a bad one.
  const bearerChallenge = (realm: string, scope?: string) => (verdict: Exclude<Verdict, 'ok'>) =>
    [
      `Bearer realm="${realm}"`,
      ...(scope !== undefined ? [`scope="${scope}"`] : []),
      ...(verdict === 'wrong' ? ['error="invalid_token"'] : []),
    ].join(', ');

  const guards: Partial<Record<AuthAgentName, Guard>> = {
    'apikey-header': {
      scheme: apiKeyScheme('header', 'X-API-Key'),
      expected: 'header X-API-Key',
      check: (req) => presented(singleHeader(req, 'x-api-key'), AUTH_PEER.apiKey),
      challenge: apiKeyChallenge('header', 'X-API-Key'),
    },
    'apikey-query': {
      scheme: apiKeyScheme('query', 'api_key'),
      expected: 'query parameter api_key',
      check: (req) =>
        presented(
          new URL(req.url ?? '/', 'http://auth-peer').searchParams.get('api_key') ?? undefined,
          AUTH_PEER.apiKey,
        ),
      challenge: apiKeyChallenge('query', 'api_key'),
    },
    'apikey-cookie': {
      scheme: apiKeyScheme('cookie', 'session'),
      expected: 'cookie session',
      check: (req) => presented(cookieValue(req.headers.cookie, 'session'), AUTH_PEER.apiKey),
      challenge: apiKeyChallenge('cookie', 'session'),
    },
    bearer: {
      scheme: {
        name: 'bearer',
        json: { httpAuthSecurityScheme: { scheme: 'Bearer', description: 'A static test token.' } },
        scopes: [],
      },
      expected: 'Authorization: Bearer <token>',
      check: (req) => presented(bearerToken(req.headers.authorization), AUTH_PEER.bearerToken),
      challenge: bearerChallenge('bearer'),
    },
    basic: {
      scheme: {
        name: 'basic',
        json: { httpAuthSecurityScheme: { scheme: 'Basic', description: 'The test user and password.' } },
        scopes: [],
      },
      expected: 'Authorization: Basic <user:password>',
      check: (req) =>
        presented(
          basicCredentials(req.headers.authorization),
          `${AUTH_PEER.basicUser}:${AUTH_PEER.basicPassword}`,
        ),
      challenge: () => 'Basic realm="basic", charset="UTF-8"',
    },
    // Declares nothing on its card: the inspector has to be told about this header by hand.
    'custom-header': {
      expected: 'header X-Switchboard-Custom',
      check: (req) => presented(singleHeader(req, 'x-switchboard-custom'), AUTH_PEER.customHeaderValue),
      challenge: () => 'Custom realm="custom-header", header="X-Switchboard-Custom"',
    },
  };
  if (tokenEndpoint)
    guards.oauth = {
      scheme: {
        name: 'oauth',
        json: {
          oauth2SecurityScheme: {
            description: 'Client credentials from the test token endpoint.',
            flows: {
              clientCredentials: {
                tokenUrl: tokenEndpoint.tokenUrl,
                scopes: { 'agent:use': 'use the agent' },
              },
            },
          },
        },
        scopes: ['agent:use'],
      },
      expected: `Authorization: Bearer <access token from ${tokenEndpoint.tokenUrl}>`,
      check: (req) => {
        const token = bearerToken(req.headers.authorization);
        if (token === undefined) return 'missing';
        return tokenEndpoint.isValid(token) ? 'ok' : 'wrong';
      },
      challenge: bearerChallenge('oauth', 'agent:use'),
    };
  if (tokenEndpoint)
    guards['oauth-code'] = {
      ...guards.oauth!,
      scheme: {
        name: 'oauth-code',
        json: {
          oauth2SecurityScheme: {
            description: 'Sign-in with authorization code and PKCE at the test authorization server.',
            flows: {
              authorizationCode: {
                authorizationUrl: tokenEndpoint.authorizationUrl,
                tokenUrl: tokenEndpoint.tokenUrl,
                scopes: { 'agent:use': 'use the agent' },
                pkceRequired: true,
              },
            },
          },
        },
        scopes: ['agent:use'],
      },
      expected: `Authorization: Bearer <access token from a sign-in at ${tokenEndpoint.authorizationUrl}>`,
      challenge: bearerChallenge('oauth-code', 'agent:use'),
    };
  return guards;
}

/** A header's value, or undefined when absent; repeated lines (which Node joins with ", ") never match a credential. */
function singleHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The token of `Authorization: Bearer <token>` (RFC 6750 §2.1; scheme names are case-insensitive, RFC 9110 §11.1).
 * Another scheme in Authorization counts as no bearer token at all.
 */
function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined || !/^Bearer(?: |$)/i.test(authorization)) return undefined;
  return /^Bearer +(\S+) *$/i.exec(authorization)?.[1] ?? '';
}

/** `user:password` from `Authorization: Basic <base64>` (RFC 7617); undefined when Authorization is not Basic. */
function basicCredentials(authorization: string | undefined): string | undefined {
  if (authorization === undefined || !/^Basic(?: |$)/i.test(authorization)) return undefined;
  const encoded = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(authorization)?.[1];
  return encoded === undefined ? '' : Buffer.from(encoded, 'base64').toString('utf8');
}

/**
 * The first cookie called `name` in a Cookie header (RFC 6265 §5.4: `name=value` pairs joined by "; "; Node joins
 * repeated Cookie lines the same way). A value in double quotes is unquoted (RFC 6265 §4.1.1); other cookies are
 * ignored.
 */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    const value = pair.slice(equals + 1).trim();
    return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  return undefined;
}

function headerPairs(raw: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i] ?? '', raw[i + 1] ?? '']);
  return out;
}
