// probe.malformed-requests: the agent refuses requests that are not well formed, with the error the binding
// prescribes, instead of guessing what was meant. Over JSON-RPC (JSON-RPC 2.0 §4, §5.1): a body that is not JSON
// gets -32700; a wrong or missing `jsonrpc`, a missing `method`, an `id` that is an object, `params` that are not an
// object (A2A's params are always one) get -32600 (Invalid Request) or -32602 (Invalid params). Over HTTP+JSON:
// a body that is not JSON, or not an object, gets HTTP 400. Each request asks for a task that cannot exist, so an
// agent that takes it anyway answers TaskNotFound, and shows it. gRPC is skipped: a call is encoded from the proto,
// and cannot be malformed this way.

import { randomUUID } from 'node:crypto';
import { findAdapter } from '../../../shared/a2a/adapters';
import { JSON_RPC, a2aRef } from '../../../shared/checks/specRefs';
import { describeError, failed, passed, skipped, spokenInterface, textMessage } from './probeKit';
import type { ProbeContext, Verdict } from './probeKit';
import { protocolHeaders } from '../../../shared/a2a/binding';

/**
 * JSON-RPC 2.0 names -32600 for a request object that is not valid; ACTS (CORE-ERR-006) and the A2A SDKs also accept
 * -32602 (Invalid params) for these, so either is taken: what fails is a request answered as if it were fine.
 */
const INVALID = [-32600, -32602];

interface Case {
  what: string;
  body: string;
  /** The codes (JSON-RPC) or HTTP statuses (HTTP+JSON) a right answer has. */
  expected: number[];
}

export async function malformedRequestsProbe(ctx: ProbeContext): Promise<Verdict> {
  const spoken = spokenInterface(ctx.agent);
  if (!spoken?.binding) return skipped('The agent has no interface Switchboard speaks.');
  if (spoken.binding === 'GRPC')
    return skipped('Over gRPC a call is encoded from the proto: it cannot carry a malformed envelope.');
  const adapter = findAdapter(spoken.generation, spoken.binding)!;
  // A 1.0 agent reads a request without A2A-Version as 0.3; the version is right so the envelope is what is tested.
  const headers: Array<[string, string]> = [
    ['Content-Type', 'application/json'],
    ...protocolHeaders(spoken.generation, undefined),
  ];
  const taskId = `switchboard-probe-${randomUUID()}`;
  const wrong: string[] = [];
  if (spoken.binding === 'JSONRPC') {
    const get = adapter.encode(
      'get',
      { taskId },
      { endpoint: 'http://probe.invalid/', requestId: 1, newId: randomUUID },
    );
    if (!get.ok || !get.request.rpc)
      return skipped(`Switchboard could not build a request: ${get.ok ? 'no method' : get.reason}`);
    const method = get.request.rpc.method;
    const params = JSON.parse(get.request.body ?? '{}') as { params?: unknown };
    const good = { jsonrpc: '2.0', id: 'switchboard-probe', method, params: params.params ?? { id: taskId } };
    const without = (key: string) =>
      JSON.stringify(Object.fromEntries(Object.entries(good).filter(([k]) => k !== key)));
    const cases: Case[] = [
      { what: 'a body that is not JSON', body: JSON.stringify(good).slice(0, -7), expected: [-32700] },
      { what: '"jsonrpc": "1.0"', body: JSON.stringify({ ...good, jsonrpc: '1.0' }), expected: INVALID },
      { what: 'no "jsonrpc"', body: without('jsonrpc'), expected: INVALID },
      { what: 'no "method"', body: without('method'), expected: INVALID },
      {
        what: 'an "id" that is an object',
        body: JSON.stringify({ ...good, id: { not: 'allowed' } }),
        expected: INVALID,
      },
      {
        what: '"params" that are a string',
        body: JSON.stringify({ ...good, params: taskId }),
        expected: INVALID,
      },
    ];
    for (const probe of cases) {
      const outcome = await ctx.host.sendRaw({
        agentId: ctx.agent.id,
        method: 'POST',
        url: '',
        headers,
        body: probe.body,
        // Sent as typed: a malformed request is not the operation it resembles, only its error is read.
        identify: false,
      });
      const code = outcome.error?.code;
      if (code === undefined || !probe.expected.includes(code)) {
        wrong.push(
          `${probe.what} should get ${probe.expected.join(' or ')}; it got ${outcome.error ? describeError(outcome) : outcome.message}`,
        );
      }
    }
    return wrong.length === 0
      ? passed(
          `Six malformed requests got the JSON-RPC errors they should (-32700, -32600, -32602).`,
          JSON_RPC.error,
        )
      : failed(
          `The agent took malformed JSON-RPC requests it should have refused: ${wrong.join('; ')}.`,
          JSON_RPC.error,
        );
  }
  const send = adapter.encode(
    'send',
    { ...textMessage('Switchboard probe'), blocking: true },
    {
      endpoint: spoken.url,
      ...(spoken.tenant !== undefined ? { tenant: spoken.tenant } : {}),
      requestId: 1,
      newId: randomUUID,
    },
  );
  if (!send.ok) return skipped(`Switchboard could not build a request: ${send.reason}`);
  const cases: Case[] = [
    { what: 'a body that is not JSON', body: '{"message": ', expected: [400] },
    { what: 'a body that is a JSON array', body: '[]', expected: [400] },
  ];
  for (const probe of cases) {
    const outcome = await ctx.host.sendRaw({
      agentId: ctx.agent.id,
      method: 'POST',
      url: send.request.url,
      headers,
      body: probe.body,
      identify: false,
    });
    const status = outcome.error?.httpStatus;
    if (status === undefined || !probe.expected.includes(status)) {
      wrong.push(
        `${probe.what} should get HTTP 400; it got ${outcome.error ? describeError(outcome) : outcome.message}`,
      );
    }
  }
  const spec = a2aRef('restErrors', spoken.generation);
  return wrong.length === 0
    ? passed('Malformed HTTP+JSON bodies got HTTP 400.', spec)
    : failed(`The agent took malformed HTTP+JSON requests: ${wrong.join('; ')}.`, spec);
}
