// Drop a session or HAR file anywhere on the window to open it (SES-8). While a file is dragged over the window an
// overlay says what a drop will do. The overlay lets the pointer through, so places with their own drop (the
// composer attaches files to the message) keep working: they claim the drop with preventDefault, and then this
// leaves it alone and says so.

import { useEffect, useRef, useState } from 'react';
import { useOpenSession } from './useSessionActions';

type Over = 'none' | 'window' | 'claimed';

function carriesFiles(event: DragEvent): boolean {
  return !!event.dataTransfer && Array.from(event.dataTransfer.types).includes('Files');
}

export function DropOverlay() {
  const open = useOpenSession();
  const { mutate } = open;
  const [over, setOver] = useState<Over>('none');
  // dragenter and dragleave fire for every element crossed; the window is left when they balance out.
  const depth = useRef(0);

  useEffect(() => {
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current += 1;
      setOver((current) => (current === 'none' ? 'window' : current));
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver('none');
    };
    const onOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      if (event.defaultPrevented) return setOver('claimed');
      // Without this the browser would navigate to the dropped file, leaving the app.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      setOver('window');
    };
    const onDrop = (event: DragEvent) => {
      depth.current = 0;
      setOver('none');
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      const file = event.dataTransfer?.files[0];
      if (file) mutate({ file });
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [mutate]);

  if (over === 'none') return null;
  return (
    <div className="drop-overlay" aria-live="polite" data-testid="drop-overlay" data-over={over}>
      <div className="drop-message">
        {over === 'claimed' ? (
          <>Drop here to attach the file to the message.</>
        ) : (
          <>
            <strong>Drop to open the session</strong>
            <span>A Switchboard session file or a HAR file opens for replay; the live run goes on.</span>
          </>
        )}
      </div>
    </div>
  );
}
