// The history of requests sent from the editor (MSG-8): each entry is the draft as sent, without secrets (secret
// header values and typed credentials are emptied, so the history can be kept in local storage), with what came
// back in a few words. Searching matches method, URL, header names and values, and body text.

import type { DraftAuth, RawDraft } from './rawDraft';

export interface HistoryEntry {
  id: string;
  /** Milliseconds since the epoch, when it was sent. */
  at: number;
  draft: RawDraft;
  /** "200 OK", "connection refused", "result" …: what the send came to. */
  outcome: string;
  /** The frame it made, to show it again while it is still in the window. */
  frameId?: string;
}

export const HISTORY_LIMIT = 200;

function withoutSecretAuth(auth: DraftAuth | undefined): DraftAuth | undefined {
  switch (auth?.kind) {
    case 'bearer':
      return { kind: 'bearer', token: '' };
    case 'basic':
      return { kind: 'basic', user: auth.user, password: '' };
    case 'api-key':
      return { kind: 'api-key', name: auth.name, value: '' };
    default:
      return auth;
  }
}

/** The draft as the history keeps it: secret values emptied, a file body left out (it can be large), the rest as sent. */
export function historyDraft(draft: RawDraft): RawDraft {
  const auth = withoutSecretAuth(draft.auth);
  return {
    method: draft.method,
    url: draft.url,
    headers: draft.headers.map((header) => (header.secret ? { ...header, value: '' } : { ...header })),
    body: draft.body,
    ...(auth ? { auth } : {}),
  };
}

/** The newest first, at most HISTORY_LIMIT. */
export function addToHistory(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [{ ...entry, draft: historyDraft(entry.draft) }, ...entries].slice(0, HISTORY_LIMIT);
}

/** Entries matching every word of the query, case-insensitively. */
export function searchHistory(entries: readonly HistoryEntry[], query: string): HistoryEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const { draft } = entry;
    const text = [draft.method, draft.url, entry.outcome, draft.body]
      .concat(draft.headers.map((h) => `${h.name}: ${h.value}`))
      .join('\n')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** Entries read back from storage; anything not shaped like an entry is dropped rather than trusted. */
export function parseHistory(stored: string | null): HistoryEntry[] {
  if (!stored) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(isEntry).slice(0, HISTORY_LIMIT);
}

function isEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<HistoryEntry>;
  const draft = entry.draft as Partial<RawDraft> | undefined;
  return (
    typeof entry.id === 'string' &&
    typeof entry.at === 'number' &&
    typeof entry.outcome === 'string' &&
    typeof draft === 'object' &&
    draft !== null &&
    typeof draft.method === 'string' &&
    typeof draft.url === 'string' &&
    typeof draft.body === 'string' &&
    Array.isArray(draft.headers) &&
    draft.headers.every((h: unknown) => {
      const header = h as { name?: unknown; value?: unknown };
      return (
        typeof h === 'object' &&
        h !== null &&
        typeof header.name === 'string' &&
        typeof header.value === 'string'
      );
    })
  );
}
