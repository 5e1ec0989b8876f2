// ProtoJSON for the gRPC binding (WIRE-3): messages written as the HTTP+JSON binding writes them go through protobuf
// and come back unchanged (json_name, oneofs, enums by name, Struct and Value, Timestamp, bytes, maps); what cannot be
// mapped is refused with where; and the vendored descriptors match the vendored protos.

import { execFileSync } from 'node:child_process';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { methodForPath, type GrpcMethod } from '../../../../../electron/host/grpc/a2aProtos';
import { fromProtoJson, toProtoJson } from '../../../../../electron/host/grpc/protoJson';
import { rpcStatusJson } from '../../../../../electron/host/grpc/rpcStatus';

function method(path: string): GrpcMethod {
  const found = methodForPath(path);
  if ('error' in found) throw new Error(found.error);
  return found;
}

/** JSON → protobuf bytes → JSON, through `type`. */
function roundTrip(type: protobuf.Type, json: unknown): unknown {
  const bytes = type.encode(type.fromObject(fromProtoJson(type, json))).finish();
  return toProtoJson(type, type.decode(bytes) as unknown as Record<string, unknown>);
}

describe('ProtoJSON through the A2A protos', () => {
  it('round-trips a 1.0 send request with every part kind, metadata and configuration', () => {
    const json = {
      message: {
        messageId: 'm1',
        role: 'ROLE_USER',
        parts: [
          { text: 'hi' },
          { data: { a: [1, 'x', null, { b: true }] }, mediaType: 'application/json' },
          { raw: 'AAEC', filename: 'f.bin' },
          { url: 'https://example.test/f', mediaType: 'image/png' },
        ],
        metadata: { k: 'v', n: 2.5 },
      },
      configuration: { acceptedOutputModes: ['text/plain'], historyLength: 3 },
    };
    expect(roundTrip(method('/lf.a2a.v1.A2AService/SendMessage').requestType, json)).toEqual(json);
  });

  it('keeps the 0.3 json_name (`message` for the field `request`) and the 0.3 part oneof', () => {
    const json = { message: { messageId: 'm', role: 'ROLE_USER', content: [{ text: 'x' }] } };
    expect(roundTrip(method('/a2a.v1.A2AService/SendMessage').requestType, json)).toEqual(json);
  });

  it('writes timestamps in RFC 3339 with the fraction digits the nanos need, and maps as objects', () => {
    const task = method('/lf.a2a.v1.A2AService/GetTask').responseType;
    for (const timestamp of [
      '2025-01-02T03:04:05Z',
      '2025-01-02T03:04:05.120Z',
      '2025-01-02T03:04:05.000001Z',
    ]) {
      const json = { id: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING', timestamp } };
      expect(roundTrip(task, json)).toEqual(json);
    }
    const offset = {
      id: 't',
      status: { state: 'TASK_STATE_WORKING', timestamp: '2025-01-02T05:04:05+02:00' },
    };
    expect(roundTrip(task, offset)).toEqual({
      ...offset,
      status: { ...offset.status, timestamp: '2025-01-02T03:04:05Z' },
    });
    const card = method('/lf.a2a.v1.A2AService/GetExtendedAgentCard').responseType;
    const schemes = {
      securitySchemes: { key: { apiKeySecurityScheme: { location: 'header', name: 'X-Key' } } },
    };
    expect(roundTrip(card, schemes)).toEqual(schemes);
  });

  it('says where a message cannot be mapped', () => {
    const send = method('/lf.a2a.v1.A2AService/SendMessage').requestType;
    expect(() => fromProtoJson(send, { mesage: {} })).toThrow(
      '/mesage: SendMessageRequest has no field "mesage".',
    );
    expect(() => fromProtoJson(send, { message: { role: 'ROLE_ROBOT' } })).toThrow(
      '/message/role: "ROLE_ROBOT" is not a value of Role.',
    );
    expect(() => fromProtoJson(send, { message: { parts: {} } })).toThrow('/message/parts must be an array.');
    const get = method('/lf.a2a.v1.A2AService/GetTask').responseType;
    expect(() => fromProtoJson(get, { status: { timestamp: 'yesterday' } })).toThrow(
      '/status/timestamp must be an RFC 3339 timestamp.',
    );
  });

  it('names the gRPC paths of both generations and refuses others with the reason', () => {
    expect(method('/lf.a2a.v1.A2AService/SubscribeToTask').responseStream).toBe(true);
    expect(method('/a2a.v1.A2AService/TaskSubscription').responseStream).toBe(true);
    expect(method('/a2a.v1.A2AService/GetTask').responseStream).toBe(false);
    expect(methodForPath('/x.A2AService/GetTask')).toEqual({
      error: 'No A2A proto has the package x (known: a2a.v1 for 0.3, lf.a2a.v1 for 1.0).',
    });
    expect(methodForPath('/a2a.v1.A2AService/ListTasks')).toMatchObject({
      error: expect.stringContaining('a2a.v1.A2AService has no method ListTasks'),
    });
    expect(methodForPath('/message:send')).toMatchObject({
      error: expect.stringContaining('not an A2A gRPC'),
    });
  });

  it('reads a status with an ErrorInfo detail, and keeps undecodable details as base64', () => {
    const root = protobuf.Root.fromJSON({
      nested: {
        Status: {
          fields: {
            code: { type: 'int32', id: 1 },
            message: { type: 'string', id: 2 },
            details: { rule: 'repeated', type: 'Any', id: 3 },
          },
        },
        Any: { fields: { type_url: { type: 'string', id: 1 }, value: { type: 'bytes', id: 2 } } },
        ErrorInfo: { fields: { reason: { type: 'string', id: 1 }, domain: { type: 'string', id: 2 } } },
      },
    });
    const info = root
      .lookupType('ErrorInfo')
      .encode({ reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' })
      .finish();
    const Status = root.lookupType('Status');
    const bin = Buffer.from(
      Status.encode({
        code: 5,
        message: 'gone',
        details: [{ type_url: 'type.googleapis.com/google.rpc.ErrorInfo', value: info }],
      }).finish(),
    );
    expect(rpcStatusJson(5, 'gone', bin)).toEqual({
      code: 5,
      message: 'gone',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'TASK_NOT_FOUND',
          domain: 'a2a-protocol.org',
        },
      ],
    });
    expect(rpcStatusJson(13, 'x', Buffer.from([0xff, 0xff]))).toMatchObject({
      details: [{ '@type': 'undecodable grpc-status-details-bin', value: '//8=' }],
    });
  });

  it('uses descriptors that match the vendored protos', () => {
    expect(() => execFileSync(process.execPath, ['scripts/protoDescriptors.mjs', '--check'])).not.toThrow();
  });
});
