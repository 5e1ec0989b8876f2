// A recorded run's conversation, read-only (UX-2): every agent's messages and the artifacts of every task, from the
// timeline of the pane's store, with no composer, since a held session is not talked to. The same list as the live
// Conversation tab, so what a run said looks the same wherever it is shown.

import { useMemo } from 'react';
import { useViewStore } from '../../store/viewStore';
import { ConversationItems } from './ConversationItems';

export function RecordedConversation() {
  const timeline = useViewStore((state) => state.timeline);
  const version = useViewStore((state) => state.timelineVersion);
  const selectedFrameId = useViewStore((state) => state.selectedFrameId);
  const selectFrame = useViewStore((state) => state.selectFrame);
  const { items, tasks } = useMemo(() => {
    void version;
    return { items: timeline.conversation, tasks: timeline.taskList() };
  }, [timeline, version]);
  return (
    <div className="conversation" data-testid="recorded-conversation">
      <ConversationItems
        items={items}
        tasks={tasks}
        selectedFrameId={selectedFrameId}
        onSelect={selectFrame}
        emptyText="This run has no messages."
      />
    </div>
  );
}
