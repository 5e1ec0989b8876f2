// What the session service holds, shared by each group of its methods (sessionService.ts): the sessions opened whole,
// those in browse mode, the running mock agents, and the options the host was made with. Kept as one plain object so
// every group takes it explicitly instead of closing over it.

import path from 'node:path';
import { LIVE_SESSION_ID, type HostApi } from '../../../shared/host/hostApi';
import type {
  MockAgentInfo,
  SessionDetails,
  SessionFramesPage,
  SessionIndexProgress,
} from '../../../shared/session/types';
import { browseOnly, type BrowseSession } from './browseSessions';
import type { Recording } from './recording';
import type { StoredBodies } from '../spill/storedBodies';
import type { ResendHost } from './resend';
import { recentSessions } from './recentSessions';
import { fromJournal, SessionFileError, type LoadedSession } from './sessionFiles';

export interface SessionServiceOptions {
  appVersion: string;
  /** Where sessions are saved and the recent list kept; without it, saving and the recent list are refused. */
  dataDir?: string;
  recording?: Recording;
  host: ResendHost;
  /** The live run's stored bodies: answers too large for memory (SEC-4). */
  liveStored?: StoredBodies;
  /** Told how far the index of a session opened in browse mode has got, while it is built (issue 27). */
  onIndexProgress?: (progress: SessionIndexProgress) => void;
  /** Told what a session opened before it was indexed turned out to be, once it is (issue 27). */
  onSessionDetails?: (details: SessionDetails) => void;
  /** Session files larger than this open before they are indexed: the whole-read cap unless a test sets less. */
  progressiveOpenBytes?: number;
}

/** What one HostApi method is called with: the methods here take it as it arrives. */
export type Request<Method extends keyof HostApi> = Parameters<HostApi[Method]>[0];

export interface HeldSessions {
  options: SessionServiceOptions;
  open: Map<string, LoadedSession>;
  /** Sessions in browse mode: too large to load whole, read a page at a time (browseSessions.ts). */
  browsing: Map<string, BrowseSession>;
  indexDir: string | undefined;
  recent: ReturnType<typeof recentSessions> | undefined;
  mocks: Map<string, { info: MockAgentInfo; close(): Promise<void> }>;
}

export function holdSessions(options: SessionServiceOptions): HeldSessions {
  return {
    options,
    open: new Map(),
    browsing: new Map(),
    indexDir: options.dataDir ? path.join(options.dataDir, 'index') : undefined,
    recent: options.dataDir ? recentSessions(options.dataDir) : undefined,
    mocks: new Map(),
  };
}

async function readLive(options: SessionServiceOptions): Promise<LoadedSession> {
  if (!options.recording) {
    throw new SessionFileError('This host is not recording (it was started without a data folder).');
  }
  const read = await options.recording.read();
  const live = fromJournal(read, options.recording.file);
  if (read.writeProblem) {
    live.notices.push(
      `Recording had trouble writing to disk (${read.writeProblem}); what could not be written was kept and tried again.`,
    );
  }
  return { ...live, title: 'This run', source: 'live' };
}

/** The live session is read afresh when a reader starts from the top, and kept while it pages through. */
export async function heldSession(
  held: HeldSessions,
  sessionId: string,
  fresh = false,
): Promise<LoadedSession> {
  if (sessionId === LIVE_SESSION_ID && (fresh || !held.open.has(LIVE_SESSION_ID)))
    held.open.set(LIVE_SESSION_ID, await readLive(held.options));
  const found = held.open.get(sessionId);
  if (!found && held.browsing.has(sessionId)) throw browseOnly();
  if (!found) throw new Error(`No open session has the id ${JSON.stringify(sessionId)}; open it again.`);
  return found;
}

/** A page of a held session's frames, from its index in browse mode or from memory otherwise. */
export async function readFrames(
  held: HeldSessions,
  sessionId: string,
  from: number,
  count: number,
): Promise<SessionFramesPage> {
  const browse = held.browsing.get(sessionId);
  if (browse) {
    const frames = await browse.session.frames.read(from, count);
    // While the index is built the total is its estimate, so a reader goes on past the frames known so far.
    return { frames, total: browse.session.frames.indexing?.()?.estimated ?? browse.session.frames.count };
  }
  const loaded = await heldSession(held, sessionId, from === 0);
  return { frames: loaded.frames.slice(from, from + count), total: loaded.frames.length };
}
