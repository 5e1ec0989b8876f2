// The proxy's hook points (PRX-1, for PRX-2 and PRX-4 to plug into): hooks set while the proxy runs apply to the next
// exchange; an answer given instead of the upstream's never reaches the agent and is marked on its frame; a shaped
// answer is what the caller gets while the frame keeps the upstream's bytes and the fault marks; a change before
// forwarding reaches the agent and its note is kept on the frame.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRecordingProxy } from '../../electron/host/proxy/recordingProxy';
import type { FaultMark, ProxyHooks } from '../../shared/proxy/proxyTypes';
import { peers, type PeerHandle } from '../peers';
import { keptFrames, upstreamBytes } from './support/proxyHarness';

let peer: PeerHandle;
beforeAll(async () => {
  peer = await peers['v1.0']();
});
afterAll(async () => {
  await peer.close();
});

const call = (listenUrl: string, method: string, text: string) =>
  fetch(`${listenUrl}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: { message: { messageId: `m-${text}`, role: 'ROLE_USER', parts: [{ text }] } },
    }),
  });

it('applies hooks set while running: instead, shaped and changed on the way up', async () => {
  const kept = keptFrames();
  const proxy = await startRecordingProxy({ upstream: peer.baseUrl }, { recorder: kept.recorder });
  try {
    const { listenUrl } = proxy.status();
    const plain = await call(listenUrl, 'SendMessage', 'before hooks');
    expect(plain.status).toBe(200);
    await plain.text();

    const dropped: FaultMark = {
      ruleId: 'r2',
      kind: 'drop-stream',
      detail: 'Dropped the stream after 1 event',
    };
    const hooks: ProxyHooks = {
      answerInstead: (request) =>
        request.messageText?.includes('boom')
          ? {
              status: 503,
              statusText: 'Service Unavailable',
              headers: [['Content-Type', 'text/plain']],
              body: (async function* () {
                yield new TextEncoder().encode('injected');
              })(),
              faults: [{ ruleId: 'r1', kind: 'error', detail: 'Answered 503' }],
            }
          : undefined,
      beforeForward: (request) => ({
        headers: [...request.headers, ['X-Injected', 'yes']],
        note: 'Added X-Injected',
      }),
      shapeAnswer: (request, answer) =>
        request.operation === 'SendStreamingMessage'
          ? {
              ...answer,
              faults: [dropped],
              body: (async function* () {
                for await (const chunk of answer.body) {
                  yield chunk;
                  return;
                }
              })(),
            }
          : answer,
    };
    proxy.setHooks(hooks);

    const instead = await call(listenUrl, 'SendMessage', 'boom now');
    expect(instead.status).toBe(503);
    expect(await instead.text()).toBe('injected');

    const streamed = await call(listenUrl, 'SendStreamingMessage', 'hello stream');
    const clientText = await streamed.text();

    const frames = kept.proxied();
    expect(frames).toHaveLength(3);
    const [first, second, third] = frames;
    expect(first!.proxied?.faults).toBeUndefined();
    expect(second!.proxied?.faults).toEqual([{ ruleId: 'r1', kind: 'error', detail: 'Answered 503' }]);
    expect(second!.remote).toBeUndefined();
    expect(second!.response?.status).toBe(503);
    expect(third!.proxied?.faults).toEqual([dropped]);
    expect(third!.proxied?.notes).toEqual(['Added X-Injected']);
    expect(third!.request.headers).toContainEqual(['X-Injected', 'yes']);
    const upstream = upstreamBytes(kept, third!).toString('utf8');
    expect(upstream.startsWith(clientText)).toBe(true);
    // The caller got the first chunk only; the agent's chunks may arrive together, so it may be all of them.
    expect(upstream.length).toBeGreaterThanOrEqual(clientText.length);
    expect(clientText.length).toBeGreaterThan(0);
    expect(proxy.status().exchanges).toBe(3);
  } finally {
    await proxy.close();
  }
});
