// Opening a session beside the live run (UX-2): read through the same host calls as opening for replay, but held in
// the side store as a tab instead of replacing what the window shows. Closing the tab frees the frames and lets the
// host drop the session, unless the replay or a mock agent still uses it. Tabs held before a reload come back on
// start (restoreSideTabs.ts), and the palette's tab commands are built here, where the host is at hand.

import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SessionSummary } from '../../../shared/session/types';
import type { Frame } from '../../../shared/wire/frame';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { windowStorage } from '../../ui/windowStorage';
import { restoreSideTabs } from './restoreSideTabs';
import { isCancelled, startCancellable } from '../../ui/cancellableOp';
import { readAllSessionFrames } from './readSessionFrames';
import { plural } from './sessionText';
import { openBesidePicker, useSessionUi } from './sessionUiStore';
import { recordedAgentSummary } from './recordedAgent';
import { LIVE_TAB, useSideSessions, type SideSession } from './sideSessionsStore';
import { closeUnlessServed } from './closeHostSession';
import { openRequest, type SessionSource } from './useSessionActions';
import { sideTabCommands, type SideTabCommand } from './sideTabCommands';

export function useOpenBeside() {
  const host = useHost();
  const notify = useAppStore((state) => state.notifySession);
  const setOpening = useSessionUi((state) => state.setOpening);
  return useMutation({
    mutationFn: async (source: SessionSource): Promise<{ session: SessionSummary; frames: Frame[] }> => {
      const name = 'path' in source ? source.path : source.file.name;
      const op = startCancellable(host);
      const base = { name, startedAt: op.startedAt, cancel: op.cancel };
      setOpening({ ...base, loaded: 0 });
      try {
        const session = await host.openSession({ ...(await openRequest(source)), opId: op.opId });
        if (op.signal.aborted) {
          void closeUnlessServed(host, session.sessionId);
          op.throwIfCancelled('the session was not opened beside');
        }
        if (session.browse) {
          void closeUnlessServed(host, session.sessionId);
          throw new Error(
            `it has ${session.frameCount.toLocaleString()} frames, too many to hold beside the live run; ` +
              'use “Open session…” to browse it instead',
          );
        }
        const frames = await readAllSessionFrames(
          host,
          session.sessionId,
          (loaded, total) => setOpening({ ...base, loaded, total }),
          undefined,
          op.signal,
        ).catch((error: unknown) => {
          void closeUnlessServed(host, session.sessionId);
          throw error;
        });
        return { session, frames };
      } finally {
        setOpening(null);
      }
    },
    onSuccess({ session, frames }) {
      useSideSessions.getState().add(session, frames);
      notify({
        tone: 'info',
        text: `Opened “${session.title}” beside the live run: ${plural(frames.length, 'frame')}.`,
      });
    },
    onError(error, source) {
      const name = 'path' in source ? source.path : source.file.name;
      if (isCancelled(error)) notify({ tone: 'info', text: `Opening ${name} beside was cancelled.` });
      else notify({ tone: 'error', text: `${name} was not opened beside: ${error.message}` });
    },
  });
}

/** Closes a tab; the host keeps the session while the replay shows it or a mock agent serves it. */
export function useCloseBeside() {
  const host = useHost();
  return (sessionId: string) => {
    // A tab for a session that did not open again holds nothing on the host.
    const heldOnHost = useSideSessions.getState().opened.some((s) => s.session.sessionId === sessionId);
    useSideSessions.getState().close(sessionId);
    if (!heldOnHost) return;
    if (useAppStore.getState().replay?.session.sessionId === sessionId) return;
    void closeUnlessServed(host, sessionId);
  };
}

/** Replays a held session in the main view, as opening it for replay would; the tab stays open. */
export function useReplayHeld() {
  const host = useHost();
  const startReplay = useAppStore((state) => state.startReplay);
  return ({ session, frames }: SideSession) => {
    const state = useAppStore.getState();
    const previous = state.replay?.session.sessionId;
    const open = new Set(state.agents.map((agent) => agent.id));
    const recorded = session.agents
      .filter((agent) => !open.has(agent.id))
      .map((agent) => recordedAgentSummary(agent, session.title));
    startReplay(session, [...frames], recorded, { atEnd: true });
    useSideSessions.getState().show(LIVE_TAB);
    if (previous && previous !== session.sessionId) void closeUnlessServed(host, previous);
  };
}

/** The palette's session-tab commands, built when it opens. */
export function useSideTabCommands(): () => SideTabCommand[] {
  const close = useCloseBeside();
  return () => sideTabCommands({ close, openBeside: openBesidePicker });
}

let restoreStarted = false;

/** Brings back the tabs held before a reload, once per window, then keeps the memory of them up to date. */
export function useRestoreSideTabs(): void {
  const host = useHost();
  useEffect(() => {
    if (restoreStarted) return;
    restoreStarted = true;
    void restoreSideTabs(host, windowStorage());
  }, [host]);
}
