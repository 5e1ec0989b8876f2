// Task views are one agent's task (TL-2): agents choose their own task ids, so two agents may use the same one, and
// each keeps a view of its own — states, artifacts and frames — as do the checks that look a task up (found by
// bench:ui-many, whose fifty flood agents once all answered with task-1).

import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../../shared/checks/runChecks';
import { TimelineModel } from '../../../../shared/timeline/timelineModel';
import { taskKey } from '../../../../shared/timeline/taskViews';
import type { Frame, HttpFrame } from '../../../../shared/wire/frame';
import { body, exchange, push, stream } from '../../../fixtures/checks/frames';

/** The same frames, said to come from `agentId`. */
function byAgent(agentId: string, frames: Frame[]): Frame[] {
  for (const frame of frames) {
    if (frame.kind === 'http' && frame.a2a) frame.a2a.agentId = agentId;
    if (frame.kind === 'webhook') frame.agentId = agentId;
  }
  return frames;
}

/** Two agents streaming task `t` at once, their frames interleaved as they arrive. */
function twoAgentsOneTaskId(): Frame[] {
  const a = byAgent(
    'agent-a',
    stream('xa', '1.0', [
      { taskId: 't', state: 'working' },
      { taskId: 't', artifact: true },
    ]),
  );
  const b = byAgent(
    'agent-b',
    stream('xb', '1.0', [
      { taskId: 't', state: 'working' },
      { taskId: 't', state: 'input-required' },
    ]),
  );
  return [a[0]!, b[0]!, a[1]!, b[1]!, a[2]!, b[2]!];
}

describe('task views per agent', () => {
  it('two agents streaming the same task id each get a view with only their own states and artifacts', () => {
    const model = new TimelineModel();
    model.ingest(twoAgentsOneTaskId());
    expect(model.taskList().map((t) => [t.agentId, t.id])).toEqual([
      ['agent-a', 't'],
      ['agent-b', 't'],
    ]);
    const a = model.tasks.find('agent-a', 't')!;
    const b = model.tasks.find('agent-b', 't')!;
    expect(a.states.map((s) => s.state)).toEqual(['working']);
    expect(a.artifacts).toHaveLength(1);
    expect(a.frameIds.every((id) => id.startsWith('xa'))).toBe(true);
    expect(b.states.map((s) => s.state)).toEqual(['working', 'input-required']);
    expect(b.artifacts).toEqual([]);
    expect(b.frameIds.every((id) => id.startsWith('xb'))).toBe(true);
  });

  it('what each view shows is what the agent alone would have shown (a model per agent)', () => {
    const frames = twoAgentsOneTaskId();
    const together = new TimelineModel();
    together.ingest(frames);
    for (const agentId of ['agent-a', 'agent-b']) {
      const alone = new TimelineModel();
      alone.ingest(
        frames.filter((f) => (f.kind === 'sse' ? f.exchangeId : f.id).startsWith(`x${agentId.at(-1)}`)),
      );
      expect(together.tasks.find(agentId, 't')).toStrictEqual(alone.tasks.find(agentId, 't'));
      expect(together.taskList().filter((t) => t.agentId === agentId)).toStrictEqual(alone.taskList());
    }
  });

  it('a push delivery joins the task of the agent it came for', () => {
    const frames = [
      ...twoAgentsOneTaskId(),
      byAgent('agent-b', [push({ id: 'p1', taskId: 't', state: 'completed' })])[0]!,
    ];
    const model = new TimelineModel();
    model.ingest(frames);
    expect(model.tasks.find('agent-a', 't')!.states.map((s) => s.state)).toEqual(['working']);
    expect(model.tasks.find('agent-b', 't')!.states.at(-1)?.state).toBe('completed');
  });

  it('asked by id alone, gives the first view seen with it; keys list each view’s id', () => {
    const model = new TimelineModel();
    model.ingest(twoAgentsOneTaskId());
    expect(model.tasks.get('t')?.agentId).toBe('agent-a');
    expect(model.tasks.get('nope')).toBeUndefined();
    expect([...model.tasks.keys()]).toEqual(['t', 't']);
    expect(model.tasks.size).toBe(2);
  });

  it('keys no two agent and task id pairs alike, and treat an empty agent id as none', () => {
    expect(taskKey('a:b', 'c')).not.toBe(taskKey('a', 'b:c'));
    expect(taskKey('1', 'x')).not.toBe(taskKey(undefined, 'x'));
    expect(taskKey('', 'x')).toBe(taskKey(undefined, 'x'));
  });
});

describe('checks look a task up by its agent', () => {
  const findings = (frames: Frame[]) =>
    runChecks({ frames, agents: [], cardFindings: [], appVersion: 'x' }).findings.filter(
      (f) => f.checkId === 'state.after-terminal' || f.checkId === 'caller.threading',
    );

  it('an artifact for task t after another agent’s task t ended is no finding', () => {
    const ended = byAgent('agent-a', stream('xa', '1.0', [{ taskId: 't', state: 'completed', final: true }]));
    const other = byAgent(
      'agent-b',
      stream('xb', '1.0', [{ taskId: 't', artifact: true }], { operation: 'subscribe', taskId: 't' }),
    );
    expect(findings([...ended, ...other])).toEqual([]);
    // The same agent: the finding the check exists for.
    const same = byAgent(
      'agent-a',
      stream('xc', '1.0', [{ taskId: 't', artifact: true }], { operation: 'subscribe', taskId: 't' }),
    );
    expect(findings([...ended, ...same]).map((f) => f.checkId)).toEqual(['state.after-terminal']);
  });

  it('a proxied message to task t after another agent’s task t ended is no threading error', () => {
    const proxied = (frame: HttpFrame, agentId: string): HttpFrame => {
      frame.proxied = {
        proxyId: 'p1',
        listenUrl: 'http://127.0.0.1:9000',
        upstream: 'http://127.0.0.1:9001',
        client: { address: '127.0.0.1', port: 50000, userAgent: 'caller' },
        binding: 'JSONRPC',
      };
      frame.a2a!.agentId = agentId;
      return frame;
    };
    const ended = proxied(exchange({ id: 'first', answerTask: { id: 't', state: 'completed' } }), 'agent-a');
    const followUp = (agentId: string, id: string) => {
      const frame = proxied(
        exchange({ id, taskId: 't', answerTask: { id: 't', state: 'working' } }),
        agentId,
      );
      const params = {
        message: { messageId: 'm2', role: 'ROLE_USER', parts: [{ text: 'again' }], taskId: 't' },
      };
      frame.request.body = body(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'SendMessage', params }));
      return frame;
    };
    const errors = (frames: Frame[]) => findings(frames).filter((f) => f.severity === 'error');
    expect(errors([ended, followUp('agent-b', 'again')])).toEqual([]);
    expect(errors([ended, followUp('agent-a', 'again')]).map((f) => f.checkId)).toEqual(['caller.threading']);
  });
});
