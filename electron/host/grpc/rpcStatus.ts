// A gRPC call's final status as JSON (WIRE-3): the code, message and details of google.rpc.Status, read from the
// `grpc-status-details-bin` trailer when the server sent one (A2A 1.0 puts an ErrorInfo with the error's reason there,
// docs/protocol.md#http-and-grpc-statuses), so a gRPC error frame reads like the HTTP+JSON binding's error body.

import protobuf from 'protobufjs';

const root = protobuf.Root.fromJSON({
  nested: {
    google: {
      nested: {
        rpc: {
          nested: {
            Status: {
              fields: {
                code: { type: 'int32', id: 1 },
                message: { type: 'string', id: 2 },
                details: { rule: 'repeated', type: 'google.protobuf.Any', id: 3 },
              },
            },
            ErrorInfo: {
              fields: {
                reason: { type: 'string', id: 1 },
                domain: { type: 'string', id: 2 },
                metadata: { keyType: 'string', type: 'string', id: 3 } as protobuf.IMapField,
              },
            },
          },
        },
        protobuf: {
          nested: {
            Any: { fields: { type_url: { type: 'string', id: 1 }, value: { type: 'bytes', id: 2 } } },
          },
        },
      },
    },
  },
});
const Status = root.lookupType('google.rpc.Status');
const ErrorInfo = root.lookupType('google.rpc.ErrorInfo');
const ERROR_INFO_URL = 'type.googleapis.com/google.rpc.ErrorInfo';

export interface RpcStatusJson {
  code: number;
  message: string;
  details?: Array<Record<string, unknown>>;
}

/** The status as JSON; `detailsBin` is the trailer's bytes when present (undecodable bytes are kept as base64). */
export function rpcStatusJson(code: number, message: string, detailsBin: Buffer | undefined): RpcStatusJson {
  const out: RpcStatusJson = { code, message };
  if (!detailsBin) return out;
  try {
    const status = Status.toObject(Status.decode(detailsBin), { bytes: Buffer }) as {
      message?: string;
      details?: Array<{ type_url?: string; value?: Buffer }>;
    };
    if (!out.message && status.message) out.message = status.message;
    const details = (status.details ?? []).map((any) => {
      const typeUrl = any.type_url ?? '';
      if (typeUrl === ERROR_INFO_URL && any.value) {
        const info = ErrorInfo.toObject(ErrorInfo.decode(any.value)) as Record<string, unknown>;
        return { '@type': typeUrl, ...info };
      }
      return { '@type': typeUrl, value: (any.value ?? Buffer.alloc(0)).toString('base64') };
    });
    if (details.length > 0) out.details = details;
  } catch {
    out.details = [{ '@type': 'undecodable grpc-status-details-bin', value: detailsBin.toString('base64') }];
  }
  return out;
}
