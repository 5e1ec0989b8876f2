// Feeds host events into the store, at most one store update per animation frame however fast frames arrive
// (docs/architecture.md#state-in-the-renderer: the UI drops renders, never data). `open-session` (the desktop shell was
// handed a session file, SES-8) opens that file for replay.

import { useEffect, useRef } from 'react';
import type { Frame } from '../shared/wire/frame';
import { useOpenSession } from './features/sessions';
import { useAppStore } from './store/appStore';
import { useHost } from './host/HostContext';

export function useHostEvents(): void {
  const host = useHost();
  const addFrames = useAppStore((state) => state.addFrames);
  const { mutate: openSession } = useOpenSession();
  // The latest open function, so a new one does not resubscribe to the event stream.
  const open = useRef(openSession);
  open.current = openSession;
  useEffect(() => {
    let pending: Frame[] = [];
    let scheduled = 0;
    const flush = () => {
      scheduled = 0;
      const batch = pending;
      pending = [];
      addFrames(batch);
    };
    const unsubscribe = host.onEvent((event) => {
      if (event.type === 'open-session') {
        open.current({ path: event.path });
        return;
      }
      if (event.type !== 'frames') return;
      for (const frame of event.frames) pending.push(frame);
      if (!scheduled) scheduled = requestAnimationFrame(flush);
    });
    return () => {
      unsubscribe();
      if (scheduled) cancelAnimationFrame(scheduled);
      if (pending.length) addFrames(pending);
    };
  }, [host, addFrames]);
}
