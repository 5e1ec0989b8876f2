// One task as the frames tell it (TL-2, TL-3): its state marks in order, with transitions no agent should make
// flagged; its artifacts assembled from chunks; its messages. Applied item by item, so a view of a long task costs
// what the new events cost, not the whole history.

import {
  type Artifact,
  isTerminalState,
  type Message,
  type Part,
  type StreamItem,
  type Task,
  type TaskState,
} from '../a2a/model';

export interface StateMark {
  state: TaskState;
  /** The state as the wire spelled it. */
  stateWire: string;
  at: number;
  frameId: string;
  /** Why this transition should not happen, when it should not. */
  illegal?: string;
  /** The status message that came with the state, if any. */
  message?: Message;
}

export interface AssembledArtifact {
  /** artifactId, or `#<index>` for 0.1 artifacts keyed by index. */
  key: string;
  name?: string;
  description?: string;
  parts: Part[];
  /** How many chunks were applied. */
  chunks: number;
  /** A chunk said it was the last (or a whole artifact arrived in a task snapshot). */
  complete: boolean;
  frameIds: string[];
}

export interface TaskView {
  id: string;
  contextId?: string;
  agentId?: string;
  states: StateMark[];
  artifacts: AssembledArtifact[];
  /** Frames that concern the task, in arrival order. */
  frameIds: string[];
  /** Read from answers that are not A2A (a plain REST agent's task JSON, shared/timeline/taskLike.ts). */
  notA2A?: true;
}

export function newTaskView(id: string): TaskView {
  return { id, states: [], artifacts: [], frameIds: [] };
}

/**
 * Records a state. Repeats of the state in force are not marks (agents send many `working` updates); leaving a terminal
 * state, or going back to `submitted`, is marked illegal (docs/protocol.md#task-states-and-roles: terminal states are
 * final).
 */
export function applyState(
  view: TaskView,
  state: TaskState,
  stateWire: string,
  at: number,
  frameId: string,
  message?: Message,
): void {
  const last = view.states.at(-1);
  if (last && last.state === state && !message) return;
  const mark: StateMark = { state, stateWire, at, frameId, ...(message ? { message } : {}) };
  if (last && last.state === state && isTerminalState(state)) return;
  if (last && isTerminalState(last.state)) {
    mark.illegal = `The task was already ${last.stateWire}, a terminal state; nothing may follow it.`;
  } else if (last && state === 'submitted' && last.state !== 'submitted') {
    mark.illegal = `The task went back to ${stateWire} after ${last.stateWire}.`;
  }
  view.states.push(mark);
}

export function applyTask(view: TaskView, task: Task, at: number, frameId: string): void {
  if (task.contextId) view.contextId = task.contextId;
  applyState(view, task.status.state, task.status.stateWire, at, frameId, task.status.message);
  // A snapshot holds whole artifacts: each replaces what the chunks had built.
  for (const artifact of task.artifacts) {
    const key = artifactKey(artifact);
    const assembled = assembledArtifact(view, key, artifact);
    assembled.parts = [...artifact.parts];
    assembled.complete = true;
    addFrame(assembled.frameIds, frameId);
  }
}

export function applyItem(view: TaskView, item: StreamItem, at: number, frameId: string): void {
  switch (item.kind) {
    case 'task':
      applyTask(view, item.task, at, frameId);
      break;
    case 'status-update':
      if (item.update.contextId) view.contextId = item.update.contextId;
      applyState(
        view,
        item.update.status.state,
        item.update.status.stateWire,
        at,
        frameId,
        item.update.status.message,
      );
      break;
    case 'artifact-update': {
      if (item.update.contextId) view.contextId = item.update.contextId;
      const artifact = item.update.artifact;
      const assembled = assembledArtifact(view, artifactKey(artifact), artifact);
      const append = item.update.append ?? artifact.append ?? false;
      // Appended in place: the view owns `parts` (every replacement is a copy), and copying it per chunk made a
      // long stream's artifact cost the square of its chunks (bench:ui-many). Readers that memoise on it watch its
      // length too.
      if (append) for (const part of artifact.parts) assembled.parts.push(part);
      else assembled.parts = [...artifact.parts];
      assembled.chunks++;
      assembled.complete = item.update.lastChunk ?? artifact.lastChunk ?? false;
      addFrame(assembled.frameIds, frameId);
      break;
    }
    case 'message':
    case 'unknown':
      break;
  }
  addFrame(view.frameIds, frameId);
}

export function lastState(view: TaskView): StateMark | undefined {
  return view.states.at(-1);
}

export function isTerminal(state: TaskState | undefined): boolean {
  return state !== undefined && isTerminalState(state);
}

function artifactKey(artifact: Artifact): string {
  return artifact.artifactId ?? `#${artifact.index ?? 0}`;
}

function assembledArtifact(view: TaskView, key: string, artifact: Artifact): AssembledArtifact {
  let found = view.artifacts.find((a) => a.key === key);
  if (!found) {
    found = { key, parts: [], chunks: 0, complete: false, frameIds: [] };
    view.artifacts.push(found);
  }
  if (artifact.name !== undefined) found.name = artifact.name;
  if (artifact.description !== undefined) found.description = artifact.description;
  return found;
}

function addFrame(list: string[], frameId: string): void {
  if (list.at(-1) !== frameId) list.push(frameId);
}
