// bench:proxy — what the recording proxy (PRX-1) costs a client (issue 26). The official @a2a-js/sdk 1.3.0 client
// calls a flood peer directly and through the proxy in the same run, alternating, so the two paths are set side by
// side: added latency per unary call and to a stream's first event (p50, p99), and a 200,000-event stream's events/s
// on each path, with every event the proxy carried counted in its journal and its memory sampled over the floods.
// Peers and proxies each run in a process of their own (bench/peers/floodPeerChild.ts, bench/proxyChild.ts), the
// proxy recording as `switchboard proxy` does; the client runs here.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StreamCount } from './peers/floodPeer';
import type { MemorySample, MemoryWindow, ProxyRecorded } from './proxyChild';
import { firstEventTimes, floodRun, sdkClient, unaryTimes, type Paths } from './proxyLatency';
import { addedLatency, memoryGrowth, type AddedLatency } from './support/addedLatency';
import type { Benchmark, BenchOutcome } from './support/benchmark';
import { startJsonChild, type JsonChild } from './support/child';
import { budgetLines, count, machine, markdownTable, median, megabytes, readBudget } from './support/report';
import type { BudgetCheck } from './support/report';
import { builtAnalysisWorker } from './support/builtWorker';

const UNARY_PAIRS = 1_000;
const STREAM_PAIRS = 250;
const WARMUP_PAIRS = 50;
const FLOOD_UPDATES = 200_000;
const FLOOD_ROUNDS = 3;
const BUDGET_KEYS = ['maxAddedP50Ms', 'minFloodRatioVsDirect', 'maxHeapGrowthMB'] as const;

interface Started {
  peer: JsonChild;
  proxy: JsonChild;
  peerUrl: string;
  proxyUrl: string;
}

interface FloodFigures {
  direct: Array<{ events: number; ms: number }>;
  proxied: Array<{ events: number; ms: number }>;
  sent: number;
  bytes: number;
  memory: MemoryWindow;
  recorded: number[];
  problems: string[];
  /** Per proxied flood: from the caller's last event to the proxy's last frame recorded. */
  recordLagMs: number[];
}

async function startPair(updates: number, worker: string, dataDir: string): Promise<Started> {
  const peer = await startJsonChild('bench/peers/floodPeerChild.ts', [String(updates), '0']);
  const { url: peerUrl } = await peer.next<{ url: string }>();
  const proxy = await startJsonChild('bench/proxyChild.ts', [peerUrl, dataDir, worker], ['--expose-gc']);
  const { listenUrl: proxyUrl } = await proxy.next<{ listenUrl: string }>();
  return { peer, proxy, peerUrl, proxyUrl };
}

async function pathsFor(started: Started): Promise<Paths> {
  return { direct: await sdkClient(started.peerUrl), proxied: await sdkClient(started.proxyUrl) };
}

/** Stops the proxy (which then reports what its journal holds) and the peer. */
async function stopPair(started: Started): Promise<ProxyRecorded> {
  started.proxy.process.stdin!.end();
  const recorded = await started.proxy.next<ProxyRecorded>();
  await started.proxy.done;
  await started.peer.stop();
  return recorded;
}

async function measureLatency(worker: string, dataDir: string) {
  const started = await startPair(0, worker, dataDir);
  try {
    const paths = await pathsFor(started);
    const unary = await unaryTimes(paths, UNARY_PAIRS, WARMUP_PAIRS);
    const stream = await firstEventTimes(paths, STREAM_PAIRS, WARMUP_PAIRS);
    return {
      unary: addedLatency(unary.direct, unary.proxied),
      firstEvent: addedLatency(stream.direct, stream.proxied),
    };
  } finally {
    await stopPair(started);
  }
}

async function measureFlood(worker: string, dataDir: string): Promise<FloodFigures> {
  const started = await startPair(FLOOD_UPDATES, worker, dataDir);
  const figures: Omit<FloodFigures, 'memory'> = {
    direct: [],
    proxied: [],
    sent: 0,
    bytes: 0,
    recorded: [],
    problems: [],
    recordLagMs: [],
  };
  let memory: MemoryWindow | undefined;
  try {
    const paths = await pathsFor(started);
    started.proxy.process.stdin!.write('mark\n');
    await started.proxy.next<MemorySample>();
    for (let round = 0; round < FLOOD_ROUNDS; round++) {
      const order = round % 2 === 0 ? (['direct', 'proxied'] as const) : (['proxied', 'direct'] as const);
      for (const which of order) {
        const result = await floodRun(paths[which]);
        const sent = await started.peer.next<StreamCount>();
        figures.sent = sent.events;
        figures.bytes = sent.bytes;
        if (result.events !== sent.events)
          figures.problems.push(
            `${which} round ${round + 1}: received ${result.events} of ${sent.events} events.`,
          );
        figures[which].push(result);
        if (which === 'proxied') {
          // Recording runs behind the bytes; it finishes before the next flood so no path pays for another's.
          const ended = performance.now();
          started.proxy.process.stdin!.write(`settle ${figures.proxied.length}\n`);
          await started.proxy.next<{ settled: number }>();
          figures.recordLagMs.push(performance.now() - ended);
        }
      }
    }
    // Once the proxy has finished with the last flood (its analysis lags the bytes), so the end is settled.
    started.proxy.process.stdin!.write(`report ${FLOOD_ROUNDS}\n`);
    memory = await started.proxy.next<MemoryWindow>();
  } finally {
    const recorded = await stopPair(started);
    // The flood proxy carried only the floods (the client read the card before them, which is no stream).
    figures.recorded = Object.values(recorded.sseByExchange);
  }
  return { ...figures, memory };
}

const ms = (value: number) => value.toFixed(2);

function latencyRows(name: string, a: AddedLatency): string[] {
  return [
    name,
    ms(a.direct.p50),
    ms(a.proxied.p50),
    ms(a.added.p50),
    ms(a.direct.p99),
    ms(a.proxied.p99),
    ms(a.added.p99),
    count(a.calls),
  ];
}

function floodChecks(flood: FloodFigures, budget: Record<(typeof BUDGET_KEYS)[number], number>) {
  const eps = (runs: Array<{ events: number; ms: number }>) =>
    flood.sent / (median(runs.map((r) => r.ms)) / 1000);
  const direct = eps(flood.direct);
  const proxied = eps(flood.proxied);
  const ratio = proxied / direct;
  const heap = memoryGrowth(
    flood.memory.start.heapUsedBytes,
    flood.memory.end.heapUsedBytes,
    budget.maxHeapGrowthMB * 1e6,
  );
  // Stream by stream, so that one stream's surplus cannot hide another's loss.
  const everyFrame = flood.recorded.length === FLOOD_ROUNDS && flood.recorded.every((n) => n === flood.sent);
  if (!everyFrame)
    flood.problems.push(
      `The journal holds ${flood.recorded.map(count).join(', ')} events per proxied stream.`,
    );
  const checks: BudgetCheck[] = [
    {
      what: 'proxied ÷ direct events/s, 200k flood',
      measured: ratio.toFixed(2),
      limit: `≥ ${budget.minFloodRatioVsDirect.toFixed(2)}`,
      met: ratio >= budget.minFloodRatioVsDirect,
    },
    {
      what: 'flood events in the proxy journal',
      measured: count(flood.recorded.reduce((sum, n) => sum + n, 0)),
      limit: `= ${count(flood.sent * FLOOD_ROUNDS)} sent`,
      met: everyFrame,
    },
    {
      what: 'proxy heap growth over the floods (MB)',
      measured: megabytes(heap.growthBytes),
      limit: `≤ ${budget.maxHeapGrowthMB}`,
      met: heap.flat,
    },
  ];
  return { direct, proxied, checks };
}

function memoryTable(memory: MemoryWindow): string {
  const row = (name: string, pick: (s: MemorySample) => number) => [
    name,
    megabytes(pick(memory.start)),
    megabytes(pick(memory.peak)),
    megabytes(pick(memory.end)),
    megabytes(pick(memory.end) - pick(memory.start)),
  ];
  return markdownTable(
    ['proxy process', 'start MB', 'peak MB', 'end MB', 'end − start MB'],
    [row('RSS', (s) => s.rssBytes), row('JS heap used', (s) => s.heapUsedBytes)],
  );
}

async function run(budgetEntry: unknown): Promise<BenchOutcome> {
  const read = readBudget('proxy', budgetEntry, BUDGET_KEYS);
  if (!read.ok) return read;
  const budget = read.budget;
  // The analysis worker the apps start, from dist, as bench:ingest uses.
  const worker = builtAnalysisWorker();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-bench-proxy-'));
  try {
    const latency = await measureLatency(worker, path.join(dataDir, 'latency'));
    const flood = await measureFlood(worker, path.join(dataDir, 'flood'));
    const floodResult = floodChecks(flood, budget);
    const latencyCheck: BudgetCheck = {
      what: 'added p50 per unary call (ms)',
      measured: ms(latency.unary.added.p50),
      limit: `≤ ${budget.maxAddedP50Ms}`,
      met: latency.unary.added.p50 <= budget.maxAddedP50Ms,
    };
    const checks = [latencyCheck, ...floodResult.checks];
    const lines = [
      `Client: @a2a-js/sdk 1.3.0, JSON-RPC, in the bench process; peer and proxy each in a process of their own, the proxy recording every frame to its journal with analysis in the worker. Calls alternate direct and proxied, the first path swapping every pair; ${WARMUP_PAIRS} pairs of warm-up are not counted.`,
      `Machine: ${machine()}.`,
      '',
      markdownTable(
        ['call', 'direct p50', 'proxied p50', 'added p50', 'direct p99', 'proxied p99', 'added p99', 'calls'],
        [
          latencyRows('unary SendMessage, ms', latency.unary),
          latencyRows('stream, to first event, ms', latency.firstEvent),
        ],
      ),
      '',
      `Flood: ${count(flood.sent)} events (${megabytes(flood.bytes)} MB) per stream, ${FLOOD_ROUNDS} rounds per path alternating, median. The proxy records behind the bytes: after each proxied flood the next run waits until the proxy has recorded it, which took ${median(flood.recordLagMs).toFixed(0)} ms (median) after the caller had the last event.`,
      '',
      markdownTable(
        ['path', 'median ms', 'events/s', '× direct'],
        [
          ['direct', median(flood.direct.map((r) => r.ms)).toFixed(0), count(floodResult.direct), '1.00'],
          [
            'through the proxy',
            median(flood.proxied.map((r) => r.ms)).toFixed(0),
            count(floodResult.proxied),
            (floodResult.proxied / floodResult.direct).toFixed(2),
          ],
        ],
      ),
      '',
      `Proxy memory over the floods, sampled every 50 ms; start, and end once the last flood was analysed, after a forced GC (${flood.memory.samples} samples). Flat means the JS heap grew by at most ${budget.maxHeapGrowthMB} MB from start to end.`,
      '',
      memoryTable(flood.memory),
      '',
      ...budgetLines(checks),
      ...flood.problems,
    ];
    return {
      ok: checks.every((c) => c.met) && flood.problems.length === 0,
      report: lines.join('\n'),
      checks,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export const proxyBenchmark: Benchmark = {
  name: 'proxy',
  description:
    'what the recording proxy adds: latency per call and to the first event, flood throughput, memory',
  run,
};
