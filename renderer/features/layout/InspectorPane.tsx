// The inspector's pane (12b): present only while a frame is picked, so the frames list gets the width otherwise.
// A close button and Escape put it away again (Escape is left to an open dialog or menu first).

import { useEffect } from 'react';
import { FrameInspector } from '../frames';
import { useAppStore } from '../../store/appStore';

export function InspectorPane() {
  const selectFrame = useAppStore((state) => state.selectFrame);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      selectFrame(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selectFrame]);
  return (
    <aside className="inspector-pane" aria-label="Frame inspector" data-testid="inspector-pane">
      <button
        type="button"
        className="icon inspector-close"
        aria-label="Close the inspector"
        title="Close the inspector (Escape)"
        data-testid="inspector-close"
        onClick={() => selectFrame(null)}
      >
        ×
      </button>
      <FrameInspector />
    </aside>
  );
}
