// Task states and roles as each generation spells them (docs/protocol.md#task-states-and-roles): kebab-case up to 0.3
// JSON-RPC, TASK_STATE_* in ProtoJSON (0.3 REST/gRPC spell it CANCELLED, 1.0 CANCELED), and enum numbers, which
// ProtoJSON readers must accept too.

import { defined, type DecodeContext } from './decodeContext';
import type { Message, Role, TaskState, TaskStatus } from './model';
import { ownValue } from '../ownValue';

const KEBAB: Record<string, TaskState> = {
  submitted: 'submitted',
  working: 'working',
  'input-required': 'input-required',
  'auth-required': 'auth-required',
  completed: 'completed',
  canceled: 'canceled',
  failed: 'failed',
  rejected: 'rejected',
  unknown: 'unknown',
};

const PROTO: Record<string, TaskState> = {
  TASK_STATE_UNSPECIFIED: 'unknown',
  TASK_STATE_SUBMITTED: 'submitted',
  TASK_STATE_WORKING: 'working',
  TASK_STATE_COMPLETED: 'completed',
  TASK_STATE_FAILED: 'failed',
  TASK_STATE_CANCELED: 'canceled',
  TASK_STATE_CANCELLED: 'canceled',
  TASK_STATE_INPUT_REQUIRED: 'input-required',
  TASK_STATE_REJECTED: 'rejected',
  TASK_STATE_AUTH_REQUIRED: 'auth-required',
};

// Enum numbers of TaskState in the 0.3 and 1.0 protos.
const PROTO_NUMBERS: readonly TaskState[] = [
  'unknown',
  'submitted',
  'working',
  'completed',
  'failed',
  'canceled',
  'input-required',
  'rejected',
  'auth-required',
];

export type StateDialect = 'kebab-0.1' | 'kebab' | 'proto-0.3' | 'proto-1.0';

// States that did not exist yet in 0.1 (docs/protocol.md#task-states-and-roles).
const NOT_IN_0_1: ReadonlySet<TaskState> = new Set(['rejected', 'auth-required']);

export function readTaskState(
  value: unknown,
  dialect: StateDialect,
  ctx: DecodeContext,
  pointer: string,
): TaskState {
  if (dialect === 'kebab' || dialect === 'kebab-0.1') {
    const state = typeof value === 'string' ? ownValue(KEBAB, value) : undefined;
    if (!state) {
      ctx.report('a2a.unknown-state', `Unknown task state ${JSON.stringify(value)}.`, pointer, 'error');
      return 'unknown';
    }
    if (dialect === 'kebab-0.1' && NOT_IN_0_1.has(state)) {
      ctx.report('a2a.state-generation', `The state "${state}" does not exist in A2A 0.1.`, pointer);
    }
    return state;
  }
  if (typeof value === 'number' && Number.isInteger(value)) {
    const state = PROTO_NUMBERS[value];
    if (state) return state;
  }
  const state = typeof value === 'string' ? ownValue(PROTO, value) : undefined;
  if (!state) {
    ctx.report('a2a.unknown-state', `Unknown task state ${JSON.stringify(value)}.`, pointer, 'error');
    return 'unknown';
  }
  const expected = dialect === 'proto-0.3' ? 'TASK_STATE_CANCELLED' : 'TASK_STATE_CANCELED';
  if (state === 'canceled' && value !== expected) {
    ctx.report(
      'a2a.enum-spelling',
      `This generation spells the canceled state ${expected}, not ${String(value)}.`,
      pointer,
    );
  }
  return state;
}

export function readRole(value: unknown, proto: boolean, ctx: DecodeContext, pointer: string): Role {
  if (proto) {
    if (value === 'ROLE_USER' || value === 1) return 'user';
    if (value === 'ROLE_AGENT' || value === 2) return 'agent';
    if (value === 'ROLE_UNSPECIFIED' || value === 0) return 'unspecified';
  } else if (value === 'user' || value === 'agent') {
    return value;
  }
  ctx.report('a2a.unknown-role', `Unknown role ${JSON.stringify(value)}.`, pointer, 'error');
  return 'unspecified';
}

export function wireSpelling(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** A ≤0.3 JSON-RPC task status (0.1 and 0.2/0.3 differ only in their states and in how messages decode). */
export function decodeKebabStatus(
  value: unknown,
  dialect: 'kebab-0.1' | 'kebab',
  decodeMessage: (value: unknown, ctx: DecodeContext, pointer: string) => Message,
  ctx: DecodeContext,
  pointer: string,
): TaskStatus {
  const status = ctx.object(value, pointer, 'A task status') ?? {};
  return defined({
    state: readTaskState(status.state, dialect, ctx, `${pointer}/state`),
    stateWire: wireSpelling(status.state),
    message: status.message == null ? undefined : decodeMessage(status.message, ctx, `${pointer}/message`),
    timestamp: ctx.optionalString(status, 'timestamp', pointer),
    wire: value,
  });
}
