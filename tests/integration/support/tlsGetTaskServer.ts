// A grpc-js server on 127.0.0.1 (port 0) over TLS that answers the 1.0 GetTask with a fixed task (`t-1` in context
// `c-1`, completed), for the tests of gRPC over TLS: the host's own channel (grpc.tls) and the proxy's forwarder
// (proxy.grpcTls). One server set-up for both, so that a fix to it lands in both.

import * as grpc from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { methodForPath, type GrpcMethod } from '../../../electron/host/grpc/a2aProtos';

export const GET_TASK_PATH = '/lf.a2a.v1.A2AService/GetTask';

export interface TlsGetTaskServer {
  server: grpc.Server;
  port: number;
}

/** Key pair files (PEM) for the server, and for mutual TLS the CA its clients' certificates must chain to. */
export interface TlsGetTaskOptions {
  cert: string;
  key: string;
  clientCa?: string;
}

/** Starts the server; the caller stops it with `server.forceShutdown()`. */
export async function startTlsGetTaskServer(options: TlsGetTaskOptions): Promise<TlsGetTaskServer> {
  const method = methodForPath(GET_TASK_PATH) as GrpcMethod;
  const server = new grpc.Server();
  const identity = (value: Buffer) => value;
  server.addService(
    {
      GetTask: {
        path: GET_TASK_PATH,
        requestStream: false,
        responseStream: false,
        requestSerialize: identity,
        requestDeserialize: identity,
        responseSerialize: identity,
        responseDeserialize: identity,
      },
    },
    {
      GetTask: (_call: unknown, callback: grpc.sendUnaryData<Buffer>) => {
        const task = method.responseType.fromObject({ id: 't-1', contextId: 'c-1', status: { state: 3 } });
        callback(null, Buffer.from(method.responseType.encode(task).finish()));
      },
    },
  );
  const { cert, key, clientCa } = options;
  const credentials = grpc.ServerCredentials.createSsl(
    clientCa ? readFileSync(clientCa) : null,
    [{ cert_chain: readFileSync(cert), private_key: readFileSync(key) }],
    Boolean(clientCa),
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', credentials, (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return { server, port };
}
