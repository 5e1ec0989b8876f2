// A2A 0.2.x over JSON-RPC (docs/protocol.md#01-and-02-json-rpc-only).

import { createKindJsonRpcAdapter } from './kindJsonRpc';

export const v0_2JsonRpc = createKindJsonRpcAdapter('0.2');
