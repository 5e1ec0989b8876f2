// The tasks of a session in browse mode (TL-6): the list the window picks from, and one task's frames read from the
// file on demand, so a session too large to load whole still shows each task's state strip and conversation. A task
// is one agent's: two agents that used the same task id are two tasks, as in the live views.

import type { Frame } from '../wire/frame';

/** Frames given back for one task at most: a task with more is shown from its first frames, and says so. */
export const SESSION_TASK_MAX_FRAMES = 20_000;

export interface SessionTaskSummary {
  taskId: string;
  /** Frames that name the task (its requests, events and pushes). */
  frames: number;
  /** The last state a frame of the task carried, as the recorder noted it. */
  state?: string;
  /** When its first frame started. */
  at: number;
  /** The agent whose task it is; absent for a task no agent's exchange carried (the address bar's). */
  agentId?: string;
}

export interface SessionTaskList {
  tasks: SessionTaskSummary[];
  /** Frames looked through to find them: the whole session. */
  scanned: number;
}

export interface SessionTaskFrames {
  taskId: string;
  agentId?: string;
  /** The task's frames in session order, each stream event preceded by the exchange that carried it. */
  frames: Frame[];
  /** Frames of the task in all; more than `frames.length` when the task was cut at SESSION_TASK_MAX_FRAMES. */
  total: number;
}
