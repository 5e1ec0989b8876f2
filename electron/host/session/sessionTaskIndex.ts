// Which frames of a browse-mode session belong to which task (TL-6). Built once per session on the first ask, by
// reading the session a page at a time through its index (the file is never held whole), and kept with the session:
// each task's frame positions, plus the exchange (http frame) that carried each of its stream events, since a stream
// event is only readable with the request that opened it. One task's frames are then read by position alone.

import type { BrowseSession } from './browseSessions';
import type { HeldSessions, Request } from './heldSessions';
import type { Frame } from '../../../shared/wire/frame';
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
  tasks: Map<string, TaskEntry>;
  scanned: number;
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
  const tasks = new Map<string, TaskEntry>();
  /** Position of each http frame by id: what a later stream event names as its exchange. */
  const exchangeAt = new Map<string, number>();
  let at = 0;
  // The tasks are those of the whole session: a list made while the index is built would miss the rest.
  await source.whenIndexed?.();
  while (at < source.count) {
    const frames = await source.read(at, INDEX_PAGE);
    if (frames.length === 0) break;
    frames.forEach((frame, i) => note(tasks, exchangeAt, frame, at + i));
    at += frames.length;
  }
  return { tasks, scanned: at };
}

function note(
  tasks: Map<string, TaskEntry>,
  exchangeAt: Map<string, number>,
  frame: Frame,
  position: number,
): void {
  if (frame.kind === 'http') exchangeAt.set(frame.id, position);
  const taskId = frame.a2a?.taskId;
  if (!taskId) return;
  let entry = tasks.get(taskId);
  if (!entry) {
    entry = { summary: { taskId, frames: 0, at: frame.timing.start }, positions: [], exchanges: new Set() };
    tasks.set(taskId, entry);
  }
  entry.positions.push(position);
  entry.summary.frames++;
  const agentId =
    frame.kind === 'sse' ? undefined : frame.kind === 'http' ? frame.a2a?.agentId : frame.agentId;
  if (agentId && !entry.summary.agentId) entry.summary.agentId = agentId;
  const state = frame.kind === 'http' ? undefined : frame.a2a?.state;
  if (state) entry.summary.state = state;
  if (frame.kind === 'sse') {
    const exchange = exchangeAt.get(frame.exchangeId);
    if (exchange !== undefined) entry.exchanges.add(exchange);
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

export async function readSessionTask(held: HeldSessions, { sessionId, taskId }: Request<'readSessionTask'>) {
  return readTask(browsed(held, sessionId), taskId);
}

async function listTasks(browse: BrowseSession): Promise<SessionTaskList> {
  const index = await taskIndex(browse);
  return { tasks: [...index.tasks.values()].map((entry) => entry.summary), scanned: index.scanned };
}

async function readTask(browse: BrowseSession, taskId: string): Promise<SessionTaskFrames> {
  const index = await taskIndex(browse);
  const entry = index.tasks.get(taskId);
  if (!entry) throw new Error(`This session has no task with the id ${JSON.stringify(taskId)}.`);
  const positions = [...new Set([...entry.exchanges, ...entry.positions])].sort((a, b) => a - b);
  const kept = positions.slice(0, SESSION_TASK_MAX_FRAMES);
  return { taskId, frames: await readPositions(browse, kept), total: positions.length };
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
