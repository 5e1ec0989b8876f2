// ACTS client tests (ACTS §10) against Switchboard's own decoders: each canonical wire payload goes through the A2A 1.0
// adapter exactly as an agent's answer would, and the parsed result, written out in 1.0 names (views.ts), is what
// `expect_parsed` is checked against. A decoder that drops or misreads a field fails here.

import type { Operation, OperationInputs } from '../a2a/adapter';
import { detectCard } from '../a2a/detect';
import { v1JsonRpc } from '../a2a/v1/jsonrpc';
import type { ActsOperation, ClientStep } from './actsTypes';
import { check, type AssertionFailure } from './assertions';
import { ADAPTER_OPERATION } from './plan';
import { errorView, resultView } from './views';

const INPUTS: { [O in Operation]: OperationInputs[O] } = {
  send: { message: { parts: [{ kind: 'text', text: 'client test' }] }, blocking: true },
  stream: { message: { parts: [{ kind: 'text', text: 'client test' }] }, blocking: true },
  get: { taskId: 'client-test' },
  list: {},
  cancel: { taskId: 'client-test' },
  subscribe: { taskId: 'client-test' },
  pushConfigSet: { taskId: 'client-test', config: { url: 'https://example.com/hook' } },
  pushConfigGet: { taskId: 'client-test', configId: 'client-test' },
  pushConfigList: { taskId: 'client-test' },
  pushConfigDelete: { taskId: 'client-test', configId: 'client-test' },
  extendedCard: {},
};

/** What Switchboard made of one canonical payload: the parsed view, or why it could not read it. */
export function parseClientPayload(
  operation: ActsOperation,
  payload: unknown,
): { ok: true; parsed: unknown } | { ok: false; message: string } {
  const op = ADAPTER_OPERATION[operation];
  const isEnvelope = typeof payload === 'object' && payload !== null && 'jsonrpc' in payload;
  if (op === 'card' || (op === 'extendedCard' && !isEnvelope)) {
    const detection = detectCard(payload);
    if ('error' in detection)
      return { ok: false, message: `Switchboard did not read the card: ${detection.error}` };
    return { ok: true, parsed: payload };
  }
  const id = isEnvelope ? (payload as { id?: unknown }).id : 1;
  const encoded = v1JsonRpc.encode(op, INPUTS[op] as never, {
    endpoint: 'http://client-test.invalid/',
    requestId: typeof id === 'string' || typeof id === 'number' ? id : 1,
    newId: () => 'client-test',
  });
  if (!encoded.ok) return { ok: false, message: encoded.reason };
  const decoded = v1JsonRpc.decodeResponse(encoded.request, {
    status: 200,
    headers: [['Content-Type', 'application/json']],
    bodyText: JSON.stringify(payload),
  });
  switch (decoded.kind) {
    case 'result':
      return { ok: true, parsed: resultView(operation, decoded.result) };
    case 'error':
      return { ok: true, parsed: errorView(decoded.error) };
    default:
      return {
        ok: false,
        message: `Switchboard could not read the payload: ${decoded.findings.map((finding) => finding.message).join('; ') || decoded.kind}`,
      };
  }
}

/** Runs one client step: empty when Switchboard parsed the payload as the test expects. */
export function runClientStep(step: ClientStep): AssertionFailure[] {
  const parsed = parseClientPayload(step.client_response.operation, step.client_response.wire_payload);
  if (!parsed.ok)
    return [{ path: '', message: parsed.message, expected: 'a parsed response', actual: 'nothing parsed' }];
  return check(step.expect_parsed, parsed.parsed);
}
