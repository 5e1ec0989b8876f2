// Every generation adapter, and the lookup by generation and binding. gRPC adapters (WIRE-3) only encode and decode
// JSON here; the host's gRPC exchange turns that JSON into protobuf on the wire.

import type { GenerationAdapter } from './adapter';
import type { Binding, Generation } from './generation';
import { v0_1JsonRpc } from './v0_1/jsonrpc';
import { v0_2JsonRpc } from './v0_2/jsonrpc';
import { v0_3Grpc } from './v0_3/grpc';
import { v0_3JsonRpc } from './v0_3/jsonrpc';
import { v0_3Rest } from './v0_3/rest';
import { v1Grpc } from './v1/grpc';
import { v1JsonRpc } from './v1/jsonrpc';
import { v1Rest } from './v1/rest';
import { profileNamed } from './profile';

export const adapters: readonly GenerationAdapter[] = [
  v0_1JsonRpc,
  v0_2JsonRpc,
  v0_3JsonRpc,
  v0_3Rest,
  v0_3Grpc,
  v1JsonRpc,
  v1Rest,
  v1Grpc,
];

export function findAdapter(generation: Generation, binding: Binding): GenerationAdapter | undefined {
  return adapters.find((adapter) => adapter.generation === generation && adapter.binding === binding);
}

/**
 * The adapter that reads a generation's push deliveries (docs/protocol.md#what-the-agent-sends), for a generation as
 * a frame names it; undefined for one Switchboard does not know.
 */
export function pushAdapter(generation: string | undefined): GenerationAdapter | undefined {
  const profile = profileNamed(generation);
  return profile && findAdapter(profile.generation, profile.pushBodyBinding);
}
