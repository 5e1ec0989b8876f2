// Sessions on the host (SES-1..SES-8): the live recording, sessions opened from files, saving and exporting them
// (always through redaction unless the user turns it off for an export), the recent list, re-sending a session to a
// live agent, and serving one as a mock agent. Sessions are held here and read by the renderer in pages, so a long
// session never crosses the bridge as one message. This module only assembles the methods: each group lives in its
// own module and takes the held sessions (heldSessions.ts) explicitly.

import { LIVE_SESSION_ID, type HostApi } from '../../../shared/host/hostApi';
import { holdSessions, readFrames, type SessionServiceOptions } from './heldSessions';
import { noStoredBodies } from '../spill/storedBodies';
import type { SearchSource } from './sessionSearch';
import type { ReportProgress } from '../operationAborts';
import {
  closeAllSessions,
  closeSession,
  findSessionRow,
  openSession,
  readSessionRows,
  readStoredBytes,
} from './openingSessions';
import { listSessionTasks, readSessionTask } from './sessionTaskIndex';
import { exportSession, listSessions, saveSession } from './savingSessions';
import { resendHeldSession, startHeldMock, stopAllMocks, stopHeldMock } from './sessionPlayback';

export type { SessionServiceOptions } from './heldSessions';
export { fileStem, sessionsDir } from './savingSessions';

/** The calls a user may cancel take the signal `cancelOperation` aborts (operationAborts.ts). */
type Cancellable<M extends 'openSession' | 'saveSession' | 'exportSession' | 'resendSession'> = (
  request: Parameters<HostApi[M]>[0],
  signal?: AbortSignal,
  /** How far it got, for the progress notice: bytes read by an open, requests sent by a re-send. */
  report?: ReportProgress,
) => ReturnType<HostApi[M]>;

type SessionMethods = {
  openSession: Cancellable<'openSession'>;
  saveSession: Cancellable<'saveSession'>;
  exportSession: Cancellable<'exportSession'>;
  resendSession: Cancellable<'resendSession'>;
} & Pick<
  HostApi,
  | 'readSessionFrames'
  | 'readSessionRows'
  | 'findSessionRow'
  | 'listSessionTasks'
  | 'readSessionTask'
  | 'closeSession'
  | 'readStoredBytes'
  | 'listSessions'
  | 'startMockAgent'
  | 'stopMockAgent'
  | 'listMockAgents'
>;

export function createSessionService(
  options: SessionServiceOptions,
): SessionMethods & { close(): Promise<void>; searchSource(sessionId: string): Promise<SearchSource> } {
  const held = holdSessions(options);
  return {
    openSession: (request, signal, report) => openSession(held, request, signal, report),
    readSessionFrames: ({ sessionId, from, count }) => readFrames(held, sessionId, from, count),
    readSessionRows: (request) => readSessionRows(held, request),
    findSessionRow: (request) => findSessionRow(held, request),
    listSessionTasks: (request) => listSessionTasks(held, request),
    readSessionTask: (request) => readSessionTask(held, request),
    closeSession: ({ sessionId }) => closeSession(held, sessionId),
    readStoredBytes: (request) => readStoredBytes(held, request),
    saveSession: (request, signal) => saveSession(held, request, signal),
    exportSession: (request, signal) => exportSession(held, request, signal),
    listSessions: () => listSessions(held),
    resendSession: (request, signal, report) => resendHeldSession(held, request, signal, report),
    startMockAgent: (request) => startHeldMock(held, request),
    stopMockAgent: ({ id }) => stopHeldMock(held, id),
    listMockAgents: async () => [...held.mocks.values()].map((mock) => mock.info),
    /** What a search reads: the session's pages and, for a session held whole or the live run, its stored bodies. */
    async searchSource(sessionId) {
      if (sessionId !== LIVE_SESSION_ID && !held.open.has(sessionId) && !held.browsing.has(sessionId))
        throw new Error(`No open session has the id ${JSON.stringify(sessionId)}; open it again.`);
      const stored =
        sessionId === LIVE_SESSION_ID
          ? (options.liveStored ?? noStoredBodies)
          : held.open.get(sessionId)?.stored;
      const frames = held.browsing.get(sessionId)?.session.frames;
      return {
        read: (from, count) => readFrames(held, sessionId, from, count),
        ...(stored ? { stored } : {}),
        ...(frames?.candidates ? { candidates: frames.candidates.bind(frames) } : {}),
      };
    },
    async close() {
      await stopAllMocks(held);
      await closeAllSessions(held);
    },
  };
}
