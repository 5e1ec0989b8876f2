// The card a proxy serves (PRX-1): interface URLs moved to the proxy in every shape, gRPC entries moved to its gRPC
// listener in the form the upstream wrote them, and entries the proxy cannot carry left out and named.

import { describe, expect, it } from 'vitest';
import { planRoutes } from '../../../../../shared/proxy/proxyRoutes';
import { cardMover, servedCardText } from '../../../../../electron/host/proxy/proxyCard';

const UP = 'http://127.0.0.1:4000';
const PROXY = 'http://127.0.0.1:5000';

function plan(...interfaces: Array<{ url: string; bindingWire: string }>) {
  const entries = interfaces.map((entry) => ({ ...entry, generation: '1.0' }));
  return planRoutes(`${UP}/.well-known/agent-card.json`, entries);
}

describe('cardMover', () => {
  const routes = plan(
    { url: '127.0.0.1:4001', bindingWire: 'GRPC' },
    { url: 'grpc://127.0.0.1:4001', bindingWire: 'GRPC' },
    { url: `${UP}/a2a/jsonrpc`, bindingWire: 'JSONRPC' },
  );

  it('moves both spellings of the forwarded gRPC endpoint to the listener, keeping each form', () => {
    const move = cardMover(routes, PROXY, '127.0.0.1:5001');
    expect(move('127.0.0.1:4001')).toBe('127.0.0.1:5001');
    expect(move('grpc://127.0.0.1:4001')).toBe('grpc://127.0.0.1:5001');
  });

  it('keeps URLs already moved, so moving a served card again changes nothing', () => {
    const move = cardMover(routes, PROXY, '127.0.0.1:5001');
    expect(move('127.0.0.1:5001')).toBe('127.0.0.1:5001');
    expect(move('grpc://127.0.0.1:5001')).toBe('grpc://127.0.0.1:5001');
    expect(move(`${PROXY}/a2a/jsonrpc`)).toBe(`${PROXY}/a2a/jsonrpc`);
  });

  it('leaves out gRPC entries with no listener, and a second gRPC endpoint the listener does not forward to', () => {
    expect(cardMover(routes, PROXY, undefined)('127.0.0.1:4001')).toBeUndefined();
    const two = plan(
      { url: '127.0.0.1:4001', bindingWire: 'GRPC' },
      { url: '127.0.0.1:4009', bindingWire: 'GRPC' },
    );
    const move = cardMover(two, PROXY, '127.0.0.1:5001');
    expect(move('127.0.0.1:4001')).toBe('127.0.0.1:5001');
    expect(move('127.0.0.1:4009')).toBeUndefined();
  });

  it('moves a grpcs:// entry to the plaintext loopback listener', () => {
    const move = cardMover(
      plan({ url: 'grpcs://agent.example:443', bindingWire: 'GRPC' }),
      PROXY,
      '127.0.0.1:5001',
    );
    expect(move('grpcs://agent.example:443')).toBe('grpc://127.0.0.1:5001');
  });
});

describe('servedCardText', () => {
  it('keeps the gRPC interfaces of a card that names them in the 1.0 and the 0.3 fields', () => {
    const card = {
      url: `${UP}/a2a/jsonrpc`,
      additionalInterfaces: [{ url: 'grpc://127.0.0.1:4001', transport: 'GRPC' }],
      supportedInterfaces: [
        { url: '127.0.0.1:4001', protocolBinding: 'GRPC', protocolVersion: '1.0' },
        { url: `${UP}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: 'grpc://127.0.0.1:4001', protocolBinding: 'GRPC', protocolVersion: '0.3' },
      ],
    };
    const routes = plan(
      { url: '127.0.0.1:4001', bindingWire: 'GRPC' },
      { url: `${UP}/a2a/jsonrpc`, bindingWire: 'JSONRPC' },
      { url: 'grpc://127.0.0.1:4001', bindingWire: 'GRPC' },
    );
    const served = servedCardText(JSON.stringify(card), cardMover(routes, PROXY, '127.0.0.1:5001'));
    expect(served.dropped).toEqual([]);
    const parsed = JSON.parse(served.text) as typeof card;
    expect(parsed.url).toBe(`${PROXY}/a2a/jsonrpc`);
    expect(parsed.additionalInterfaces.map((entry) => entry.url)).toEqual(['grpc://127.0.0.1:5001']);
    expect(parsed.supportedInterfaces.map((entry) => entry.url)).toEqual([
      '127.0.0.1:5001',
      `${PROXY}/a2a/jsonrpc`,
      'grpc://127.0.0.1:5001',
    ]);
  });

  it('takes out and names a gRPC interface when the proxy has no gRPC listener', () => {
    const card = {
      supportedInterfaces: [
        { url: '127.0.0.1:4001', protocolBinding: 'GRPC', protocolVersion: '1.0' },
        { url: `${UP}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      ],
    };
    const routes = plan(
      { url: '127.0.0.1:4001', bindingWire: 'GRPC' },
      { url: `${UP}/a2a/jsonrpc`, bindingWire: 'JSONRPC' },
    );
    const served = servedCardText(JSON.stringify(card), cardMover(routes, PROXY, undefined));
    expect(served.dropped).toEqual(['127.0.0.1:4001']);
    expect((JSON.parse(served.text) as typeof card).supportedInterfaces).toHaveLength(1);
  });
});
