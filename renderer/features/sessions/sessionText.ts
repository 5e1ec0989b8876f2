// The words the sessions feature shows: what a save did, what redaction removed, where a recent session came from.
// Plain functions so the sentences are tested once and every view says the same thing.

import type {
  RecentSession,
  RedactionItem,
  SavedSession,
  SessionSummary,
} from '../../../shared/session/types';
import { formatBytes } from '../../ui/frameFormat';
import { formatElapsed } from '../../store/replayPlan';

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "Saved to /data/sessions/x.switchboard.json (12.0 KiB). 2 secrets redacted." */
export function describeSaved(saved: SavedSession): string {
  const redacted = saved.redactions.length;
  return `Saved to ${saved.path} (${formatBytes(saved.bytes)}). ${
    redacted === 0 ? 'No secrets to redact.' : `${plural(redacted, 'secret')} redacted.`
  }`;
}

const KIND_WORDS: Record<RedactionItem['kind'], string> = {
  authorization: 'Authorization',
  'api-key': 'API key',
  token: 'Token',
  cookie: 'Cookie',
  'url-credentials': 'Credentials in a URL',
  'push-secret': 'Push notification secret',
  jwt: 'JWT',
  'client-secret': 'OAuth client secret',
  password: 'Password',
};

const WHERE_WORDS: Record<RedactionItem['where'], string> = {
  'request-header': 'request header',
  'response-header': 'response header',
  url: 'URL',
  query: 'query parameter',
  cookie: 'cookie',
  form: 'form field',
  'request-body': 'request body',
  'response-body': 'response body',
  sse: 'stream event',
  'agent-settings': 'agent settings',
};

export function redactionKind(item: RedactionItem): string {
  return KIND_WORDS[item.kind] ?? item.kind;
}

export function redactionWhere(item: RedactionItem): string {
  return WHERE_WORDS[item.where] ?? item.where;
}

/** One line for the review: "API key · request header X-API-Key · 32 characters". */
export function describeRedaction(item: RedactionItem): string {
  return `${redactionKind(item)} · ${redactionWhere(item)} ${item.name} · ${plural(item.length, 'character')}`;
}

/** "Nothing to redact." / "3 secrets will be removed:" for the export review. */
export function redactionHeadline(items: readonly RedactionItem[], redact: boolean): string {
  if (!redact) {
    return items.length === 0
      ? 'Redaction is off: the file keeps every value the session recorded.'
      : `Redaction is off, but ${plural(items.length, 'secret')} never reached the recording (secrets are removed before anything is written to disk), so the file cannot hold them:`;
  }
  if (items.length === 0) return 'Redaction is on. The session holds no secret Switchboard knows of.';
  return `Redaction is on. ${plural(items.length, 'secret')} will be left out of the file:`;
}

const RECENT_KIND_WORDS: Record<RecentSession['kind'], string> = {
  saved: 'saved',
  opened: 'opened',
  journal: 'earlier run',
};

export function recentKind(session: RecentSession): string {
  return RECENT_KIND_WORDS[session.kind] ?? session.kind;
}

/** The recent list's second line: "earlier run · 12.0 KiB · 2025-01-31 14:02". */
export function describeRecent(session: RecentSession): string {
  return `${recentKind(session)} · ${formatBytes(session.bytes)} · ${formatWhen(session.at)}`;
}

/** Local date and time to the minute, the same on every machine's locale settings. */
export function formatWhen(epochMs: number): string {
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return 'unknown time';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`;
}

/** What the replay bar says about where the session came from. */
export function describeSource(session: SessionSummary): string {
  const from =
    session.source === 'har'
      ? 'imported from HAR'
      : session.source === 'journal'
        ? 'recovered from the journal of a run'
        : session.source === 'live'
          ? 'this run'
          : 'session file';
  const migrated =
    session.migratedFrom !== undefined ? ` · migrated from format ${session.migratedFrom}` : '';
  return `${from}${migrated}`;
}

/**
 * When a session was recorded, for the browse bar: first to last frame and how long that was. A session opened
 * before it was indexed knows its end only once the host has read to it (the `session-details` event).
 */
export function describeSpan(
  session: Pick<SessionSummary, 'startedAt' | 'endedAt' | 'indexing'>,
): string | undefined {
  const { startedAt, endedAt } = session;
  if (startedAt === undefined) return undefined;
  if (endedAt === undefined)
    return session.indexing
      ? `Recorded from ${formatWhen(startedAt)}; its end is known once the file is indexed.`
      : `Recorded from ${formatWhen(startedAt)}.`;
  return `Recorded from ${formatWhen(startedAt)} to ${formatWhen(endedAt)} (${formatElapsed(endedAt - startedAt)}).`;
}

/** The picker and drop limit: larger text cannot be held as one string by the page anyway. */
export const MAX_SESSION_FILE_BYTES = 512 * 1024 * 1024;

export function tooLargeToRead(name: string, bytes: number): string | undefined {
  return bytes > MAX_SESSION_FILE_BYTES
    ? `${name} is ${formatBytes(bytes)}; files over ${formatBytes(MAX_SESSION_FILE_BYTES)} cannot be opened here.`
    : undefined;
}
