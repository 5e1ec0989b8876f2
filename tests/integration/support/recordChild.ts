// A host in a child process that records a stream until it is killed (the crash test in sessions.crash.test.ts).
// Args: <dataDir> <agentUrl>. Prints "streaming" once the stream is open.

import { createHost } from '../../../electron/host/createHost';

const [dataDir, agentUrl] = process.argv.slice(2);
if (!dataDir || !agentUrl) {
  console.error('usage: recordChild <dataDir> <agentUrl>');
  process.exit(2);
}
const host = createHost({ edition: 'cli', appVersion: 'crash-test', dataDir });
const opened = await host.openAgent({ url: agentUrl });
if (!opened.ok) {
  console.error(opened.message);
  process.exit(1);
}
const outcome = await host.runOperation({
  agentId: opened.agent.id,
  operation: 'stream',
  input: { message: { parts: [{ kind: 'text', text: 'go fast' }] }, blocking: false },
});
if (outcome.status !== 'stream') {
  console.error(outcome.message);
  process.exit(1);
}
process.stdout.write('streaming\n');
// Keeps running until killed.
setInterval(() => undefined, 60_000);
