// Stream events analysed in the worker thread (streamAnalyser.ts) give the same frames as the host's own thread:
// summaries, findings and parsed JSON, for plain events and faulty ones alike, published in order. A worker that
// cannot start leaves the host analysing in its own thread, with nothing lost.

import { existsSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostService } from '../../shared/host/hostApi';
import type { Frame, HttpFrame, SseFrame } from '../../shared/wire/frame';
import { v1JsonRpc } from '../../shared/a2a/v1/jsonrpc';
import { createHost } from '../../electron/host/createHost';
import { readJournal } from '../../electron/host/session/journal';
import { journalDir } from '../../electron/host/session/recording';
import { inThreadAnalyser, workerAnalyser } from '../../electron/host/agent/streamAnalyser';
import type { ReadBatch } from '../../electron/host/agent/streamReading';
import { STREAM_REQUEST } from '../unit/support/recordStream';
import { bundleEntry } from './support/bundleEntry';
import { stoppingWorker } from './support/stoppingWorker';
import { testTempDir } from '../unit/support/tempDir';

const result = (body: string) => `{"jsonrpc":"2.0","id":__ID__,"result":${body}}`;
const status = (n: number, state = 'TASK_STATE_WORKING') =>
  result(
    `{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"${state}"},"metadata":{"n":${n}}}}`,
  );
/** Good events and every fault the analysis reports on, each in its own block. */
const BLOCKS = [
  `data: ${result('{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_SUBMITTED"}}}')}\n\n`,
  ...Array.from({ length: 300 }, (_, n) => `data: ${status(n)}\n\n`),
  `data: ${result('{"statusUpdate":{"taskId":"t1","status":{"state":"TASK_STATE_WORKING"},"final":true}}')}\n\n`,
  'data: not json at all\n\n',
  `data: {"jsonrpc":"2.0","id":__ID__,"id":__ID__,"result":{"task":{"id":"t1","status":{"state":"TASK_STATE_WORKING"}}}}\n\n`,
  `data: ${result('{"statusUpdate":{"taskId":7,"status":{"state":"TASK_STATE_NOPE"}}}')}\n\n`,
  `data: ${result('{"message":{"messageId":"m1","role":"ROLE_AGENT","parts":[{"text":"déjà 🌧"}]}}')}\n\n`,
  `data: {"jsonrpc":"2.0","id":__ID__,"result":{"task":{"id":"t1","status":{"state":"TASK_STATE_WORKING"},"metadata":{"big":12345678901234567890}}}}\n\n`,
  ': ping\n\n',
  `data: ${status(999, 'TASK_STATE_COMPLETED')}\n\n`,
];

let server: Server;
let url: string;
let worker: string;

beforeAll(async () => {
  worker = await bundleEntry('electron/host/agent/analysisWorker.ts');
  server = createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(card(url)));
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const id = JSON.stringify((JSON.parse(body) as { id: unknown }).id);
      const bytes = Buffer.from(BLOCKS.join('').replaceAll('__ID__', id));
      res.writeHead(200, { 'content-type': 'text/event-stream', 'a2a-version': '1.0' });
      // Chunks cut anywhere, so batches hold parts of events and several events.
      let at = 0;
      const next = () => {
        if (at >= bytes.length) return res.end();
        const size = 1 + ((at * 7919) % 900);
        res.write(bytes.subarray(at, at + size));
        at += size;
        setImmediate(next);
      };
      next();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function card(base: string) {
  return {
    name: 'Analysis test',
    description: 'Streams good and faulty events.',
    version: '1.0.0',
    supportedInterfaces: [{ url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
  };
}

/** Streams once and returns the frames published, as the window would receive them. */
async function streamWith(host: HostService): Promise<{ events: SseFrame[]; exchange: HttpFrame }> {
  const frames: Frame[] = [];
  host.onEvent((event) => {
    if (event.type === 'frames') frames.push(...structuredClone(event.frames));
  });
  const opened = await host.openAgent({ url });
  if (!opened.ok) throw new Error(opened.message);
  const outcome = await host.runOperation({
    agentId: opened.agent.id,
    operation: 'stream',
    input: { message: { parts: [{ kind: 'text', text: 'go' }] }, blocking: false },
  });
  if (outcome.status !== 'stream') throw new Error(outcome.message);
  await host.awaitStream({ exchangeId: outcome.exchangeId! });
  await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
  const exchange = frames.filter((f): f is HttpFrame => f.id === outcome.exchangeId).at(-1)!;
  const events = frames.filter((f): f is SseFrame => f.kind === 'sse' && f.exchangeId === outcome.exchangeId);
  return { events, exchange };
}

/** What must agree between two runs: everything but frame ids, times, and the JSON-RPC id each host chose. */
function comparable(run: { events: SseFrame[]; exchange: HttpFrame }) {
  const rpcId = JSON.stringify(run.exchange.a2a?.rpc?.id);
  const pattern = new RegExp(`(\\\\?"id\\\\?":)${rpcId}(?=[,}])`, 'g');
  return run.events.map((frame) => {
    const { id: _id, timing: _timing, exchangeId: _exchange, ...rest } = frame;
    return JSON.stringify(rest).replace(pattern, '$1RPC-ID');
  });
}

describe('analysis worker', () => {
  it('gives the frames the host’s own thread gives, in order, and the same stream totals', async () => {
    const inThread = createHost({ edition: 'test', appVersion: '0' });
    const withWorker = createHost({ edition: 'test', appVersion: '0', analysisWorker: worker });
    try {
      const a = await streamWith(inThread);
      const b = await streamWith(withWorker);
      expect(a.events.length).toBe(BLOCKS.length);
      expect(a.exchange.a2a?.rpc?.id).not.toEqual(b.exchange.a2a?.rpc?.id);
      expect(comparable(b)).toEqual(comparable(a));
      expect(b.exchange.stream).toEqual(a.exchange.stream);
      expect(b.exchange.a2a?.taskId).toBe('t1');
      // The faults were found, so the comparison above covered findings, not only clean events.
      const rules = b.events.flatMap((f) => f.findings?.map((x) => x.rule) ?? []);
      expect(rules).toEqual(expect.arrayContaining(['json.invalid', 'json.duplicate-key']));
      expect(b.events.find((f) => f.event?.data === 'not json at all')?.json).toBeUndefined();
      expect(b.events.at(-1)?.a2a).toMatchObject({ state: 'completed', taskId: 't1' });
    } finally {
      await inThread.close();
      await withWorker.close();
    }
  });

  it('journals each chunk’s frames once read, plain ones as runs of bytes: read back, they are those published', async () => {
    const dataDir = testTempDir('switchboard-analysis-');
    const host = createHost({ edition: 'test', appVersion: '0', dataDir, analysisWorker: worker });
    try {
      const run = await streamWith(host);
      await host.close();
      const [file] = (await readdir(journalDir(dataDir))).filter((name) => name.endsWith('.ndjson'));
      const read = await readJournal(path.join(journalDir(dataDir), file!));
      expect(read.unreadable).toEqual([]);
      const events = read.frames.filter(
        (f): f is SseFrame => f.kind === 'sse' && f.exchangeId === run.exchange.id,
      );
      expect(events).toEqual(run.events);
      const text = await readFile(path.join(journalDir(dataDir), file!), 'utf8');
      expect(text).toContain('"kind":"sse-run"');
      expect(text).not.toContain('"kind":"sse-analysis"');
    } finally {
      await host.close();
    }
  });

  it('falls back to the host’s own thread when the worker cannot start, losing nothing', async () => {
    const broken = createHost({
      edition: 'test',
      appVersion: '0',
      analysisWorker: `${worker}.missing.mjs`,
    });
    try {
      const { events, exchange } = await streamWith(broken);
      expect(events).toHaveLength(BLOCKS.length);
      expect(events.filter((f) => f.a2a?.item === 'status-update').length).toBeGreaterThan(300);
      expect(exchange.stream?.events).toBe(BLOCKS.length - 1);
    } finally {
      await broken.close();
    }
  });
});

describe('workerAnalyser', () => {
  const request = STREAM_REQUEST;
  const limits = { maxEventBytes: 64 * 1024, maxStreamBytes: 16 * 1024 * 1024 };
  const stream = Buffer.from(BLOCKS.join('').replaceAll('__ID__', '1'));
  /** The stream cut at odd places, so that chunks end inside events and hold several. */
  const chunks = Array.from({ length: Math.ceil(stream.length / 997) }, (_, k) =>
    stream.subarray(k * 997, (k + 1) * 997),
  );
  const inThread = () => {
    const local = inThreadAnalyser().open(v1JsonRpc, request, limits);
    return [...chunks.map((chunk) => local.read(chunk) as ReadBatch), local.end() as ReadBatch];
  };
  /** A worker's batches, with the chunk bytes each brings checked and set aside, to compare with the host's own. */
  const withoutBytes = (batches: ReadBatch[]) =>
    batches.map(({ bytes, ...batch }, k) => {
      if (k < chunks.length) expect(bytes?.equals(chunks[k]!)).toBe(true);
      else expect(bytes).toBeUndefined();
      return batch;
    });

  it('answers from the worker what the host’s thread answers', async () => {
    const analyser = workerAnalyser(worker);
    try {
      // Ready ahead of the first stream (as when an agent is opened); asking twice changes nothing.
      analyser.prepare('1.0');
      analyser.prepare('1.0');
      // And says when it is done: the schema checks compiled in the worker.
      await analyser.ready('1.0');
      const reading = analyser.open(v1JsonRpc, request, limits);
      const fromWorker: ReadBatch[] = [];
      for (const chunk of chunks) fromWorker.push(await reading.read(chunk));
      fromWorker.push(await reading.end());
      expect(withoutBytes(fromWorker)).toEqual(inThread());
      expect(analyser.workerBatches()).toBe(chunks.length + 1);
      expect(fromWorker.some((batch) => batch.extras.some(([, extra]) => extra.findings))).toBe(true);
    } finally {
      await analyser.close();
    }
  });

  it('answers many reads sent at once, in order, a few at a time, from a thread of the lowest priority', async () => {
    const analyser = workerAnalyser(worker);
    try {
      const reading = analyser.open(v1JsonRpc, request, limits);
      const answers = await Promise.all([...chunks.map((chunk) => reading.read(chunk)), reading.end()]);
      expect(withoutBytes(answers)).toEqual(inThread());
      expect(analyser.workerBatches()).toBe(chunks.length + 1);
      if (process.platform === 'linux') {
        // The worker lowered its own thread's priority: on a busy machine the host's thread reads the stream first.
        const nice = (await readdir('/proc/self/task')).map((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        });
        expect(nice).toContain(19);
        expect(nice).toContain(0);
      }
    } finally {
      await analyser.close();
    }
  });

  it('is started by the host as it starts, before any agent is opened', async () => {
    // A stand-in worker that says it loaded by writing a file: the host has no agent and no stream yet.
    const dir = testTempDir('switchboard-worker-start-');
    const marker = path.join(dir, 'loaded');
    const script = path.join(dir, 'standIn.cjs');
    // Written aside and renamed, so the file is whole when it appears.
    writeFileSync(
      script,
      `const fs = require('node:fs'); fs.writeFileSync(${JSON.stringify(`${marker}.tmp`)}, 'yes');` +
        ` fs.renameSync(${JSON.stringify(`${marker}.tmp`)}, ${JSON.stringify(marker)});`,
    );
    const watcher = watch(dir);
    const loaded = new Promise<void>((resolve) =>
      watcher.on('change', () => {
        if (existsSync(marker)) resolve();
      }),
    );
    const host = createHost({ edition: 'test', appVersion: '0', analysisWorker: script });
    try {
      await loaded;
      expect(readFileSync(marker, 'utf8')).toBe('yes');
    } finally {
      watcher.close();
      await host.close();
    }
  });

  it('reads in the host’s thread when the worker cannot start, for every read', async () => {
    const analyser = workerAnalyser(`${worker}.missing.mjs`);
    const reading = analyser.open(v1JsonRpc, request, limits);
    // Nothing to wait for once the worker is known to be gone.
    await analyser.ready('1.0');
    const answers: ReadBatch[] = [];
    for (const chunk of chunks) answers.push(await reading.read(chunk));
    answers.push(await reading.end());
    // Reads sent before the start failed came back later, bringing their chunk's bytes.
    expect(answers.map(({ bytes: _bytes, ...batch }) => batch)).toEqual(inThread());
    expect(analyser.workerBatches()).toBe(0);
    await analyser.close();
  });

  it('reads on in the host’s thread from where a worker that stopped mid-stream left it, losing nothing', async () => {
    // The real worker, which stops as it is about to answer its fourth message.
    const script = stoppingWorker(worker, 3);
    const analyser = workerAnalyser(script);
    try {
      const reading = analyser.open(v1JsonRpc, request, limits);
      const answers: ReadBatch[] = [];
      // Three chunks answered by the worker, one message each; the rest sent at once, and never answered by it.
      for (const chunk of chunks.slice(0, 3)) answers.push(await reading.read(chunk));
      const rest = await Promise.all([...chunks.slice(3).map((chunk) => reading.read(chunk)), reading.end()]);
      expect(analyser.workerBatches()).toBe(3);
      expect(withoutBytes([...answers, ...rest])).toEqual(inThread());
      // Streams opened later are read here from the start.
      const later = analyser.open(v1JsonRpc, request, limits);
      expect(later.read(Buffer.from('data: {}\n\n'))).not.toBeInstanceOf(Promise);
    } finally {
      await analyser.close();
    }
  });

  it('says an oversized event the stopped worker was storing is lost, and reads on after it', async () => {
    const spillDir = testTempDir('switchboard-worker-spill-');
    const small = { ...limits, maxEventBytes: 64, spillDir };
    const big = `data: ${'x'.repeat(200)}\n\n`;
    const script = stoppingWorker(worker, 1);
    const analyser = workerAnalyser(script);
    try {
      const reading = analyser.open(v1JsonRpc, request, small);
      // The worker answers the first chunk, which starts the oversized event; the rest is read here.
      const first = await reading.read(Buffer.from(`${big.slice(0, 100)}`));
      expect(first.findings.map((f) => f.rule)).toEqual(['sse.event-too-large']);
      const rest = await Promise.all([
        reading.read(Buffer.from(`${big.slice(100)}data: {"after":true}\n\n`)),
        reading.end(),
      ]);
      expect(rest[0]!.findings.map((f) => f.rule)).toEqual(['sse.event-not-stored']);
      expect(rest[0]!.findings[0]!.message).toContain('the analysis worker stopped');
      expect(rest[0]!.text).toBe('data: {"after":true}\n\n');
    } finally {
      await analyser.close();
    }
  });
});
