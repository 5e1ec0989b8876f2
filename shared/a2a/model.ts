// The normalized A2A model every generation decodes into (docs/architecture.md#the-protocol-model). Each object keeps
// the wire object it came from in `wire` — so unknown fields are never lost and the UI can show what was on the wire —
// and the wire's own spelling of enums (`stateWire`, `roleWire`), because generations spell them differently
// (docs/protocol.md#task-states-and-roles).

export type TaskState =
  | 'submitted'
  | 'working'
  | 'input-required'
  | 'auth-required'
  | 'completed'
  | 'canceled'
  | 'failed'
  | 'rejected'
  | 'unknown';

export const terminalStates: ReadonlySet<TaskState> = new Set([
  'completed',
  'canceled',
  'failed',
  'rejected',
]);
export const interruptedStates: ReadonlySet<TaskState> = new Set(['input-required', 'auth-required']);

/**
 * Whether a task in this state has ended for good. Takes any string, since frames and summaries carry states as
 * read from the wire; only the normalized names of `TaskState` can be terminal.
 */
export function isTerminalState(state: string | undefined): boolean {
  return state !== undefined && (terminalStates as ReadonlySet<string>).has(state);
}

export type Role = 'user' | 'agent' | 'unspecified';

export type JsonObject = Record<string, unknown>;

interface Wire {
  /** The object exactly as it was decoded from the wire. */
  wire: unknown;
}

export type Part =
  | (Wire & { kind: 'text'; text: string; mediaType?: string; metadata?: JsonObject })
  | (Wire & {
      kind: 'file';
      name?: string;
      mediaType?: string;
      /** Base64 of the file's bytes, when sent inline. */
      bytes?: string;
      uri?: string;
      metadata?: JsonObject;
    })
  | (Wire & { kind: 'data'; data: unknown; mediaType?: string; metadata?: JsonObject })
  /** A part no generation's rules recognise: kept, shown raw, flagged. */
  | (Wire & { kind: 'unknown' });

export interface Message extends Wire {
  messageId?: string;
  role: Role;
  roleWire: string;
  parts: Part[];
  taskId?: string;
  contextId?: string;
  referenceTaskIds?: string[];
  extensions?: string[];
  metadata?: JsonObject;
}

export interface TaskStatus extends Wire {
  state: TaskState;
  stateWire: string;
  message?: Message;
  timestamp?: string;
}

export interface Artifact extends Wire {
  artifactId?: string;
  /** 0.1 keys chunks by index instead of artifactId. */
  index?: number;
  name?: string;
  description?: string;
  parts: Part[];
  /** 0.1 carries chunk control on the artifact; later generations on the update event (copied here too). */
  append?: boolean;
  lastChunk?: boolean;
  extensions?: string[];
  metadata?: JsonObject;
}

export interface Task extends Wire {
  id: string;
  /** `contextId`, or 0.1's `sessionId`. */
  contextId?: string;
  status: TaskStatus;
  artifacts: Artifact[];
  history: Message[];
  metadata?: JsonObject;
}

export interface StatusUpdate extends Wire {
  taskId: string;
  contextId?: string;
  status: TaskStatus;
  /** ≤0.3 only: the last event of the stream. 1.0 ends streams by closing them. */
  final?: boolean;
  metadata?: JsonObject;
}

export interface ArtifactUpdate extends Wire {
  taskId: string;
  contextId?: string;
  artifact: Artifact;
  append?: boolean;
  lastChunk?: boolean;
  metadata?: JsonObject;
}

export type StreamItem =
  | { kind: 'task'; task: Task }
  | { kind: 'message'; message: Message }
  | { kind: 'status-update'; update: StatusUpdate }
  | { kind: 'artifact-update'; update: ArtifactUpdate }
  | { kind: 'unknown'; wire: unknown };

export interface PushConfig extends Wire {
  taskId?: string;
  id?: string;
  url: string;
  token?: string;
  /** ≤0.3: a list of scheme names; 1.0: one scheme. Both kept as a list. */
  authSchemes?: string[];
  credentials?: string;
}

export interface TaskPage extends Wire {
  tasks: Task[];
  nextPageToken?: string;
  pageSize?: number;
  totalSize?: number;
}

/** What an operation returned, normalized. */
export type OperationResult =
  | { type: 'task'; task: Task }
  | { type: 'message'; message: Message }
  | { type: 'task-page'; page: TaskPage }
  | { type: 'push-config'; config: PushConfig }
  | { type: 'push-configs'; configs: PushConfig[]; nextPageToken?: string }
  | { type: 'card'; card: unknown }
  | { type: 'empty' };

/** An error answer from the agent, in any binding. */
export interface A2AError extends Wire {
  /** JSON-RPC code, or the code found in a REST body. */
  code?: number;
  httpStatus?: number;
  /** The A2A error name when it can be told (TaskNotFoundError …). */
  name?: string;
  /** 1.0 ErrorInfo reasons (TASK_NOT_FOUND …). */
  reasons?: string[];
  message: string;
  data?: unknown;
}
