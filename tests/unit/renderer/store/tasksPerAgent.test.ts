// Through the window's store: two agents stream the same task id at once, and what the Tasks tab, the conversation
// and the timeline's state strips read for each agent (its tasks in the model, filtered by agent as those views do)
// holds only that agent's task, states and artifacts.

import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../renderer/store/appStore';
import type { Frame } from '../../../../shared/wire/frame';
import { stream } from '../../../fixtures/checks/frames';

function agentStream(agentId: string, id: string, last: string, artifact: boolean): Frame[] {
  const frames = stream(id, '1.0', [
    { taskId: 'task-1', state: 'working' },
    ...(artifact ? [{ taskId: 'task-1', artifact: true }] : []),
    { taskId: 'task-1', state: last },
  ]);
  for (const frame of frames) if (frame.kind === 'http') frame.a2a!.agentId = agentId;
  return frames;
}

describe('two agents streaming the same task id, through the store', () => {
  it('each agent’s views list one task-1 with its own states and artifacts', () => {
    const store = createAppStore();
    const a = agentStream('agent-a', 'xa', 'completed', true);
    const b = agentStream('agent-b', 'xb', 'input-required', false);
    // Interleaved, as concurrent streams arrive, over several store updates.
    const mixed = a.flatMap((frame, i) => [frame, b[i]!]).filter((f): f is Frame => f !== undefined);
    for (let i = 0; i < mixed.length; i += 3) store.getState().addFrames(mixed.slice(i, i + 3));
    const { timeline } = store.getState();
    const of = (agentId: string) => timeline.taskList().filter((t) => t.agentId === agentId);
    expect(of('agent-a').map((t) => [t.id, t.states.map((s) => s.state), t.artifacts.length])).toEqual([
      ['task-1', ['working', 'completed'], 1],
    ]);
    expect(of('agent-b').map((t) => [t.id, t.states.map((s) => s.state), t.artifacts.length])).toEqual([
      ['task-1', ['working', 'input-required'], 0],
    ]);
    // The timeline with no agent chosen shows a strip per agent's task.
    expect(timeline.taskList()).toHaveLength(2);
  });
});
