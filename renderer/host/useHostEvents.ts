// Feeds host events into the store, at most one store update per animation frame however fast frames arrive
// (DESIGN.md §5: the UI drops renders, never data).

import { useEffect } from 'react';
import type { Frame } from '../../shared/wire/frame';
import { useAppStore } from '../store/appStore';
import { useHost } from './HostContext';

export function useHostEvents(): void {
  const host = useHost();
  const addFrames = useAppStore((state) => state.addFrames);
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
      if (event.type !== 'frames') return;
      pending.push(...event.frames);
      if (!scheduled) scheduled = requestAnimationFrame(flush);
    });
    return () => {
      unsubscribe();
      if (scheduled) cancelAnimationFrame(scheduled);
      if (pending.length) addFrames(pending);
    };
  }, [host, addFrames]);
}
