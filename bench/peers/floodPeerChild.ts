// The flood peer in a process of its own, so that producing the stream does not share a core's event loop with the
// client being measured. Args: <events> <rate>. Prints `{"url": …}` once listening, then one `{"stream", "events"}`
// line per finished stream; stops when stdin closes.

import { startFloodPeer } from './floodPeer';

const [events, rate] = process.argv.slice(2).map(Number);
if (!Number.isInteger(events) || !Number.isFinite(rate)) {
  console.error('usage: floodPeerChild <events> <rate>');
  process.exit(2);
}
const peer = await startFloodPeer({
  events: events!,
  rate: rate!,
  onStreamEnd: (stream, count) => {
    process.stdout.write(`${JSON.stringify({ stream, ...count })}\n`);
  },
});
process.stdout.write(`${JSON.stringify({ url: peer.url })}\n`);
process.stdin.resume();
process.stdin.on('end', () => void peer.close().then(() => process.exit(0)));
