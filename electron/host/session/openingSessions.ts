// Opening, reading and closing sessions for the session service (sessionService.ts): a file, dropped text or the
// live run is opened whole or in browse mode (SES-2, SES-8), then read by the renderer in pages and searched a slice
// at a time, so a long session never crosses the bridge as one message.

import { randomBytes } from 'node:crypto';
import { LIVE_SESSION_ID } from '../../../shared/host/hostApi';
import { frameTimeSpan } from '../../../shared/session/frameTimes';
import { BROWSE_PAGE_ROWS, rowSearchText, sessionRowOf } from '../../../shared/session/sessionRows';
import type { SessionSummary } from '../../../shared/session/types';
import type { SessionRow } from '../../../shared/session/sessionRows';
import {
  browseDetails,
  browseLoaded,
  browseSummary,
  openLargeSessionFile,
  type BrowseSession,
} from './browseSessions';
import { noStoredBodies } from '../spill/storedBodies';
import { throwIfCancelled, type ReportProgress } from '../operationAborts';
import { readSessionPath, readSessionText, type LoadedSession } from './sessionFiles';
import { heldSession, readFrames, type HeldSessions, type Request } from './heldSessions';

/** Frames read per step of a search, and how long one call searches before it reports how far it got. */
const SEARCH_PAGE = 2_000;
const SEARCH_SLICE_MS = 1_000;

function summarize(sessionId: string, loaded: LoadedSession): SessionSummary {
  return {
    sessionId,
    title: loaded.title,
    source: loaded.source,
    ...(loaded.path ? { path: loaded.path } : {}),
    agents: loaded.agents,
    frameCount: loaded.frames.length,
    ...frameTimeSpan(loaded.frames),
    ...(loaded.appVersion ? { appVersion: loaded.appVersion } : {}),
    ...(loaded.savedAt ? { savedAt: loaded.savedAt } : {}),
    ...(loaded.migratedFrom !== undefined ? { migratedFrom: loaded.migratedFrom } : {}),
    notices: loaded.notices,
  };
}

export async function openSession(
  held: HeldSessions,
  request: Request<'openSession'>,
  signal?: AbortSignal,
  report?: ReportProgress,
): Promise<SessionSummary> {
  // A cancel between steps drops what was read, so the renderer keeps the view it had (UX-5).
  const what = 'the session was not opened';
  if ('path' in request && request.path === LIVE_SESSION_ID)
    return summarize(LIVE_SESSION_ID, await heldSession(held, LIVE_SESSION_ID, true));
  const sessionId = `s-${randomBytes(6).toString('hex')}`;
  // A host that keeps no recording (the command line) keeps no recent list either.
  const remember = async (file: string | undefined, title: string) => {
    if (file && held.recent && held.options.recording)
      await held.recent.add({ path: file, title }).catch(() => undefined);
  };
  const watch = { ...(signal ? { signal } : {}), ...(report ? { onBytes: report } : {}) };
  const large =
    'path' in request
      ? await openLargeSessionFile(request.path, held.indexDir, watch, held.options.progressiveOpenBytes)
      : undefined;
  if (large) {
    if (signal?.aborted) await large.session.frames.close().catch(() => undefined);
    throwIfCancelled(signal, what);
    held.browsing.set(sessionId, large);
    large.session.frames.watchIndex?.((progress) =>
      held.options.onIndexProgress?.({ sessionId, ...progress }),
    );
    // Opened before it was indexed (whenIndexed is there only then): told even when the scan ended before the
    // answer went, since the head after the frames is read only after that.
    if (large.session.frames.whenIndexed) void tellDetailsWhenIndexed(held, sessionId, large);
    await remember(large.path, large.session.title);
    return browseSummary(sessionId, large, 'file', await firstRows(large));
  }
  const loaded =
    'path' in request
      ? await readSessionPath(request.path, watch)
      : readSessionText(request.text, request.name);
  throwIfCancelled(signal, what);
  await remember(loaded.path, loaded.title);
  const whole = browseLoaded(loaded);
  if (whole) {
    held.browsing.set(sessionId, whole);
    return browseSummary(sessionId, whole, loaded.source, await firstRows(whole));
  }
  held.open.set(sessionId, loaded);
  return summarize(sessionId, loaded);
}

/**
 * Tells the window what a session opened before it was indexed turned out to be: its answer had an estimated count,
 * no end time, and only the members before the frames. Not told for a session closed meanwhile, nor when the index
 * failed (the last `session-index` event says why).
 */
async function tellDetailsWhenIndexed(
  held: HeldSessions,
  sessionId: string,
  browse: BrowseSession,
): Promise<void> {
  try {
    await browse.session.frames.whenIndexed?.();
  } catch {
    return;
  }
  if (held.browsing.get(sessionId) === browse)
    held.options.onSessionDetails?.(browseDetails(sessionId, browse));
}

/**
 * The first page of rows, sent with the open's answer so the window need not ask (bench:ui-open: the second call
 * was a round trip on the way to the first rows). Only what the index already knows: an open never waits for more.
 */
export async function firstRows(browse: BrowseSession): Promise<SessionRow[] | undefined> {
  const { frames } = browse.session;
  const total = frames.indexing?.()?.estimated ?? frames.count;
  const count = Math.min(BROWSE_PAGE_ROWS, total);
  if (frames.count < count) return undefined;
  return (await frames.read(0, count)).map((frame, i) => sessionRowOf(frame, i));
}

export async function readSessionRows(
  held: HeldSessions,
  { sessionId, from, count }: Request<'readSessionRows'>,
) {
  const page = await readFrames(held, sessionId, from, count);
  return { rows: page.frames.map((frame, i) => sessionRowOf(frame, from + i)), total: page.total };
}

/** Searches from `from` for at most SEARCH_SLICE_MS, so a long session is searched in several calls. */
export async function findSessionRow(
  held: HeldSessions,
  { sessionId, text, from }: Request<'findSessionRow'>,
) {
  const needle = text.toLowerCase();
  const started = Date.now();
  let at = from;
  let total: number;
  do {
    const page = await readFrames(held, sessionId, at, SEARCH_PAGE);
    total = page.total;
    for (let i = 0; i < page.frames.length; i++) {
      if (rowSearchText(sessionRowOf(page.frames[i]!, at + i)).includes(needle)) {
        return { found: at + i, searchedTo: at + i + 1, total };
      }
    }
    at += page.frames.length;
    if (page.frames.length === 0) break;
  } while (at < total && Date.now() - started < SEARCH_SLICE_MS);
  return { searchedTo: Math.min(at, total), total };
}

export async function closeSession(held: HeldSessions, sessionId: string): Promise<{ closed: boolean }> {
  if (sessionId === LIVE_SESSION_ID) return { closed: false };
  const browse = held.browsing.get(sessionId);
  if (browse) {
    held.browsing.delete(sessionId);
    await browse.session.frames.close().catch(() => undefined);
    return { closed: true };
  }
  return { closed: held.open.delete(sessionId) };
}

/** Closes every session when the host shuts down; a browse index that fails to close is only a file left open. */
export async function closeAllSessions(held: HeldSessions): Promise<void> {
  held.open.clear();
  await Promise.all(
    [...held.browsing.values()].map((browse) => browse.session.frames.close().catch(() => undefined)),
  );
  held.browsing.clear();
}

export async function readStoredBytes(
  held: HeldSessions,
  { sessionId, sha256, offset, length }: Request<'readStoredBytes'>,
) {
  const stored =
    sessionId === LIVE_SESSION_ID
      ? (held.options.liveStored ?? noStoredBodies)
      : (await heldSession(held, sessionId)).stored;
  const slice = await stored.read(sha256, offset, length);
  if (!slice) throw new Error('This session has no stored body with that sha256; it may have been deleted.');
  return { base64: slice.bytes.toString('base64'), total: slice.total };
}
