// The conversation's messages and artifacts as a list (TL-3, TL-4), given the model to read: the live timeline for the
// Conversation tab, or one task's frames read on demand in browse mode. The item the selected frame carried is
// highlighted and scrolled into view; clicking an item selects its frame (shared/timeline/conversationLinks.ts).

import { useEffect, useMemo, useRef } from 'react';
import {
  artifactTargetId,
  conversationTargetOf,
  frameOfTarget,
} from '../../../shared/timeline/conversationLinks';
import type { TaskView } from '../../../shared/timeline/taskView';
import type { ConversationItem } from '../../../shared/timeline/timelineModel';
import { StoredEvent, VisibleName } from '../render';
import { PartList } from './PartView';

export interface ConversationItemsProps {
  items: readonly ConversationItem[];
  /** Tasks whose artifacts are listed under the messages. */
  tasks: readonly TaskView[];
  selectedFrameId: string | null;
  onSelect(frameId: string | null): void;
  emptyText: string;
}

export function ConversationItems({
  items,
  tasks,
  selectedFrameId,
  onSelect,
  emptyText,
}: ConversationItemsProps) {
  const target = useMemo(
    () => conversationTargetOf(items, tasks, selectedFrameId),
    [items, tasks, selectedFrameId],
  );
  const root = useRef<HTMLDivElement>(null);
  const targetId = target ? `${target.kind}:${target.id}` : undefined;
  useEffect(() => {
    if (!targetId) return;
    const element = root.current?.querySelector(`[data-target="${CSS.escape(targetId)}"]`);
    // jsdom has no layout: scrolling is a no-op there, so only call it where it exists.
    if (element && 'scrollIntoView' in element) element.scrollIntoView({ block: 'nearest' });
  }, [targetId]);
  const withArtifacts = tasks.filter((task) => task.artifacts.length > 0);

  return (
    <div className="conversation-items" ref={root}>
      <ol className="messages" data-testid="conversation">
        {items.length === 0 && <li className="empty">{emptyText}</li>}
        {items.map((item) => {
          const selected = targetId === `message:${item.id}`;
          return (
            <li
              key={item.id}
              className={`message role-${item.role}${selected ? ' selected' : ''}`}
              data-testid="message"
              data-role={item.role}
              data-target={`message:${item.id}`}
              data-selected={selected ? 'true' : undefined}
            >
              <button type="button" className="message-head" onClick={() => onSelect(frameOfTarget(item))}>
                {item.role === 'user' ? 'You' : 'Agent'}
                {item.taskId && <span className="muted"> · task {item.taskId.slice(0, 8)}</span>}
              </button>
              {item.stored ? <StoredEvent stored={item.stored} /> : <PartList parts={item.message.parts} />}
            </li>
          );
        })}
      </ol>
      {withArtifacts.length > 0 && (
        <section className="artifacts" aria-label="Artifacts">
          {withArtifacts.map((task) =>
            task.artifacts.map((artifact) => {
              const id = `artifact:${artifactTargetId(task, artifact)}`;
              const selected = targetId === id;
              return (
                <article
                  key={id}
                  className={`artifact${selected ? ' selected' : ''}`}
                  data-testid="artifact"
                  data-target={id}
                  data-selected={selected ? 'true' : undefined}
                >
                  <button
                    type="button"
                    className="message-head"
                    onClick={() => onSelect(frameOfTarget(artifact))}
                  >
                    Artifact <VisibleName text={artifact.name ?? artifact.key} />{' '}
                    <span className="muted">
                      · {artifactNote(artifact.chunks)}
                      {artifact.complete ? '' : ' · incomplete'}
                      {task.notA2A ? ' · not A2A' : ''}
                    </span>
                  </button>
                  <PartList parts={artifact.parts} joinText />
                </article>
              );
            }),
          )}
        </section>
      )}
    </div>
  );
}

function artifactNote(chunks: number): string {
  return chunks === 0 ? 'whole, in the task' : `${chunks} chunk${chunks === 1 ? '' : 's'}`;
}
