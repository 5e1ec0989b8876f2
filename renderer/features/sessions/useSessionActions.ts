// The sessions feature's host calls as mutations (SES-2..SES-8): save, export, open (a path, or a file read here),
// re-send, and the mock agents. Each reports its outcome as a session note, so an action started from the palette,
// a drop or the desktop shell is answered in the same place as one started from a button.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportFormat, MockTiming, SessionSummary } from '../../../shared/session/types';
import type { Frame } from '../../../shared/wire/frame';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { FRAMES_PAGE_SIZE, readAllSessionFrames } from './readSessionFrames';
import { isCancelled, startCancellable } from '../../ui/cancellableOp';
import { onOperationProgress } from '../../ui/operationProgress';
import { recordedAgentSummary } from './recordedAgent';
import { mockAgentsKey, mockAgentsQuery, recentSessionsKey, recentSessionsQuery } from './sessionQueries';
import { describeSaved, plural, tooLargeToRead } from './sessionText';
import { useSessionUi } from './sessionUiStore';
import { SessionBrowser } from './lazySessionBrowser';
import { closeQuietly, closeUnlessServed } from './closeHostSession';
import { applyEarlySessionDetails } from './sessionDetails';
import { currentSessionId } from '../../store/sessionSlice';

export function useSaveSession() {
  const host = useHost();
  const queryClient = useQueryClient();
  const notify = useAppStore((state) => state.notifySession);
  const setSaving = useSessionUi((state) => state.setSaving);
  return useMutation({
    async mutationFn() {
      const op = startCancellable(host);
      setSaving({ startedAt: op.startedAt, cancel: op.cancel });
      try {
        return await host.saveSession({ sessionId: currentSessionId(useAppStore.getState()), opId: op.opId });
      } finally {
        setSaving(null);
      }
    },
    onSuccess(saved) {
      notify({ tone: 'info', text: describeSaved(saved) });
      void queryClient.invalidateQueries({ queryKey: recentSessionsKey });
    },
    onError(error) {
      if (isCancelled(error)) notify({ tone: 'info', text: 'Saving was cancelled; no file was written.' });
      else notify({ tone: 'error', text: `The session was not saved: ${error.message}` });
    },
  });
}

export interface ExportRequest {
  format: ExportFormat;
  redact: boolean;
  /** The id Cancel names (UX-5). */
  opId?: string;
}

/** Builds the export on the host; the review dialog shows its redactions before offering the download. */
export function useExportSession() {
  const host = useHost();
  return useMutation({
    mutationFn: ({ format, redact, opId }: ExportRequest) =>
      host.exportSession({
        sessionId: currentSessionId(useAppStore.getState()),
        format,
        redact,
        ...(opId ? { opId } : {}),
      }),
  });
}

export type SessionSource = { path: string } | { file: File };

function sourceName(source: SessionSource): string {
  return 'path' in source ? source.path : source.file.name;
}

/** Opens a session and shows it in replay; while a long one loads, the sessions UI store counts its frames. */
/**
 * The first number a page formats for its locale costs about 20 ms (the locale's data is set up); the session's
 * views format many. Done while the host opens the file, it is off the way to the first rows (bench:ui-open).
 */
function warmNumberFormat(): void {
  (0).toLocaleString();
}

export function useOpenSession() {
  const host = useHost();
  const queryClient = useQueryClient();
  const startReplay = useAppStore((state) => state.startReplay);
  const notify = useAppStore((state) => state.notifySession);
  const setOpening = useSessionUi((state) => state.setOpening);
  return useMutation({
    mutationFn: async (source: SessionSource): Promise<{ session: SessionSummary; frames: Frame[] }> => {
      const name = sourceName(source);
      // The list's code loads while the host opens the file: a session in browse mode then shows its rows at once.
      // A failure is not reported here: the list says it where it would have been (lazyView.ts).
      const listCode = SessionBrowser.preload().catch(() => undefined);
      const op = startCancellable(host);
      // Asked before the notice below renders (a path needs nothing read first): that render would otherwise run
      // ahead of the call, on the way to the first rows of a warm open (bench:ui-open trace). Awaited in the try
      // below within this same task, so a refusal is never left unhandled.
      const opened =
        'path' in source
          ? host.openSession({ path: source.path, opId: op.opId })
          : openRequest(source).then((request) => host.openSession({ ...request, opId: op.opId }));
      const base = { name, startedAt: op.startedAt, cancel: op.cancel };
      setOpening({ ...base, loaded: 0 });
      // While the host reads the file, the notice counts its bytes; then the frames the window reads.
      const stopBytes = onOperationProgress(host, op.opId, ({ done, total }) =>
        setOpening({ ...base, loaded: done, ...(total !== undefined ? { total } : {}), unit: 'bytes read' }),
      );
      try {
        // The window waits for the host here: a good moment for work the first render would otherwise do. In a
        // task of its own, after this one: the list's import starts in a microtask of this task, and the 20 ms
        // here held its request back (bench:ui-open: the chunk was asked for 25-45 ms after the open).
        setTimeout(warmNumberFormat, 0);
        const session = await opened;
        stopBytes();
        try {
          // Browse mode shows the list only once its code is here. A host that answers first (a kept index answers
          // in tens of milliseconds, often before the code has come from the same process) would otherwise have
          // the list suspend: React then holds a revealed boundary back for up to 300 ms after its fallback showed
          // (bench:ui-open measured a warm open at 353 ms that way).
          if (session.browse) await listCode;
          // A cancel that came after the host had opened it: drop it here, so the previous view stays.
          op.throwIfCancelled('the session was not opened');
          // Browse mode: the rows are read from the host as they are scrolled to, never all at once.
          if (session.browse) return { session, frames: [] };
          const frames = await readAllSessionFrames(
            host,
            session.sessionId,
            (loaded, total) => setOpening({ ...base, loaded, total }),
            FRAMES_PAGE_SIZE,
            op.signal,
          );
          return { session, frames };
        } catch (error) {
          void closeQuietly(host, session.sessionId);
          throw error;
        }
      } finally {
        stopBytes();
        setOpening(null);
      }
    },
    onSuccess({ session, frames }) {
      const previous = useAppStore.getState().replay?.session.sessionId;
      const open = new Set(useAppStore.getState().agents.map((a) => a.id));
      const recorded = session.agents
        .filter((agent) => !open.has(agent.id))
        .map((agent) => recordedAgentSummary(agent, session.title));
      startReplay(session, frames, recorded, { atEnd: true });
      applyEarlySessionDetails(session.sessionId);
      notify({
        tone: 'info',
        text: session.browse
          ? `Opened “${session.title}”: ${plural(session.frameCount, 'frame')}, listed from disk as you scroll (too many to replay in the window).`
          : `Opened “${session.title}”: ${plural(frames.length, 'frame')}. Scrub, step or press play to watch it unfold.`,
      });
      if (previous && previous !== session.sessionId) void closeUnlessServed(host, previous);
      void queryClient.invalidateQueries({ queryKey: recentSessionsKey });
    },
    onError(error, source) {
      if (isCancelled(error))
        notify({ tone: 'info', text: `Opening ${sourceName(source)} was cancelled; the view is as it was.` });
      else notify({ tone: 'error', text: `${sourceName(source)} was not opened: ${error.message}` });
    },
  });
}

export async function openRequest(
  source: SessionSource,
): Promise<{ path: string } | { text: string; name: string }> {
  if ('path' in source) return { path: source.path };
  const tooLarge = tooLargeToRead(source.file.name, source.file.size);
  if (tooLarge) throw new Error(tooLarge);
  return { text: await source.file.text(), name: source.file.name };
}

/** Leaves the replay and lets the host drop the session, unless a mock agent still serves it. */
export function useBackToLive() {
  const host = useHost();
  const backToLive = useAppStore((state) => state.backToLive);
  return () => {
    const sessionId = useAppStore.getState().replay?.session.sessionId;
    backToLive();
    if (sessionId) void closeUnlessServed(host, sessionId);
  };
}

export interface ResendRequest {
  agentId: string;
  /** The recorded request frames to re-send; all of the session's when absent. */
  frameIds?: string[];
}

/**
 * Re-sends the replayed session's requests to a live agent; runs only when the user asks (SES-4). The sessions UI
 * store holds how many requests went out and the Cancel (UX-5); a cancelled re-send still answers its partial diff.
 */
export function useResendSession() {
  const host = useHost();
  const setResending = useSessionUi((state) => state.setResending);
  return useMutation({
    mutationFn: async ({ agentId, frameIds, total }: ResendRequest & { total?: number }) => {
      const replay = useAppStore.getState().replay;
      if (!replay) throw new Error('Open a session to re-send its requests.');
      const op = startCancellable(host);
      const base = { startedAt: op.startedAt, ...(total !== undefined ? { total } : {}) };
      const cancel = () => {
        setResending({
          ...(useSessionUi.getState().resending ?? { ...base, sent: 0 }),
          cancel,
          cancelling: true,
        });
        op.cancel();
      };
      setResending({ ...base, sent: 0, cancel });
      const stop = onOperationProgress(host, op.opId, (progress) => {
        const now = useSessionUi.getState().resending;
        setResending({ ...base, ...now, sent: progress.done, total: progress.total ?? total, cancel });
      });
      try {
        return await host.resendSession({
          sessionId: replay.session.sessionId,
          agentId,
          ...(frameIds ? { frameIds } : {}),
          opId: op.opId,
        });
      } finally {
        stop();
        setResending(null);
      }
    },
  });
}

export function useRecentSessions() {
  return useQuery(recentSessionsQuery(useHost()));
}

export function useMockAgents() {
  return useQuery(mockAgentsQuery(useHost()));
}

export function useStartMockAgent() {
  const host = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timing: MockTiming) =>
      host.startMockAgent({ sessionId: currentSessionId(useAppStore.getState()), timing }),
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: mockAgentsKey });
    },
  });
}

export function useStopMockAgent() {
  const host = useHost();
  const queryClient = useQueryClient();
  const notify = useAppStore((state) => state.notifySession);
  return useMutation({
    mutationFn: (id: string) => host.stopMockAgent({ id }),
    onError(error) {
      notify({ tone: 'error', text: `The mock agent was not stopped: ${error.message}` });
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: mockAgentsKey });
    },
  });
}
