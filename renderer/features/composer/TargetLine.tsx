// Says which task and context the next send names (MSG-7): "continues task X" with a way out, or, for a new task, the
// choice between a new context and the context of the agent's last task.

import { useAppStore } from '../../store/appStore';
import type { ResolvedTarget } from './useComposerTarget';

export function TargetLine({ resolved, contextLabel }: { resolved: ResolvedTarget; contextLabel: string }) {
  const setTarget = useAppStore((state) => state.setTarget);
  const contextMode = useAppStore((state) => state.contextMode);
  const setContextMode = useAppStore((state) => state.setContextMode);
  const { continued, lastContextId } = resolved;

  if (continued) {
    return (
      <p className="continues" data-testid="composer-continues">
        Continues task <code>{continued.taskId}</code>
        {continued.state && <> ({continued.state})</>}
        <button type="button" onClick={() => setTarget({ kind: 'new' })} data-testid="composer-new-task">
          Start a new task
        </button>
      </p>
    );
  }
  // Nothing to choose until the agent has named a context.
  if (!lastContextId) return null;
  return (
    <div
      className="composer-context"
      role="radiogroup"
      aria-label={`The new task’s ${contextLabel}`}
      data-testid="composer-context"
    >
      <span>New task in</span>
      <label>
        <input
          type="radio"
          name="composer-context"
          checked={contextMode === 'new'}
          onChange={() => setContextMode('new')}
          data-testid="composer-context-new"
        />{' '}
        a new {contextLabel}
      </label>
      <label>
        <input
          type="radio"
          name="composer-context"
          checked={contextMode === 'same'}
          onChange={() => setContextMode('same')}
          data-testid="composer-context-same"
        />{' '}
        the same {contextLabel} as the last task{' '}
        <code title={lastContextId}>{lastContextId.slice(0, 8)}</code>
      </label>
    </div>
  );
}
