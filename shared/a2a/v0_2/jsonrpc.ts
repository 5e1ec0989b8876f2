// A2A 0.2.x over JSON-RPC (PROTOCOL.md §3.2).

import { createKindJsonRpcAdapter } from './kindJsonRpc';

export const v0_2JsonRpc = createKindJsonRpcAdapter('0.2');
