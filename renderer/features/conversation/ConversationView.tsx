// The conversation with the active agent (MSG-1, TL-3): what the user sent and what the agent said, in order, and
// the artifacts each task produced, assembled from their chunks. Selecting an item selects the frame it came from.

import { useMemo } from 'react';
import { useAppStore } from '../../store/appStore';
import { useActiveAgent } from '../agents';
import { Composer } from '../composer';
import { StoredEvent, VisibleName } from '../render';
import { PartList } from './PartView';

export function ConversationView() {
  const agent = useActiveAgent();
  const timeline = useAppStore((state) => state.timeline);
  const version = useAppStore((state) => state.timelineVersion);
  const selectFrame = useAppStore((state) => state.selectFrame);
  const { items, tasks } = useMemo(() => {
    void version;
    return {
      items: timeline.conversation.filter((c) => c.agentId === agent?.id),
      tasks: timeline.taskList().filter((t) => t.agentId === agent?.id && t.artifacts.length > 0),
    };
  }, [timeline, version, agent?.id]);

  if (!agent) {
    return (
      <div className="empty-state">
        <p>Open an agent to talk to it.</p>
      </div>
    );
  }
  return (
    <div className="conversation">
      <ol className="messages" data-testid="conversation">
        {items.length === 0 && <li className="empty">No messages yet. Write one below.</li>}
        {items.map((item) => (
          <li
            key={item.id}
            className={`message role-${item.role}`}
            data-testid="message"
            data-role={item.role}
          >
            <button type="button" className="message-head" onClick={() => selectFrame(item.frameId)}>
              {item.role === 'user' ? 'You' : 'Agent'}
              {item.taskId && <span className="muted"> · task {item.taskId.slice(0, 8)}</span>}
            </button>
            {item.stored ? <StoredEvent stored={item.stored} /> : <PartList parts={item.message.parts} />}
          </li>
        ))}
      </ol>
      {tasks.length > 0 && (
        <section className="artifacts" aria-label="Artifacts">
          {tasks.map((task) =>
            task.artifacts.map((artifact) => (
              <article key={`${task.id}/${artifact.key}`} className="artifact" data-testid="artifact">
                <button
                  type="button"
                  className="message-head"
                  onClick={() => selectFrame(artifact.frameIds.at(-1) ?? null)}
                >
                  Artifact <VisibleName text={artifact.name ?? artifact.key} />{' '}
                  <span className="muted">
                    ·{' '}
                    {artifact.chunks === 0
                      ? 'whole, in the task'
                      : `${artifact.chunks} chunk${artifact.chunks === 1 ? '' : 's'}`}
                    {artifact.complete ? '' : ' · incomplete'}
                  </span>
                </button>
                <PartList parts={artifact.parts} joinText />
              </article>
            )),
          )}
        </section>
      )}
      <Composer />
    </div>
  );
}
