// The measured process of bench:soak: a host as the apps run it (recording on, one listener on its event bus)
// doing send / stream / cancel / get cycles against an agent. Args: <agentUrl> <dataDir> <cycles> <warmup>.
// Needs --expose-gc. Prints one JSON line with memory, handles and listeners at the start and after every quarter.

import { getEventListeners } from 'node:events';
import type { OperationOutcome } from '../shared/host/agent';
import { createHost } from '../electron/host/createHost';

export interface SoakSample {
  cycles: number;
  rss: number;
  heapUsed: number;
  /** Active libuv handles and requests by type (sockets, timers, file handles …). */
  resources: Record<string, number>;
}

export interface SoakResult {
  samples: SoakSample[];
  ms: number;
  frames: number;
  failures: string[];
}

const [agentUrl, dataDir, cyclesArg, warmupArg] = process.argv.slice(2);
const cycles = Number(cyclesArg);
const warmup = Number(warmupArg);
const gc = (globalThis as { gc?: () => void }).gc;
if (!agentUrl || !dataDir || !Number.isInteger(cycles) || !Number.isInteger(warmup) || !gc) {
  console.error('usage: node --expose-gc soakChild <agentUrl> <dataDir> <cycles> <warmup>');
  process.exit(2);
}

const host = createHost({ edition: 'cli', appVersion: 'bench', dataDir });
let frames = 0;
host.onEvent((event) => {
  if (event.type === 'frames') frames += event.frames.length;
});
const opened = await host.openAgent({ url: agentUrl });
if (!opened.ok) throw new Error(opened.message);
const agentId = opened.agent.id;
const failures: string[] = [];
const message = (text: string) => ({ parts: [{ kind: 'text' as const, text }] });
const expect = (what: string, outcome: OperationOutcome, status: OperationOutcome['status']) => {
  if (outcome.status !== status && failures.length < 20)
    failures.push(`${what}: ${outcome.status} ${outcome.message}`);
};

async function cycle(n: number): Promise<void> {
  const sent = await host.runOperation({
    agentId,
    operation: 'send',
    input: { message: message(`hello ${n}`), blocking: true },
  });
  expect('send', sent, 'result');
  const stream = await host.runOperation({
    agentId,
    operation: 'stream',
    input: { message: message(`stream ${n}`), blocking: false },
  });
  expect('stream', stream, 'stream');
  if (stream.exchangeId) await host.awaitStream({ exchangeId: stream.exchangeId });
  const slow = await host.runOperation({
    agentId,
    operation: 'send',
    input: { message: message(`slow ${n}`), blocking: false },
  });
  expect('slow send', slow, 'result');
  const taskId = slow.taskId ?? (slow.result?.type === 'task' ? slow.result.task.id : undefined);
  if (taskId) {
    expect('cancel', await host.runOperation({ agentId, operation: 'cancel', input: { taskId } }), 'result');
    expect('get', await host.runOperation({ agentId, operation: 'get', input: { taskId } }), 'result');
  } else if (failures.length < 20) failures.push('slow send: no task id');
}

/** Operations in flight rather than handles: a journal write or a socket write caught mid-way. */
const IN_FLIGHT = /Req|WriteWrap|ShutdownWrap/;

/**
 * Process-wide counts, after letting sockets and timers settle and collecting twice. The journal writes on a timer
 * of its own, so a sample can catch a write in flight; it waits for that to finish (up to 2 s), so only what stays
 * open is counted.
 */
async function sample(done: number): Promise<SoakSample> {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await pause(200);
  for (let tries = 0; tries < 40 && process.getActiveResourcesInfo().some((t) => IN_FLIGHT.test(t)); tries++)
    await pause(50);
  gc!();
  gc!();
  const resources: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) resources[type] = (resources[type] ?? 0) + 1;
  resources['process listeners'] = [
    'exit',
    'uncaughtException',
    'unhandledRejection',
    'warning',
    'SIGINT',
    'SIGTERM',
  ]
    .map((name) => getEventListeners(process, name).length)
    .reduce((a, b) => a + b, 0);
  const memory = process.memoryUsage();
  return { cycles: done, rss: memory.rss, heapUsed: memory.heapUsed, resources };
}

for (let n = 0; n < warmup; n++) await cycle(-n - 1);
const samples = [await sample(0)];
const started = performance.now();
for (let n = 1; n <= cycles; n++) {
  await cycle(n);
  if (n % Math.max(1, Math.floor(cycles / 4)) === 0) samples.push(await sample(n));
}
const ms = performance.now() - started;
await host.close();
const result: SoakResult = { samples, ms, frames, failures };
process.stdout.write(`${JSON.stringify(result)}\n`);
