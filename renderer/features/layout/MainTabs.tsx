// The main area: Card, Conversation, Timeline, Tasks, Traces, Frames, Checks and the raw request editor, derived
// from the store.
// The timeline and the conversation can sit side by side (TL-4): either tab then shows both, split by a divider.

import type { KeyboardEvent, ReactNode } from 'react';
import { mainTabs, type MainTab } from '../../store/layoutSlice';
import { useAppStore } from '../../store/appStore';
import { CardView } from '../card';
import { ChecksPanel } from '../checks';
import { ConversationView } from '../conversation';
import { FramesTable } from '../frames';
import { RawRequestView } from '../raw';
import { TaskPanel } from '../tasks';
import { TimelineView } from '../timeline';
import { TracesView } from '../traces';
import { useSplitLayout } from './splitStore';
import { listMove } from '../../ui/listMove';
import { SplitPanes } from '../../ui/split/SplitPanes';

const TAB_LABELS: Record<MainTab, string> = {
  card: 'Card',
  conversation: 'Conversation',
  timeline: 'Timeline',
  tasks: 'Tasks',
  traces: 'Traces',
  frames: 'Frames',
  checks: 'Checks',
  raw: 'Raw request',
};

const VIEWS: Record<MainTab, () => ReactNode> = {
  card: () => <CardView />,
  conversation: () => <ConversationView />,
  timeline: () => <TimelineView />,
  tasks: () => <TaskPanel />,
  traces: () => <TracesView />,
  frames: () => <FramesTable />,
  checks: () => <ChecksPanel />,
  raw: () => <RawRequestView />,
};

export function MainTabs() {
  const active = useAppStore((state) => state.activeTab);
  const setActive = useAppStore((state) => state.setActiveTab);
  const frameCount = useAppStore((state) => state.frames.length);
  const split = useSplitLayout((state) => state.split);
  const setSplit = useSplitLayout((state) => state.setSplit);
  const content = split && SPLIT_TABS.has(active) ? <SplitView /> : VIEWS[active]();
  return (
    <div className="main-tabs">
      <div className="tab-row">
        <div
          role="tablist"
          aria-label="Views"
          className="tablist"
          onKeyDown={(event) => moveTab(event, active, setActive)}
        >
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
        <button
          type="button"
          className="split-toggle"
          aria-pressed={split}
          title="Show the timeline and the conversation side by side"
          onClick={() => setSplit(!split)}
          data-testid="split-toggle"
        >
          Side by side
        </button>
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

const SPLIT_TABS: ReadonlySet<MainTab> = new Set(['timeline', 'conversation']);

/** The timeline beside the conversation: selecting in one highlights in the other. */
function SplitView() {
  return (
    <SplitPanes
      className="split-view"
      testId="split-view"
      panes={[
        { id: 'split-timeline', defaultSize: 50, minSize: 20, content: <TimelineView /> },
        { id: 'split-conversation', defaultSize: 50, minSize: 20, fill: true, content: <ConversationView /> },
      ]}
    />
  );
}

/** Left and Right (Home, End) pick the neighbouring tab and focus it, as the ARIA tabs pattern has it (UX-3). */
function moveTab(
  event: KeyboardEvent<HTMLDivElement>,
  active: MainTab,
  setActive: (tab: MainTab) => void,
): void {
  const key = event.key === 'ArrowLeft' ? 'ArrowUp' : event.key === 'ArrowRight' ? 'ArrowDown' : event.key;
  if (key === event.key && key !== 'Home' && key !== 'End') return;
  const press = { key, altKey: event.altKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey };
  const next = listMove(press, mainTabs.indexOf(active), mainTabs.length);
  const tab = next === undefined ? undefined : mainTabs[next];
  if (!tab) return;
  event.preventDefault();
  setActive(tab);
  document.getElementById(`tab-${tab}`)?.focus();
}
