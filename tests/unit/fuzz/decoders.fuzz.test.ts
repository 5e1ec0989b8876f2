// Fuzzing every generation's decoder (SEC-3): answers, stream events, push deliveries and sent messages of each
// generation and binding, from mutated real traffic. Whatever arrives, the decoder returns a result or an `invalid`
// with findings — it never throws — and what it returns can cross the host boundary.

import fc from 'fast-check';
import { describe } from 'vitest';
import type { EncodedRequest, GenerationAdapter, Operation } from '../../../shared/a2a/adapter';
import { adapters } from '../../../shared/a2a/adapters';
import { expectFindings, expectPortable } from './findings';
import { fuzz } from './fuzzKit';
import { jsonText } from './jsonMutations';
import { seedsFor } from './seeds';

const inputs: Record<Operation, unknown> = {
  send: { message: { parts: [{ kind: 'text', text: 'hi' }] }, blocking: true },
  stream: { message: { parts: [{ kind: 'text', text: 'hi' }] }, blocking: false },
  get: { taskId: 't1' },
  list: {},
  cancel: { taskId: 't1' },
  subscribe: { taskId: 't1' },
  pushConfigSet: { taskId: 't1', config: { url: 'http://127.0.0.1:9/hook', token: 'x' } },
  pushConfigGet: { taskId: 't1', configId: 'c1' },
  pushConfigList: { taskId: 't1' },
  pushConfigDelete: { taskId: 't1', configId: 'c1' },
  extendedCard: {},
};

function requestsOf(adapter: GenerationAdapter): EncodedRequest[] {
  const out: EncodedRequest[] = [];
  for (const operation of adapter.supports) {
    const result = adapter.encode(operation, inputs[operation] as never, {
      endpoint: 'http://127.0.0.1:9/a2a',
      requestId: 7,
      newId: () => 'id-1',
    });
    if (result.ok) out.push(result.request);
  }
  return out;
}

const contentTypes = [
  'application/json',
  'application/a2a+json',
  'text/event-stream',
  'text/plain',
  'application/problem+json',
  'application/json; charset=utf-16',
  '',
];

for (const adapter of adapters) {
  describe(`${adapter.generation} ${adapter.binding}`, () => {
    const seeds = seedsFor(adapter.generation, adapter.binding);
    const requests = requestsOf(adapter);
    const request = fc.constantFrom(...requests);

    fuzz(
      'answers',
      fc.record({
        request,
        status: fc.constantFrom(200, 201, 204, 400, 401, 404, 409, 415, 500, 502, 0, 999),
        type: fc.constantFrom(...contentTypes),
        bodyText: jsonText([...seeds.responses, ...seeds.requests]),
      }),
      ({ request, status, type, bodyText }) => {
        const decoded = adapter.decodeResponse(request, {
          status,
          headers: type ? [['Content-Type', type]] : [],
          bodyText,
        });
        expectFindings(decoded.findings);
        expectPortable(decoded);
      },
    );

    fuzz(
      'stream events',
      fc.record({ request, data: jsonText(seeds.events), isError: fc.boolean() }),
      ({ request, data, isError }) => {
        const decoded = adapter.decodeStreamEvent(request, data, isError);
        expectFindings(decoded.findings);
        expectPortable(decoded);
      },
    );

    fuzz('push deliveries', jsonText([...seeds.pushes, ...seeds.events]), (body) => {
      const decoded = adapter.decodePush(body);
      expectFindings(decoded.findings);
      expectPortable(decoded);
    });

    fuzz('sent messages read back', jsonText(seeds.requests), (body) => {
      expectPortable(adapter.decodeSentMessage(body) ?? null);
    });
  });
}
