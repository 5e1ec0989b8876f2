// Frame ↔ conversation (TL-4): a frame maps to the message or artifact it carried, and back. Built from a real 1.0
// JSON-RPC stream through the timeline model, so the ids are the ones the views use.

import { describe, expect, it } from 'vitest';
import {
  artifactTargetId,
  conversationTargetOf,
  frameOfTarget,
} from '../../../../shared/timeline/conversationLinks';
import { TimelineModel } from '../../../../shared/timeline/timelineModel';
import type { BodyBytes, HttpFrame, SseFrame } from '../../../../shared/wire/frame';

function body(text: string): BodyBytes {
  return {
    base64: Buffer.from(text).toString('base64'),
    text,
    size: Buffer.byteLength(text),
    utf8Valid: true,
  };
}

const ids = { taskId: 't-1', contextId: 'c-1' };
const sent = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'SendStreamingMessage',
  params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hello' }] } },
});
const exchange: HttpFrame = {
  kind: 'http',
  id: 'x1',
  source: 'agent:stream',
  timing: { start: 1, end: 9 },
  state: 'done',
  rev: 3,
  request: { method: 'POST', url: 'http://127.0.0.1:9/rpc', headers: [], body: body(sent) },
  response: {
    status: 200,
    statusText: 'OK',
    httpVersion: '1.1',
    headers: [['content-type', 'text/event-stream']],
    body: body(''),
  },
  stream: { bytes: 0, events: 4, emptyBlocks: 0, ended: 'complete' },
  a2a: {
    agentId: 'a',
    operation: 'stream',
    generation: '1.0',
    binding: 'JSONRPC',
    rpc: { method: 'SendStreamingMessage', id: 1 },
  },
};

function event(seq: number, result: unknown, dispatched = true): SseFrame {
  const data = JSON.stringify({ jsonrpc: '2.0', id: 1, result });
  return {
    kind: 'sse',
    id: `x1-e${seq}`,
    exchangeId: 'x1',
    source: 'agent:stream',
    timing: { start: 2 + seq },
    seq,
    offset: { start: 0, end: 0 },
    raw: dispatched ? `data: ${data}\n\n` : ': ping\n\n',
    dispatched,
    ...(dispatched ? { event: { index: seq, type: 'message', data } } : {}),
  };
}

const agentSays = { messageId: 'm2', role: 'ROLE_AGENT', parts: [{ text: 'on it' }] };
const frames = [
  exchange,
  event(0, { task: { id: 't-1', contextId: 'c-1', status: { state: 'TASK_STATE_WORKING' } } }),
  event(1, { statusUpdate: { ...ids, status: { state: 'TASK_STATE_WORKING', message: agentSays } } }),
  event(2, { artifactUpdate: { ...ids, artifact: { artifactId: 'out', parts: [{ text: 'a ' }] } } }),
  event(3, {
    artifactUpdate: { ...ids, artifact: { artifactId: 'out', parts: [{ text: 'b' }] }, append: true },
  }),
  event(4, undefined, false),
];

function model(): TimelineModel {
  const timeline = new TimelineModel();
  timeline.ingest(frames);
  return timeline;
}

describe('conversationTargetOf', () => {
  it('maps the request to the message it sent and a status event to the message it carried', () => {
    const timeline = model();
    expect(conversationTargetOf(timeline.conversation, timeline.tasks.values(), 'x1')).toEqual({
      kind: 'message',
      id: 'x1:sent',
    });
    expect(conversationTargetOf(timeline.conversation, timeline.tasks.values(), 'x1-e1')).toEqual({
      kind: 'message',
      id: 'x1-e1:status',
    });
  });

  it('maps every chunk of an artifact to that artifact, keyed by its task', () => {
    const timeline = model();
    for (const frameId of ['x1-e2', 'x1-e3']) {
      expect(conversationTargetOf(timeline.conversation, timeline.tasks.values(), frameId)).toEqual({
        kind: 'artifact',
        id: 't-1/out',
      });
    }
    const task = timeline.tasks.get('t-1')!;
    expect(artifactTargetId(task, task.artifacts[0]!)).toBe('t-1/out');
  });

  it('maps nothing for frames that said nothing shown, for unknown frames and for no selection', () => {
    const timeline = model();
    for (const frameId of ['x1-e0', 'x1-e4', 'elsewhere', null]) {
      expect(conversationTargetOf(timeline.conversation, timeline.tasks.values(), frameId)).toBeUndefined();
    }
  });
});

describe('frameOfTarget', () => {
  it('gives a message its own frame and an artifact its latest chunk', () => {
    const timeline = model();
    expect(timeline.conversation.map(frameOfTarget)).toEqual(['x1', 'x1-e1']);
    expect(frameOfTarget(timeline.tasks.get('t-1')!.artifacts[0]!)).toBe('x1-e3');
  });

  it('gives an artifact with no frame yet no frame', () => {
    expect(frameOfTarget({ key: 'k', parts: [], chunks: 0, complete: false, frameIds: [] })).toBeNull();
  });
});
