// Reads any session file version this build knows (SES-2): older shapes are migrated forward one step at a time,
// the result is checked against the current schema, and a newer version is refused with a message that says so
// rather than guessing at fields it has never seen.
//
// Version history:
//   1 — the pre-release draft: agents as a map keyed by id (no origin, no settings), no title, no redaction list,
//       no blob table (every body inline).
//   2 — agents as a list with origin and settings, a title, the redaction list, the blob table.

import {
  describeSchemaProblems,
  readEnvelope,
  SESSION_SCHEMA_VERSION,
  sessionFileSchema,
  type SessionFile,
} from './sessionFile';

export class SessionFileError extends Error {
  override name = 'SessionFileError';
}

type Migration = (value: Record<string, unknown>) => Record<string, unknown>;

/** migrations[n] turns version n into version n + 1. */
const migrations: Record<number, Migration> = {
  1: (v1) => {
    const agents = isObject(v1.agents) ? Object.entries(v1.agents) : [];
    const list = agents.map(([id, raw]) => {
      const agent = isObject(raw) ? raw : {};
      const cardUrl = typeof agent.cardUrl === 'string' ? agent.cardUrl : '';
      return { ...agent, id, cardUrl, origin: originOf(cardUrl) };
    });
    const first = list[0] as { name?: unknown } | undefined;
    return {
      ...v1,
      schemaVersion: 2,
      title: typeof first?.name === 'string' ? first.name : 'Session',
      agents: list,
      redactions: [],
      blobs: {},
    };
  },
};

export const OLDEST_SCHEMA_VERSION = 1;

export interface LoadedSessionFile {
  file: SessionFile;
  migratedFrom?: number;
}

/** The parsed JSON of a file that claims to be a session → the current shape, or a SessionFileError saying why not. */
export function loadSessionValue(value: unknown): LoadedSessionFile {
  const envelope = readEnvelope(value);
  if (!envelope)
    throw new SessionFileError(
      'This is not a Switchboard session: its "format" field is missing or different.',
    );
  const version = envelope.schemaVersion;
  if (Number.isNaN(version)) throw new SessionFileError('The session file has no valid "schemaVersion".');
  if (version > SESSION_SCHEMA_VERSION) {
    throw new SessionFileError(
      `This session was saved by a newer Switchboard (format version ${version}; this build reads up to ${SESSION_SCHEMA_VERSION}). Update Switchboard to open it.`,
    );
  }
  if (version < OLDEST_SCHEMA_VERSION) {
    throw new SessionFileError(`Session format version ${version} is not one Switchboard ever wrote.`);
  }
  let current = value as Record<string, unknown>;
  for (let at = version; at < SESSION_SCHEMA_VERSION; at++) current = migrations[at]!(current);
  const checked = sessionFileSchema.safeParse(current);
  if (!checked.success) {
    const problems = describeSchemaProblems(checked.error);
    throw new SessionFileError(`The session file is damaged: ${problems.join('; ')}.`);
  }
  return {
    file: checked.data as SessionFile,
    ...(version < SESSION_SCHEMA_VERSION ? { migratedFrom: version } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
