// A2A 0.3 over JSON-RPC (docs/protocol.md#03-three-bindings): the 0.2 methods plus
// `agent/getAuthenticatedExtendedCard`.

import { createKindJsonRpcAdapter } from '../v0_2/kindJsonRpc';

export const v0_3JsonRpc = createKindJsonRpcAdapter('0.3');
