// Differential test for batches sent to the analysis worker several to a message (streamAnalyser.ts): many streams'
// small batches queued at once, interleaved as 50 agents' chunks are (bench:ui-many), get from the worker exactly
// the analyses the host's own thread gives, each stream's in order, and every one is answered by the worker.

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { v1JsonRpc } from '../../shared/a2a/v1/jsonrpc';
import {
  inThreadAnalyser,
  workerAnalyser,
  type StreamAnalyser,
} from '../../electron/host/agent/streamAnalyser';
import type { BatchAnalysis } from '../../electron/host/agent/streamAnalysis';
import { STREAM_REQUEST } from '../unit/support/recordStream';
import { bundleEntry } from './support/bundleEntry';

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

describe('analysis batches, several to a message', () => {
  it('give what the host’s thread gives, for 20 streams × 40 batches queued at once', async () => {
    analyser = workerAnalyser(worker);
    const streams = Array.from({ length: 20 }, () => analyser!.open(v1JsonRpc, STREAM_REQUEST));
    const local = Array.from({ length: 20 }, () => inThreadAnalyser().open(v1JsonRpc, STREAM_REQUEST));
    const answers: Array<Promise<BatchAnalysis>> = [];
    const expected: BatchAnalysis[] = [];
    // Round robin, one or two events a batch, the odd one empty or not JSON: as chunks of many paced streams come.
    for (let round = 0; round < 40; round++) {
      streams.forEach((stream, s) => {
        const datas =
          round % 13 === 5 ? ['not json'] : [event(s, round * 2), event(s, round * 2 + 1)].slice(round % 2);
        answers.push(Promise.resolve(stream.analyse(datas, [])));
        expected.push(local[s]!.analyse(datas, []) as BatchAnalysis);
      });
    }
    expect(await Promise.all(answers)).toEqual(expected);
    expect(analyser.workerBatches()).toBe(800);
  });
});
