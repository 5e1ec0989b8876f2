// The protocol generations and bindings Switchboard speaks (docs/protocol.md#generations-at-a-glance).

export const generations = ['0.1', '0.2', '0.3', '1.0'] as const;
export type Generation = (typeof generations)[number];

export const bindings = ['JSONRPC', 'HTTP+JSON', 'GRPC'] as const;
export type Binding = (typeof bindings)[number];

export function isGeneration(value: unknown): value is Generation {
  return typeof value === 'string' && (generations as readonly string[]).includes(value);
}
