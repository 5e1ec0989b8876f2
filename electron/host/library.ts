// The agent library on disk (UX-1): the agents a user opened, with their settings, in `<dataDir>/agents.json`.
// Written atomically (temp file, then rename) so a crash never leaves half a file. Secrets are blanked before
// writing (AUTH-4: they live in the OS keychain or in memory, secretVault.ts). A file that cannot be read is moved
// aside, never overwritten, and the reason is reported.

import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { LibraryEntry, LibraryLoad } from '../../shared/host/agent';
import { libraryFileSchema } from '../../shared/host/agentSchemas';
import { withoutSecrets } from './agent/agentSettings';
import { writeFileAtomic } from './atomicFile';

const FILE = 'agents.json';
export const LIBRARY_FORMAT = 'switchboard-agent-library';

export async function loadLibrary(dataDir: string): Promise<LibraryLoad> {
  const file = path.join(dataDir, FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [] };
    return { entries: [], problem: `The agent library could not be read: ${(error as Error).message}` };
  }
  const problem = readProblem(text);
  if (problem === undefined) return { entries: (JSON.parse(text) as { agents: LibraryEntry[] }).agents };
  const aside = `${file}.unreadable-${Date.now()}`;
  await rename(file, aside);
  return { entries: [], problem: `The agent library was not valid (${problem}); it was kept as ${aside}.` };
}

/**
 * Saves the renderer's list. Route holds are the host's (CARD-3): the ones on disk stay with their URL whatever the
 * list says, so a list loaded before a hold was found cannot drop it, nor a forged one plant one.
 */
export function saveLibrary(dataDir: string, entries: readonly LibraryEntry[]): Promise<void> {
  return underLibraryLock(dataDir, async () => {
    const onDisk = new Map((await readEntries(dataDir)).map((entry) => [entry.url, entry.routeHolds]));
    await writeEntries(
      dataDir,
      entries.map(({ routeHolds: _ignored, ...entry }) => {
        const holds = onDisk.get(entry.url);
        return holds && holds.length > 0 ? { ...entry, routeHolds: holds } : entry;
      }),
    );
  });
}

/** The entries as they are on disk, none when the file is missing or unreadable (loadLibrary reports that). */
export async function readEntries(dataDir: string): Promise<LibraryEntry[]> {
  try {
    const text = await readFile(path.join(dataDir, FILE), 'utf8');
    return readProblem(text) === undefined ? (JSON.parse(text) as { agents: LibraryEntry[] }).agents : [];
  } catch {
    return [];
  }
}

/** Writes the whole list, secrets blanked; callers hold the lock. */
export async function writeEntries(dataDir: string, entries: readonly LibraryEntry[]): Promise<void> {
  const body = {
    format: LIBRARY_FORMAT,
    schemaVersion: 1,
    agents: entries.map((entry) => ({
      ...entry,
      ...(entry.settings ? { settings: withoutSecrets(entry.settings) } : {}),
    })),
  };
  await writeFileAtomic(path.join(dataDir, FILE), `${JSON.stringify(body, null, 2)}\n`);
}

const locks = new Map<string, Promise<unknown>>();

/** One read-change-write of the file at a time per folder: the renderer's saves and the host's holds meet here. */
export function underLibraryLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const next = (locks.get(dataDir) ?? Promise.resolve()).then(work, work);
  locks.set(
    dataDir,
    next.catch(() => undefined),
  );
  return next;
}

function readProblem(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  const parsed = libraryFileSchema.safeParse(value);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'unexpected shape';
  return undefined;
}
