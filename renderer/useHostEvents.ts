// Feeds host events into the store, at most one store update per animation frame however fast frames arrive, and no
// more frames in one than fit a frame (store/frameFeed.ts; docs/architecture.md#state-in-the-renderer: the UI drops
// renders, never data). `open-session` (the desktop shell was handed a session file, SES-8) opens that file for
// replay; `session-details` completes the summary of a session opened before it was indexed (issue 27).

import { useEffect, useRef } from 'react';
import { receiveSessionDetails, useOpenSession } from './features/sessions';
import { useAppStore } from './store/appStore';
import { createFrameFeed } from './store/frameFeed';
import { useHost } from './host/HostContext';

export function useHostEvents(): void {
  const host = useHost();
  const addFrames = useAppStore((state) => state.addFrames);
  const { mutate: openSession } = useOpenSession();
  // The latest open function, so a new one does not resubscribe to the event stream.
  const open = useRef(openSession);
  open.current = openSession;
  useEffect(() => {
    const feed = createFrameFeed({
      addFrames,
      requestFrame: (callback) => requestAnimationFrame(callback),
      cancelFrame: (handle) => cancelAnimationFrame(handle),
      now: () => performance.now(),
    });
    const unsubscribe = host.onEvent((event) => {
      if (event.type === 'open-session') {
        open.current({ path: event.path });
        return;
      }
      if (event.type === 'session-details') {
        receiveSessionDetails(event.details);
        return;
      }
      if (event.type !== 'frames') return;
      feed.push(event.frames);
    });
    return () => {
      unsubscribe();
      feed.flush();
      feed.dispose();
    };
  }, [host, addFrames]);
}
