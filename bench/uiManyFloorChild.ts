// The floor of bench:ui-many in a fresh process: the official @a2a-js/sdk 1.3.0 client consumes the same paced streams
// from every agent at once and does nothing else, so its CPU time is what merely taking these events in costs.
// Args: <url>… Prints one JSON line: events received per agent, milliseconds from the first request to the end of the
// last stream, and the process's CPU time over that span.

import { countSdkFlood, sdkJsonRpcClient } from './support/sdkFlood';

export interface FloorResult {
  events: number[];
  ms: number;
  cpuMs: number;
}

const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error('usage: uiManyFloorChild <url>…');
  process.exit(2);
}

async function consume(url: string): Promise<number> {
  return countSdkFlood(await sdkJsonRpcClient(url), 'bench-many');
}

const cpu = process.cpuUsage();
const started = performance.now();
const events = await Promise.all(urls.map(consume));
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
const result: FloorResult = { events, ms, cpuMs: (used.user + used.system) / 1000 };
process.stdout.write(`${JSON.stringify(result)}\n`);
