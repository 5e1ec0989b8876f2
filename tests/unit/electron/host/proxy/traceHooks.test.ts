// The proxy's trace hook (PRX-2): a client's trace context goes upstream untouched, a missing one is injected only
// when asked, with a note for the frame, and the injected header is a valid traceparent.

import { describe, expect, it } from 'vitest';
import { traceHooks } from '../../../../../electron/host/proxy/traceHooks';
import type { ProxiedRequest } from '../../../../../shared/proxy/proxyTypes';
import type { HeaderList } from '../../../../../shared/wire/frame';
import { parseTraceparent } from '../../../../../shared/wire/traceContext';

const VALID = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

function request(headers: HeaderList): ProxiedRequest {
  return {
    proxyId: 'p1',
    binding: 'JSONRPC',
    generation: '1.0',
    method: 'POST',
    path: '/',
    headers,
    body: new Uint8Array(),
  };
}

const fixed = (length: number): Uint8Array => Uint8Array.from({ length }, (_, i) => i + 1);

describe('traceHooks', () => {
  it('passes a valid traceparent and its tracestate on unchanged, even with inject on', () => {
    const hooks = traceHooks({ inject: true, random: fixed });
    const headers: HeaderList = [
      ['TraceParent', VALID],
      ['tracestate', 'rojo=1'],
    ];
    expect(hooks.beforeForward!(request(headers))).toBeUndefined();
  });

  it('passes a malformed traceparent on as the client sent it', () => {
    const hooks = traceHooks({ inject: true, random: fixed });
    expect(hooks.beforeForward!(request([['traceparent', 'garbage']]))).toBeUndefined();
  });

  it('adds nothing when the client sent none and inject is off', () => {
    expect(traceHooks({ inject: false }).beforeForward!(request([['accept', '*/*']]))).toBeUndefined();
  });

  it('injects a new trace when asked, keeps the other headers and says so', () => {
    const hooks = traceHooks({ inject: true, random: fixed });
    const change = hooks.beforeForward!(request([['tracestate', 'rojo=1']]));
    const injected = '00-0102030405060708090a0b0c0d0e0f10-0102030405060708-01';
    expect(change).toEqual({
      headers: [
        ['tracestate', 'rojo=1'],
        ['traceparent', injected],
      ],
      note: `Injected traceparent ${injected}`,
    });
  });

  it('injects valid random ids from node:crypto by default', () => {
    const change = traceHooks({ inject: true }).beforeForward!(request([]));
    const value = change!.headers!.find(([name]) => name === 'traceparent')![1];
    expect(parseTraceparent(value).value).toBeDefined();
  });
});
