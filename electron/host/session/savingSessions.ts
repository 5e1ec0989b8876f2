// Saving, exporting and listing sessions for the session service (sessionService.ts). What leaves the host goes
// through redaction (SES-6) unless the user turns it off for an export; a saved or exported session file carries the
// stored bodies its frames refer to, so it is complete on its own (SES-2, SES-5, SES-8).

import path from 'node:path';
import { LIVE_SESSION_ID } from '../../../shared/host/hostApi';
import { framesToHar } from '../../../shared/session/har';
import { redactAgents, redactFrames } from '../../../shared/session/redact';
import {
  SESSION_FILE_EXTENSION,
  SESSION_MIME_TYPE,
  type SessionFile,
} from '../../../shared/session/sessionFile';
import type { RecentSession, SessionAgent } from '../../../shared/session/types';
import type { Frame } from '../../../shared/wire/frame';
import { writeFileAtomic } from '../atomicFile';
import { throwIfCancelled } from '../operationAborts';
import { listJournals } from './recording';
import { storedTable } from '../spill/storedBodies';
import { buildSessionFile, sessionFileText, type LoadedSession } from './sessionFiles';
import { heldSession, type HeldSessions, type Request } from './heldSessions';

export function sessionsDir(dataDir: string): string {
  return path.join(dataDir, 'sessions');
}

/** The file with the stored bodies its frames refer to copied into its blob table, so it is complete on its own. */
async function withStored(file: SessionFile, loaded: LoadedSession): Promise<SessionFile> {
  const { blobs } = await storedTable(file.frames, loaded.stored);
  return Object.keys(blobs).length === 0 ? file : { ...file, blobs: { ...file.blobs, ...blobs } };
}

function redacted(loaded: LoadedSession, frameIds?: readonly string[]) {
  const wanted = frameIds ? new Set(frameIds) : undefined;
  const frames = wanted
    ? loaded.frames.filter((frame) => wanted.has(frame.id) || inExchange(frame, wanted))
    : loaded.frames;
  const cleanFrames = redactFrames(frames);
  const cleanAgents = redactAgents(loaded.agents);
  // Values taken out when the frames were recorded or saved earlier are part of the review too.
  const chosen = new Set(frames.map((frame) => frame.id));
  const earlier = loaded.redactions.filter((item) => item.frameId === undefined || chosen.has(item.frameId));
  return {
    frames: cleanFrames.frames,
    agents: cleanAgents.agents,
    items: [...earlier, ...cleanAgents.items, ...cleanFrames.items],
  };
}

/** Without redaction, only what was never recorded is missing: the review still lists those values. */
function unredacted(loaded: LoadedSession, frameIds?: readonly string[]) {
  const frames = selectFrames(loaded.frames, frameIds);
  const chosen = new Set(frames.map((frame) => frame.id));
  const items = loaded.redactions.filter((item) => item.frameId === undefined || chosen.has(item.frameId));
  return { frames, agents: loaded.agents, items };
}

export async function saveSession(
  held: HeldSessions,
  { sessionId, title }: Request<'saveSession'>,
  signal?: AbortSignal,
) {
  const { options } = held;
  if (!options.dataDir) throw new Error('Sessions cannot be saved: this host has no data folder.');
  const loaded = await heldSession(held, sessionId, true);
  const clean = redacted(loaded);
  const name = title?.trim() || (sessionId === LIVE_SESSION_ID ? defaultTitle(loaded.agents) : loaded.title);
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
  throwIfCancelled(signal, 'the session was not saved');
  const bytes = await writeFileAtomic(target, sessionFileText(file), signal);
  return { path: target, bytes, redactions: clean.items };
}

export async function exportSession(
  held: HeldSessions,
  { sessionId, format, redact = true, frameIds }: Request<'exportSession'>,
  signal?: AbortSignal,
) {
  const what = 'the session was not exported';
  const { appVersion } = held.options;
  const loaded = await heldSession(held, sessionId, true);
  const chosen = redact ? redacted(loaded, frameIds) : unredacted(loaded, frameIds);
  throwIfCancelled(signal, what);
  const title = sessionId === LIVE_SESSION_ID ? defaultTitle(loaded.agents) : loaded.title;
  if (format === 'har') {
    const har = framesToHar(chosen.frames, { appVersion, agents: chosen.agents });
    return {
      name: `${fileStem(title)}.har`,
      mimeType: 'application/json',
      text: JSON.stringify(har, null, 2),
      redactions: chosen.items,
    };
  }
  const file = await withStored(
    buildSessionFile({ title, appVersion, ...chosen, redactions: chosen.items }),
    loaded,
  );
  throwIfCancelled(signal, what);
  return {
    name: `${fileStem(title)}${SESSION_FILE_EXTENSION}`,
    mimeType: SESSION_MIME_TYPE,
    text: [...sessionFileText(file)].join(''),
    redactions: chosen.items,
  };
}

/** Saved sessions, then those opened lately, then the journals of earlier runs: each path once, newest first. */
export async function listSessions(held: HeldSessions): Promise<RecentSession[]> {
  const { dataDir, recording } = held.options;
  if (!dataDir) return [];
  const listed: RecentSession[] = [];
  const seen = new Set<string>();
  const add = (entry: RecentSession) => {
    if (seen.has(entry.path)) return;
    seen.add(entry.path);
    listed.push(entry);
  };
  for (const saved of await held.recent!.saved(sessionsDir(dataDir))) add(saved);
  for (const opened of await held.recent!.list()) add(opened);
  for (const journal of await listJournals(dataDir, recording?.file)) {
    add({
      ...journal,
      kind: 'journal',
      title: `Recording of ${new Date(journal.at).toLocaleString('en-GB')}`,
    });
  }
  return listed.sort((a, b) => b.at - a.at);
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
