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

export async function saveLibrary(dataDir: string, entries: readonly LibraryEntry[]): Promise<void> {
  const file = path.join(dataDir, FILE);
  const body = {
    format: LIBRARY_FORMAT,
    schemaVersion: 1,
    agents: entries.map((entry) => ({
      ...entry,
      ...(entry.settings ? { settings: withoutSecrets(entry.settings) } : {}),
    })),
  };
  await writeFileAtomic(file, `${JSON.stringify(body, null, 2)}\n`);
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
