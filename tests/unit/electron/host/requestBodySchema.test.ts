// The request editor's schema check (MSG-8): a body recognised as an A2A operation is checked against that
// operation's request schema of its generation, and each problem comes back at a JSON path.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRequestBody } from '../../../../electron/host/requestBodySchema';

const rpc = (method: string, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

describe('checkRequestBody', () => {
  it('accepts a valid 0.3 message/send and names the schema', () => {
    const body = rpc('message/send', {
      message: { kind: 'message', role: 'user', messageId: 'm-1', parts: [{ kind: 'text', text: 'hi' }] },
    });
    expect(checkRequestBody({ generation: '0.3', binding: 'JSONRPC', operation: 'send', body })).toEqual({
      schema: 'SendMessageRequest',
      problems: [],
      more: 0,
    });
  });

  it('lists a 0.3 body’s missing field at its JSON path', () => {
    const body = rpc('message/send', { message: { kind: 'message', role: 'user', parts: [] } });
    const checked = checkRequestBody({ generation: '0.3', binding: 'JSONRPC', operation: 'send', body });
    expect(checked.problems).toContainEqual({
      path: '$.params.message.messageId',
      message: 'is required by SendMessageRequest',
    });
  });

  it('checks a 1.0 JSON-RPC request’s params, paths counted from the body', () => {
    const body = rpc('SendMessage', {
      message: { role: 'ROLE_USER', messageId: 'm-1', parts: [{ text: 'hi' }], bogus: true },
    });
    const checked = checkRequestBody({ generation: '1.0', binding: 'JSONRPC', operation: 'send', body });
    expect(checked.schema).toBe('Send Message Request');
    expect(checked.problems).toContainEqual({
      path: '$.params.message.bogus',
      message: 'is not a field of Send Message Request here',
    });
  });

  it('checks a 1.0 HTTP+JSON send body as the request message itself', () => {
    const good = JSON.stringify({
      message: { role: 'ROLE_USER', messageId: 'm-1', parts: [{ text: 'hi' }] },
    });
    expect(
      checkRequestBody({ generation: '1.0', binding: 'HTTP+JSON', operation: 'send', body: good }),
    ).toEqual({
      schema: 'Send Message Request',
      problems: [],
      more: 0,
    });
    const bad = JSON.stringify({ message: { role: 'ROLE_USER', parts: [] }, extra: 1 });
    const paths = checkRequestBody({
      generation: '1.0',
      binding: 'HTTP+JSON',
      operation: 'send',
      body: bad,
    }).problems.map((problem) => problem.path);
    expect(paths).toContain('$.extra');
  });

  it('says nothing where there is no request schema to check with', () => {
    const none = { problems: [], more: 0 };
    expect(checkRequestBody({ generation: '1.0', binding: 'HTTP+JSON', operation: 'get', body: '' })).toEqual(
      none,
    );
    expect(
      checkRequestBody({ generation: '0.3', binding: 'HTTP+JSON', operation: 'send', body: '{}' }),
    ).toEqual(none);
    expect(
      checkRequestBody({ generation: '9.9', binding: 'JSONRPC', operation: 'send', body: '{}' }),
    ).toEqual(none);
    expect(
      checkRequestBody({ generation: '0.3', binding: 'JSONRPC', operation: 'toString', body: '{}' }),
    ).toEqual(none);
  });

  it('leaves a body that is not JSON to the JSON check', () => {
    expect(
      checkRequestBody({ generation: '0.3', binding: 'JSONRPC', operation: 'get', body: '{"a":' }),
    ).toEqual({
      schema: 'GetTaskRequest',
      problems: [],
      more: 0,
    });
  });

  it('refuses a 1.0 JSON-RPC body that is not an object', () => {
    expect(
      checkRequestBody({ generation: '1.0', binding: 'JSONRPC', operation: 'get', body: '[1]' }).problems,
    ).toEqual([{ path: '$', message: 'must be a JSON-RPC request object' }]);
  });
});

// The check reads a body JSON.parse can read as the careful parser would with JSON.parse (bench:proxy), and any other
// with the careful parser. Differential: a body, and the same body with its first member written twice (the same
// value, which only the careful parser reads), get the same result; plainJson.test.ts holds the two parsers to the
// same value.
describe('checkRequestBody, either parser', () => {
  const field = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
  const part = fc.oneof(
    fc.record({ text: fc.string({ maxLength: 12 }) }),
    fc.record({ kind: fc.constant('text'), text: fc.string({ maxLength: 12 }) }),
    fc.dictionary(fc.string({ maxLength: 5 }), field, { maxKeys: 3 }),
  );
  const message = fc.record(
    {
      messageId: field,
      role: fc.constantFrom('ROLE_USER', 'user', 'agent', 7),
      kind: fc.constant('message'),
      parts: fc.array(part, { maxLength: 3 }),
      taskId: field,
    },
    { requiredKeys: [] },
  );
  const body = fc.record({
    jsonrpc: fc.constantFrom('2.0', '1.0'),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 4 })),
    method: fc.constantFrom('SendMessage', 'message/send', 'GetTask', 'tasks/get'),
    params: fc.record({ message, id: field, configuration: fc.constant({}) }, { requiredKeys: [] }),
  });
  const twice = (text: string) => {
    const first = /^\{("jsonrpc":"[^"]*")/.exec(text)![1]!;
    return `{${first},${text.slice(1)}`;
  };

  it('gives the same problems whichever parser read the body', () => {
    fc.assert(
      fc.property(
        body,
        fc.constantFrom('0.3', '1.0'),
        fc.constantFrom('send', 'get'),
        (value, generation, operation) => {
          const text = JSON.stringify(value);
          const check = (bodyText: string) =>
            checkRequestBody({ generation, binding: 'JSONRPC', operation, body: bodyText });
          expect(check(twice(text))).toEqual(check(text));
        },
      ),
      { numRuns: 300 },
    );
  });
});
