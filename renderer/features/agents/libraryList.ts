// The agent library as a list of entries: adding an opened agent, updating its settings, removing it, exporting it.
// Pure, so the rules (one entry per URL, secrets never kept) are tested without a host. Reading an imported file is
// in libraryEntries.ts, loaded on first import, because its schema brings zod, which the first screen does not need.

import type { AgentSummary, LibraryEntry } from '../../../shared/host/agent';
import { agentName } from '../../../shared/agentName';

export const LIBRARY_FILE_FORMAT = 'switchboard-agent-library';

/**
 * The entry an opened agent is saved as: its card's URL, so opening it again takes one request, and the sidebar's
 * card path it was opened with (CARD-1), so the form can be filled as it was. A card opened from text has no URL to
 * open again and is not saved.
 */
export function entryFor(agent: AgentSummary, cardPath?: string): LibraryEntry | undefined {
  if (agent.cardUrl.startsWith('file:')) return undefined;
  const { settings } = agent;
  const path = cardPath?.trim();
  return {
    url: agent.cardUrl,
    ...(path ? { cardPath: path } : {}),
    name: agentName(agent),
    settings: {
      selection: settings.selection,
      auth: settings.auth,
      headers: settings.headers,
      extensions: settings.extensions,
      timeouts: settings.timeouts,
      limits: settings.limits,
      trustedOrigins: settings.trustedOrigins,
      resyncOnDrop: settings.resyncOnDrop,
      // NET-1: without it a card behind a private CA or a self-signed certificate could not be opened again. The
      // passphrase is the placeholder here; the host blanks it before writing and puts the vault's back on opening.
      ...(settings.connection ? { connection: settings.connection } : {}),
    },
  };
}

/**
 * Adds or replaces the entry with the same URL, keeping the list's order. A replacement that says no card path (a
 * settings change knows none) keeps the one saved.
 */
export function upsertEntry(entries: readonly LibraryEntry[], entry: LibraryEntry): LibraryEntry[] {
  const index = entries.findIndex((e) => e.url === entry.url);
  if (index === -1) return [...entries, entry];
  const next = [...entries];
  const kept = entries[index]!.cardPath;
  next[index] = entry.cardPath === undefined && kept !== undefined ? { ...entry, cardPath: kept } : entry;
  return next;
}

export function removeEntry(entries: readonly LibraryEntry[], url: string): LibraryEntry[] {
  return entries.filter((e) => e.url !== url);
}

/** The file an export writes: the same shape the host keeps on disk, secrets already blank in the entries. */
export function exportLibrary(entries: readonly LibraryEntry[]): string {
  return `${JSON.stringify({ format: LIBRARY_FILE_FORMAT, schemaVersion: 1, agents: entries }, null, 2)}\n`;
}
