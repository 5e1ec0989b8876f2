// The A2A gRPC services (WIRE-3) from the vendored official protos (vendor/a2a-spec, Apache-2.0), as descriptors made
// by scripts/protoDescriptors.mjs: 0.3 is package `a2a.v1`, 1.0 `lf.a2a.v1` (docs/protocol.md#grpc). @grpc/proto-loader
// reads the same descriptors into the service definition that names each method's path and streaming.

import { fromJSON, type MethodDefinition } from '@grpc/proto-loader';
import protobuf from 'protobufjs';
import v030 from '../../../vendor/a2a-spec/a2a-0.3.0.proto.json' with { type: 'json' };
import v101 from '../../../vendor/a2a-spec/a2a-1.0.1.proto.json' with { type: 'json' };

export interface GrpcMethod {
  /** `/<package>.A2AService/<Method>`. */
  path: string;
  name: string;
  requestType: protobuf.Type;
  responseType: protobuf.Type;
  responseStream: boolean;
}

export interface GrpcService {
  package: string;
  methods: ReadonlyMap<string, GrpcMethod>;
}

function load(descriptor: protobuf.INamespace, packageName: string): GrpcService {
  const root = protobuf.Root.fromJSON(descriptor);
  const service = root.lookupService(`${packageName}.A2AService`);
  // proto-loader's definition is the reference for paths and streaming; protobufjs does the messages.
  const definition = fromJSON(descriptor as never, { keepCase: false });
  const methods = new Map<string, GrpcMethod>();
  const serviceDefinition = definition[`${packageName}.A2AService`] as Record<
    string,
    MethodDefinition<unknown, unknown>
  >;
  for (const method of service.methodsArray) {
    const defined = serviceDefinition[method.name];
    if (!defined) continue;
    methods.set(method.name, {
      path: defined.path,
      name: method.name,
      requestType: root.lookupType(method.resolvedRequestType!.fullName),
      responseType: root.lookupType(method.resolvedResponseType!.fullName),
      responseStream: defined.responseStream,
    });
  }
  return { package: packageName, methods };
}

let services: Map<string, GrpcService> | undefined;

/** The service whose package a gRPC path names (`/a2a.v1.A2AService/…` or `/lf.a2a.v1.A2AService/…`). */
export function serviceFor(packageName: string): GrpcService | undefined {
  services ??= new Map([
    ['a2a.v1', load(v030 as protobuf.INamespace, 'a2a.v1')],
    ['lf.a2a.v1', load(v101 as protobuf.INamespace, 'lf.a2a.v1')],
  ]);
  return services.get(packageName);
}

/** The method a gRPC path names, or why it names none. */
export function methodForPath(path: string): GrpcMethod | { error: string } {
  const match = /^\/([A-Za-z0-9_.]+)\.A2AService\/([A-Za-z]+)$/.exec(path);
  if (!match) return { error: `${path} is not an A2A gRPC method path (/<package>.A2AService/<Method>).` };
  const service = serviceFor(match[1]!);
  if (!service)
    return { error: `No A2A proto has the package ${match[1]} (known: a2a.v1 for 0.3, lf.a2a.v1 for 1.0).` };
  const method = service.methods.get(match[2]!);
  if (!method) {
    const known = [...service.methods.keys()].join(', ');
    return { error: `${match[1]}.A2AService has no method ${match[2]} (it has ${known}).` };
  }
  return method;
}
