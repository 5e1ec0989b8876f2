// Differential test for reads sent to the analysis worker several to a message (streamAnalyser.ts): many streams'
// small chunks queued at once, interleaved as 50 agents' chunks are (bench:ui-many), get from the worker exactly
// the batches the host's own thread reads from them, each stream's in order, and every one is answered by the worker.

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { v1JsonRpc } from '../../shared/a2a/v1/jsonrpc';
import {
  inThreadAnalyser,
  workerAnalyser,
  type StreamAnalyser,
} from '../../electron/host/agent/streamAnalyser';
import type { ReadBatch } from '../../electron/host/agent/streamReading';
import { STREAM_REQUEST } from '../unit/support/recordStream';
import { bundleEntry } from './support/bundleEntry';

const LIMITS = { maxEventBytes: 64 * 1024, maxStreamBytes: 16 * 1024 * 1024 };

const event = (stream: number, n: number): string =>
  n % 7 === 3
    ? `{"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t${stream}","status":{"state":"TASK_STATE_NOPE"}}}}`
    : `{"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t${stream}","contextId":"c",` +
      `"status":{"state":"TASK_STATE_WORKING"},"metadata":{"n":${n}}}}}`;

let worker: string;
let analyser: StreamAnalyser | undefined;

beforeAll(async () => {
  worker = await bundleEntry('electron/host/agent/analysisWorker.ts');
});
afterEach(async () => {
  await analyser?.close();
  analyser = undefined;
});

describe('analysis reads, several to a message', () => {
  it('give what the host’s thread gives, for 20 streams × 40 chunks queued at once', async () => {
    analyser = workerAnalyser(worker);
    const streams = Array.from({ length: 20 }, () => analyser!.open(v1JsonRpc, STREAM_REQUEST, LIMITS));
    const local = Array.from({ length: 20 }, () =>
      inThreadAnalyser().open(v1JsonRpc, STREAM_REQUEST, LIMITS),
    );
    const answers: Array<Promise<ReadBatch>> = [];
    const expected: ReadBatch[] = [];
    // Round robin, one or two events a chunk, the odd one not JSON or cut in half: as chunks of many paced streams come.
    for (let round = 0; round < 40; round++) {
      streams.forEach((stream, s) => {
        const text =
          round % 13 === 5
            ? 'data: not json\n\n'
            : [event(s, round * 2), event(s, round * 2 + 1)]
                .slice(round % 2)
                .map((data) => `data: ${data}\n\n`)
                .join('');
        const cut = round % 11 === 4 ? Math.floor(text.length / 2) : text.length;
        for (const piece of [text.slice(0, cut), text.slice(cut)].filter((p) => p !== '')) {
          answers.push(Promise.resolve(stream.read(Buffer.from(piece))));
          expected.push(local[s]!.read(Buffer.from(piece)) as ReadBatch);
        }
      });
    }
    streams.forEach((stream, s) => {
      answers.push(Promise.resolve(stream.end()));
      expected.push(local[s]!.end() as ReadBatch);
    });
    // Every batch but an end's brings its chunk's bytes, which the host's own do not need to.
    const fromWorker = (await Promise.all(answers)).map(({ bytes: _bytes, ...batch }) => batch);
    expect(fromWorker).toEqual(expected);
    expect(analyser.workerBatches()).toBe(expected.length);
  });
});
