// Which frames of a browse-mode session belong to which task (TL-6). Built once per session on the first ask, by
// reading the session a page at a time through its index (the file is never held whole), and kept with the session:
// each task's frame positions, plus the exchange (http frame) that carried each of its stream events, since a stream
// event is only readable with the request that opened it. One task's frames are then read by position alone. A task
// is one agent's, as in the live views (shared/timeline/taskViews.ts): agents choose their own task ids, so two of
// them may use the same one, and each gets a task of its own. A stream event's agent is its exchange's.

import type { BrowseSession } from './browseSessions';
import type { HeldSessions, Request } from './heldSessions';
import type { Frame } from '../../../shared/wire/frame';
import { taskKey } from '../../../shared/timeline/taskViews';
import {
  SESSION_TASK_MAX_FRAMES,
  type SessionTaskFrames,
  type SessionTaskList,
  type SessionTaskSummary,
} from '../../../shared/session/sessionTasks';

/** Frames read per page while the index is built: big enough to amortise a read, small enough to stay light. */
const INDEX_PAGE = 5_000;

interface TaskEntry {
  summary: SessionTaskSummary;
  /** Positions of the frames naming the task, ascending. */
  positions: number[];
  /** Positions of the exchanges its stream events belong to. */
  exchanges: Set<number>;
}

interface TaskIndex {
  /** Keyed by agent and task id (`taskKey`), in the order first seen. */
  tasks: Map<string, TaskEntry>;
  /** The tasks of each task id: more than one when several agents used it. */
  byId: Map<string, TaskEntry[]>;
  scanned: number;
}

/** An http frame as its stream events name it: where it is, and whose exchange it was. */
interface ExchangeAt {
  position: number;
  agentId: string | undefined;
}

const built = new WeakMap<BrowseSession, Promise<TaskIndex>>();

function taskIndex(browse: BrowseSession): Promise<TaskIndex> {
  let index = built.get(browse);
  if (!index) {
    index = buildIndex(browse);
    // A failed build is not kept: asking again tries again.
    index.catch(() => built.delete(browse));
    built.set(browse, index);
  }
  return index;
}

async function buildIndex(browse: BrowseSession): Promise<TaskIndex> {
  const source = browse.session.frames;
  const index: TaskIndex = { tasks: new Map(), byId: new Map(), scanned: 0 };
  /** Each http frame by id: what a later stream event names as its exchange. */
  const exchanges = new Map<string, ExchangeAt>();
  let at = 0;
  // The tasks are those of the whole session: a list made while the index is built would miss the rest.
  await source.whenIndexed?.();
  while (at < source.count) {
    const frames = await source.read(at, INDEX_PAGE);
    if (frames.length === 0) break;
    frames.forEach((frame, i) => note(index, exchanges, frame, at + i));
    at += frames.length;
  }
  index.scanned = at;
  return index;
}

/** The agent a frame speaks for: an exchange's own, a stream event's exchange's, a push delivery's receiver's. */
function agentOf(frame: Frame, exchanges: ReadonlyMap<string, ExchangeAt>): string | undefined {
  const agentId =
    frame.kind === 'http'
      ? frame.a2a?.agentId
      : frame.kind === 'sse'
        ? exchanges.get(frame.exchangeId)?.agentId
        : frame.agentId;
  // An empty id names no agent, as in the live views.
  return agentId || undefined;
}

function note(index: TaskIndex, exchanges: Map<string, ExchangeAt>, frame: Frame, position: number): void {
  if (frame.kind === 'http') exchanges.set(frame.id, { position, agentId: frame.a2a?.agentId || undefined });
  const taskId = frame.a2a?.taskId;
  if (!taskId) return;
  const agentId = agentOf(frame, exchanges);
  const key = taskKey(agentId, taskId);
  let entry = index.tasks.get(key);
  if (!entry) {
    entry = {
      summary: { taskId, frames: 0, at: frame.timing.start, ...(agentId ? { agentId } : {}) },
      positions: [],
      exchanges: new Set(),
    };
    index.tasks.set(key, entry);
    const same = index.byId.get(taskId);
    if (same) same.push(entry);
    else index.byId.set(taskId, [entry]);
  }
  entry.positions.push(position);
  entry.summary.frames++;
  const state = frame.kind === 'http' ? undefined : frame.a2a?.state;
  if (state) entry.summary.state = state;
  if (frame.kind === 'sse') {
    const exchange = exchanges.get(frame.exchangeId);
    if (exchange !== undefined) entry.exchanges.add(exchange.position);
  }
}

/** The session `sessionId` in browse mode; a clear refusal for one loaded whole or not open. */
function browsed(held: HeldSessions, sessionId: string): BrowseSession {
  const browse = held.browsing.get(sessionId);
  if (browse) return browse;
  if (held.open.has(sessionId))
    throw new Error(
      'This session is loaded whole, not browsed: its tasks are in the Tasks and Timeline tabs.',
    );
  throw new Error(`No open session has the id ${JSON.stringify(sessionId)}; open it again.`);
}

export async function listSessionTasks(held: HeldSessions, { sessionId }: Request<'listSessionTasks'>) {
  return listTasks(browsed(held, sessionId));
}

export async function readSessionTask(
  held: HeldSessions,
  { sessionId, taskId, agentId }: Request<'readSessionTask'>,
) {
  return readTask(browsed(held, sessionId), taskId, agentId);
}

async function listTasks(browse: BrowseSession): Promise<SessionTaskList> {
  const index = await taskIndex(browse);
  return { tasks: [...index.tasks.values()].map((entry) => entry.summary), scanned: index.scanned };
}

/** The one task asked for: that agent's (`''`: the task no agent's exchange carried), or the only one with the id. */
function findTask(index: TaskIndex, taskId: string, agentId: string | undefined): TaskEntry {
  if (agentId !== undefined) {
    const entry = index.tasks.get(taskKey(agentId || undefined, taskId));
    if (entry) return entry;
    throw new Error(
      agentId
        ? `This session has no task with the id ${JSON.stringify(taskId)} from the agent ${JSON.stringify(agentId)}.`
        : `This session has no task with the id ${JSON.stringify(taskId)} outside an agent's exchanges.`,
    );
  }
  const entries = index.byId.get(taskId) ?? [];
  if (entries.length === 0)
    throw new Error(`This session has no task with the id ${JSON.stringify(taskId)}.`);
  if (entries.length > 1) {
    const agents = entries.map((entry) => JSON.stringify(entry.summary.agentId ?? '')).join(', ');
    throw new Error(
      `${entries.length} agents used the task id ${JSON.stringify(taskId)} (${agents}): say whose task to read.`,
    );
  }
  return entries[0]!;
}

async function readTask(
  browse: BrowseSession,
  taskId: string,
  agentId: string | undefined,
): Promise<SessionTaskFrames> {
  const entry = findTask(await taskIndex(browse), taskId, agentId);
  const positions = [...new Set([...entry.exchanges, ...entry.positions])].sort((a, b) => a - b);
  const kept = positions.slice(0, SESSION_TASK_MAX_FRAMES);
  return {
    taskId,
    ...(entry.summary.agentId ? { agentId: entry.summary.agentId } : {}),
    frames: await readPositions(browse, kept),
    total: positions.length,
  };
}

/** Reads frames at ascending positions, one read per run of neighbours rather than one per frame. */
async function readPositions(browse: BrowseSession, positions: readonly number[]): Promise<Frame[]> {
  const frames: Frame[] = [];
  for (let i = 0; i < positions.length;) {
    let end = i + 1;
    while (end < positions.length && positions[end] === positions[end - 1]! + 1) end++;
    for (const frame of await browse.session.frames.read(positions[i]!, end - i)) frames.push(frame);
    i = end;
  }
  return frames;
}
