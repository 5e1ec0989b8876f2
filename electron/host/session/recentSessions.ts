// The recent sessions list (SES-8): files the user opened, kept in `<dataDir>/recent.json` (newest first, at most
// RECENT_KEPT, gone files dropped when listed), and the sessions saved into the data folder, listed from the folder
// itself so a file copied in by hand shows up too.

import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SESSION_FILE_EXTENSION } from '../../../shared/session/sessionFile';
import type { RecentSession } from '../../../shared/session/types';
import { writeFileAtomic } from '../atomicFile';

export const RECENT_KEPT = 20;
const FILE = 'recent.json';
const RECENT_FORMAT = 'switchboard-recent';

const recentFileSchema = z.object({
  format: z.literal(RECENT_FORMAT),
  entries: z.array(z.object({ path: z.string(), title: z.string(), at: z.number() })).max(1000),
});

type Entry = z.infer<typeof recentFileSchema>['entries'][number];

export function recentSessions(dataDir: string) {
  const file = path.join(dataDir, FILE);
  // Writes one at a time, so two opens in a row cannot lose one another's entry.
  let queue: Promise<unknown> = Promise.resolve();

  const read = async (): Promise<Entry[]> => {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) return [];
    try {
      const parsed = recentFileSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data.entries : [];
    } catch {
      // A damaged list is only a convenience lost; it is rewritten on the next open.
      return [];
    }
  };

  return {
    add(entry: { path: string; title: string }): Promise<void> {
      const next = queue.then(async () => {
        const entries = (await read()).filter((old) => old.path !== entry.path);
        entries.unshift({ ...entry, at: Date.now() });
        const body = { format: RECENT_FORMAT, entries: entries.slice(0, RECENT_KEPT) };
        await writeFileAtomic(file, `${JSON.stringify(body, null, 2)}\n`);
      });
      queue = next.catch(() => undefined);
      return next;
    },
    async list(): Promise<RecentSession[]> {
      const out: RecentSession[] = [];
      for (const entry of await read()) {
        const info = await stat(entry.path).catch(() => undefined);
        if (info?.isFile())
          out.push({ path: entry.path, title: entry.title, kind: 'opened', at: entry.at, bytes: info.size });
      }
      return out;
    },
    /** Session files in the data folder's sessions/, titled from their first line. */
    async saved(dir: string): Promise<RecentSession[]> {
      const names = await readdir(dir).catch(() => [] as string[]);
      const out: RecentSession[] = [];
      for (const name of names) {
        if (!name.endsWith(SESSION_FILE_EXTENSION) || name.startsWith('.')) continue;
        const full = path.join(dir, name);
        const info = await stat(full).catch(() => undefined);
        if (!info?.isFile()) continue;
        out.push({
          path: full,
          title: (await titleOf(full)) ?? name,
          kind: 'saved',
          at: info.mtimeMs,
          bytes: info.size,
        });
      }
      return out;
    },
  };
}

/** Session files start with their head (format, title …); see sessionFileText. */
async function titleOf(file: string): Promise<string | undefined> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const buffer = Buffer.alloc(16 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    // The head's members come in a fixed order and the title is before the agents' cards, so it is near the start.
    const match = /"title":("(?:[^"\\]|\\.)*")/.exec(buffer.subarray(0, bytesRead).toString('utf8'));
    const title: unknown = match ? JSON.parse(match[1]!) : undefined;
    return typeof title === 'string' ? title : undefined;
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}
