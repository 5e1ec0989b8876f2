// State machine checks (CHK-3) in detail: which orderings are proof (one stream, or a request sent after the end was
// known) and which are only a race (two open streams, a request in flight, push deliveries); `final` in 0.x; streams
// that go on or stay open after their end; task ids that change against the request or within a stream.

import { describe, expect, it } from 'vitest';
import { requestedTaskId } from '../../../../shared/checks/requestTask';
import { runChecks } from '../../../../shared/checks/runChecks';
import { MAX_LISTED_EVENTS } from '../../../../shared/checks/stateChecks';
import type { Frame, HttpFrame } from '../../../../shared/wire/frame';
import { body, event, exchange, push, stream, tick } from '../../../fixtures/checks/frames';

const findings = (frames: Frame[]) =>
  runChecks({ frames, agents: [], cardFindings: [], appVersion: 'x' }).findings;
const of = (frames: Frame[], checkId: string) => findings(frames).filter((f) => f.checkId === checkId);

describe('illegal transitions: proof or race', () => {
  it('a task read back after it completed says working: an error naming both answers', () => {
    const send = exchange({ id: 'send', answerTask: { id: 't', state: 'completed' } });
    const get = exchange({
      id: 'get',
      operation: 'get',
      taskId: 't',
      answerTask: { id: 't', state: 'working' },
    });
    expect(of([send, get], 'state.illegal-transition')).toEqual([
      expect.objectContaining({
        severity: 'error',
        frameIds: ['send', 'get'],
        taskId: 't',
        message:
          'Task t: The task was already TASK_STATE_COMPLETED, a terminal state; nothing may follow it.',
      }),
    ]);
  });

  it('a stream that was already open lags behind another: a note, not an error', () => {
    const a = exchange({ id: 'a', operation: 'stream' });
    const b = exchange({ id: 'b', operation: 'subscribe', taskId: 't' });
    const frames = [
      a,
      b,
      event('a', '1.0', { taskId: 't', state: 'working' }),
      event('a', '1.0', { taskId: 't', state: 'completed' }),
      event('b', '1.0', { taskId: 't', state: 'working' }),
      event('b', '1.0', { taskId: 't', state: 'completed' }),
    ];
    const [found, ...rest] = of(frames, 'state.illegal-transition');
    expect(rest).toEqual([]);
    expect(found).toMatchObject({ severity: 'info', frameIds: [frames[3]!.id, frames[4]!.id] });
    expect(found?.message).toContain('a stream that was already open');
  });

  it('an answer to a request already on its way when the task was canceled: a note', () => {
    const get = exchange({
      id: 'get',
      operation: 'get',
      taskId: 't',
      answerTask: { id: 't', state: 'working' },
    });
    const cancel = exchange({
      id: 'cancel',
      operation: 'cancel',
      taskId: 't',
      answerTask: { id: 't', state: 'canceled' },
      start: get.timing.start - 1,
      end: get.timing.start,
    });
    const found = of([cancel, get], 'state.illegal-transition');
    expect(found).toEqual([expect.objectContaining({ severity: 'info', frameIds: ['cancel', 'get'] })]);
    expect(found[0]?.message).toContain('a request that was already on its way');
  });

  it('push deliveries out of order: a note, whether after the end or back to submitted', () => {
    const frames = [
      push({ id: 'p1', taskId: 't', state: 'completed' }),
      push({ id: 'p2', taskId: 't', state: 'working' }),
      push({ id: 'q1', taskId: 'u', state: 'working' }),
      push({ id: 'q2', taskId: 'u', state: 'submitted' }),
    ];
    expect(of(frames, 'state.illegal-transition')).toEqual([
      expect.objectContaining({ severity: 'info', frameIds: ['p1', 'p2'], taskId: 't' }),
      expect.objectContaining({ severity: 'info', frameIds: ['q1', 'q2'], taskId: 'u' }),
    ]);
  });

  it('going back to submitted within one stream is an error', () => {
    const frames = stream('s', '1.0', [
      { taskId: 't', state: 'working' },
      { taskId: 't', state: 'submitted' },
      { taskId: 't', state: 'completed' },
    ]);
    expect(of(frames, 'state.illegal-transition')).toEqual([
      expect.objectContaining({ severity: 'error', message: expect.stringContaining('went back to') }),
    ]);
  });
});

describe('updates after a terminal state', () => {
  const ended = () => stream('s', '1.0', [{ taskId: 't', state: 'completed' }]);

  it('an artifact on a stream opened after the end: an error naming the end and the update', () => {
    const first = ended();
    const later = stream('late', '1.0', [{ taskId: 't', artifact: true }], {
      operation: 'subscribe',
      taskId: 't',
    });
    expect(of([...first, ...later], 'state.after-terminal')).toEqual([
      expect.objectContaining({ severity: 'error', frameIds: [first[1]!.id, later[1]!.id], taskId: 't' }),
    ]);
  });

  it('an artifact on a stream that was open before the end: nothing (it may lag)', () => {
    const a = exchange({ id: 'a', operation: 'stream' });
    const b = exchange({ id: 'b', operation: 'subscribe', taskId: 't' });
    const frames = [
      a,
      b,
      event('a', '1.0', { taskId: 't', state: 'completed' }),
      event('b', '1.0', { taskId: 't', artifact: true }),
      event('b', '1.0', { taskId: 't', state: 'completed' }),
    ];
    expect(of(frames, 'state.after-terminal')).toEqual([]);
  });

  it('the end said again on a later stream: a warning', () => {
    const first = ended();
    const later = stream('late', '1.0', [{ taskId: 't', state: 'completed' }], {
      operation: 'subscribe',
      taskId: 't',
    });
    expect(of([...first, ...later], 'state.after-terminal')).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringContaining('saying so again') }),
    ]);
  });

  it('a unary answer ends the task too', () => {
    const send = exchange({ id: 'send', answerTask: { id: 't', state: 'failed' } });
    const later = stream('late', '1.0', [{ taskId: 't', artifact: true }], {
      operation: 'subscribe',
      taskId: 't',
    });
    expect(of([send, ...later], 'state.after-terminal')).toEqual([
      expect.objectContaining({
        frameIds: ['send', later[1]!.id],
        message: expect.stringContaining('was TASK_STATE_FAILED'),
      }),
    ]);
  });

  it('an artifact pushed after the end is a note; a duplicate delivery is nothing', () => {
    const frames = [
      ...ended(),
      push({ id: 'p1', taskId: 't', artifact: true }),
      push({ id: 'p2', taskId: 't', artifact: true, duplicate: true }),
    ];
    expect(of(frames, 'state.after-terminal')).toEqual([
      expect.objectContaining({ severity: 'info', frameIds: [frames[1]!.id, 'p1'] }),
    ]);
  });
});

describe('final in 0.x', () => {
  it('final: true on a working task', () => {
    const frames = stream('s', '0.3', [{ taskId: 't', state: 'working', final: true }]);
    expect(of(frames, 'state.final-misuse')).toEqual([
      expect.objectContaining({
        frameIds: [frames[1]!.id],
        message: expect.stringContaining('only working'),
      }),
    ]);
  });

  it('a terminal state without final: true, and events after final', () => {
    const frames = stream('s', '0.3', [
      { taskId: 't', state: 'completed', final: false },
      { taskId: 't', state: 'input-required', final: true },
    ]);
    const messages = of(frames, 'state.final-misuse').map((f) => f.message);
    expect(messages).toEqual([
      'Task t reached completed, but the event does not say final: true, so a client keeps waiting.',
      '1 more event came after the stream’s final event.',
    ]);
  });

  it('input-required with final: true is how a 0.x stream pauses, not a misuse', () => {
    expect(findings(stream('s', '0.2', [{ taskId: 't', state: 'input-required', final: true }]))).toEqual([]);
  });

  it('final is not a 1.0 field: a 1.0 stream is judged by its states alone', () => {
    expect(findings(stream('s', '1.0', [{ taskId: 't', state: 'working', final: true }]))).toEqual([]);
  });
});

describe('streams that go on or stay open after their end', () => {
  it('1.0: kept open after completed, closed by the user', () => {
    const frames = stream('s', '1.0', [{ taskId: 't', state: 'completed' }], { ended: 'closed-by-user' });
    expect(findings(frames)).toEqual([
      expect.objectContaining({
        checkId: 'state.stream-open-after-terminal',
        frameIds: ['s', frames[1]!.id],
        message: 'The agent kept the stream open after its terminal event; it ended by the user closing it.',
      }),
    ]);
  });

  it('0.x: kept open after final, ended by an error', () => {
    const frames = stream('s', '0.3', [{ taskId: 't', state: 'completed', final: true }], { ended: 'error' });
    expect(of(frames, 'state.stream-open-after-terminal')[0]?.message).toBe(
      'The agent kept the stream open after its final event; it ended by an error or a timeout.',
    );
  });

  it('a stream still open in a live window is not judged yet', () => {
    expect(findings(stream('s', '1.0', [{ taskId: 't', state: 'completed' }], { open: true }))).toEqual([]);
  });

  it('1.0: the final Task snapshot may be sent once more, not twice', () => {
    const once = stream('s', '1.0', [
      { taskId: 't', state: 'completed' },
      { taskId: 't', state: 'completed', snapshot: true },
    ]);
    expect(findings(once)).toEqual([]);
    const twice = stream('s2', '1.0', [
      { taskId: 'u', state: 'completed' },
      { taskId: 'u', state: 'completed', snapshot: true },
      { taskId: 'u', state: 'completed', snapshot: true },
    ]);
    expect(of(twice, 'state.stream-open-after-terminal')).toEqual([
      expect.objectContaining({ frameIds: ['s2', twice[1]!.id, twice[3]!.id] }),
    ]);
  });

  it('a message without a task is the whole answer: anything after it is too much', () => {
    const frames = stream('s', '1.0', [
      { taskId: '', message: true },
      { taskId: '', message: true },
    ]);
    expect(of(frames, 'state.stream-open-after-terminal')).toEqual([
      expect.objectContaining({ message: '1 more event came after the stream’s terminal event.' }),
    ]);
  });

  it('lists the first events after the end and counts them all', () => {
    const frames = stream('s', '1.0', [
      { taskId: 't', state: 'completed' },
      ...Array.from({ length: 30 }, () => ({ taskId: 't', artifact: true })),
    ]);
    const [found] = of(frames, 'state.stream-open-after-terminal');
    expect(found?.frameIds).toHaveLength(2 + MAX_LISTED_EVENTS);
    expect(found?.message).toBe(
      `30 more events came after the stream’s terminal event (the first ${MAX_LISTED_EVENTS} are listed).`,
    );
  });

  it('1.0 streams may end at input-required; what follows on another stream is no concern of this one', () => {
    expect(findings(stream('s', '1.0', [{ taskId: 't', state: 'input-required' }]))).toEqual([]);
  });
});

describe('task ids that change', () => {
  it('against the task the request named', () => {
    const frames = stream('s', '1.0', [{ taskId: 'other', state: 'working' }], {
      operation: 'subscribe',
      taskId: 'asked',
    });
    expect(of(frames, 'state.task-id-changed')).toEqual([
      expect.objectContaining({
        message: 'The request named task asked, then an event of the stream named task other.',
        frameIds: ['s', frames[1]!.id],
        taskId: 'other',
      }),
    ]);
  });

  it('within a stream: once per new id, however many events name it', () => {
    const frames = stream('s', '1.0', [
      { taskId: 't', state: 'working' },
      { taskId: 'u', state: 'working' },
      { taskId: 'u', artifact: true },
      { taskId: 'u', state: 'completed' },
    ]);
    expect(of(frames, 'state.task-id-changed').map((f) => f.message)).toEqual([
      'The stream was about task t, then an event of the stream named task u.',
    ]);
  });

  it('a follow-up message to a task, answered on the same task: nothing', () => {
    const frames = stream('s', '0.3', [{ taskId: 't', state: 'completed', final: true }], { taskId: 't' });
    expect(findings(frames)).toEqual([]);
  });

  it('the finding the host puts on a unary answer is reported as this check, with its frame', () => {
    const frame = exchange({
      id: 'h',
      findings: [
        { rule: 'a2a.task-id-changed', severity: 'error', message: 'm', spec: 'A2A 1.0 §3.1.1 Send Message' },
      ],
    });
    expect(findings([frame])).toEqual([
      expect.objectContaining({ checkId: 'state.task-id-changed', frameIds: ['h'], agentId: 'a1' }),
    ]);
  });
});

describe('requestedTaskId reads the task a request names', () => {
  const rpc = (operation: string, generation: string, params: unknown): HttpFrame => ({
    kind: 'http',
    id: 'h',
    source: 'x',
    timing: { start: tick() },
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:1/rpc',
      headers: [],
      body: body(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'm', params })),
    },
    a2a: { agentId: 'a', operation, generation, binding: 'JSONRPC' },
  });
  const restCall = (operation: string, url: string, text?: string): HttpFrame => ({
    kind: 'http',
    id: 'h',
    source: 'x',
    timing: { start: tick() },
    request: { method: 'POST', url, headers: [], ...(text ? { body: body(text) } : {}) },
    a2a: { agentId: 'a', operation, generation: '1.0', binding: 'HTTP+JSON' },
  });

  it('JSON-RPC: params.id for get, cancel and subscribe; message.taskId for a message', () => {
    expect(requestedTaskId(rpc('get', '1.0', { id: 'g' }))).toBe('g');
    expect(requestedTaskId(rpc('cancel', '0.3', { id: 'c' }))).toBe('c');
    expect(requestedTaskId(rpc('subscribe', '0.2', { id: 's' }))).toBe('s');
    expect(requestedTaskId(rpc('stream', '1.0', { message: { taskId: 'm' } }))).toBe('m');
    expect(requestedTaskId(rpc('send', '1.0', { message: {} }))).toBeUndefined();
  });

  it('0.1: the client makes the task id, in params.id of tasks/send and tasks/sendSubscribe', () => {
    expect(requestedTaskId(rpc('stream', '0.1', { id: 'mine', message: {} }))).toBe('mine');
  });

  it('gRPC: 1.0 `id`, 0.3 the resource name, or the message’s taskId', () => {
    const grpcCall = (operation: string, generation: string, message: unknown): HttpFrame => ({
      ...restCall(operation, 'http://h/lf.a2a.v1.A2AService/M', JSON.stringify(message)),
      a2a: { agentId: 'a', operation, generation, binding: 'GRPC' },
    });
    expect(requestedTaskId(grpcCall('get', '1.0', { id: 'g', tenant: 't' }))).toBe('g');
    expect(requestedTaskId(grpcCall('cancel', '0.3', { name: 'tasks/c' }))).toBe('c');
    expect(
      requestedTaskId(grpcCall('subscribe', '0.3', { name: 'tasks/c/pushNotificationConfigs/x' })),
    ).toBeUndefined();
    expect(requestedTaskId(grpcCall('send', '0.3', { message: { taskId: 'm' } }))).toBe('m');
  });

  it('REST: the task in the path, or the message’s taskId in the body', () => {
    expect(requestedTaskId(restCall('subscribe', 'http://h/v1/tasks/t%201:subscribe'))).toBe('t 1');
    expect(requestedTaskId(restCall('get', 'http://h/tenant/tasks/abc?historyLength=2'))).toBe('abc');
    expect(requestedTaskId(restCall('send', 'http://h/message:send', '{"message":{"taskId":"b"}}'))).toBe(
      'b',
    );
  });

  it('nothing for other operations, bodies that are not JSON, or frames without A2A', () => {
    expect(requestedTaskId(rpc('list', '1.0', { id: 'x' }))).toBeUndefined();
    const broken = rpc('get', '1.0', {});
    broken.request.body = body('{not json');
    expect(requestedTaskId(broken)).toBeUndefined();
    expect(requestedTaskId(restCall('get', 'not a url'))).toBeUndefined();
    const plain = rpc('get', '1.0', { id: 'x' });
    delete plain.a2a;
    expect(requestedTaskId(plain)).toBeUndefined();
  });
});
