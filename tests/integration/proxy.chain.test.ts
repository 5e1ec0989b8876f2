// A chain of two proxied SDK agents (PRX-2): the official 1.3.0 client calls an orchestrator agent through proxy 1,
// which injects a traceparent when the caller sent none; the orchestrator, while handling the message, calls the 1.0
// test peer through proxy 2 with a child traceparent. Both proxies record into one frame list, and the trace model
// must see one trace with both hops: client → orchestrator, orchestrator → peer, the second nested under the first.

import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientFactory } from '@a2a-js/sdk/client';
import { Message } from '@a2a-js/sdk';
import { headerValue } from '../../shared/proxy/hopByHop';
import { runChecks } from '../../shared/checks/runChecks';
import { indexTraces, traceDetail } from '../../shared/timeline/traces';
import type { HttpFrame } from '../../shared/wire/frame';
import { formatTraceparent, newTraceparent, parseTraceparent } from '../../shared/wire/traceContext';
import { startProxiedChain, type ProxiedChain } from './support/proxiedChain';

let chain: ProxiedChain;
beforeAll(async () => {
  chain = await startProxiedChain({ inject: true, propagate: true });
});
afterAll(async () => {
  await chain?.close();
});

const userMessage = (text: string) =>
  Message.fromJSON({ messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }] });

/** Sends one message to the orchestrator through proxy 1; returns its answer's text. */
async function ask(text: string, traceparent?: string): Promise<string> {
  const client = await new ClientFactory().createFromUrl(chain.proxy1.status().listenUrl);
  const answer = await client.sendMessage(
    { tenant: '', message: userMessage(text), configuration: undefined, metadata: undefined },
    traceparent ? { serviceParameters: { traceparent } } : undefined,
  );
  return 'role' in answer
    ? answer.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('')
    : '';
}

/** The message exchange through one proxy whose request asked for `text`. */
function sendThrough(proxyId: string, text: string): HttpFrame {
  const found = chain.kept
    .proxied()
    .find(
      (f) =>
        f.proxied?.proxyId === proxyId &&
        f.a2a?.operation === 'send' &&
        (f.request.body?.text ?? '').includes(text),
    );
  if (!found) throw new Error(`no send through ${proxyId} for “${text}”`);
  return found;
}

const traceparentOf = (frame: HttpFrame) => headerValue(frame.request.headers, 'traceparent') ?? '';
const parsed = (value: string) => parseTraceparent(value).value!;

describe('a chain of two proxied SDK agents', () => {
  it('makes one trace with both hops when proxy 1 starts it', async () => {
    expect(await ask('chain one')).toBe('Asked on: Echo: chain one');
    const outer = sendThrough('proxy-a', 'chain one');
    const inner = sendThrough('proxy-b', 'chain one');
    const call = chain.agent.calls.at(-1)!;

    // What proxy 1 injected is noted, recorded as the request that went upstream, and is what the agent received.
    const injected = traceparentOf(outer);
    expect(outer.proxied?.notes).toEqual([`Injected traceparent ${injected}`]);
    expect(call.incoming).toBe(injected);
    // Proxy 2 passed the orchestrator's child on unchanged: same trace, parent = the orchestrator's own span.
    expect(traceparentOf(inner)).toBe(call.outgoing);
    expect(parsed(traceparentOf(inner)).traceId).toBe(parsed(injected).traceId);
    expect(parsed(traceparentOf(inner)).parentId).not.toBe(parsed(injected).parentId);
    expect(inner.proxied?.notes).toBeUndefined();

    const index = indexTraces(chain.kept.all());
    const traceId = parsed(injected).traceId;
    const mine = index.traces.filter((t) => t.frameIds.includes(outer.id) || t.frameIds.includes(inner.id));
    expect(mine.map((t) => t.traceId)).toEqual([traceId]);
    expect(mine[0]).toMatchObject({ hops: 2, errors: 0, rootOperation: 'SendMessage' });
    expect(mine[0]!.frameIds).toEqual([outer.id, inner.id]);
    // The only other trace is proxy 1's injection on the client's card read, a single hop of its own.
    const others = index.traces.filter((t) => t.traceId !== traceId);
    expect(others.map((t) => [t.hops, t.rootOperation])).toEqual([[1, 'GET /.well-known/agent-card.json']]);

    const detail = traceDetail(traceId, index.exchanges.get(traceId)!);
    const agentA = `agent:${chain.agent.baseUrl}/a2a/jsonrpc`;
    const agentB = `agent:${chain.peer.baseUrl}/a2a/jsonrpc`;
    expect(detail.edges).toEqual([
      { from: expect.stringMatching(/^client:127\.0\.0\.1\|/) as string, to: agentA, calls: 1, errors: 0 },
      { from: agentA, to: agentB, calls: 1, errors: 0 },
    ]);
    expect(detail.rows.map((r) => [r.frameId, r.depth])).toEqual([
      [outer.id, 0],
      [inner.id, 1],
    ]);
    const [a, b] = detail.rows;
    expect(b!.start).toBeGreaterThanOrEqual(a!.start);
    expect(b!.spanId).toBe(parsed(call.outgoing!).parentId);
    // An orchestrator that passes the context on breaks no trace rule (proxy.traceChecks.test.ts has one that does not).
    const report = runChecks({ frames: chain.kept.all(), agents: [], cardFindings: [], appVersion: 'test' });
    expect(report.checksRun).toContain('trace.propagation');
    expect(report.findings.filter((f) => f.checkId.startsWith('trace.'))).toEqual([]);
  });

  it('passes a caller’s own traceparent on unchanged through proxy 1', async () => {
    const own = formatTraceparent(newTraceparent((n) => new Uint8Array(randomBytes(n))));
    expect(await ask('chain two', own)).toBe('Asked on: Echo: chain two');
    const outer = sendThrough('proxy-a', 'chain two');
    const inner = sendThrough('proxy-b', 'chain two');
    expect(traceparentOf(outer)).toBe(own);
    expect(outer.proxied?.notes).toBeUndefined();
    expect(chain.agent.calls.at(-1)!.incoming).toBe(own);
    expect(parsed(traceparentOf(inner)).traceId).toBe(parsed(own).traceId);

    const index = indexTraces(chain.kept.all());
    const trace = index.traces.find((t) => t.traceId === parsed(own).traceId)!;
    expect(trace.frameIds).toEqual([outer.id, inner.id]);
    const detail = traceDetail(trace.traceId, index.exchanges.get(trace.traceId)!);
    expect(detail.rows.map((r) => r.depth)).toEqual([0, 1]);
    expect(detail.edges).toHaveLength(2);
  });
});
