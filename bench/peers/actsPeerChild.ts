// The ACTS peer (@a2a-js/sdk 1.3.0, A2A 1.0 and its 0.3 compat on three bindings) in a process of its own, so the
// agent answering does not share an event loop with the runner being measured. Prints `{"url": …}` once listening;
// stops when stdin closes.

import { actsPeers } from '../../tests/peers/actsPeers';

const peer = await actsPeers['acts-v1.0']();
process.stdout.write(`${JSON.stringify({ url: peer.baseUrl })}\n`);
process.stdin.resume();
process.stdin.on('end', () => void peer.close().then(() => process.exit(0)));
