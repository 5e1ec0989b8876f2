// The card a mock agent serves (SES-7): which recorded card, where it is served, and its interface URLs moved to the
// mock's origin with nothing else in the text changed.

import { describe, expect, it } from 'vitest';
import type { SessionAgent } from '../../../../../shared/session/types';
import type { HttpFrame } from '../../../../../shared/wire/frame';
import {
  grpcRewriter,
  isGrpcAddress,
  cardPaths,
  chooseCard,
  interfaceUrlPointers,
  originRewriter,
  rewriteCardUrls,
  servedOrigins,
} from '../../../../../electron/host/session/mockCard';

const PEER = 'http://127.0.0.1:4000';
const MOCK = 'http://127.0.0.1:5555';

const card03 = {
  protocolVersion: '0.3.0',
  name: 'Echo',
  url: `${PEER}/a2a/jsonrpc`,
  preferredTransport: 'JSONRPC',
  additionalInterfaces: [
    { url: `${PEER}/a2a/jsonrpc`, transport: 'JSONRPC' },
    { url: `${PEER}/a2a/rest`, transport: 'HTTP+JSON' },
  ],
  provider: { organization: 'Tests', url: PEER },
};
const card10 = {
  name: 'Echo',
  supportedInterfaces: [
    { url: `${PEER}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: 'http://other.example:81/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    { url: 'grpc.example:443', protocolBinding: 'GRPC', protocolVersion: '1.0' },
  ],
};

function cardFrame(url: string, text: string, extra: Partial<HttpFrame> = {}): HttpFrame {
  return {
    kind: 'http',
    id: `card-${url}-${extra.source ?? ''}`,
    source: 'discovery:card',
    timing: { start: 0 },
    request: { method: 'GET', url, headers: [] },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [['Content-Type', 'application/json']],
      body: { base64: Buffer.from(text).toString('base64'), text, size: text.length, utf8Valid: true },
    },
    ...extra,
  };
}

const agent = (extra: Partial<SessionAgent> = {}): SessionAgent => ({
  id: 'a-1',
  name: 'Echo',
  cardUrl: `${PEER}/.well-known/agent-card.json`,
  origin: PEER,
  cardText: JSON.stringify(card10),
  generation: '1.0',
  ...extra,
});

describe('chooseCard', () => {
  it("takes the discovery frame of the first agent's card URL, and its compat variant", () => {
    const other = cardFrame('http://elsewhere:1/.well-known/agent-card.json', '{"name":"other"}');
    const ours = cardFrame(`${PEER}/.well-known/agent-card.json`, JSON.stringify(card10));
    const variant = cardFrame(`${PEER}/.well-known/agent-card.json`, JSON.stringify(card03), {
      source: 'discovery:card-without-version',
    });
    const chosen = chooseCard([other, ours, variant], [agent()]);
    expect(chosen).toMatchObject({ text: JSON.stringify(card10), url: ours.request.url, origin: PEER });
    expect('error' in chosen ? undefined : chosen.variant?.id).toBe(variant.id);
  });

  it('skips failed discovery attempts and falls back to the remembered card text', () => {
    const missing = cardFrame(`${PEER}/.well-known/agent-card.json`, 'Not found');
    missing.response!.status = 404;
    const notCard = cardFrame(`${PEER}/.well-known/agent.json`, '[1]');
    expect(chooseCard([missing, notCard], [agent()])).toEqual({
      text: JSON.stringify(card10),
      origin: PEER,
      url: `${PEER}/.well-known/agent-card.json`,
    });
  });

  it('stands in for a pasted card at the origin of its first interface', () => {
    const pasted = agent({ cardUrl: 'file:///card.json', origin: '' });
    expect(chooseCard([], [pasted])).toEqual({ text: JSON.stringify(card10), origin: PEER });
    expect(chooseCard([], [agent({ cardUrl: 'file:///x', origin: '', cardText: '{}' })])).toEqual({
      error: 'The session\'s agent "Echo" has no web origin to stand in for.',
    });
  });

  it('uses the first card discovered when the session lists no agent, and says so when there is none', () => {
    const found = cardFrame(`${PEER}/.well-known/agent-card.json`, JSON.stringify(card03));
    expect(chooseCard([found], [])).toMatchObject({ text: JSON.stringify(card03), origin: PEER });
    expect(chooseCard([], [])).toEqual({
      error: 'The session has no agent card to serve: it holds no agent and no card discovery.',
    });
  });
});

describe('interface URLs', () => {
  it('are found in 0.3 and 1.0 cards, under a prefix when asked', () => {
    expect(interfaceUrlPointers(card03)).toEqual([
      '/url',
      '/additionalInterfaces/0/url',
      '/additionalInterfaces/1/url',
    ]);
    expect(interfaceUrlPointers(card10, '/result')).toEqual([
      '/result/supportedInterfaces/0/url',
      '/result/supportedInterfaces/1/url',
      '/result/supportedInterfaces/2/url',
    ]);
    expect(interfaceUrlPointers('not a card')).toEqual([]);
  });

  it('give the origins the mock answers for: the agent, every interface host, and gRPC addresses as gRPC reaches them', () => {
    expect([...servedOrigins(PEER, [JSON.stringify(card10), 'not json'])].sort()).toEqual(
      [PEER, 'http://other.example:81', 'http://grpc.example:443'].sort(),
    );
  });

  it('move to the mock keeping path, query and the lack of a trailing slash; other URLs stay', () => {
    const move = originRewriter(new Set([PEER, 'http://host.example']), MOCK);
    expect(move(`${PEER}/a2a/jsonrpc?x=1#f`)).toBe(`${MOCK}/a2a/jsonrpc?x=1#f`);
    expect(move(PEER)).toBe(MOCK);
    // The default port is the same origin.
    expect(move('http://host.example:80/rpc')).toBe(`${MOCK}/rpc`);
    expect(move('https://host.example/rpc')).toBeUndefined();
    expect(move('grpc.example:443')).toBeUndefined();
    expect(move('')).toBeUndefined();
  });
});

describe('rewriteCardUrls', () => {
  const move = originRewriter(new Set([PEER]), MOCK);

  it('changes only the interface URL strings: layout, key order and the provider URL stay', () => {
    const text = JSON.stringify(card03, null, 2);
    const rewritten = rewriteCardUrls(text, move);
    expect(rewritten).toBe(
      text
        .replace(`"url": "${PEER}/a2a/jsonrpc"`, `"url": "${MOCK}/a2a/jsonrpc"`)
        .replace(
          `"url": "${PEER}/a2a/jsonrpc",\n      "transport"`,
          `"url": "${MOCK}/a2a/jsonrpc",\n      "transport"`,
        )
        .replace(`"url": "${PEER}/a2a/rest"`, `"url": "${MOCK}/a2a/rest"`),
    );
    expect(JSON.parse(rewritten).provider.url).toBe(PEER);
  });

  it('reads escaped URLs and rewrites under a JSON-RPC result', () => {
    const text = `{"jsonrpc":"2.0","id":3,"result":{"url":"http:\\/\\/127.0.0.1:4000\\/rpc","name":"x"}}`;
    expect(JSON.parse(rewriteCardUrls(text, move, ['', '/result']))).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { url: `${MOCK}/rpc`, name: 'x' },
    });
  });

  it('leaves text that is not JSON, and cards on other hosts, as they are', () => {
    expect(rewriteCardUrls('<html>', move)).toBe('<html>');
    const foreign = JSON.stringify({ url: 'http://elsewhere/rpc' });
    expect(rewriteCardUrls(foreign, move)).toBe(foreign);
  });
});

describe('cardPaths', () => {
  it('serves both well-known names at the root and under the recorded base path', () => {
    expect(cardPaths(`${PEER}/.well-known/agent.json`)).toEqual({
      paths: new Set(['/.well-known/agent-card.json', '/.well-known/agent.json']),
      basePath: '',
      cardPath: '/.well-known/agent.json',
    });
    const nested = cardPaths(`${PEER}/agents/echo/.well-known/agent-card.json`);
    expect(nested.basePath).toBe('/agents/echo');
    expect([...nested.paths]).toEqual(
      expect.arrayContaining(['/agents/echo/.well-known/agent.json', '/.well-known/agent-card.json']),
    );
  });

  it('also serves a custom card path, and the well-known one when the card came from a file', () => {
    expect(cardPaths(`${PEER}/my/card.json`).paths.has('/my/card.json')).toBe(true);
    expect(cardPaths('file:///card.json')).toMatchObject({
      basePath: '',
      cardPath: '/.well-known/agent-card.json',
    });
    expect(cardPaths(undefined).cardPath).toBe('/.well-known/agent-card.json');
  });
});

describe('gRPC addresses on a served card', () => {
  it('knows the forms only gRPC uses', () => {
    for (const url of ['127.0.0.1:50051', 'agent.test:443', '[::1]:50051', 'grpc://a:1', 'GRPCS://a']) {
      expect(isGrpcAddress(url), url).toBe(true);
    }
    for (const url of ['http://a:1/x', 'https://a', 'a', 'localhost', '/v1'])
      expect(isGrpcAddress(url), url).toBe(false);
  });

  it('moves the recorded agent’s gRPC addresses to the mock, in the form the card wrote, and nothing else', () => {
    const rewrite = grpcRewriter(new Set(['http://127.0.0.1:7000']), '127.0.0.1:9000');
    expect(rewrite('127.0.0.1:7000')).toBe('127.0.0.1:9000');
    expect(rewrite('grpc://127.0.0.1:7000')).toBe('grpc://127.0.0.1:9000');
    expect(rewrite('127.0.0.1:7001')).toBeUndefined();
    expect(rewrite('http://127.0.0.1:7000/a2a')).toBeUndefined();
  });
});
