// The recording proxy works out which operation a call is, and the task and text it names, only when a hook asks or
// once the request is on its way (proxyExchange.ts, bench:proxy). Differential: for calls of every kind (JSON-RPC
// and HTTP+JSON operations, an unknown method, a body that is not JSON, the card), what the hooks were shown and what
// the frames say equal what the straightforward path reads from the same requests at once: identifyRequest and
// requestFacts on the recorded request. With no hook that reads them, nothing is lost either.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v1JsonRpc } from '../../shared/a2a/v1/jsonrpc';
import { v1Rest } from '../../shared/a2a/v1/rest';
import { V1_METHODS } from '../../shared/a2a/v1/operations';
import { identifyRequest } from '../../shared/a2a/identify';
import { requestFacts } from '../../shared/proxy/requestFacts';
import type { ProxiedRequest, ProxyHooks } from '../../shared/proxy/proxyTypes';
import type { HttpFrame } from '../../shared/wire/frame';
import { startRecordingProxy } from '../../electron/host/proxy/recordingProxy';
import { keptFrames } from './support/proxyHarness';

let upstream: Server;
let base = '';
/** Answers held back by the upstream until the test lets them go. */
const held: Array<() => void> = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/.well-known/')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          name: 'Echo',
          description: 'Answers everything.',
          supportedInterfaces: [
            { url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
            { url: `${base}/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
          ],
          version: '1.0.0',
          capabilities: {},
          defaultInputModes: ['text/plain'],
          defaultOutputModes: ['text/plain'],
          skills: [],
        }),
      );
      return;
    }
    req.resume();
    if (req.url === '/rpc/slow') {
      held.push(() =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"jsonrpc":"2.0","id":7,"result":{}}'),
      );
      return;
    }
    req.on('end', () =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          '{"jsonrpc":"2.0","id":1,"result":{"message":{"messageId":"a","role":"ROLE_AGENT","parts":[]}}}',
        ),
    );
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => upstream.close(resolve)));

const rpc = (method: string, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 7, method, params });
const message = {
  message: {
    messageId: 'm',
    role: 'ROLE_USER',
    taskId: 't-1',
    parts: [{ text: 'Hello' }, { text: 'there' }],
  },
};

const CALLS: Array<{ method: string; path: string; body?: string }> = [
  { method: 'POST', path: '/rpc', body: rpc('SendMessage', message) },
  { method: 'POST', path: '/rpc', body: rpc('GetTask', { id: 't-2' }) },
  { method: 'POST', path: '/rpc', body: rpc('NoSuchMethod', {}) },
  { method: 'POST', path: '/rpc', body: 'not json at all' },
  { method: 'POST', path: '/rest/message:send', body: JSON.stringify(message) },
  { method: 'GET', path: '/rest/tasks/t-3' },
  { method: 'POST', path: '/rest/tasks/t-4:subscribe' },
  { method: 'GET', path: '/.well-known/agent-card.json' },
];

/** What the straightforward path reads from a recorded request, at once. */
function straightforward(frame: HttpFrame) {
  const { pathname } = new URL(frame.request.url);
  const rest = pathname.startsWith('/rest');
  const card = pathname.startsWith('/.well-known/');
  const bodyText = frame.request.body?.text;
  const recorded = {
    url: frame.request.url,
    headers: frame.request.headers,
    ...(bodyText !== undefined ? { bodyText } : {}),
  };
  const adapter = rest ? v1Rest : v1JsonRpc;
  const endpoint = `${base}${rest ? '/rest' : '/rpc'}`;
  let identified = card
    ? undefined
    : identifyRequest(adapter, { ...recorded, method: frame.request.method }, endpoint);
  // The SDK's resubscribe is a POST to the path the 1.0 adapter encodes as a GET.
  if (!identified && rest && frame.request.method === 'POST') {
    const asGet = identifyRequest(adapter, { ...recorded, method: 'GET' }, endpoint);
    if (asGet?.operation === 'subscribe') identified = asGet;
  }
  const facts = requestFacts(pathname, bodyText);
  return {
    operation: identified ? (identified.rpc?.method ?? V1_METHODS[identified.operation]) : undefined,
    taskId: facts.taskId,
    messageText: facts.messageText,
    a2aOperation: card ? undefined : (identified?.operation ?? 'raw'),
    rpc: identified?.rpc,
  };
}

async function runCalls(hooks: ProxyHooks | undefined) {
  const kept = keptFrames();
  const finals: HttpFrame[] = [];
  const proxy = await startRecordingProxy(
    { upstream: base },
    { recorder: kept.recorder, ...(hooks ? { hooks } : {}), onExchange: (frame) => finals.push(frame) },
  );
  const listen = proxy.status().listenUrl;
  try {
    for (const call of CALLS) {
      const res = await fetch(`${listen}${call.path}`, {
        method: call.method,
        headers: { 'content-type': 'application/json' },
        ...(call.body !== undefined ? { body: call.body } : {}),
      });
      await res.arrayBuffer();
    }
    // The card the proxy read at start is no exchange the caller made.
    while (finals.length < CALLS.length) await new Promise((resolve) => setImmediate(resolve));
  } finally {
    await proxy.close();
  }
  return finals;
}

describe('a call’s identity, worked out late', () => {
  it('shows hooks what the straightforward path reads, and puts it on the frames', async () => {
    const seen: Array<Pick<ProxiedRequest, 'operation' | 'taskId' | 'messageText'>> = [];
    const finals = await runCalls({
      answerInstead: (request) => {
        seen.push({ operation: request.operation, taskId: request.taskId, messageText: request.messageText });
        return undefined;
      },
    });
    expect(finals).toHaveLength(CALLS.length);
    finals.forEach((frame, i) => {
      const expected = straightforward(frame);
      expect(seen[i], CALLS[i]!.path).toEqual({
        operation: expected.operation,
        taskId: expected.taskId,
        messageText: expected.messageText,
      });
      expect(frame.a2a?.operation, CALLS[i]!.path).toBe(expected.a2aOperation);
      expect(frame.a2a?.rpc, CALLS[i]!.path).toEqual(expected.rpc);
    });
  });

  it('records the same frames when no hook reads anything', async () => {
    const finals = await runCalls(undefined);
    expect(finals).toHaveLength(CALLS.length);
    finals.forEach((frame, i) => {
      const expected = straightforward(frame);
      expect(frame.a2a?.operation, CALLS[i]!.path).toBe(expected.a2aOperation);
      expect(frame.a2a?.rpc, CALLS[i]!.path).toEqual(expected.rpc);
      expect(frame.proxied?.binding, CALLS[i]!.path).toBe(
        CALLS[i]!.path.startsWith('/rest')
          ? 'HTTP+JSON'
          : CALLS[i]!.path.startsWith('/rpc')
            ? 'JSONRPC'
            : 'card',
      );
    });
  });

  it('annotates the pending revision of a call the upstream is slow to answer', async () => {
    const kept = keptFrames();
    const pending = new Promise<HttpFrame>((resolve) => {
      const publish = kept.recorder.publish;
      kept.recorder.publish = (frame) => {
        publish(frame);
        if (frame.kind === 'http' && frame.source === 'proxy' && frame.state === 'pending')
          resolve(structuredClone(frame));
      };
    });
    const proxy = await startRecordingProxy({ upstream: base }, { recorder: kept.recorder });
    try {
      const answered = fetch(`${proxy.status().listenUrl}/rpc/slow`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: rpc('GetTask', { id: 't-9' }),
      });
      const frame = await pending;
      expect(frame.a2a).toMatchObject({ operation: 'get', rpc: { method: 'GetTask', id: 7 }, taskId: 't-9' });
      expect(frame.proxied?.binding).toBe('JSONRPC');
      held.shift()!();
      await (await answered).arrayBuffer();
    } finally {
      await proxy.close();
    }
  });
});
