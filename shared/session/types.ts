// What a session is (docs/architecture.md#frames-are-the-single-source-of-truth, SES-1..SES-8): the frames of a run
// plus the cards and settings that produced them. These are the plain JSON types the host, the renderer and the CLI
// exchange about sessions; the file format that stores them (with its version and schema) is in sessionFile.ts.

import type { AgentSettingsChange } from '../host/agent';
import type { Generation } from '../a2a/generation';
import type { Frame } from '../wire/frame';
import type { SessionRow } from './sessionRows';

/** An agent as a session remembers it: its card and settings, secrets blanked (AUTH-4). */
export interface SessionAgent {
  /** The agent id the frames' `a2a.agentId` name. */
  id: string;
  name: string;
  cardUrl: string;
  origin: string;
  cardText: string;
  generation: Generation;
  settings?: AgentSettingsChange;
}

/** What redaction removed, one line per value, so the user can review it before a file leaves (SES-6). */
export interface RedactionItem {
  /** The frame the value was in; absent for agent settings. */
  frameId?: string;
  /** Where it sat: a request or response header, the URL, a body, an SSE event, a webhook delivery, settings. */
  where:
    | 'request-header'
    | 'response-header'
    | 'url'
    | 'query'
    | 'cookie'
    | 'form'
    | 'request-body'
    | 'response-body'
    | 'sse'
    | 'agent-settings';
  /** The header, parameter, key or JSON pointer. */
  name: string;
  kind:
    | 'authorization'
    | 'api-key'
    | 'token'
    | 'cookie'
    | 'url-credentials'
    | 'push-secret'
    | 'jwt'
    | 'client-secret'
    | 'password';
  /** How many characters were removed; never the value. */
  length: number;
}

/** Where a session came from. */
export type SessionSource = 'live' | 'file' | 'har' | 'journal';

/** An open session on the host, without its frames (those are read in pages: readSessionFrames). */
export interface SessionSummary {
  sessionId: string;
  title: string;
  source: SessionSource;
  /** The file it was opened from, when there was one. */
  path?: string;
  agents: SessionAgent[];
  frameCount: number;
  /**
   * Too large to load whole (more than BROWSE_MIN_FRAMES frames): the window lists it with readSessionRows as it
   * is scrolled and reads single frames when they are opened, instead of replaying it.
   */
  browse?: boolean;
  /** First and last frame times, epoch ms. */
  startedAt?: number;
  endedAt?: number;
  appVersion?: string;
  savedAt?: string;
  /** Set when an older file was migrated on open. */
  migratedFrom?: number;
  /** Plain sentences: a torn journal tail dropped, unreadable lines skipped, a migration … */
  notices: string[];
  /**
   * Browse mode only, while the host still indexes the file (issue 27): `frameCount` is then an estimate, and
   * `session-index` events tell how far the index got until it is done.
   */
  indexing?: { bytesRead: number; bytes: number };
  /**
   * Browse mode only: rows [0, BROWSE_PAGE_ROWS) as readSessionRows gives them, when the host knew them all at
   * once (fewer only when the session has fewer), so the window shows its first rows without asking again.
   */
  firstRows?: SessionRow[];
}

/**
 * What a session opened in browse mode before it was indexed turned out to be once it was (the `session-details`
 * event, issue 27): the exact frame count, the last frame's time, and the members a file may keep after its frames
 * (title, agents, redactions and what they say in the notices), as a whole open would have answered.
 */
export type SessionDetails = Pick<
  SessionSummary,
  | 'sessionId'
  | 'title'
  | 'agents'
  | 'frameCount'
  | 'startedAt'
  | 'endedAt'
  | 'appVersion'
  | 'savedAt'
  | 'migratedFrom'
  | 'notices'
>;

/** How far the host has indexed a session opened in browse mode (the `session-index` event). */
export interface SessionIndexProgress {
  sessionId: string;
  /** Frames whose place in the file is known: rows up to here show at once. */
  indexed: number;
  /** Frames expected in all, from the bytes scanned so far; the exact count once done. */
  estimated: number;
  bytesRead: number;
  bytes: number;
  done: boolean;
  /** Why the index could not be built (a damaged file): rows past `indexed` cannot be read. */
  error?: string;
}

export interface SessionFramesPage {
  frames: Frame[];
  total: number;
}

/** A session the user can open again (SES-8): saved, opened before, or the journal of an earlier run. */
export interface RecentSession {
  path: string;
  title: string;
  kind: 'saved' | 'opened' | 'journal';
  /** Epoch ms of the last change or open. */
  at: number;
  bytes: number;
}

export type ExportFormat = 'session' | 'har';

export interface SessionExport {
  name: string;
  mimeType: string;
  text: string;
  redactions: RedactionItem[];
}

export interface SavedSession {
  path: string;
  bytes: number;
  redactions: RedactionItem[];
}

export type MockTiming = 'original' | 'compressed';

export interface MockAgentInfo {
  id: string;
  sessionId: string;
  url: string;
  cardUrl: string;
  timing: MockTiming;
}

/** One difference between a recorded run and its re-send, in words plus the two values. */
export interface RunDifference {
  step: number;
  /** states, artifacts, error, status, timing, missing, extra … */
  aspect: string;
  message: string;
  before?: unknown;
  after?: unknown;
}

/** One re-sent request: what was recorded and what came back now. */
export interface ResendStep {
  index: number;
  operation: string;
  recordedFrameId: string;
  newFrameId?: string;
  status: string;
  message: string;
}

export interface ResendResult {
  steps: ResendStep[];
  differences: RunDifference[];
  /** Timing differences are reported apart: they are expected and rarely a bug. */
  timing: Array<{ step: number; beforeMs: number; afterMs: number }>;
  /** The user cancelled the re-send (UX-5): the steps not reached say so, and the diff covers what was sent. */
  cancelled?: boolean;
}
