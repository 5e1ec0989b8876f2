// Task views: state marks with illegal transitions flagged, and artifacts assembled from chunks.

import { describe, expect, it } from 'vitest';
import type { Artifact, StreamItem, TaskState } from '../../../../shared/a2a/model';
import { applyItem, applyState, newTaskView } from '../../../../shared/timeline/taskView';

const status = (state: TaskState, final?: boolean): StreamItem => ({
  kind: 'status-update',
  update: {
    taskId: 't',
    status: { state, stateWire: state, wire: {} },
    ...(final !== undefined ? { final } : {}),
    wire: {},
  },
});

const chunk = (text: string, append: boolean, lastChunk: boolean, id = 'a1'): StreamItem => {
  const artifact: Artifact = {
    artifactId: id,
    name: 'echo',
    parts: [{ kind: 'text', text, wire: {} }],
    wire: {},
  };
  return { kind: 'artifact-update', update: { taskId: 't', artifact, append, lastChunk, wire: {} } };
};

describe('task view', () => {
  it('marks each state once, in order, and flags what follows a terminal state', () => {
    const view = newTaskView('t');
    for (const [i, state] of (
      ['submitted', 'working', 'working', 'completed', 'working'] as const
    ).entries()) {
      applyItem(view, status(state), i, `f${i}`);
    }
    expect(view.states.map((s) => [s.state, s.frameId, s.illegal ?? null])).toEqual([
      ['submitted', 'f0', null],
      ['working', 'f1', null],
      ['completed', 'f3', null],
      ['working', 'f4', 'The task was already completed, a terminal state; nothing may follow it.'],
    ]);
  });

  it('does not flag a final snapshot repeating the terminal state, but flags going back to submitted', () => {
    const view = newTaskView('t');
    applyState(view, 'working', 'working', 1, 'a');
    applyState(view, 'submitted', 'submitted', 2, 'b');
    expect(view.states.at(-1)?.illegal).toBe('The task went back to submitted after working.');
    applyState(view, 'completed', 'completed', 3, 'c');
    applyState(view, 'completed', 'completed', 4, 'd', {
      role: 'agent',
      roleWire: 'agent',
      parts: [],
      wire: {},
    });
    expect(view.states.map((s) => s.frameId)).toEqual(['a', 'b', 'c']);
  });

  it('assembles artifacts from appended chunks and replaces on a non-append chunk', () => {
    const view = newTaskView('t');
    applyItem(view, chunk('Echo: ', false, false), 1, 'f1');
    applyItem(view, chunk('hello', true, false), 2, 'f2');
    expect(view.artifacts[0]).toMatchObject({ key: 'a1', name: 'echo', chunks: 2, complete: false });
    applyItem(view, chunk('!', true, true), 3, 'f3');
    const [artifact] = view.artifacts;
    expect(artifact?.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('')).toBe('Echo: hello!');
    expect(artifact).toMatchObject({ chunks: 3, complete: true, frameIds: ['f1', 'f2', 'f3'] });
    applyItem(view, chunk('again', false, true), 4, 'f4');
    expect(view.artifacts[0]?.parts).toHaveLength(1);
    applyItem(view, chunk('other', false, true, 'a2'), 5, 'f5');
    expect(view.artifacts.map((a) => a.key)).toEqual(['a1', 'a2']);
  });
});
