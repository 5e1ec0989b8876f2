// Push config URLs in gRPC messages (PRX-1): each A2A message that carries a config gets its URL changed and a new
// length prefix, wherever the config sits, in 0.3 and 1.0; what cannot or need not change keeps its exact bytes.

import { describe, expect, it } from 'vitest';
import { methodForPath } from '../../../../../electron/host/grpc/a2aProtos';
import zlib from 'node:zlib';
import protobuf from 'protobufjs';
import {
  changeAnswerConfigs,
  changeRequestConfigs,
  grpcEncoding,
  spliceConfigs,
} from '../../../../../electron/host/proxy/grpcPushConfigs';

const SEND_10 = '/lf.a2a.v1.A2AService/SendMessage';
const CREATE_10 = '/lf.a2a.v1.A2AService/CreateTaskPushNotificationConfig';
const LIST_10 = '/lf.a2a.v1.A2AService/ListTaskPushNotificationConfigs';
const CREATE_03 = '/a2a.v1.A2AService/CreateTaskPushNotificationConfig';
const RELAY = 'http://127.0.0.1:6/relay/abc';

function method(path: string) {
  const found = methodForPath(path);
  if ('error' in found) throw new Error(found.error);
  return found;
}

function framed(payload: Uint8Array, compressed = false): Uint8Array {
  const out = new Uint8Array(5 + payload.byteLength);
  out[0] = compressed ? 1 : 0;
  new DataView(out.buffer).setUint32(1, payload.byteLength);
  out.set(payload, 5);
  return out;
}

const request = (path: string, object: Record<string, unknown>) => {
  const type = method(path).requestType;
  return framed(type.encode(type.fromObject(object)).finish());
};
const answer = (path: string, object: Record<string, unknown>) => {
  const type = method(path).responseType;
  return framed(type.encode(type.fromObject(object)).finish());
};
const readRequest = (path: string, bytes: Uint8Array) => {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(1);
  expect(bytes.byteLength).toBeGreaterThanOrEqual(5 + length);
  return method(path)
    .requestType.decode(bytes.subarray(5, 5 + length))
    .toJSON();
};
const toRelay = (url: string) => (url.startsWith('http') ? RELAY : undefined);

describe('changeRequestConfigs', () => {
  it('rewrites a 1.0 send’s config and fixes the length prefix, keeping the other fields', () => {
    const body = request(SEND_10, {
      message: { messageId: 'm', parts: [{ text: 'hi' }] },
      configuration: { taskPushNotificationConfig: { url: 'https://caller.example/h', token: 'tok' } },
    });
    const out = changeRequestConfigs(SEND_10, body, toRelay)!;
    expect(out.byteLength).not.toBe(body.byteLength);
    expect(readRequest(SEND_10, out)).toEqual({
      message: { messageId: 'm', parts: [{ text: 'hi' }] },
      configuration: { taskPushNotificationConfig: { url: RELAY, token: 'tok' } },
    });
  });

  it('rewrites a 1.0 create (the config is the request) and a 0.3 create (nested), keeping trailing bytes', () => {
    const created = changeRequestConfigs(
      CREATE_10,
      request(CREATE_10, { taskId: 't', url: 'http://a/h' }),
      toRelay,
    );
    expect(readRequest(CREATE_10, created!)).toEqual({ taskId: 't', url: RELAY });
    const body03 = request(CREATE_03, {
      parent: 'tasks/t',
      config: { pushNotificationConfig: { url: 'http://a/h' } },
    });
    const extra = new Uint8Array([9, 9, 9]);
    const withExtra = new Uint8Array([...body03, ...extra]);
    const out = changeRequestConfigs(CREATE_03, withExtra, toRelay)!;
    expect(readRequest(CREATE_03, out)).toMatchObject({ config: { pushNotificationConfig: { url: RELAY } } });
    expect([...out.subarray(out.byteLength - 3)]).toEqual([9, 9, 9]);
  });

  it('leaves alone what it cannot or need not change', () => {
    const body = request(CREATE_10, { taskId: 't', url: 'http://a/h' });
    expect(changeRequestConfigs(CREATE_10, body, () => undefined)).toBeUndefined();
    expect(changeRequestConfigs('/other.Service/Method', body, toRelay)).toBeUndefined();
    expect(changeRequestConfigs(CREATE_10, body.subarray(0, 4), toRelay)).toBeUndefined();
    expect(changeRequestConfigs(CREATE_10, body.subarray(0, body.byteLength - 1), toRelay)).toBeUndefined();
    expect(changeRequestConfigs(CREATE_10, framed(body.subarray(5), true), toRelay)).toBeUndefined();
    expect(
      changeRequestConfigs(CREATE_10, framed(new Uint8Array([0xff, 0xff, 0xff])), toRelay),
    ).toBeUndefined();
  });
});

describe('changeAnswerConfigs', () => {
  it('restores every config of a list answer, and passes other chunks as they are', () => {
    const chunk = answer(LIST_10, {
      configs: [
        { url: RELAY, id: 'a' },
        { url: 'http://kept/h', id: 'b' },
      ],
    });
    const restore = (url: string) => (url === RELAY ? 'http://caller/h' : undefined);
    const out = changeAnswerConfigs(LIST_10, chunk, restore);
    const type = method(LIST_10).responseType;
    expect(type.decode(out.subarray(5)).toJSON()).toEqual({
      configs: [
        { url: 'http://caller/h', id: 'a' },
        { url: 'http://kept/h', id: 'b' },
      ],
    });
    const untouched = answer(LIST_10, { configs: [{ url: 'http://kept/h' }] });
    expect(changeAnswerConfigs(LIST_10, untouched, restore)).toBe(untouched);
    const partial = chunk.subarray(0, chunk.byteLength - 2);
    expect(changeAnswerConfigs(LIST_10, partial, restore)).toBe(partial);
  });
});

describe('the change is made on the wire bytes', () => {
  /** The straightforward path: decode, change each config's URL, encode again. */
  function reencoded(path: string, bytes: Uint8Array, change: (url: string) => string | undefined) {
    const type = method(path).requestType;
    const object = type.toObject(type.decode(bytes.subarray(5)), { defaults: false });
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(visit);
      if (typeof value !== 'object' || value === null) return;
      const record = value as Record<string, unknown>;
      if (typeof record.url === 'string') record.url = change(record.url) ?? record.url;
      Object.values(record).forEach(visit);
    };
    visit(object);
    return framed(type.encode(type.fromObject(object)).finish());
  }

  it('gives what decoding and encoding again gives, for configs at every depth and generation', () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      [
        SEND_10,
        {
          message: { messageId: 'm', parts: [{ text: 'hi' }, { text: 'there' }], metadata: { a: 1 } },
          configuration: {
            acceptedOutputModes: ['text/plain'],
            taskPushNotificationConfig: { url: 'https://caller.example/h', token: 'tok', id: 'c1' },
          },
        },
      ],
      [CREATE_10, { taskId: 't', url: 'http://a/h', token: 'x' }],
      [
        CREATE_03,
        { parent: 'tasks/t', config: { pushNotificationConfig: { url: 'http://a/h', token: 'z' } } },
      ],
    ];
    for (const [path, object] of cases) {
      const body = request(path, object);
      const spliced = changeRequestConfigs(path, body, toRelay)!;
      expect(readRequest(path, spliced)).toEqual(readRequest(path, reencoded(path, body, toRelay)));
    }
  });

  it('keeps unknown fields and field order, changing only the URL and the lengths around it', () => {
    const type = method(SEND_10).requestType;
    const known = type
      .encode(type.fromObject({ configuration: { taskPushNotificationConfig: { url: 'http://a/h' } } }))
      .finish();
    // Field 99 (a varint) and field 98 (bytes) are no field of this proto, before and after the known ones.
    const unknownBefore = [0x98, 0x06, 0x2a];
    const unknownAfter = [0x92, 0x06, 0x02, 0x68, 0x69];
    const body = framed(new Uint8Array([...unknownBefore, ...known, ...unknownAfter]));
    const out = changeRequestConfigs(SEND_10, body, toRelay)!;
    const payload = out.subarray(5);
    expect([...payload.subarray(0, 3)]).toEqual(unknownBefore);
    expect([...payload.subarray(payload.byteLength - 5)]).toEqual(unknownAfter);
    expect(readRequest(SEND_10, out)).toEqual({
      configuration: { taskPushNotificationConfig: { url: RELAY } },
    });
    // Decoding and encoding again would have lost both.
    expect(reencoded(SEND_10, body, toRelay).byteLength).toBe(out.byteLength - 8);
  });
});

describe('spliceConfigs', () => {
  it('reaches configs held as map values, and leaves the map keys and other entries alone', () => {
    const root = protobuf.parse(`syntax = "proto3";
      message PushNotificationConfig { string url = 1; string token = 2; }
      message Holder { map<string, PushNotificationConfig> configs = 1; string note = 2; }`).root;
    const holder = root.lookupType('Holder');
    const bytes = holder
      .encode(
        holder.fromObject({
          configs: { a: { url: 'http://a/h', token: 't' }, b: { url: 'ftp://b' } },
          note: 'n',
        }),
      )
      .finish();
    const out = spliceConfigs(holder, bytes, toRelay)!;
    expect(holder.toObject(holder.decode(out))).toEqual({
      configs: { a: { url: RELAY, token: 't' }, b: { url: 'ftp://b' } },
      note: 'n',
    });
    expect(spliceConfigs(holder, bytes, () => undefined)).toBeUndefined();
  });
});

describe('compressed messages', () => {
  const plain = () => request(CREATE_10, { taskId: 't', url: 'http://a/h' });

  it('routes a gzip or deflate message and sends it on uncompressed, as gRPC allows per message', () => {
    for (const [encoding, pack] of [
      ['gzip', zlib.gzipSync],
      ['deflate', zlib.deflateSync],
    ] as const) {
      const body = framed(pack(plain().subarray(5)), true);
      const out = changeRequestConfigs(CREATE_10, body, toRelay, encoding)!;
      expect(out[0]).toBe(0);
      expect(readRequest(CREATE_10, out)).toEqual({ taskId: 't', url: RELAY });
    }
    const listed = framed(
      zlib.gzipSync(
        method(LIST_10)
          .responseType.encode({ configs: [{ url: RELAY, id: 'a' }] })
          .finish(),
      ),
      true,
    );
    const restored = changeAnswerConfigs(LIST_10, listed, () => 'http://caller/h', 'gzip');
    expect(restored[0]).toBe(0);
    expect(method(LIST_10).responseType.decode(restored.subarray(5)).toJSON()).toEqual({
      configs: [{ url: 'http://caller/h', id: 'a' }],
    });
  });

  it('passes on what it cannot inflate: another encoding, a broken stream, a bomb', () => {
    const packed = framed(zlib.gzipSync(plain().subarray(5)), true);
    expect(changeRequestConfigs(CREATE_10, packed, toRelay, 'snappy')).toBeUndefined();
    expect(changeRequestConfigs(CREATE_10, packed, toRelay, undefined)).toBeUndefined();
    expect(
      changeRequestConfigs(CREATE_10, framed(new Uint8Array([1, 2, 3]), true), toRelay, 'gzip'),
    ).toBeUndefined();
    const bomb = framed(zlib.gzipSync(new Uint8Array(5 * 1024 * 1024)), true);
    expect(changeRequestConfigs(CREATE_10, bomb, toRelay, 'gzip')).toBeUndefined();
  });

  it('reads the encoding from the headers, in any case', () => {
    expect(grpcEncoding([['Grpc-Encoding', ' GZIP ']])).toBe('gzip');
    expect(grpcEncoding([['content-type', 'application/grpc']])).toBeUndefined();
  });
});
