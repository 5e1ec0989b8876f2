// Trace context as checks through the real recording proxy (PRX-2): a caller's malformed traceparent, carried to the
// 1.0 SDK test peer, is a `trace.traceparent` finding of the check report and fails the JUnit trace suite; and an
// orchestrator (an official SDK agent) that drops the trace context on the call it makes while serving a traced one
// is a `trace.propagation` finding naming both hops.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientFactory } from '@a2a-js/sdk/client';
import { Message } from '@a2a-js/sdk';
import { reportToJUnit } from '../../shared/checks/reportExport';
import { runChecks } from '../../shared/checks/runChecks';
import type { Frame } from '../../shared/wire/frame';
import { startProxiedChain, type ProxiedChain } from './support/proxiedChain';

const GOOD = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const BAD = '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01';

let setup: ProxiedChain;
beforeAll(async () => {
  setup = await startProxiedChain({ inject: false, propagate: false });
});
afterAll(async () => {
  await setup?.close();
});

const report = (frames: Frame[]) => runChecks({ frames, agents: [], cardFindings: [], appVersion: 'test' });

describe('trace checks over proxied traffic', () => {
  it('a caller’s malformed traceparent is in the checks report and fails the JUnit trace suite', async () => {
    const response = await fetch(`${setup.proxy2.status().listenUrl}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0', traceparent: BAD },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'bad trace' }] } },
      }),
    });
    expect(response.status).toBe(200);
    await response.text();
    const frame = setup.kept
      .proxied()
      .find((f) => f.proxied?.proxyId === 'proxy-b' && (f.request.body?.text ?? '').includes('bad trace'));
    expect(frame).toBeDefined();

    const result = report(setup.kept.all());
    const hit = result.findings.find((f) => f.checkId === 'trace.traceparent');
    expect(hit).toMatchObject({
      severity: 'warning',
      message: 'traceparent ignored: the trace-id is not 32 lower-case hex digits.',
      specUrl: 'https://www.w3.org/TR/trace-context/#traceparent-header',
      frameIds: [frame!.id],
    });
    expect(result.checksRun).toEqual(expect.arrayContaining(['trace.traceparent', 'trace.propagation']));
    const junit = reportToJUnit(result);
    expect(junit).toMatch(/<testsuite name="switchboard\.trace" tests="3" failures="[1-9]/);
    expect(junit).toContain('trace.traceparent: Every traceparent sent is one a receiver can read');
  });

  it('an agent that drops the trace context on its own call is named with both hops', async () => {
    const client = await new ClientFactory().createFromUrl(setup.proxy1.status().listenUrl);
    const message = Message.fromJSON({
      messageId: randomUUID(),
      role: 'ROLE_USER',
      parts: [{ text: 'dropped' }],
    });
    await client.sendMessage(
      { tenant: '', message, configuration: undefined, metadata: undefined },
      { serviceParameters: { traceparent: GOOD } },
    );
    const sendOf = (proxyId: string) =>
      setup.kept
        .proxied()
        .find(
          (f) =>
            f.proxied?.proxyId === proxyId &&
            f.a2a?.operation === 'send' &&
            (f.request.body?.text ?? '').includes('dropped'),
        )!;
    const outer = sendOf('proxy-a');
    const inner = sendOf('proxy-b');
    expect(setup.agent.calls.at(-1)).toEqual({ incoming: GOOD });

    const hits = report(setup.kept.all()).findings.filter((f) => f.checkId === 'trace.propagation');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      severity: 'warning',
      spec: 'W3C Trace Context §4 Processing Model',
      frameIds: [inner.id, outer.id],
    });
    expect(hits[0]!.message).toContain(setup.agent.baseUrl);
  });
});
