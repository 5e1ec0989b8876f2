// The live recording (SES-1): one journal per host run in `<dataDir>/journal/`, fed every frame the host publishes
// and every agent it opens or reconfigures. The journals of earlier runs are kept (a crashed run's is how its
// traffic is recovered) up to a count, oldest removed first with their blob folders.

import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentSummary } from '../../../shared/host/agent';
import { agentName } from '../../../shared/agentName';
import type { Frame, SseFrame } from '../../../shared/wire/frame';
import type { RedactionItem, SessionAgent } from '../../../shared/session/types';
import {
  blobDirOf,
  createJournal,
  JOURNAL_EXTENSION,
  readJournal,
  streamFileOf,
  type JournalRead,
} from './journal';
import type { CapturedBytes } from './journalQueue';

export const JOURNALS_KEPT = 20;
const RUN_PREFIX = 'run-';

export interface Recording {
  readonly file: string;
  record(frame: Frame): void;
  /** A chunk's stream frames, read and analysed (journal.ts `appendStream`). */
  recordStream(frames: readonly SseFrame[], marks: Uint8Array, bytes?: CapturedBytes): void;
  recordAgent(agent: SessionAgent): void;
  /** Everything written so far, read back from the disk (flushes first). */
  read(): Promise<JournalRead & { writeProblem?: string }>;
  close(): Promise<void>;
}

export function journalDir(dataDir: string): string {
  return path.join(dataDir, 'journal');
}

export function startRecording(options: {
  dataDir: string;
  appVersion: string;
  transform?: (frame: Frame) => { frame: Frame; items: RedactionItem[] };
  /** Stream events the transform is sure to leave as they are (journal.ts). */
  untransformed?: (frame: SseFrame) => boolean;
  keep?: number;
}): Recording {
  const dir = journalDir(options.dataDir);
  // Sortable by start time, unique between two hosts started in the same millisecond.
  const stamp = new Date().toISOString().replaceAll(':', '-').replace('.', '-');
  const file = path.join(dir, `${RUN_PREFIX}${stamp}-${randomBytes(3).toString('hex')}${JOURNAL_EXTENSION}`);
  let failed: string | undefined;
  const journal = createJournal(file, {
    header: { appVersion: options.appVersion, startedAt: Date.now() },
    ...(options.transform ? { transform: options.transform } : {}),
    ...(options.untransformed ? { untransformed: options.untransformed } : {}),
    onError: (error) => {
      failed = error.message;
    },
  });
  // The lock says this journal belongs to a running host, so another host's pruning leaves it alone.
  const lock = lockOf(file);
  const locked = mkdir(dir, { recursive: true, mode: 0o700 }).then(() =>
    writeFile(lock, String(process.pid), { mode: 0o600 }),
  );
  void locked.then(() => pruneJournals(dir, file, options.keep ?? JOURNALS_KEPT)).catch(() => undefined);
  const guarded = (write: () => void) => {
    try {
      write();
    } catch (error) {
      // Recording must never break the traffic it records; the failure is reported when the session is read.
      failed ??= error instanceof Error ? error.message : String(error);
    }
  };
  return {
    file,
    record: (frame) => guarded(() => journal.append(frame)),
    recordStream: (frames, marks, bytes) => guarded(() => journal.appendStream(frames, marks, bytes)),
    recordAgent: (agent) => guarded(() => journal.appendAgent(agent)),
    async read() {
      // A failed flush is reported below; what reached the disk is still read.
      await journal.flush().catch(() => undefined);
      const read = await readJournal(file);
      return failed ? { ...read, writeProblem: failed } : read;
    },
    async close() {
      await journal.close();
      await locked.catch(() => undefined);
      await rm(lock, { force: true });
    },
  };
}

/** The session's view of an agent: what is needed to show its card and reopen it, secrets never included. */
export function sessionAgentOf(summary: AgentSummary): SessionAgent {
  return {
    id: summary.id,
    name: agentName(summary),
    cardUrl: summary.cardUrl,
    origin: summary.origin,
    cardText: summary.cardText,
    generation: summary.generation,
    settings: {
      selection: summary.settings.selection,
      headers: summary.settings.headers.map((h) => (h.secret ? { ...h, value: '' } : h)),
      extensions: summary.settings.extensions,
      auth: { type: 'none' },
    },
  };
}

export interface JournalListing {
  path: string;
  at: number;
  bytes: number;
}

/** The journals in the folder, newest first; `except` (the current run's) is left out. */
export async function listJournals(dataDir: string, except?: string): Promise<JournalListing[]> {
  const dir = journalDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: JournalListing[] = [];
  for (const name of names) {
    if (!name.startsWith(RUN_PREFIX) || !name.endsWith(JOURNAL_EXTENSION)) continue;
    const file = path.join(dir, name);
    if (file === except) continue;
    const info = await stat(file).catch(() => undefined);
    if (info && info.size > 0) out.push({ path: file, at: info.mtimeMs, bytes: info.size });
  }
  return out.sort((a, b) => b.at - a.at || b.path.localeCompare(a.path));
}

function lockOf(file: string): string {
  return `${file}.lock`;
}

/** A journal whose lock names a live process is being written by another host. */
async function inUse(file: string): Promise<boolean> {
  const pid = Number(await readFile(lockOf(file), 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function pruneJournals(dir: string, current: string, keep: number): Promise<void> {
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.startsWith(RUN_PREFIX) && name.endsWith(JOURNAL_EXTENSION))
    .map((name) => path.join(dir, name))
    .filter((file) => file !== current)
    .sort();
  // `keep` counts the current run too.
  const excess = names.slice(0, Math.max(0, names.length - (keep - 1)));
  for (const file of excess) {
    if (await inUse(file)) continue;
    await rm(file, { force: true });
    await rm(lockOf(file), { force: true });
    await rm(blobDirOf(file), { recursive: true, force: true });
    await rm(streamFileOf(file), { force: true });
  }
}
