// One contender of bench:ingest in a fresh process, so that its peak RSS is its own. Args: <host|sdk> <agentUrl>
// <dataDir> [analysisWorker]. Streams one flood from the agent and prints one JSON line: events received, milliseconds from
// the request to the end of the stream, peak RSS, and for the host the frames its journal holds for that stream.
//
// - host: Switchboard's host as the apps run it: recording on (every frame redacted and written to the journal in
//   `dataDir`), stream events analysed in the built analysis worker as the desktop and browser editions do, a
//   listener on its event bus as the window has, and the journal read back after close to count. The stream is
//   asked for once the worker is ready (`readyMs` after the host was made). Its stream ends when the last byte is read. `analysedMs` is when the last event was also read, decoded, checked, handed to the
//   journal and published (streamRecorder.ts records and publishes each chunk's frames together, once read).
// - sdk: the official @a2a-js/sdk 1.3.0 client, consuming the stream and nothing else.
// - floor: the same request over node:http, reading the answer's bytes and doing nothing else: how fast the peer and
//   the socket go on this machine, the most any client could reach. It reports bytes; its events are the peer's.

import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import type { Recorder } from '../electron/host/agent/recorder';
import { createHost } from '../electron/host/createHost';
import { readJournal } from '../electron/host/session/journal';
import { journalDir } from '../electron/host/session/recording';
import { countSdkFlood, sdkJsonRpcClient } from './support/sdkFlood';
import { threadCpuBaseline, threadCpuSince, type ThreadCpu } from './support/threadCpu';

export type Contender = 'host' | 'sdk' | 'floor';

export interface IngestResult {
  contender: Contender;
  /** Events received; the floor does not parse, so it gives none and the peer's count is used. */
  events: number;
  /** Floor only: the answer's bytes read. */
  bytes?: number;
  ms: number;
  peakRssBytes: number;
  /** Host only: dispatched `sse` frames of the stream found in the journal after the host closed. */
  recorded?: number;
  /** Host only: milliseconds from the request until every event was analysed and published as well. */
  analysedMs?: number;
  /** Host only: milliseconds from creating the host to its analysis worker ready for the agent's generation. */
  readyMs?: number;
  /** CPU milliseconds of the whole process from the request to the end (host: until all analysed). */
  cpuMs: number;
  /** Host only: the same CPU by thread, from the host's start (threadCpu.ts); absent without /proc. */
  threads?: ThreadCpu;
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const [contender, agentUrl, dataDir, analysisWorker] = process.argv.slice(2);
if ((contender !== 'host' && contender !== 'sdk' && contender !== 'floor') || !agentUrl || !dataDir) {
  console.error('usage: ingestChild <host|sdk|floor> <agentUrl> <dataDir> [analysisWorker]');
  process.exit(2);
}

async function runHost(url: string, folder: string, worker: string | undefined): Promise<IngestResult> {
  const baseline = threadCpuBaseline();
  const created = performance.now();
  // Held in an object: the host hands its recorder over in a callback, which narrowing cannot see.
  const held: { recorder?: Recorder } = {};
  const host = createHost({
    edition: 'cli',
    appVersion: 'bench',
    dataDir: folder,
    ...(worker ? { analysisWorker: worker } : {}),
    onRecorder: (recorder) => (held.recorder = recorder),
  });
  let published = 0;
  let lastByte: number | undefined;
  host.onEvent((event) => {
    if (event.type !== 'frames') return;
    published += event.frames.length;
    for (const frame of event.frames)
      if (frame.kind === 'http' && frame.state === 'done' && frame.timing.end !== undefined)
        lastByte = frame.timing.end;
  });
  const opened = await host.openAgent({ url });
  if (!opened.ok) throw new Error(opened.message);
  // As in the apps, where an agent is opened well before it streams: the analysis worker has started and compiled
  // the generation's checks. How long that took is reported beside the stream's times.
  await held.recorder?.analyser?.ready('1.0');
  const readyMs = performance.now() - created;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const outcome = await host.runOperation({
    agentId: opened.agent.id,
    operation: 'stream',
    input: { message: { parts: [{ kind: 'text', text: 'flood' }] }, blocking: false },
  });
  const exchangeId = outcome.exchangeId;
  if (outcome.status !== 'stream' || exchangeId === undefined) throw new Error(outcome.message);
  const end = await host.awaitStream({ exchangeId });
  const analysedMs = performance.now() - started;
  const cpuMs = cpuMsSince(cpu);
  const threads = threadCpuSince(baseline);
  await host.close();
  // The host's clock is performance.timeOrigin + performance.now() (createHost.ts).
  if (lastByte === undefined) throw new Error('the host published no end for the stream');
  const ms = lastByte - (performance.timeOrigin + started);
  // Taken before the journal is read back below, which holds every frame at once and is not part of the run.
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  if (published === 0) throw new Error('the host published no frames');
  const [journal] = (await readdir(journalDir(folder))).filter((name) => name.endsWith('.ndjson'));
  const read = await readJournal(path.join(journalDir(folder), journal!));
  const recorded = read.frames.filter(
    (f) => f.kind === 'sse' && f.exchangeId === exchangeId && f.dispatched,
  ).length;
  return {
    contender: 'host',
    events: end.events,
    ms,
    peakRssBytes,
    recorded,
    analysedMs,
    readyMs,
    cpuMs,
    ...(threads ? { threads } : {}),
  };
}

async function runSdk(url: string): Promise<IngestResult> {
  const client = await sdkJsonRpcClient(url);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const events = await countSdkFlood(client, 'bench-flood');
  const ms = performance.now() - started;
  const cpuMs = cpuMsSince(cpu);
  return { contender: 'sdk', events, ms, cpuMs, peakRssBytes: process.resourceUsage().maxRSS * 1024 };
}

/** The SDK's request, sent by hand; the answer's bytes are counted and dropped. */
async function runFloor(url: string): Promise<IngestResult> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'SendStreamingMessage',
    params: { message: { messageId: 'bench-flood', role: 'ROLE_USER', parts: [{ text: 'flood' }] } },
  });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const bytes = await new Promise<number>((resolve, reject) => {
    const req = request(
      `${url}/rpc`,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' } },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => (read += chunk.byteLength));
        res.on('end', () => resolve(read));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  const ms = performance.now() - started;
  const cpuMs = cpuMsSince(cpu);
  return {
    contender: 'floor',
    events: 0,
    bytes,
    ms,
    cpuMs,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
  };
}

const result =
  contender === 'host'
    ? await runHost(agentUrl, dataDir, analysisWorker)
    : contender === 'sdk'
      ? await runSdk(agentUrl)
      : await runFloor(agentUrl);
process.stdout.write(`${JSON.stringify(result)}\n`);
