// Reading and writing session files (SES-2, SES-5). What a user opens is untrusted: it is size-capped before it is
// read, recognised by content rather than by name (a session, a HAR file, or a journal), checked against the frame
// schema, and refused with a sentence that says what is wrong. Writing is atomic: a temporary file beside the
// target, synced, then renamed over it, so a crash leaves the old file or the new one, never half of either.

import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Frame } from '../../../shared/wire/frame';
import { harToFrames, looksLikeHar } from '../../../shared/session/har';
import { latestRevisions } from '../../../shared/session/latestRevisions';
import { loadSessionValue, SessionFileError } from '../../../shared/session/migrations';
import { frameSchema } from '../../../shared/session/frameSchema';
import { cleanAgents } from '../../../shared/session/sessionAgents';
import {
  SESSION_FORMAT,
  SESSION_MAX_BYTES,
  SESSION_MAX_FRAMES,
  SESSION_SCHEMA_VERSION,
  type SessionFile,
} from '../../../shared/session/sessionFile';
import type { RedactionItem, SessionAgent, SessionSource } from '../../../shared/session/types';
import { blobReader, externalizeFrame, internalizeFrame } from './blobs';
import { blobDirOf, JOURNAL_FORMAT, readJournal, type JournalRead } from './journal';
import { noStoredBodies, storedInFolder, storedInTable, type StoredBodies } from '../spill/storedBodies';
import { MAX_FRAME_DEPTH, nestedDeeperThan } from '../../../shared/wire/jsonDepth';
import { throwIfCancelled } from '../operationAborts';

export { SessionFileError };

/** A session as the host holds it once opened: frames (newest revisions) and agents, plus what the file said. */
export interface LoadedSession {
  title: string;
  source: SessionSource;
  path?: string;
  agents: SessionAgent[];
  frames: Frame[];
  /** What redaction removed before the frames were stored (the journal's or the file's list). */
  redactions: RedactionItem[];
  notices: string[];
  appVersion?: string;
  savedAt?: string;
  migratedFrom?: number;
  /** Where the bodies too large for memory are (SEC-4); none for a HAR import. */
  stored: StoredBodies;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Bytes read per step of a whole file, so a cancel is seen between steps (UX-5). */
const READ_CHUNK = 1024 * 1024;

export async function readSessionPath(
  file: string,
  watch: { signal?: AbortSignal; onBytes?: (bytes: number, total: number) => void } = {},
): Promise<LoadedSession> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new SessionFileError(
      error.code === 'ENOENT' ? `There is no file at ${file}.` : `The file cannot be read: ${error.message}`,
    );
  });
  if (!info.isFile()) throw new SessionFileError(`${file} is not a file.`);
  if (info.size > SESSION_MAX_BYTES) {
    throw new SessionFileError(
      `The file is ${megabytes(info.size)}; Switchboard opens session files up to ${megabytes(SESSION_MAX_BYTES)}.`,
    );
  }
  if (info.size === 0) throw new SessionFileError('The file is empty.');
  const head = await readHead(file);
  if (isJournalHead(head)) return fromJournal(await readJournalChecked(file), file);
  const text = await readWhole(file, info.size, watch);
  return { ...readSessionText(text, path.basename(file), { quote: false }), path: file };
}

/** The file's text, read a chunk at a time with the signal checked between chunks. */
async function readWhole(
  file: string,
  size: number,
  { signal, onBytes }: { signal?: AbortSignal; onBytes?: (bytes: number, total: number) => void },
): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const bytes = Buffer.alloc(size);
    let at = 0;
    while (at < size) {
      throwIfCancelled(signal, 'the session was not opened');
      const { bytesRead } = await handle.read(bytes, at, Math.min(READ_CHUNK, size - at), at);
      if (bytesRead === 0) break;
      at += bytesRead;
      onBytes?.(at, size);
    }
    return bytes.subarray(0, at).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** A file's text handed over by the renderer (drag-and-drop, a file picker). */
export function readSessionText(
  text: string,
  name: string,
  options: { quote?: boolean } = {},
): LoadedSession {
  if (text.trim() === '') throw new SessionFileError(`${name} is empty.`);
  if (isJournalHead(text.slice(0, 4096))) {
    throw new SessionFileError(
      `${name} is a recording journal; open it from the Recent sessions list, where its blob files are found too.`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The parser quotes the text it choked on. A file opened by path stays unread by whoever asked: only its
    // position is said (the text a user dropped is theirs to see).
    const position = /position \d+(?: \(line \d+ column \d+\))?/.exec(message)?.[0];
    const detail = options.quote === false ? (position ?? 'the end came early') : message;
    throw new SessionFileError(
      `${name} is not valid JSON, so it is truncated or corrupted (${detail}). Nothing was opened.`,
    );
  }
  if (nestedDeeperThan(value, MAX_FRAME_DEPTH + 10)) {
    throw new SessionFileError(
      `${name} nests its values more than ${MAX_FRAME_DEPTH} levels deep, deeper than any recording; nothing was opened.`,
    );
  }
  if (looksLikeHar(value)) return fromHar(value, name);
  const loaded = loadSessionValue(value);
  return fromSessionFile(loaded.file, loaded.migratedFrom);
}

function fromSessionFile(file: SessionFile, migratedFrom?: number): LoadedSession {
  const missing = new Set<string>();
  const source = (hash: string) =>
    file.blobs[hash] !== undefined ? Buffer.from(file.blobs[hash], 'base64') : undefined;
  const reader = blobReader(source);
  const frames = file.frames.map((frame) => internalizeFrame(frame, reader, missing));
  const notices: string[] = [];
  if (migratedFrom !== undefined) {
    notices.push(
      `This file was saved in session format ${migratedFrom}; it was read as format ${SESSION_SCHEMA_VERSION}.`,
    );
  }
  if (missing.size > 0)
    notices.push(`${missing.size} large bodies are missing from the file's blob table and show empty.`);
  if (file.redactions.length > 0) {
    notices.push(`${file.redactions.length} secret values were redacted when this session was saved.`);
  }
  const agents = cleanAgents(file.agents);
  notices.push(...agents.notices);
  return {
    title: file.title,
    source: 'file',
    agents: agents.agents,
    redactions: file.redactions,
    stored: storedInTable(file.blobs),
    frames: latestRevisions(frames),
    notices,
    appVersion: file.appVersion,
    savedAt: file.savedAt,
    ...(migratedFrom !== undefined ? { migratedFrom } : {}),
  };
}

function fromHar(value: unknown, name: string): LoadedSession {
  let imported: ReturnType<typeof harToFrames>;
  try {
    imported = harToFrames(value);
  } catch (error) {
    throw new SessionFileError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const frames = checkFrames(imported.frames, name);
  const agents = cleanAgents(imported.agents);
  return {
    title: name.replace(/\.har$/i, ''),
    source: 'har',
    agents: agents.agents,
    redactions: [],
    stored: noStoredBodies,
    frames: latestRevisions(frames),
    notices: [...imported.notices, ...agents.notices],
  };
}

async function readJournalChecked(file: string): Promise<JournalRead> {
  try {
    return await readJournal(file, { maxFrames: SESSION_MAX_FRAMES });
  } catch (error) {
    throw new SessionFileError(
      `The journal cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** A journal (the live run's, or an earlier run's) as a session. */
export function fromJournal(read: JournalRead, file: string): LoadedSession {
  const frames = checkFrames(read.frames, path.basename(file), { skipBad: true });
  const notices: string[] = [];
  if (read.tornTail) {
    notices.push(
      `The recording ended in the middle of a line (${read.tornTail.bytes} bytes, most likely a crash); that line was dropped.`,
    );
  }
  if (read.unreadable.length > 0) {
    notices.push(
      `${read.unreadable.length} lines could not be read and were skipped (lines ${preview(read.unreadable)}).`,
    );
  }
  const bad = read.frames.length - frames.length;
  if (bad > 0) notices.push(`${bad} frames had the wrong shape and were skipped.`);
  if (read.missingBlobs.length > 0) {
    notices.push(
      `${read.missingBlobs.length} large bodies were not found beside the journal and show empty.`,
    );
  }
  const agents = cleanAgents(read.agents);
  notices.push(...agents.notices);
  const startedAt = read.header?.startedAt;
  return {
    title: `Recording ${startedAt ? new Date(startedAt).toLocaleString('en-GB') : path.basename(file)}`,
    source: 'journal',
    path: file,
    stored: storedInFolder(blobDirOf(file)),
    agents: agents.agents,
    redactions: read.redactions,
    frames: latestRevisions(frames),
    notices,
    ...(read.header?.appVersion ? { appVersion: read.header.appVersion } : {}),
  };
}

function preview(lines: readonly number[]): string {
  return lines.length <= 5 ? lines.join(', ') : `${lines.slice(0, 5).join(', ')} …`;
}

/** Frames from outside checked against the frame schema: refused whole (a file) or skipped one by one (a journal). */
function checkFrames(frames: readonly unknown[], name: string, options: { skipBad?: boolean } = {}): Frame[] {
  if (frames.length > SESSION_MAX_FRAMES) {
    throw new SessionFileError(`${name} holds more than ${SESSION_MAX_FRAMES} frames.`);
  }
  const out: Frame[] = [];
  frames.forEach((frame, index) => {
    const checked = frameSchema.safeParse(frame);
    if (checked.success) out.push(frame as Frame);
    else if (!options.skipBad) {
      const issue = checked.error.issues[0];
      throw new SessionFileError(
        `${name}: frame ${index} has the wrong shape (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'}).`,
      );
    }
  });
  return out;
}

/** The first 4 KiB of a file, as text: enough to tell what kind of file it is. */
export async function readHead(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

function isJournalHead(head: string): boolean {
  const firstLine = head.split('\n', 1)[0] ?? '';
  return firstLine.includes(`"format":"${JOURNAL_FORMAT}"`) && firstLine.includes('"kind":"journal"');
}

/**
 * A session file's text in pieces, members in a fixed order (format first, so a reader can tell what the file is
 * from its first bytes), one frame per line so a file is readable in a text editor and diffs well.
 */
export function* sessionFileText(file: SessionFile): Generator<string> {
  const { frames, blobs, ...head } = file;
  const headText = JSON.stringify(head);
  yield `${headText.slice(0, -1)},\n"frames":[`;
  let first = true;
  for (const frame of frames) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(frame)}`;
    first = false;
  }
  yield '\n],\n"blobs":{';
  first = true;
  for (const [hash, base64] of Object.entries(blobs)) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(hash)}:${JSON.stringify(base64)}`;
    first = false;
  }
  yield '\n}}\n';
}

/** Builds the file for a session: frames' large bodies moved to the blob table. */
export function buildSessionFile(options: {
  title: string;
  appVersion: string;
  agents: readonly SessionAgent[];
  frames: readonly Frame[];
  redactions: readonly RedactionItem[];
}): SessionFile {
  const blobs: Record<string, string> = {};
  const sink = (hash: string, bytes: Buffer) => {
    blobs[hash] ??= bytes.toString('base64');
  };
  return {
    format: SESSION_FORMAT,
    schemaVersion: SESSION_SCHEMA_VERSION,
    appVersion: options.appVersion,
    savedAt: new Date().toISOString(),
    title: options.title,
    ...(options.agents[0] ? { generation: options.agents[0].generation } : {}),
    agents: [...options.agents],
    frames: options.frames.map((frame) => externalizeFrame(frame, sink)),
    redactions: [...options.redactions],
    blobs,
  };
}
