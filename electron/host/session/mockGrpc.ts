// The gRPC side of a mock agent (SES-7 with WIRE-3): recorded gRPC exchanges served back over gRPC on 127.0.0.1.
// Every method of both A2A services (0.3 `a2a.v1`, 1.0 `lf.a2a.v1`) is registered; a call's message is read as
// ProtoJSON, matched like an HTTP request (mockMatching.ts), and answered with the recorded message, the recorded
// stream's messages at their recorded pace, and the recorded status (code, message, error details).

import * as grpc from '@grpc/grpc-js';
import { grpcTrailers } from '../../../shared/a2a/grpcBinding';
import type { MockTiming } from '../../../shared/session/types';
import type { HeaderList, HttpFrame } from '../../../shared/wire/frame';
import { serviceFor, type GrpcMethod } from '../grpc/a2aProtos';
import { fromProtoJson, toProtoJson } from '../grpc/protoJson';
import { requestFacts, type RecordedExchange, type ReplayBook } from './mockMatching';
import { paced } from './mockReplay';

export interface MockGrpc {
  /** `127.0.0.1:<port>`. */
  address: string;
  close(): void;
}

export async function startMockGrpc(book: ReplayBook, timing: MockTiming): Promise<MockGrpc> {
  const server = new grpc.Server();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        run();
      },
      paced(ms, timing),
    );
    timers.add(timer);
  };
  const identity = (value: Buffer) => value;

  for (const packageName of ['a2a.v1', 'lf.a2a.v1']) {
    for (const method of serviceFor(packageName)!.methods.values()) {
      const find = (request: Buffer) => {
        const json = JSON.stringify(toProtoJson(method.requestType, decode(method, request)));
        return book.take(requestFacts('POST', method.path, json));
      };
      if (method.responseStream) {
        server.register(
          method.path,
          (call: grpc.ServerWritableStream<Buffer, Buffer>) => {
            const recorded = find(call.request);
            if (!answerable(recorded, method)) return call.emit('error', unanswered(method, recorded));
            replayStream(call, method, recorded, later);
          },
          identity,
          identity,
          'serverStream',
        );
      } else {
        server.register(
          method.path,
          (call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) => {
            const recorded = find(call.request);
            if (!answerable(recorded, method)) return callback(unanswered(method, recorded));
            const { frame } = recorded;
            later(duration(frame), () => {
              const status = statusOf(frame.response!.headers);
              if (status.code !== grpc.status.OK) return callback(status);
              try {
                callback(null, encode(method, frame.response!.body.text));
              } catch (error) {
                callback({ code: grpc.status.INTERNAL, details: (error as Error).message });
              }
            });
          },
          identity,
          identity,
          'unary',
        );
      }
    }
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    address: `127.0.0.1:${port}`,
    close() {
      for (const timer of timers) clearTimeout(timer);
      server.forceShutdown();
    },
  };
}

type Answerable = RecordedExchange & { frame: HttpFrame & { response: NonNullable<HttpFrame['response']> } };

function answerable(recorded: RecordedExchange | undefined, method: GrpcMethod): recorded is Answerable {
  return (
    recorded !== undefined &&
    recorded.frame.response !== undefined &&
    recorded.frame.request.url.endsWith(method.path)
  );
}

function unanswered(method: GrpcMethod, recorded: RecordedExchange | undefined): Partial<grpc.StatusObject> {
  if (recorded && !recorded.frame.response) {
    return {
      code: grpc.status.UNAVAILABLE,
      details: `The recorded ${method.name} call has no answer: ${recorded.frame.error?.message ?? 'the session ended before it did'}.`,
    };
  }
  return {
    code: grpc.status.UNIMPLEMENTED,
    details: `This session recorded no ${method.name} call like this one.`,
  };
}

/** The stream's messages at their recorded pace, then its recorded status. */
function replayStream(
  call: grpc.ServerWritableStream<Buffer, Buffer>,
  method: GrpcMethod,
  recorded: Answerable,
  later: (ms: number, run: () => void) => void,
): void {
  const { frame } = recorded;
  const events = recorded.events.filter((event) => event.dispatched && event.event);
  let previous = frame.timing.firstByte ?? frame.timing.start;
  let at = 0;
  let failed = false;
  for (const event of events) {
    at += Math.max(0, event.timing.start - previous);
    previous = event.timing.start;
    later(at, () => {
      if (failed || call.cancelled) return;
      // A stream that failed after it started ends with its status as an error event (grpc/grpcExchange.ts).
      if (event.event!.type === 'error') return;
      try {
        call.write(encode(method, event.event!.data));
      } catch (error) {
        failed = true;
        call.emit('error', { code: grpc.status.INTERNAL, details: (error as Error).message });
      }
    });
  }
  const end = frame.timing.end ?? previous;
  later(at + Math.max(0, end - previous), () => {
    if (failed || call.cancelled) return;
    const status = statusOf(frame.response.headers);
    if (status.code === grpc.status.OK) call.end();
    else call.emit('error', status);
  });
}

/** The recorded status: `grpc-status`, `grpc-message` and the error details, as the agent sent them. */
function statusOf(headers: HeaderList): Partial<grpc.StatusObject> {
  const { code, message, detailsBase64 } = grpcTrailers(headers);
  const metadata = new grpc.Metadata();
  if (detailsBase64) metadata.set('grpc-status-details-bin', Buffer.from(detailsBase64, 'base64'));
  return { code, details: message, metadata };
}

function duration(frame: HttpFrame): number {
  const end = frame.timing.end;
  return end === undefined ? 0 : Math.max(0, end - frame.timing.start);
}

function decode(method: GrpcMethod, bytes: Buffer): Record<string, unknown> {
  try {
    return method.requestType.decode(bytes) as unknown as Record<string, unknown>;
  } catch {
    return {};
  }
}

function encode(method: GrpcMethod, json: string): Buffer {
  const type = method.responseType;
  return Buffer.from(type.encode(type.fromObject(fromProtoJson(type, JSON.parse(json)))).finish());
}
