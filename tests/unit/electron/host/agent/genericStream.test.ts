// An event stream is never "not valid JSON": a stream no A2A operation asked for is recorded by the StreamRecorder
// with no decoder (its events keep their JSON, text events are no finding), and an event-stream body kept whole (an
// error status, a unary call answered with a stream) is not decoded as JSON either.

import { describe, expect, it } from 'vitest';
import { v0_1JsonRpc } from '../../../../../shared/a2a/v0_1/jsonrpc';
import type { EncodedRequest } from '../../../../../shared/a2a/adapter';
import type { HttpFrame, SseFrame } from '../../../../../shared/wire/frame';
import { eventJson } from '../../../../../shared/wire/eventJson';
import { decodeFinished } from '../../../../../electron/host/agent/operationExchange';
import { genericReading } from '../../../../../electron/host/agent/streamAnalyser';
import {
  F_JSON_FROM_DATA,
  B_FLAGS,
  BLOCK_FIELDS,
  type ReadBatch,
} from '../../../../../electron/host/agent/streamReading';
import { toBodyBytes } from '../../../../../electron/host/bodyBytes';
import { genericStreamReader, isEventStreamAnswer } from '../../../../../electron/host/genericStream';

const STREAM = [
  'event: status\nid: 1\ndata: {"id":"t","status":{"state":"working"}}\n\n',
  ': keep-alive\n\n',
  'data: plain text, not JSON\n\n',
  'data: {"half": \n\n',
].join('');

function exchange(type = 'text/event-stream', status = 200, text = ''): HttpFrame {
  return {
    kind: 'http',
    id: 'x',
    source: 'raw',
    timing: { start: 0 },
    request: { method: 'GET', url: 'http://127.0.0.1:9/tasks/t/stream', headers: [] },
    response: {
      status,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [['Content-Type', type]],
      body: toBodyBytes(Buffer.from(text)),
    },
  };
}

describe('a generic event stream', () => {
  it('is told by its content type alone', () => {
    expect(isEventStreamAnswer(exchange('text/event-stream; charset=utf-8'))).toBe(true);
    expect(isEventStreamAnswer(exchange('application/json'))).toBe(false);
  });

  it('is recorded as events with their JSON and no finding, whatever the data', async () => {
    const frame = exchange();
    const published: SseFrame[] = [];
    let n = 0;
    const { reader, recorder } = genericStreamReader(frame, {
      deps: { nextId: () => `e${n++}`, now: () => 5 },
      publish: (event) => published.push(event as SseFrame),
    });
    if (reader.mode !== 'stream') throw new Error('expected a stream reader');
    expect(reader.onChunk(Buffer.from(STREAM))).toBeUndefined();
    await recorder.finish(frame);
    expect(frame.stream).toEqual({
      bytes: Buffer.byteLength(STREAM),
      events: 3,
      emptyBlocks: 1,
      ended: 'complete',
    });
    expect(frame.findings).toBeUndefined();
    const events = published.filter((f) => f.dispatched);
    expect(events.map((e) => e.event?.type)).toEqual(['status', 'message', 'message']);
    expect(eventJson(events[0]!)).toEqual({ id: 't', status: { state: 'working' } });
    expect(events.slice(1).map((e) => eventJson(e))).toEqual([undefined, undefined]);
    expect(published.every((f) => f.findings === undefined && f.a2a === undefined)).toBe(true);
    expect(published.every((f) => f.timing.start === 5)).toBe(true);
  });

  it('analyses text data as text, not as broken JSON', () => {
    const reading = genericReading({ maxEventBytes: 1024, maxStreamBytes: 4096 });
    const batch = reading.read(Buffer.from('data: {"a":1}\n\ndata: hello\n\ndata: {"a":\n\n')) as ReadBatch;
    const fromData = Array.from({ length: batch.blocks.length / BLOCK_FIELDS }, (_, k) =>
      Boolean(batch.blocks[k * BLOCK_FIELDS + B_FLAGS]! & F_JSON_FROM_DATA),
    );
    expect(fromData).toEqual([true, false, false]);
    expect(batch.extras.flatMap(([, extra]) => extra.findings ?? [])).toEqual([]);
    expect(batch.summaries).toEqual([]);
  });
});

describe('an event-stream body kept whole', () => {
  it('gets no "not valid JSON" finding from the A2A decoder', () => {
    const request: EncodedRequest = {
      operation: 'get',
      method: 'GET',
      url: 'http://127.0.0.1:9/',
      headers: [],
      streaming: false,
    };
    for (const unidentified of [true, false]) {
      const frame = exchange('text/event-stream', 500, STREAM);
      frame.a2a = { agentId: 'a', operation: 'get', generation: '0.1', binding: 'JSONRPC' };
      const outcome = decodeFinished(frame, v0_1JsonRpc, request, unidentified);
      expect(outcome.status).toBe('invalid');
      expect(outcome.message).not.toMatch(/valid JSON/);
      // A raw request is owed nothing; a known unary call answered with a stream is told so, not as broken JSON.
      const rules = (frame.findings ?? []).map((f) => f.rule);
      expect(rules).toEqual(unidentified ? [] : ['sse.unexpected-stream']);
      expect(outcome.findings.map((f) => f.rule)).toEqual(rules);
    }
  });
});
