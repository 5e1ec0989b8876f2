// The main area: Card, Conversation, Timeline and Frames. Views not yet fed by agents show what will appear there.

import type { ReactNode } from 'react';
import { mainTabs, type MainTab } from '../../store/layoutSlice';
import { useAppStore } from '../../store/appStore';
import { FramesTable } from '../frames/FramesTable';

const TAB_LABELS: Record<MainTab, string> = {
  card: 'Card',
  conversation: 'Conversation',
  timeline: 'Timeline',
  frames: 'Frames',
};

const EMPTY_TEXT: Record<Exclude<MainTab, 'frames'>, string> = {
  card: "Open an agent to read and validate its card. Until then, fetch a card's URL from the address bar.",
  conversation: 'Messages and artifacts exchanged with an agent will appear here.',
  timeline: 'Live events, task states and timings will appear here as they arrive.',
};

export function MainTabs() {
  const active = useAppStore((state) => state.activeTab);
  const setActive = useAppStore((state) => state.setActiveTab);
  const frameCount = useAppStore((state) => state.frames.length);
  let content: ReactNode;
  if (active === 'frames') content = <FramesTable />;
  else
    content = (
      <div className="empty-state">
        <p>{EMPTY_TEXT[active]}</p>
      </div>
    );
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
      <div role="tabpanel" id="main-tabpanel" aria-labelledby={`tab-${active}`} className="tabpanel">
        {content}
      </div>
    </div>
  );
}
