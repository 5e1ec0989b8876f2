// The main area: Card, Conversation, Timeline, Tasks, Frames, Checks and the raw request editor, derived from the store.

import type { ReactNode } from 'react';
import { mainTabs, type MainTab } from '../../store/layoutSlice';
import { useAppStore } from '../../store/appStore';
import { CardView } from '../card';
import { ChecksPanel } from '../checks';
import { ConversationView } from '../conversation';
import { FramesTable } from '../frames';
import { RawRequestView } from '../raw';
import { TaskPanel } from '../tasks';
import { TimelineView } from '../timeline';

const TAB_LABELS: Record<MainTab, string> = {
  card: 'Card',
  conversation: 'Conversation',
  timeline: 'Timeline',
  tasks: 'Tasks',
  frames: 'Frames',
  checks: 'Checks',
  raw: 'Raw request',
};

const VIEWS: Record<MainTab, () => ReactNode> = {
  card: () => <CardView />,
  conversation: () => <ConversationView />,
  timeline: () => <TimelineView />,
  tasks: () => <TaskPanel />,
  frames: () => <FramesTable />,
  checks: () => <ChecksPanel />,
  raw: () => <RawRequestView />,
};

export function MainTabs() {
  const active = useAppStore((state) => state.activeTab);
  const setActive = useAppStore((state) => state.setActiveTab);
  const frameCount = useAppStore((state) => state.frames.length);
  const content = VIEWS[active]();
  return (
    <div className="main-tabs">
      <div role="tablist" aria-label="Views" className="tablist">
        {mainTabs.map((tab) => (
          <button
            key={tab}
            role="tab"
            type="button"
            id={`tab-${tab}`}
            aria-selected={tab === active}
            aria-controls="main-tabpanel"
            onClick={() => setActive(tab)}
            data-testid={`tab-${tab}`}
          >
            {TAB_LABELS[tab]}
            {tab === 'frames' && frameCount > 0 && <span className="badge">{frameCount}</span>}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="main-tabpanel"
        aria-labelledby={`tab-${active}`}
        className="tabpanel"
        data-testid="main-tabpanel"
      >
        {content}
      </div>
    </div>
  );
}
