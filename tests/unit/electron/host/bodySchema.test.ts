// Frame bodies against their generation's JSON Schema (CHK-2): a right answer passes, a wrong one is named with its
// place, for JSON-RPC envelopes (0.1–0.3), 1.0 results and REST bodies, and stream events.

import { describe, expect, it } from 'vitest';
import { checkBodySchema } from '../../../../electron/host/bodySchema';
import { frameCheckFor } from '../../../../shared/checks/catalog';

const task03 = {
  kind: 'task',
  id: 't1',
  contextId: 'c1',
  status: { state: 'completed' },
};

describe('0.x JSON-RPC envelopes', () => {
  it('a right answer passes; a task without a status is named', () => {
    expect(
      checkBodySchema({
        generation: '0.3',
        binding: 'JSONRPC',
        target: 'send',
        json: { jsonrpc: '2.0', id: 1, result: task03 },
      }),
    ).toEqual([]);
    const wrong = checkBodySchema({
      generation: '0.3',
      binding: 'JSONRPC',
      target: 'send',
      json: { jsonrpc: '2.0', id: 1, result: { kind: 'task', id: 't1', contextId: 'c1' } },
    });
    expect(wrong.length).toBeGreaterThan(0);
    expect(wrong[0]).toMatchObject({
      rule: 'schema.body',
      severity: 'warning',
      spec: 'A2A 0.3 §6 Protocol Data Objects',
      specUrl: 'https://github.com/a2aproject/A2A/blob/v0.3.0/docs/specification.md#6-protocol-data-objects',
    });
  });

  it('stream events and 0.2 and 0.1 answers are checked against their own types', () => {
    const event = {
      jsonrpc: '2.0',
      id: 1,
      result: {
        kind: 'status-update',
        taskId: 't',
        contextId: 'c',
        status: { state: 'working' },
        final: false,
      },
    };
    expect(checkBodySchema({ generation: '0.3', binding: 'JSONRPC', target: 'event', json: event })).toEqual(
      [],
    );
    expect(
      checkBodySchema({
        generation: '0.3',
        binding: 'JSONRPC',
        target: 'event',
        json: { ...event, result: { kind: 'status-update' } },
      }).length,
    ).toBeGreaterThan(0);
    expect(
      checkBodySchema({
        generation: '0.2',
        binding: 'JSONRPC',
        target: 'get',
        json: { jsonrpc: '2.0', id: 1, result: { ...task03, status: { state: 'nope' } } },
      }).length,
    ).toBeGreaterThan(0);
    expect(
      checkBodySchema({
        generation: '0.1',
        binding: 'JSONRPC',
        target: 'get',
        json: { jsonrpc: '2.0', id: 1, result: { id: 't', status: { state: 'completed' } } },
      }),
    ).toEqual([]);
  });

  it('0.3 REST (ProtoJSON, which the JSON Schema does not describe) and unknown generations are left alone', () => {
    expect(
      checkBodySchema({ generation: '0.3', binding: 'HTTP+JSON', target: 'send', json: { nonsense: true } }),
    ).toEqual([]);
    expect(checkBodySchema({ generation: '9.9', binding: 'JSONRPC', target: 'send', json: {} })).toEqual([]);
  });
});

describe('1.0', () => {
  it('checks the JSON-RPC result and the REST body as ProtoJSON messages', () => {
    const good = { task: { id: 't', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' } } };
    expect(
      checkBodySchema({
        generation: '1.0',
        binding: 'JSONRPC',
        target: 'send',
        json: { jsonrpc: '2.0', id: 1, result: good },
      }),
    ).toEqual([]);
    expect(checkBodySchema({ generation: '1.0', binding: 'HTTP+JSON', target: 'send', json: good })).toEqual(
      [],
    );
    const bad = checkBodySchema({
      generation: '1.0',
      binding: 'JSONRPC',
      target: 'send',
      json: { jsonrpc: '2.0', id: 1, result: { task: { id: 5, status: { state: 'DONE' } } } },
    });
    expect(bad.length).toBeGreaterThan(0);
    expect(bad[0]!.pointer).toMatch(/^\/result\/task/);
    // An error answer has no result to check.
    expect(
      checkBodySchema({
        generation: '1.0',
        binding: 'JSONRPC',
        target: 'get',
        json: { jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'x' } },
      }),
    ).toEqual([]);
  });

  it('at most five differences are listed, then a count', () => {
    const many = checkBodySchema({
      generation: '1.0',
      binding: 'HTTP+JSON',
      target: 'list',
      json: { tasks: Array.from({ length: 8 }, () => ({ id: 1 })) },
    });
    expect(many).toHaveLength(6);
    expect(many[5]!.message).toMatch(/^3 more differences/);
  });
});

it('these findings are the frame.schema check, beside the decoders’ own', () => {
  expect(frameCheckFor('schema.body')).toBe('frame.schema');
  expect(frameCheckFor('a2a.shape')).toBe('frame.schema');
});
