// The session file format (SES-2): one JSON document holding a run's frames, the agents (cards and settings, secrets
// blanked) that produced them, what redaction removed, and the large bodies moved out of the frames into a blob
// table. `format` says what the file is, `schemaVersion` which shape it has; readers migrate older shapes forward
// (migrations.ts) and refuse newer ones with a message saying which version would open it.
//
// Large bodies: a body (or SSE block) over BLOB_THRESHOLD_BYTES is stored once in `blobs`, keyed by the sha256 of its
// bytes, and the frame keeps a `blob` reference with its text and base64 emptied. A file sent twice is stored once,
// and the frames stay small enough to scan.

import { z } from 'zod';
import { generations } from '../a2a/generation';
import type { Frame } from '../wire/frame';
import { frameSchema } from './frameSchema';
import type { RedactionItem, SessionAgent } from './types';

export const SESSION_FORMAT = 'switchboard-session';
export const SESSION_SCHEMA_VERSION = 2;
export const SESSION_FILE_EXTENSION = '.switchboard';
export const SESSION_MIME_TYPE = 'application/vnd.switchboard.session+json';
/** Bodies and SSE blocks larger than this go to the blob table (sessions) or a blob file (the journal). */
export const BLOB_THRESHOLD_BYTES = 256 * 1024;
/** Files larger than this are refused before they are read. */
// A session file is read as one string, and V8 strings stop at about 512 MiB.
export const SESSION_MAX_BYTES = 500 * 1024 * 1024;
export const SESSION_MAX_FRAMES = 5_000_000;

/** A body or SSE block whose bytes are in the blob table: the sha256 (hex) of the bytes. */
export interface BlobRef {
  blob?: string;
}

export interface SessionFile {
  format: typeof SESSION_FORMAT;
  schemaVersion: typeof SESSION_SCHEMA_VERSION;
  appVersion: string;
  /** ISO 8601. */
  savedAt: string;
  title: string;
  /** The generation of the first agent, for a reader that wants to know before it parses frames. */
  generation?: string;
  agents: SessionAgent[];
  /** The newest revision of each frame, in order of first arrival. */
  frames: Frame[];
  /** Values redaction removed before the file was written (never the values). */
  redactions: RedactionItem[];
  /** sha256 (hex) → base64 bytes. */
  blobs: Record<string, string>;
}

const sha256Hex = /^[0-9a-f]{64}$/;

const agentSchema = z.looseObject({
  id: z.string().min(1).max(1000),
  name: z.string().max(10_000),
  cardUrl: z.string(),
  origin: z.string(),
  cardText: z.string(),
  generation: z.enum(generations),
  settings: z.record(z.string(), z.unknown()).optional(),
});

const redactionSchema = z.looseObject({
  frameId: z.string().optional(),
  where: z.string(),
  name: z.string(),
  kind: z.string(),
  length: z.number(),
});

export const sessionFileSchema = z.object({
  format: z.literal(SESSION_FORMAT),
  schemaVersion: z.literal(SESSION_SCHEMA_VERSION),
  appVersion: z.string().max(200),
  savedAt: z.string().max(100),
  title: z.string().max(10_000),
  generation: z.string().max(20).optional(),
  agents: z.array(agentSchema).max(10_000),
  frames: z.array(frameSchema).max(SESSION_MAX_FRAMES),
  redactions: z.array(redactionSchema),
  blobs: z.record(z.string().regex(sha256Hex, 'A blob key must be a sha256 in hex.'), z.string()),
});

/** What a reader needs to know about any file that claims to be a session, before its shape is checked. */
export interface SessionEnvelope {
  format: string;
  schemaVersion: number;
}

export function readEnvelope(value: unknown): SessionEnvelope | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { format, schemaVersion } = value as Record<string, unknown>;
  if (format !== SESSION_FORMAT) return undefined;
  if (typeof schemaVersion !== 'number' || !Number.isInteger(schemaVersion)) {
    return { format, schemaVersion: Number.NaN };
  }
  return { format, schemaVersion };
}

/** The first problems of a value that failed the schema, as lines a user can act on (path, then reason). */
export function describeSchemaProblems(error: z.ZodError, limit = 5): string[] {
  return error.issues.slice(0, limit).map((issue) => {
    const path = issue.path.map(String).join('.');
    return `${path || '(top level)'}: ${issue.message}`;
  });
}
