// The measured process of bench:soak: a host as the apps run it (recording on, one listener on its event bus)
// doing send / stream / cancel / get cycles against an agent (soakHostCycle.ts); or, for comparison, the SDK client
// alone doing the same (soakSdkCycle.ts), or the host sampled without cycles. Args: <host|sdk|idle> <agentUrl>
// <dataDir> <cycles> <warmup>.
// Needs --expose-gc. Prints one JSON line with memory, handles and listeners at the start and after every tenth.
// With SWITCHBOARD_SOAK_SNAPSHOTS=<dir> it also writes a heap snapshot at each sample (bench/support/heapDiff.ts
// compares two), to find what grows.

import { getEventListeners } from 'node:events';
import path from 'node:path';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { createHost } from '../electron/host/createHost';
import { hostSoakCycle } from './soakHostCycle';
import { sdkSoakCycle, type SoakCycle } from './soakSdkCycle';

export interface SoakSample {
  cycles: number;
  rss: number;
  heapUsed: number;
  /** What the heap has taken from the system, and memory outside it (Buffers, typed arrays): where RSS goes. */
  heapTotal: number;
  external: number;
  /** Of the heap used, the code space (compiled code). */
  codeSpace: number;
  /** Active libuv handles and requests by type (sockets, timers, file handles …). */
  resources: Record<string, number>;
}

export interface SoakResult {
  /** During the warm-up, before the start; not part of the budget. */
  warming: SoakSample[];
  samples: SoakSample[];
  ms: number;
  frames: number;
  failures: string[];
}

/** host: the measured one; sdk: the reference (the SDK client alone); idle: the floor (samples, no cycles). */
export type SoakMode = 'host' | 'sdk' | 'idle';

const [mode, agentUrl, dataDir, cyclesArg, warmupArg] = process.argv.slice(2);
const cycles = Number(cyclesArg);
const warmup = Number(warmupArg);
const snapshots = process.env['SWITCHBOARD_SOAK_SNAPSHOTS'];
const gc = (globalThis as { gc?: () => void }).gc;
const modes: readonly string[] = ['host', 'sdk', 'idle'] satisfies SoakMode[];
if (
  !modes.includes(mode!) ||
  !agentUrl ||
  !dataDir ||
  !Number.isInteger(cycles) ||
  !Number.isInteger(warmup) ||
  !gc
) {
  console.error('usage: node --expose-gc soakChild <host|sdk|idle> <agentUrl> <dataDir> <cycles> <warmup>');
  process.exit(2);
}

const failures: string[] = [];
const fail = (what: string) => {
  if (failures.length < 20) failures.push(what);
};
let frames = 0;
let close = async () => {};
let cycle: SoakCycle;
if (mode === 'sdk') cycle = await sdkSoakCycle(agentUrl, fail);
else {
  const host = createHost({ edition: 'cli', appVersion: 'bench', dataDir });
  host.onEvent((event) => {
    if (event.type === 'frames') frames += event.frames.length;
  });
  const opened = await host.openAgent({ url: agentUrl });
  if (!opened.ok) throw new Error(opened.message);
  cycle = hostSoakCycle(host, opened.agent.id, fail);
  close = () => host.close();
}
/** A cycle that throws is a failure counted, not the end of the run. */
const run = (n: number) =>
  cycle(n).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

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
  // After the figures are read: a snapshot allocates, and must not count in this sample.
  if (snapshots)
    writeHeapSnapshot(path.join(snapshots, `soak-${mode}-${String(done).padStart(6, '0')}.heapsnapshot`));
  const code = getHeapSpaceStatistics().find((space) => space.space_name === 'code_space');
  return {
    cycles: done,
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    codeSpace: code?.space_used_size ?? 0,
    resources,
  };
}

/**
 * The loops, in a function of their own: the bundle's module body holds every module's top level, and a loop there
 * made V8 compile that whole body (a 330 kB code object, about 1 % of the heap) partway through the run.
 */
async function soak(): Promise<SoakResult> {
  // Warm-up samples at each quarter, negative cycle counts: they show where the growth levels off (bench:soak).
  const warming: SoakSample[] = [];
  for (let n = 1; n <= warmup; n++) {
    await run(n - warmup - 1);
    if (n < warmup && n % Math.max(1, Math.floor(warmup / 4)) === 0) warming.push(await sample(n - warmup));
  }
  const samples = [await sample(0)];
  const started = performance.now();
  for (let n = 1; n <= cycles; n++) {
    // The floor: the same process, warmed up alike, sampled as often, without the cycles in between.
    if (mode !== 'idle') await run(n);
    if (n % Math.max(1, Math.floor(cycles / 10)) === 0) samples.push(await sample(n));
  }
  const ms = performance.now() - started;
  await close();
  return { warming, samples, ms, frames, failures };
}

process.stdout.write(`${JSON.stringify(await soak())}\n`);
