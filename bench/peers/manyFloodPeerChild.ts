// Many flood peers in one process of their own, for bench:ui-many: each agent is a flood peer (floodPeer.ts) on a
// port of its own, so the window sees that many distinct agents. Args: <agents> <events> <rate>, the last two per
// agent as floodPeerChild takes them. Task ids carry the agent's number, so no two agents answer with the same task.
// Prints `{"urls": […]}` once all listen, then one `{"agent", "stream", "events", "bytes"}` line per finished stream;
// stops when stdin closes.

import { startFloodPeer, type FloodPeer } from './floodPeer';

const [agents, events, rate] = process.argv.slice(2).map(Number);
if (!Number.isInteger(agents) || agents! < 1 || !Number.isInteger(events) || !Number.isFinite(rate)) {
  console.error('usage: manyFloodPeerChild <agents> <events> <rate>');
  process.exit(2);
}
const peers: FloodPeer[] = [];
for (let agent = 0; agent < agents!; agent++) {
  peers.push(
    await startFloodPeer({
      events: events!,
      rate: rate!,
      // Each agent's tasks are its own, as real agents' task ids are.
      idPrefix: `agent${agent}-`,
      onStreamEnd: (stream, count) => {
        process.stdout.write(`${JSON.stringify({ agent, stream, ...count })}\n`);
      },
    }),
  );
}
process.stdout.write(`${JSON.stringify({ urls: peers.map((peer) => peer.url) })}\n`);
process.stdin.resume();
process.stdin.on(
  'end',
  () => void Promise.all(peers.map((peer) => peer.close())).then(() => process.exit(0)),
);
