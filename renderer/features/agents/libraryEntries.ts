// The agent library as a list of entries: the list rules of libraryList.ts, and merging an imported file, whose
// schema check brings zod. useAgentLibrary loads this module on the first import, so zod stays off the first screen.

import type { LibraryEntry } from '../../../shared/host/agent';
import { libraryFileSchema } from '../../../shared/host/agentSchemas';
import { upsertEntry } from './libraryList';

export { entryFor, exportLibrary, LIBRARY_FILE_FORMAT, removeEntry, upsertEntry } from './libraryList';

/** Reads an exported file; entries merge into the library by URL. */
export function importLibrary(
  entries: readonly LibraryEntry[],
  text: string,
): { ok: true; entries: LibraryEntry[]; added: number } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The file is not JSON: ${(error as Error).message}` };
  }
  const parsed = libraryFileSchema.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      message: `The file is not an agent library: ${parsed.error.issues[0]?.message ?? ''}`,
    };
  }
  let next = [...entries];
  let added = 0;
  for (const entry of parsed.data.agents) {
    if (!next.some((e) => e.url === entry.url)) added++;
    next = upsertEntry(next, entry as LibraryEntry);
  }
  return { ok: true, entries: next, added };
}
