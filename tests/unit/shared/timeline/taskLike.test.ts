// The task-like detector: which JSON answers of agents that are not A2A carry a task (an `id` string and a
// `status.state` string), how their states map onto A2A's names, and how such a task joins the timeline, marked.

import { describe, expect, it } from 'vitest';
import {
  applyTaskLike,
  bodyTaskLike,
  findTaskLike,
  genericEventLabel,
  normalizeTaskState,
} from '../../../../shared/timeline/taskLike';
import { newTaskView } from '../../../../shared/timeline/taskView';
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

describe('findTaskLike', () => {
  it('finds a task at the top, and under task, result or data', () => {
    const task = { id: 't-1', status: { state: 'working', timestamp: 'now' }, artifacts: [] };
    for (const value of [task, { task }, { result: task }, { data: task }]) {
      expect(findTaskLike(value)).toEqual({
        id: 't-1',
        state: 'working',
        stateWire: 'working',
        artifacts: [],
      });
    }
  });

  it('keeps artifact names and texts, and nothing else of them', () => {
    const found = findTaskLike({
      id: 'a',
      status: { state: 'completed' },
      artifacts: [{ name: 'echo', text: 'Echo: hi', extra: 1 }, 'odd', { parts: [] }],
    });
    expect(found?.artifacts).toEqual([{ name: 'echo', text: 'Echo: hi' }, {}, {}]);
  });

  it('refuses what is not task-like', () => {
    const cases: unknown[] = [
      null,
      'task',
      42,
      [{ id: 'a', status: { state: 'working' } }],
      { id: 1, status: { state: 'working' } },
      { id: '', status: { state: 'working' } },
      { id: 'a', status: 'working' },
      { id: 'a', status: { state: 3 } },
      { id: 'a', status: { state: '' } },
      { id: 'a', state: 'working' },
      { wrapper: { id: 'a', status: { state: 'working' } } },
      JSON.parse('{"__proto__": {"id": "a", "status": {"state": "working"}}}'),
    ];
    for (const value of cases) expect(findTaskLike(value)).toBeUndefined();
  });
});

describe('normalizeTaskState', () => {
  it('maps the spellings of A2A states and keeps others as unknown', () => {
    expect(normalizeTaskState('input_required')).toBe('input-required');
    expect(normalizeTaskState('INPUT_REQUIRED')).toBe('input-required');
    expect(normalizeTaskState('TASK_STATE_AUTH_REQUIRED')).toBe('auth-required');
    expect(normalizeTaskState('cancelled')).toBe('canceled');
    expect(normalizeTaskState(' Completed ')).toBe('completed');
    expect(normalizeTaskState('queued')).toBe('unknown');
  });
});

describe('bodyTaskLike', () => {
  const json: Array<[string, string]> = [['Content-Type', 'application/json']];

  it('reads a JSON body', () => {
    expect(bodyTaskLike(json, body('{"id":"t","status":{"state":"submitted"}}'))?.state).toBe('submitted');
  });

  it('leaves event streams, non-JSON, broken JSON and cut or stored bodies alone', () => {
    const task = '{"id":"t","status":{"state":"submitted"}}';
    expect(bodyTaskLike([['Content-Type', 'text/event-stream']], body(task))).toBeUndefined();
    expect(bodyTaskLike(json, body('<html>'))).toBeUndefined();
    expect(bodyTaskLike(json, body('{"id":'))).toBeUndefined();
    expect(bodyTaskLike(json, { ...body(task), truncated: { limit: 1, seen: 2 } })).toBeUndefined();
    expect(
      bodyTaskLike(json, { ...body(task), stored: { sha256: 'x', text: 'head', strings: 0 } }),
    ).toBeUndefined();
  });
});

describe('applyTaskLike and the timeline line', () => {
  it('marks the view as not A2A, records its states once each, and its artifacts as text', () => {
    const view = newTaskView('t');
    applyTaskLike(view, { id: 't', state: 'working', stateWire: 'working', artifacts: [] }, 1, 'f1');
    applyTaskLike(view, { id: 't', state: 'working', stateWire: 'working', artifacts: [] }, 2, 'f2');
    applyTaskLike(
      view,
      { id: 't', state: 'completed', stateWire: 'completed', artifacts: [{ name: 'echo', text: 'hi' }] },
      3,
      'f3',
    );
    expect(view.notA2A).toBe(true);
    expect(view.states.map((s) => [s.stateWire, s.frameId])).toEqual([
      ['working', 'f1'],
      ['completed', 'f3'],
    ]);
    expect(view.artifacts).toMatchObject([
      { key: '#0', name: 'echo', parts: [{ kind: 'text', text: 'hi' }] },
    ]);
    expect(view.frameIds).toEqual(['f1', 'f2', 'f3']);
  });

  it('names an event by its SSE type and the task state it carried', () => {
    const task = { id: 't', state: 'working' as const, stateWire: 'working', artifacts: [] };
    expect(genericEventLabel('message', undefined)).toBe('event');
    expect(genericEventLabel('status', task)).toBe('event status · task working (not A2A)');
  });
});

describe('the timeline of traffic that is not A2A', () => {
  const exchange: HttpFrame = {
    kind: 'http',
    id: 'x',
    source: 'raw',
    timing: { start: 10, end: 40 },
    request: { method: 'GET', url: 'http://127.0.0.1:9/tasks/t/stream', headers: [] },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [['Content-Type', 'text/event-stream']],
      body: body(''),
    },
    stream: { bytes: 0, events: 2, emptyBlocks: 0, ended: 'complete' },
  };
  const event = (seq: number, type: string, data: string, json?: true): SseFrame => ({
    kind: 'sse',
    id: `e${seq}`,
    exchangeId: 'x',
    source: 'raw',
    timing: { start: 20 + seq },
    seq,
    offset: { start: 0, end: 0 },
    raw: `data: ${data}\n\n`,
    dispatched: true,
    event: { index: seq, type, data },
    ...(json ? { jsonFromData: true as const } : {}),
  });

  it('lists text events as generic ones, not as unreadable errors, and task events with their state', () => {
    const model = new TimelineModel();
    model.ingest([
      exchange,
      event(0, 'message', 'just text'),
      event(1, 'status', '{"id":"t","status":{"state":"completed"}}', true),
    ]);
    const events = model.entries.filter((e) => e.kind === 'event');
    expect(events.map((e) => [e.label, e.severity, e.state])).toEqual([
      ['event', undefined, undefined],
      ['event status · task completed (not A2A)', undefined, 'completed'],
    ]);
    expect(model.tasks.get('t')).toMatchObject({ notA2A: true, states: [{ state: 'completed' }] });
  });

  it('reads a task from a plain JSON answer', () => {
    const model = new TimelineModel();
    const answer: HttpFrame = {
      ...exchange,
      id: 'y',
      response: {
        ...exchange.response!,
        headers: [['Content-Type', 'application/json']],
        body: body('{"id":"u","status":{"state":"input_required"}}'),
      },
    };
    delete answer.stream;
    model.ingest([answer]);
    expect(model.entries.at(-1)).toMatchObject({
      label: 'HTTP 200 · task input_required (not A2A)',
      taskId: 'u',
    });
    expect(model.tasks.get('u')?.states.map((s) => s.state)).toEqual(['input-required']);
  });
});
