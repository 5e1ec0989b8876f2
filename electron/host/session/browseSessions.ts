// Sessions too large to load whole (issue 9): which files open by index, and what the window is told about them.
// A saved session file over a few megabytes is scanned first; with more than BROWSE_MIN_FRAMES frames it stays
// on disk and opens in browse mode (rows read as they are scrolled), as does one larger than a whole read allows.
// A journal, a HAR file or a dropped file that turns out that large was read whole already: its frames stay in the
// host and the window browses them the same way.

import { stat } from 'node:fs/promises';
import { frameTimeSpan } from '../../../shared/session/frameTimes';
import { BROWSE_MIN_FRAMES, type SessionRow } from '../../../shared/session/sessionRows';
import { SESSION_FORMAT, SESSION_MAX_BYTES } from '../../../shared/session/sessionFile';
import type { SessionDetails, SessionSummary } from '../../../shared/session/types';
import { memoryFrames, openIndexedSession, type IndexedSession } from './indexedSession';
import { readHead, type LoadedSession } from './sessionFiles';

/** Smaller files are read whole: scanning first would only add work. */
const INDEX_MIN_BYTES = 4 * 1024 * 1024;
const SESSION_HEAD = new RegExp(`"format"\\s*:\\s*"${SESSION_FORMAT}"`);

export interface BrowseSession {
  session: IndexedSession;
  path?: string;
}

/**
 * The file opened by its index when it is a large session file; undefined when it should be read whole. Files over
 * `progressiveFrom` bytes (the whole-read cap unless a test sets less) open before they are indexed.
 */
export async function openLargeSessionFile(
  file: string,
  indexDir?: string,
  watch: { signal?: AbortSignal; onBytes?: (bytes: number, total: number) => void } = {},
  progressiveFrom = SESSION_MAX_BYTES,
): Promise<BrowseSession | undefined> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile() || info.size < INDEX_MIN_BYTES) return undefined;
  if (!SESSION_HEAD.test(await readHead(file))) return undefined;
  // Over the whole-read cap a file opens in browse mode whatever its count, so it need not wait for the count: its
  // first rows show while the rest is indexed (issue 27).
  const progressive = info.size > progressiveFrom;
  const session = await openIndexedSession(file, indexDir, { ...watch, progressive });
  if (session.frames.count > BROWSE_MIN_FRAMES || progressive) return { session, path: file };
  await session.frames.close();
  return undefined;
}

/** A session read whole that is too large for the window: browsed from the host's memory. */
export function browseLoaded(loaded: LoadedSession): BrowseSession | undefined {
  if (loaded.frames.length <= BROWSE_MIN_FRAMES) return undefined;
  const session: IndexedSession = {
    title: loaded.title,
    agents: loaded.agents,
    redactions: loaded.redactions,
    notices: loaded.notices,
    ...(loaded.appVersion ? { appVersion: loaded.appVersion } : {}),
    ...(loaded.savedAt ? { savedAt: loaded.savedAt } : {}),
    ...(loaded.migratedFrom !== undefined ? { migratedFrom: loaded.migratedFrom } : {}),
    ...frameTimeSpan(loaded.frames),
    frames: memoryFrames(loaded.frames),
  };
  return { session, ...(loaded.path ? { path: loaded.path } : {}) };
}

/** The session as its index now knows it: what the `session-details` event tells once a progressive open is done. */
export function browseDetails(sessionId: string, browse: BrowseSession): SessionDetails {
  const { title, agents, frameCount, startedAt, endedAt, appVersion, savedAt, migratedFrom, notices } =
    browseSummary(sessionId, browse, 'file');
  return {
    sessionId,
    title,
    agents,
    frameCount,
    ...(startedAt !== undefined ? { startedAt } : {}),
    ...(endedAt !== undefined ? { endedAt } : {}),
    ...(appVersion ? { appVersion } : {}),
    ...(savedAt ? { savedAt } : {}),
    ...(migratedFrom !== undefined ? { migratedFrom } : {}),
    notices,
  };
}

export function browseSummary(
  sessionId: string,
  browse: BrowseSession,
  source: SessionSummary['source'],
  firstRows?: SessionRow[],
): SessionSummary {
  const { session } = browse;
  const indexing = session.frames.indexing?.();
  const count = indexing
    ? `About ${indexing.estimated.toLocaleString('en-US')}`
    : session.frames.count.toLocaleString('en-US');
  return {
    sessionId,
    title: session.title,
    source,
    ...(browse.path ? { path: browse.path } : {}),
    agents: session.agents,
    frameCount: indexing ? indexing.estimated : session.frames.count,
    browse: true,
    ...(indexing ? { indexing: { bytesRead: indexing.bytesRead, bytes: indexing.bytes } } : {}),
    ...(session.startedAt !== undefined ? { startedAt: session.startedAt } : {}),
    ...(session.endedAt !== undefined ? { endedAt: session.endedAt } : {}),
    ...(session.appVersion ? { appVersion: session.appVersion } : {}),
    ...(session.savedAt ? { savedAt: session.savedAt } : {}),
    ...(session.migratedFrom !== undefined ? { migratedFrom: session.migratedFrom } : {}),
    ...(firstRows ? { firstRows } : {}),
    notices: [
      `${count} frames are more than the window replays at once (over ${BROWSE_MIN_FRAMES.toLocaleString('en-US')}): the session opens as a list read from disk as you scroll.`,
      ...session.notices,
    ],
  };
}

/** Why a browse-mode session cannot do what a loaded one can. */
export function browseOnly(): Error {
  return new Error(
    'This session is open in browse mode because it is too large to load whole. Saving, exporting, re-sending and serving it as a mock agent need it whole, which Switchboard does not do for sessions this large.',
  );
}
