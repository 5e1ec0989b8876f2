// The conversation with the active agent (MSG-1, TL-3, TL-4): what the user sent and what the agent said, in order,
// and the artifacts each task produced, assembled from their chunks — those of tasks read from answers that are not
// A2A too (TL-2). Selecting an item selects the frame it came from, and selecting a frame highlights its item.

import { useMemo } from 'react';
import { useAppStore } from '../../store/appStore';
import { useActiveAgent } from '../agents';
import { Composer } from '../composer';
import { ConversationItems } from './ConversationItems';

export function ConversationView() {
  const agent = useActiveAgent();
  const timeline = useAppStore((state) => state.timeline);
  const version = useAppStore((state) => state.timelineVersion);
  const selectedFrameId = useAppStore((state) => state.selectedFrameId);
  const selectFrame = useAppStore((state) => state.selectFrame);
  const { items, tasks } = useMemo(() => {
    void version;
    return {
      items: timeline.conversation.filter((c) => c.agentId === agent?.id),
      // As in the Tasks tab: a task read from a raw request with no agent belongs to whichever agent is open.
      tasks: timeline
        .taskList()
        .filter((t) => t.agentId === agent?.id || (t.notA2A === true && t.agentId === undefined)),
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
      <ConversationItems
        items={items}
        tasks={tasks}
        selectedFrameId={selectedFrameId}
        onSelect={selectFrame}
        emptyText="No messages yet. Write one below."
      />
      <Composer />
    </div>
  );
}
