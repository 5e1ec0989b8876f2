// bench:ingest — how fast the host takes in a stream while recording every frame, beside the official SDK client
// merely consuming the same stream (issue 9). A flood peer in its own process streams 200,000 small status and
// artifact updates as fast as the socket drains; each contender runs in a fresh process of its own (so its peak
// RSS is its own), alternately, for a few rounds. The host must record exactly the events the peer sent. Its time
// is to the stream's last byte, with every frame in the journal; when its analysis of them was done is reported
// beside it.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IngestResult } from './ingestChild';
import type { StreamCount } from './peers/floodPeer';
import type { Benchmark, BenchOutcome } from './support/benchmark';
import { bundleEntry } from '../tests/integration/support/bundleEntry';
import { runJsonChild, startJsonChild } from './support/child';
import { budgetLines, count, machine, markdownTable, median, megabytes, readBudget } from './support/report';

const UPDATES = 200_000;
const ROUNDS = 5;

async function run(budgetEntry: unknown): Promise<BenchOutcome> {
  const read = readBudget('ingest', budgetEntry, ['minRatioVsSdk'] as const);
  if (!read.ok) return read;
  const peer = await startJsonChild('bench/peers/floodPeerChild.ts', [String(UPDATES), '0']);
  // The apps start the built worker from dist; the bench bundles the same entry.
  const analysisWorker = await bundleEntry('electron/host/agent/analysisWorker.ts');
  const problems: string[] = [];
  const results: Record<'host' | 'sdk', Array<IngestResult & { bytes: number }>> = { host: [], sdk: [] };
  try {
    const { url } = await peer.next<{ url: string }>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const contender of ['sdk', 'host'] as const) {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-ingest-'));
        try {
          const result = await runJsonChild<IngestResult>('bench/ingestChild.ts', [
            contender,
            url,
            dataDir,
            analysisWorker,
          ]);
          const sent = await peer.next<StreamCount>();
          if (result.events !== sent.events)
            problems.push(
              `${contender} round ${round + 1}: received ${result.events} events of ${sent.events} sent.`,
            );
          if (contender === 'host' && result.recorded !== sent.events)
            problems.push(
              `host round ${round + 1}: the journal holds ${result.recorded} events of ${sent.events} sent.`,
            );
          results[contender].push({ ...result, bytes: sent.bytes });
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    await peer.stop();
  }
  const summary = (contender: 'host' | 'sdk') => {
    const runs = results[contender];
    const ms = median(runs.map((r) => r.ms));
    const events = runs[0]?.events ?? 0;
    const bytes = runs[0]?.bytes ?? 0;
    return {
      ms,
      eventsPerSecond: events / (ms / 1000),
      mbPerSecond: bytes / 1e6 / (ms / 1000),
      peakRss: Math.max(...runs.map((r) => r.peakRssBytes)),
      recorded: contender === 'host' ? Math.min(...runs.map((r) => r.recorded ?? 0)) : undefined,
      analysedMs: contender === 'host' ? median(runs.map((r) => r.analysedMs ?? r.ms)) : undefined,
      bytes,
      events,
    };
  };
  const host = summary('host');
  const sdk = summary('sdk');
  const ratio = host.eventsPerSecond / sdk.eventsPerSecond;
  const row = (name: string, s: ReturnType<typeof summary>) => [
    name,
    s.ms.toFixed(0),
    count(s.eventsPerSecond),
    s.mbPerSecond.toFixed(1),
    megabytes(s.peakRss),
    s.recorded === undefined ? '—' : count(s.recorded),
    (s.eventsPerSecond / sdk.eventsPerSecond).toFixed(2),
    s.analysedMs === undefined ? '—' : s.analysedMs.toFixed(0),
  ];
  const check = {
    what: 'host events/s ÷ SDK events/s',
    measured: ratio.toFixed(2),
    limit: `≥ ${read.budget.minRatioVsSdk.toFixed(2)}`,
    met: ratio >= read.budget.minRatioVsSdk,
  };
  const lines = [
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
        'all analysed, ms',
      ],
      [
        row('switchboard host, recording every frame to the journal', host),
        row('@a2a-js/sdk 1.3.0 client, consuming only', sdk),
      ],
    ),
    '',
    'Host: to the last byte of the stream, every frame in the journal by then; "all analysed": until the last event was also decoded, checked and published.',
    '',
    ...budgetLines([check]),
    ...problems,
  ];
  return { ok: check.met && problems.length === 0, report: lines.join('\n'), checks: [check] };
}

export const ingestBenchmark: Benchmark = {
  name: 'ingest',
  description: 'host recording a flood of events, beside the SDK client consuming it',
  run,
};
