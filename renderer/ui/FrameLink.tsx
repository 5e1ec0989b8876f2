// A link that selects a frame and shows it on the Frames tab; a frame this window does not hold is named, not linked.

import { useAppStore } from '../store/appStore';
import { frameLinkLabel } from './frameLinkLabel';

export function FrameLink({ id, testId = 'check-frame-link' }: { id: string; testId?: string }) {
  const selectFrame = useAppStore((state) => state.selectFrame);
  const setTab = useAppStore((state) => state.setActiveTab);
  // The frame itself is selected, so a link re-renders when its frame changes, not on every batch.
  const frame = useAppStore((state) => {
    const at = state.frameIndex.get(id);
    return at === undefined ? undefined : state.frames[at];
  });
  return (
    <button
      type="button"
      className="link"
      disabled={!frame}
      title={frame ? `Open frame ${id} on the Frames tab` : `Frame ${id} is not in this window`}
      onClick={() => {
        selectFrame(id);
        setTab('frames');
      }}
      data-testid={testId}
      data-frame-id={id}
    >
      {frameLinkLabel(frame)}
    </button>
  );
}
