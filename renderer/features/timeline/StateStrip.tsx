// A task's states in order, with the time each began and transitions that should not happen marked (TL-2).

import type { TaskView } from '../../../shared/timeline/taskView';
import { useViewStore } from '../../store/viewStore';

export function StateStrip({ task }: { task: TaskView }) {
  const selectFrame = useViewStore((state) => state.selectFrame);
  const start = task.states[0]?.at ?? 0;
  return (
    <div
      className="state-strip"
      data-testid="state-strip"
      data-task-id={task.id}
      data-agent-id={task.agentId}
    >
      <span className="task-id" title={task.id}>
        {task.id.slice(0, 8)}
      </span>
      <ol>
        {task.states.map((mark, i) => (
          <li
            key={i}
            className={`state state-${mark.state}${mark.illegal ? ' illegal' : ''}`}
            title={mark.illegal}
          >
            <button
              type="button"
              onClick={() => selectFrame(mark.frameId)}
              data-testid="state-mark"
              data-state={mark.state}
              data-illegal={mark.illegal ? 'true' : undefined}
            >
              {mark.stateWire}
              <span className="muted"> +{Math.round(mark.at - start)} ms</span>
              {mark.illegal && ' ⚠'}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
