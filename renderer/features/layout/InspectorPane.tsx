// The inspector's pane (12b): present only while a frame is picked, so the frames list gets the width otherwise.
// A close button and Escape put it away again (Escape is left to an open dialog or menu first), and focus goes back
// to where it was when a frame was picked (the frames row, the timeline entry), so the keyboard is never dropped
// on the page's body.

import { useEffect, useRef } from 'react';
import { FrameInspector, INSPECTOR_PANE_ID } from '../frames';
import { useAppStore } from '../../store/appStore';

export function InspectorPane() {
  const selectFrame = useAppStore((state) => state.selectFrame);
  const pane = useRef<HTMLElement>(null);
  useEffect(() => {
    const opener = document.activeElement;
    const node = pane.current;
    return () => {
      const lost = !document.activeElement || document.activeElement === document.body;
      const inside = node !== null && node.contains(document.activeElement);
      if ((lost || inside) && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
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
    <aside
      ref={pane}
      id={INSPECTOR_PANE_ID}
      tabIndex={-1}
      className="inspector-pane"
      aria-label="Frame inspector"
      data-testid="inspector-pane"
    >
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
