// Sessions on the host (SES-1..SES-8): the live recording, sessions opened from files, saving and exporting them
// (always through redaction unless the user turns it off for an export), the recent list, re-sending a session to a
// live agent, and serving one as a mock agent. Sessions are held here and read by the renderer in pages, so a long
// session never crosses the bridge as one message.

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { LIVE_SESSION_ID, type HostApi } from '../../../shared/host/hostApi';
import { framesToHar } from '../../../shared/session/har';
import { redactAgents, redactFrames } from '../../../shared/session/redact';
import {
  SESSION_FILE_EXTENSION,
  SESSION_MIME_TYPE,
  type SessionFile,
} from '../../../shared/session/sessionFile';
import type {
  MockAgentInfo,
  RecentSession,
  SessionAgent,
  SessionSummary,
} from '../../../shared/session/types';
import type { Frame } from '../../../shared/wire/frame';
import { writeFileAtomic } from '../atomicFile';
import { frameTimeSpan } from '../../../shared/session/frameTimes';
import { rowSearchText, sessionRowOf } from '../../../shared/session/sessionRows';
import {
  browseLoaded,
  browseOnly,
  browseSummary,
  openLargeSessionFile,
  type BrowseSession,
} from './browseSessions';
import { listJournals, type Recording } from './recording';
import { startMockAgent } from './mockAgent';
import { noStoredBodies, storedTable, type StoredBodies } from '../spill/storedBodies';
import { resendSession, type ResendHost } from './resend';
import { recentSessions } from './recentSessions';
import {
  buildSessionFile,
  fromJournal,
  readSessionPath,
  readSessionText,
  SessionFileError,
  sessionFileText,
  type LoadedSession,
} from './sessionFiles';

type SessionMethods = Pick<
  HostApi,
  | 'openSession'
  | 'readSessionFrames'
  | 'readSessionRows'
  | 'findSessionRow'
  | 'closeSession'
  | 'readStoredBytes'
  | 'saveSession'
  | 'exportSession'
  | 'listSessions'
  | 'resendSession'
  | 'startMockAgent'
  | 'stopMockAgent'
  | 'listMockAgents'
>;

export interface SessionServiceOptions {
  appVersion: string;
  /** Where sessions are saved and the recent list kept; without it, saving and the recent list are refused. */
  dataDir?: string;
  recording?: Recording;
  host: ResendHost;
  /** The live run's stored bodies: answers too large for memory (SEC-4). */
  liveStored?: StoredBodies;
}

/** Frames read per step of a search, and how long one call searches before it reports how far it got. */
const SEARCH_PAGE = 2_000;
const SEARCH_SLICE_MS = 1_000;

/** The file with the stored bodies its frames refer to copied into its blob table, so it is complete on its own. */
async function withStored(file: SessionFile, loaded: LoadedSession): Promise<SessionFile> {
  const { blobs } = await storedTable(file.frames, loaded.stored);
  return Object.keys(blobs).length === 0 ? file : { ...file, blobs: { ...file.blobs, ...blobs } };
}

export function sessionsDir(dataDir: string): string {
  return path.join(dataDir, 'sessions');
}

export function createSessionService(
  options: SessionServiceOptions,
): SessionMethods & { close(): Promise<void> } {
  const open = new Map<string, LoadedSession>();
  /** Sessions in browse mode: too large to load whole, read a page at a time (browseSessions.ts). */
  const browsing = new Map<string, BrowseSession>();
  const indexDir = options.dataDir ? path.join(options.dataDir, 'index') : undefined;
  const recent = options.dataDir ? recentSessions(options.dataDir) : undefined;
  const mocks = new Map<string, { info: MockAgentInfo; close(): Promise<void> }>();

  const readLive = async (): Promise<LoadedSession> => {
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
  };

  /** The live session is read afresh when a reader starts from the top, and kept while it pages through. */
  const session = async (sessionId: string, fresh = false): Promise<LoadedSession> => {
    if (sessionId === LIVE_SESSION_ID && (fresh || !open.has(LIVE_SESSION_ID)))
      open.set(LIVE_SESSION_ID, await readLive());
    const found = open.get(sessionId);
    if (!found && browsing.has(sessionId)) throw browseOnly();
    if (!found) throw new Error(`No open session has the id ${JSON.stringify(sessionId)}; open it again.`);
    return found;
  };

  const summarize = (sessionId: string, loaded: LoadedSession): SessionSummary => {
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
  };

  const redacted = (loaded: LoadedSession, frameIds?: readonly string[]) => {
    const wanted = frameIds ? new Set(frameIds) : undefined;
    const frames = wanted
      ? loaded.frames.filter((frame) => wanted.has(frame.id) || inExchange(frame, wanted))
      : loaded.frames;
    const cleanFrames = redactFrames(frames);
    const cleanAgents = redactAgents(loaded.agents);
    // Values taken out when the frames were recorded or saved earlier are part of the review too.
    const chosen = new Set(frames.map((frame) => frame.id));
    const earlier = loaded.redactions.filter(
      (item) => item.frameId === undefined || chosen.has(item.frameId),
    );
    return {
      frames: cleanFrames.frames,
      agents: cleanAgents.agents,
      items: [...earlier, ...cleanAgents.items, ...cleanFrames.items],
    };
  };

  /** Without redaction, only what was never recorded is missing: the review still lists those values. */
  const unredacted = (loaded: LoadedSession, frameIds?: readonly string[]) => {
    const frames = selectFrames(loaded.frames, frameIds);
    const chosen = new Set(frames.map((frame) => frame.id));
    const items = loaded.redactions.filter((item) => item.frameId === undefined || chosen.has(item.frameId));
    return { frames, agents: loaded.agents, items };
  };

  const readFrames = async (sessionId: string, from: number, count: number) => {
    const browse = browsing.get(sessionId);
    if (browse)
      return { frames: await browse.session.frames.read(from, count), total: browse.session.frames.count };
    const loaded = await session(sessionId, from === 0);
    return { frames: loaded.frames.slice(from, from + count), total: loaded.frames.length };
  };

  return {
    async openSession(request) {
      if ('path' in request && request.path === LIVE_SESSION_ID)
        return summarize(LIVE_SESSION_ID, await session(LIVE_SESSION_ID, true));
      const sessionId = `s-${randomBytes(6).toString('hex')}`;
      // A host that keeps no recording (the command line) keeps no recent list either.
      const remember = async (file: string | undefined, title: string) => {
        if (file && recent && options.recording)
          await recent.add({ path: file, title }).catch(() => undefined);
      };
      const large = 'path' in request ? await openLargeSessionFile(request.path, indexDir) : undefined;
      if (large) {
        browsing.set(sessionId, large);
        await remember(large.path, large.session.title);
        return browseSummary(sessionId, large, 'file');
      }
      const loaded =
        'path' in request ? await readSessionPath(request.path) : readSessionText(request.text, request.name);
      await remember(loaded.path, loaded.title);
      const whole = browseLoaded(loaded);
      if (whole) {
        browsing.set(sessionId, whole);
        return browseSummary(sessionId, whole, loaded.source);
      }
      open.set(sessionId, loaded);
      return summarize(sessionId, loaded);
    },
    readSessionFrames: ({ sessionId, from, count }) => readFrames(sessionId, from, count),
    async readSessionRows({ sessionId, from, count }) {
      const page = await readFrames(sessionId, from, count);
      return { rows: page.frames.map((frame, i) => sessionRowOf(frame, from + i)), total: page.total };
    },
    async findSessionRow({ sessionId, text, from }) {
      const needle = text.toLowerCase();
      const started = Date.now();
      let at = from;
      let total: number;
      do {
        const page = await readFrames(sessionId, at, SEARCH_PAGE);
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
    },
    async closeSession({ sessionId }) {
      if (sessionId === LIVE_SESSION_ID) return { closed: false };
      const browse = browsing.get(sessionId);
      if (browse) {
        browsing.delete(sessionId);
        await browse.session.frames.close().catch(() => undefined);
        return { closed: true };
      }
      return { closed: open.delete(sessionId) };
    },
    async readStoredBytes({ sessionId, sha256, offset, length }) {
      const stored =
        sessionId === LIVE_SESSION_ID
          ? (options.liveStored ?? noStoredBodies)
          : (await session(sessionId)).stored;
      const slice = await stored.read(sha256, offset, length);
      if (!slice)
        throw new Error('This session has no stored body with that sha256; it may have been deleted.');
      return { base64: slice.bytes.toString('base64'), total: slice.total };
    },
    async saveSession({ sessionId, title }) {
      if (!options.dataDir) throw new Error('Sessions cannot be saved: this host has no data folder.');
      const loaded = await session(sessionId, true);
      const clean = redacted(loaded);
      const name =
        title?.trim() || (sessionId === LIVE_SESSION_ID ? defaultTitle(loaded.agents) : loaded.title);
      const file = await withStored(
        buildSessionFile({
          title: name,
          appVersion: options.appVersion,
          ...clean,
          redactions: clean.items,
        }),
        loaded,
      );
      const target = path.join(
        sessionsDir(options.dataDir),
        `${fileStem(name)}-${stamp()}${SESSION_FILE_EXTENSION}`,
      );
      const bytes = await writeFileAtomic(target, sessionFileText(file));
      return { path: target, bytes, redactions: clean.items };
    },
    async exportSession({ sessionId, format, redact = true, frameIds }) {
      const loaded = await session(sessionId, true);
      const chosen = redact ? redacted(loaded, frameIds) : unredacted(loaded, frameIds);
      const title = sessionId === LIVE_SESSION_ID ? defaultTitle(loaded.agents) : loaded.title;
      if (format === 'har') {
        const har = framesToHar(chosen.frames, { appVersion: options.appVersion, agents: chosen.agents });
        return {
          name: `${fileStem(title)}.har`,
          mimeType: 'application/json',
          text: JSON.stringify(har, null, 2),
          redactions: chosen.items,
        };
      }
      const file = await withStored(
        buildSessionFile({
          title,
          appVersion: options.appVersion,
          ...chosen,
          redactions: chosen.items,
        }),
        loaded,
      );
      return {
        name: `${fileStem(title)}${SESSION_FILE_EXTENSION}`,
        mimeType: SESSION_MIME_TYPE,
        text: [...sessionFileText(file)].join(''),
        redactions: chosen.items,
      };
    },
    async listSessions() {
      if (!options.dataDir) return [];
      const listed: RecentSession[] = [];
      const seen = new Set<string>();
      const add = (entry: RecentSession) => {
        if (seen.has(entry.path)) return;
        seen.add(entry.path);
        listed.push(entry);
      };
      for (const saved of await recent!.saved(sessionsDir(options.dataDir))) add(saved);
      for (const opened of await recent!.list()) add(opened);
      for (const journal of await listJournals(options.dataDir, options.recording?.file)) {
        add({
          ...journal,
          kind: 'journal',
          title: `Recording of ${new Date(journal.at).toLocaleString('en-GB')}`,
        });
      }
      return listed.sort((a, b) => b.at - a.at);
    },
    async resendSession({ sessionId, agentId, frameIds }) {
      const loaded = await session(sessionId, true);
      const { newFrames: _newFrames, ...result } = await resendSession(options.host, {
        frames: loaded.frames,
        agentId,
        ...(frameIds ? { frameIds } : {}),
      });
      // The new run's frames reached the renderer live, as every frame does; the result carries the comparison.
      return result;
    },
    async startMockAgent({ sessionId, timing = 'original', port }) {
      const loaded = await session(sessionId, true);
      const mock = await startMockAgent({
        frames: loaded.frames,
        agents: loaded.agents,
        timing,
        ...(port !== undefined ? { port } : {}),
      });
      const info: MockAgentInfo = {
        id: `m-${randomBytes(6).toString('hex')}`,
        sessionId,
        url: mock.url,
        cardUrl: mock.cardUrl,
        timing,
      };
      mocks.set(info.id, { info, close: () => mock.close() });
      return info;
    },
    async stopMockAgent({ id }) {
      const mock = mocks.get(id);
      if (!mock) return { stopped: false };
      mocks.delete(id);
      await mock.close();
      return { stopped: true };
    },
    async listMockAgents() {
      return [...mocks.values()].map((mock) => mock.info);
    },
    async close() {
      await Promise.all([...mocks.values()].map((mock) => mock.close().catch(() => undefined)));
      mocks.clear();
      open.clear();
      await Promise.all(
        [...browsing.values()].map((browse) => browse.session.frames.close().catch(() => undefined)),
      );
      browsing.clear();
    },
  };
}

/** An sse frame belongs to the exchange it was part of: choosing an exchange chooses its events. */
function inExchange(frame: Frame, wanted: ReadonlySet<string>): boolean {
  return frame.kind === 'sse' && wanted.has(frame.exchangeId);
}

function selectFrames(frames: readonly Frame[], frameIds?: readonly string[]): Frame[] {
  if (!frameIds) return [...frames];
  const wanted = new Set(frameIds);
  return frames.filter((frame) => wanted.has(frame.id) || inExchange(frame, wanted));
}

function defaultTitle(agents: readonly SessionAgent[]): string {
  return agents[0] ? `${agents[0].name} session` : 'Switchboard session';
}

/** A file name from a title: letters, digits and dashes, never empty, never a path. */
export function fileStem(title: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return stem || 'session';
}

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-').replace('Z', '');
}
