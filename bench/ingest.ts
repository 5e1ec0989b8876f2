// bench:ingest — how fast the host takes in a stream while recording every frame, beside the official SDK client
// merely consuming the same stream (issue 9), and beside the floor: a client that reads the same bytes and does
// nothing else (how fast the peer and the socket go here). A flood peer in its own process streams 200,000 small
// status and artifact updates as fast as the socket drains; each contender runs in a fresh process of its own (so
// its peak RSS is its own), in turn, for a few rounds. The host must record exactly the events the peer sent. Its
// time is to the stream's last byte; when every event was also analysed, journalled and published is measured too,
// against the SDK client's finish (issue 27).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Contender, IngestResult } from './ingestChild';
import type { ThreadCpu } from './support/threadCpu';
import type { StreamCount } from './peers/floodPeer';
import type { Benchmark, BenchOutcome } from './support/benchmark';
import { builtAnalysisWorker } from './support/builtWorker';
import { runJsonChild, startJsonChild, type JsonChild } from './support/child';
import {
  budgetLines,
  count,
  machine,
  markdownTable,
  median,
  megabytes,
  readBudget,
  type BudgetCheck,
} from './support/report';

const UPDATES = 200_000;
const ROUNDS = 5;
const CONTENDERS: readonly Contender[] = ['sdk', 'host', 'floor'];

type Runs = Record<Contender, Array<IngestResult & { sentBytes: number; sentEvents: number }>>;

/** Runs every contender ROUNDS times in turn against the peer; what went wrong is pushed onto `problems`. */
async function measure(peer: JsonChild, analysisWorker: string, problems: string[]): Promise<Runs> {
  const runs: Runs = { host: [], sdk: [], floor: [] };
  const { url } = await peer.next<{ url: string }>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const contender of CONTENDERS) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-ingest-'));
      try {
        const result = await runJsonChild<IngestResult>('bench/ingestChild.ts', [
          contender,
          url,
          dataDir,
          analysisWorker,
        ]);
        const sent = await peer.next<StreamCount>();
        const what = `${contender} round ${round + 1}`;
        if (contender === 'floor' && result.bytes !== sent.bytes)
          problems.push(`${what}: read ${result.bytes} bytes of ${sent.bytes} sent.`);
        if (contender !== 'floor' && result.events !== sent.events)
          problems.push(`${what}: received ${result.events} events of ${sent.events} sent.`);
        if (contender === 'host' && result.recorded !== sent.events)
          problems.push(`${what}: the journal holds ${result.recorded} events of ${sent.events} sent.`);
        runs[contender].push({ ...result, sentBytes: sent.bytes, sentEvents: sent.events });
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }
  return runs;
}

interface Summary {
  ms: number;
  /** Median CPU milliseconds of the process over the run. */
  cpuMs: number;
  /** Host only: median CPU milliseconds by thread (threadCpu.ts). */
  threads?: ThreadCpu;
  eventsPerSecond: number;
  mbPerSecond: number;
  peakRss: number;
  recorded?: number;
  analysedMs?: number;
  readyMs?: number;
  bytes: number;
  events: number;
}

function summarize(runs: Runs[Contender], host: boolean): Summary {
  const ms = median(runs.map((r) => r.ms));
  const events = runs[0]?.sentEvents ?? 0;
  const bytes = runs[0]?.sentBytes ?? 0;
  const withThreads = runs.flatMap((r) => (r.threads ? [r.threads] : []));
  const byThread = (key: keyof ThreadCpu) => median(withThreads.map((t) => t[key]));
  return {
    ms,
    cpuMs: median(runs.map((r) => r.cpuMs)),
    ...(withThreads.length > 0
      ? {
          threads: {
            main: byThread('main'),
            analysis: byThread('analysis'),
            other: byThread('other'),
            later: byThread('later'),
          },
        }
      : {}),
    eventsPerSecond: events / (ms / 1000),
    mbPerSecond: bytes / 1e6 / (ms / 1000),
    // The largest of the rounds, for every contender alike.
    peakRss: Math.max(...runs.map((r) => r.peakRssBytes)),
    ...(host
      ? {
          recorded: Math.min(...runs.map((r) => r.recorded ?? 0)),
          analysedMs: median(runs.map((r) => r.analysedMs ?? r.ms)),
          readyMs: median(runs.map((r) => r.readyMs ?? 0)),
        }
      : {}),
    bytes,
    events,
  };
}

interface IngestBudget {
  minRatioVsSdk: number;
  maxAnalysedVsSdk: number;
  maxPeakRssVsSdk: number;
}

function checks(host: Summary, sdk: Summary, budget: IngestBudget): BudgetCheck[] {
  const ratio = host.eventsPerSecond / sdk.eventsPerSecond;
  const analysed = (host.analysedMs ?? host.ms) / sdk.ms;
  const rss = host.peakRss / sdk.peakRss;
  return [
    {
      what: 'host events/s ÷ SDK events/s',
      measured: ratio.toFixed(2),
      limit: `≥ ${budget.minRatioVsSdk.toFixed(2)}`,
      met: ratio >= budget.minRatioVsSdk,
    },
    {
      what: 'host all analysed ÷ SDK finish (time)',
      measured: analysed.toFixed(2),
      limit: `≤ ${budget.maxAnalysedVsSdk.toFixed(2)}`,
      met: analysed <= budget.maxAnalysedVsSdk,
    },
    {
      what: 'host peak RSS ÷ SDK peak RSS',
      measured: rss.toFixed(2),
      limit: `≤ ${budget.maxPeakRssVsSdk.toFixed(2)}`,
      met: rss <= budget.maxPeakRssVsSdk,
    },
  ];
}

function report(s: Record<Contender, Summary>, verdicts: BudgetCheck[], problems: string[]): string {
  const { host, sdk, floor } = s;
  const row = (name: string, x: Summary) => [
    name,
    x.ms.toFixed(0),
    count(x.eventsPerSecond),
    x.mbPerSecond.toFixed(1),
    megabytes(x.peakRss),
    x.recorded === undefined ? '—' : count(x.recorded),
    (x.eventsPerSecond / sdk.eventsPerSecond).toFixed(2),
    (x.eventsPerSecond / floor.eventsPerSecond).toFixed(2),
    x.analysedMs === undefined ? '—' : x.analysedMs.toFixed(0),
  ];
  return [
    `Flood: ${count(host.events)} events (${megabytes(host.bytes)} MB) per stream from a peer in its own process; each contender in a fresh process, median of ${ROUNDS} rounds.`,
    `Machine: ${machine()}.`,
    '',
    markdownTable(
      [
        'client',
        'median ms',
        'events/s',
        'MB/s',
        'peak RSS MB',
        'frames recorded',
        '× SDK',
        '× floor',
        'all analysed, ms',
      ],
      [
        row('switchboard host, recording every frame to the journal', host),
        row('@a2a-js/sdk 1.3.0 client, consuming only', sdk),
        row('floor: node:http, reading the bytes only', floor),
      ],
    ),
    '',
    ...cpuTable(s),
    '',
    'Host: to the last byte of the stream; "all analysed": until the last event was also decoded, checked, handed to the journal and published. Peak RSS: the largest of the rounds.',
    `The host's stream is asked for once its analysis worker is ready, as in the apps (an agent is opened before it streams): ${(host.readyMs ?? 0).toFixed(0)} ms after the host was made (median), not counted in its times.`,
    '',
    ...budgetLines(verdicts),
    ...problems,
  ].join('\n');
}

/** Where the CPU went: each contender's process, and the host's by thread (medians of the rounds). */
function cpuTable(s: Record<Contender, Summary>): string[] {
  const perEvent = (ms: number) => ((ms * 1000) / s.host.events).toFixed(1);
  const rows = [
    ['host, whole process', s.host.cpuMs.toFixed(0), perEvent(s.host.cpuMs)],
    ...(s.host.threads
      ? ([
          ['host main thread (socket, frames, journal lines, bus, its GC)', s.host.threads.main],
          ['host analysis worker (its start, schema compile, SSE, decode, checks)', s.host.threads.analysis],
          ['host other threads (V8 GC and compiler helpers, libuv pool: journal I/O)', s.host.threads.other],
          ['host threads started after the host, not the worker', s.host.threads.later],
        ] as const)
      : []
    ).map(([name, ms]) => [name, ms.toFixed(0), perEvent(ms)]),
    ['SDK client, whole process', s.sdk.cpuMs.toFixed(0), perEvent(s.sdk.cpuMs)],
    ['floor, whole process', s.floor.cpuMs.toFixed(0), perEvent(s.floor.cpuMs)],
  ];
  return [markdownTable(['CPU by process and thread', 'CPU ms', 'µs per event'], rows)];
}

async function run(budgetEntry: unknown): Promise<BenchOutcome> {
  const read = readBudget('ingest', budgetEntry, [
    'minRatioVsSdk',
    'maxAnalysedVsSdk',
    'maxPeakRssVsSdk',
  ] as const);
  if (!read.ok) return read;
  const peer = await startJsonChild('bench/peers/floodPeerChild.ts', [String(UPDATES), '0']);
  // The worker the apps start, from dist.
  const analysisWorker = builtAnalysisWorker();
  const problems: string[] = [];
  let runs: Runs;
  try {
    runs = await measure(peer, analysisWorker, problems);
  } finally {
    await peer.stop();
  }
  const summaries = {
    host: summarize(runs.host, true),
    sdk: summarize(runs.sdk, false),
    floor: summarize(runs.floor, false),
  };
  const verdicts = checks(summaries.host, summaries.sdk, read.budget);
  return {
    ok: verdicts.every((c) => c.met) && problems.length === 0,
    report: report(summaries, verdicts, problems),
    checks: verdicts,
  };
}

export const ingestBenchmark: Benchmark = {
  name: 'ingest',
  description: 'host recording a flood of events, beside the SDK client consuming it and the floor',
  run,
};
