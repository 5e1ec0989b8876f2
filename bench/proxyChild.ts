// The recording proxy of bench:proxy in a process of its own, as `switchboard proxy` runs it: a host with recording
// on (every frame redacted and written to the journal in `dataDir`, stream events analysed in the built analysis
// worker) hands its recorder to startRecordingProxy. Its own process keeps the proxy's work off the client's event
// loop and makes its memory its own. Args: <upstreamUrl> <dataDir> [analysisWorker]; run with --expose-gc.
//
// Talks in JSON lines: prints `{"listenUrl"}` once listening; on stdin, `mark` starts a memory window (a GC, then a
// sample, printed), `settle N` answers once N streams are recorded whole, and `report N` ends it once N streams have been carried whole, their last events analysed and
// published (a GC, then start, peak and end, printed). Memory is sampled every 50 ms in between, so the peak is the
// largest sample. When stdin closes it closes the proxy and the host, reads the journal
// back and prints the dispatched `sse` frames it holds per exchange, then exits.

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Recorder } from '../electron/host/agent/recorder';
import { createHost } from '../electron/host/createHost';
import { startRecordingProxy } from '../electron/host/proxy/recordingProxy';
import { readJournal } from '../electron/host/session/journal';
import { journalDir } from '../electron/host/session/recording';

export interface MemorySample {
  rssBytes: number;
  heapUsedBytes: number;
}

export interface MemoryWindow {
  start: MemorySample;
  peak: MemorySample;
  end: MemorySample;
  samples: number;
}

export interface ProxyRecorded {
  /** Dispatched `sse` frames in the journal, per exchange id. */
  sseByExchange: Record<string, number>;
}

const SAMPLE_MS = 50;

const [upstream, dataDir, analysisWorker] = process.argv.slice(2);
if (!upstream || !dataDir) {
  console.error('usage: proxyChild <upstreamUrl> <dataDir> [analysisWorker]');
  process.exit(2);
}

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) {
  console.error('proxyChild needs --expose-gc, so that memory is read after a collection.');
  process.exit(2);
}

const sample = (): MemorySample => {
  const usage = process.memoryUsage();
  return { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed };
};

// Held in an object: the host hands its recorder over in a callback, which narrowing cannot see.
const held: { recorder?: Recorder } = {};
const host = createHost({
  edition: 'cli',
  appVersion: 'bench',
  dataDir,
  ...(analysisWorker ? { analysisWorker } : {}),
  onRecorder: (given) => (held.recorder = given),
});
if (!held.recorder) throw new Error('the host handed over no recorder');
// Streams whose final frame is published: the analysis of their last events is done, so memory has settled.
let streamsDone = 0;
let settled: { streams: number; then: () => void } | undefined;
const proxy = await startRecordingProxy(
  { upstream },
  {
    recorder: held.recorder,
    onExchange: (frame) => {
      if (frame.stream) streamsDone++;
      if (settled && streamsDone >= settled.streams) settled.then();
    },
  },
);
const streamsEnded = (streams: number) =>
  new Promise<void>((resolve) => {
    if (streamsDone >= streams) resolve();
    else settled = { streams, then: resolve };
  });
process.stdout.write(`${JSON.stringify({ listenUrl: proxy.status().listenUrl })}\n`);

let window: { start: MemorySample; peak: MemorySample; samples: number } | undefined;
const timer = setInterval(() => {
  if (!window) return;
  const now = sample();
  window.samples++;
  if (now.rssBytes > window.peak.rssBytes) window.peak = { ...window.peak, rssBytes: now.rssBytes };
  if (now.heapUsedBytes > window.peak.heapUsedBytes)
    window.peak = { ...window.peak, heapUsedBytes: now.heapUsedBytes };
}, SAMPLE_MS);

createInterface({ input: process.stdin }).on('line', (line) => void command(line));

async function command(line: string): Promise<void> {
  const [name, streams] = line.split(' ');
  if (name === 'settle') {
    // The proxy records behind the bytes: the next flood waits until this one is recorded, so neither pays for it.
    await streamsEnded(Number(streams ?? 0));
    process.stdout.write(`${JSON.stringify({ settled: Number(streams ?? 0) })}\n`);
    return;
  }
  if (name === 'report' && window) await streamsEnded(Number(streams ?? 0));
  collect!();
  const now = sample();
  if (name === 'mark') {
    window = { start: now, peak: now, samples: 1 };
    process.stdout.write(`${JSON.stringify(now)}\n`);
  } else if (name === 'report' && window) {
    const peak = {
      rssBytes: Math.max(window.peak.rssBytes, now.rssBytes),
      heapUsedBytes: Math.max(window.peak.heapUsedBytes, now.heapUsedBytes),
    };
    const report: MemoryWindow = { start: window.start, peak, end: now, samples: window.samples + 1 };
    window = undefined;
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } else {
    process.stdout.write(`${JSON.stringify({ error: `unknown command ${line}` })}\n`);
  }
}

process.stdin.on('end', () => void finish());

async function finish(): Promise<void> {
  clearInterval(timer);
  await proxy.close();
  await host.close();
  const [journal] = (await readdir(journalDir(dataDir!))).filter((name) => name.endsWith('.ndjson'));
  const read = await readJournal(path.join(journalDir(dataDir!), journal!));
  const counts = new Map<string, number>();
  for (const frame of read.frames)
    if (frame.kind === 'sse' && frame.dispatched)
      counts.set(frame.exchangeId, (counts.get(frame.exchangeId) ?? 0) + 1);
  const recorded: ProxyRecorded = { sseByExchange: Object.fromEntries(counts) };
  process.stdout.write(`${JSON.stringify(recorded)}\n`);
  process.exit(0);
}
