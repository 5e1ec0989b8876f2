// The fault rules of PRX-4 (docs/proxy.md#fault-rules): what a user asks a proxy to do to the upstream's answers, and
// the parser that turns a rule file or the app's editor text into rules. Rules arrive from outside (a file, an editor,
// the host API), so parsing never throws: every bad rule becomes a sentence naming the rule and the field, and a list
// with any error is refused whole, so a proxy never runs half of what the user wrote.

import { operationNamed } from '../a2a/operationNames';

export interface FaultMatch {
  /** An operation in any generation's words: `send`, `message/send`, `SendMessage` (compared across generations). */
  operation?: string;
  /** The task the request names, exactly. */
  taskId?: string;
  /** Text contained in the message's text parts, ignoring letter case. */
  text?: string;
}

export type CorruptHow = 'truncate-json' | 'garbage';

export type FaultAction =
  | { kind: 'delay-first-byte'; ms: number }
  | { kind: 'delay-events'; ms: number }
  | { kind: 'drop-stream'; afterEvents: number }
  | { kind: 'error'; httpStatus?: number; jsonRpcCode?: number; grpcCode?: number; message?: string }
  | { kind: 'corrupt-event'; eventIndex: number; how: CorruptHow }
  | { kind: 'stall' };

export interface FaultRule {
  id: string;
  enabled: boolean;
  match: FaultMatch;
  action: FaultAction;
  /** Apply to the first N matching requests only; absent means every matching request. */
  times?: number;
}

export type FaultRulesResult = { ok: true; rules: FaultRule[] } | { ok: false; errors: string[] };

/** Bounds that keep a rule from asking for the absurd (a delay of days, a million-character message). */
export const faultLimits = {
  rules: 200,
  idLength: 100,
  maxMs: 600_000,
  maxCount: 1_000_000,
  textLength: 1_000,
  messageLength: 2_000,
} as const;

const actionKinds = [
  'delay-first-byte',
  'delay-events',
  'drop-stream',
  'error',
  'corrupt-event',
  'stall',
] as const;
const actionFields: Record<FaultAction['kind'], readonly string[]> = {
  'delay-first-byte': ['ms'],
  'delay-events': ['ms'],
  'drop-stream': ['afterEvents'],
  error: ['httpStatus', 'jsonRpcCode', 'grpcCode', 'message'],
  'corrupt-event': ['eventIndex', 'how'],
  stall: [],
};
const ruleFields = ['id', 'enabled', 'match', 'action', 'times'];
const matchFields = ['operation', 'taskId', 'text'];

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Collects the sentences of one rule, each prefixed with the rule's name and position. */
class RuleErrors {
  readonly list: string[] = [];
  constructor(private readonly name: string) {}
  add(field: string, problem: string): void {
    this.list.push(`${this.name}: ${field} ${problem}.`);
  }
}

function readCount(
  errors: RuleErrors,
  fields: Fields,
  field: string,
  label: string,
  min: number,
  max: number,
) {
  const value = fields[field];
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  errors.add(label, `must be a whole number from ${min} to ${max}, not ${shown(value)}`);
  return undefined;
}

function readText(errors: RuleErrors, fields: Fields, field: string, label: string, max: number) {
  const value = fields[field];
  if (typeof value === 'string' && value.length > 0 && value.length <= max) return value;
  errors.add(label, `must be a non-empty text of at most ${max} characters, not ${shown(value)}`);
  return undefined;
}

function unknownFields(errors: RuleErrors, fields: Fields, known: readonly string[], prefix: string): void {
  for (const key of Object.keys(fields))
    if (!known.includes(key))
      errors.add(`${prefix}${key}`, `is not a field here (known: ${known.join(', ') || 'none'})`);
}

function readMatch(errors: RuleErrors, value: unknown): FaultMatch {
  if (value === undefined) return {};
  if (!isFields(value)) {
    errors.add('match', `must be an object with operation, taskId or text, not ${shown(value)}`);
    return {};
  }
  unknownFields(errors, value, matchFields, 'match.');
  const match: FaultMatch = {};
  if (value.operation !== undefined) {
    const operation = readText(errors, value, 'operation', 'match.operation', faultLimits.idLength);
    if (operation !== undefined && operationNamed(operation) === undefined)
      errors.add(
        'match.operation',
        `names no A2A operation (${shown(operation)}; try send, message/stream, GetTask)`,
      );
    else if (operation !== undefined) match.operation = operation;
  }
  if (value.taskId !== undefined) {
    const taskId = readText(errors, value, 'taskId', 'match.taskId', faultLimits.textLength);
    if (taskId !== undefined) match.taskId = taskId;
  }
  if (value.text !== undefined) {
    const text = readText(errors, value, 'text', 'match.text', faultLimits.textLength);
    if (text !== undefined) match.text = text;
  }
  return match;
}

function readError(errors: RuleErrors, value: Fields): FaultAction | undefined {
  const action: FaultAction = { kind: 'error' };
  if (value.httpStatus !== undefined) {
    const status = readCount(errors, value, 'httpStatus', 'action.httpStatus', 200, 599);
    if (status !== undefined) action.httpStatus = status;
  }
  if (value.jsonRpcCode !== undefined) {
    const code = readCount(errors, value, 'jsonRpcCode', 'action.jsonRpcCode', -2_147_483_648, 2_147_483_647);
    if (code !== undefined) action.jsonRpcCode = code;
  }
  if (value.grpcCode !== undefined) {
    // 0 is OK, not an error; 1…16 are the canonical codes.
    const code = readCount(errors, value, 'grpcCode', 'action.grpcCode', 1, 16);
    if (code !== undefined) action.grpcCode = code;
  }
  if (value.message !== undefined) {
    const message = readText(errors, value, 'message', 'action.message', faultLimits.messageLength);
    if (message !== undefined) action.message = message;
  }
  return action;
}

function readCorrupt(errors: RuleErrors, value: Fields): FaultAction | undefined {
  const eventIndex =
    value.eventIndex === undefined
      ? 0
      : readCount(errors, value, 'eventIndex', 'action.eventIndex', 0, faultLimits.maxCount);
  let how: CorruptHow = 'truncate-json';
  if (value.how === 'garbage' || value.how === 'truncate-json') how = value.how;
  else if (value.how !== undefined)
    errors.add('action.how', `must be "truncate-json" or "garbage", not ${shown(value.how)}`);
  return eventIndex === undefined ? undefined : { kind: 'corrupt-event', eventIndex, how };
}

function readAction(errors: RuleErrors, value: unknown): FaultAction | undefined {
  if (!isFields(value)) {
    errors.add('action', `must be an object with a kind (${actionKinds.join(', ')}), not ${shown(value)}`);
    return undefined;
  }
  const kind = actionKinds.find((k) => k === value.kind);
  if (!kind) {
    errors.add('action.kind', `must be one of ${actionKinds.join(', ')}, not ${shown(value.kind)}`);
    return undefined;
  }
  unknownFields(errors, value, ['kind', ...actionFields[kind]], 'action.');
  switch (kind) {
    case 'delay-first-byte':
    case 'delay-events': {
      const ms = readCount(errors, value, 'ms', 'action.ms', 0, faultLimits.maxMs);
      return ms === undefined ? undefined : { kind, ms };
    }
    case 'drop-stream': {
      const afterEvents = readCount(
        errors,
        value,
        'afterEvents',
        'action.afterEvents',
        0,
        faultLimits.maxCount,
      );
      return afterEvents === undefined ? undefined : { kind, afterEvents };
    }
    case 'error':
      return readError(errors, value);
    case 'corrupt-event':
      return readCorrupt(errors, value);
    case 'stall':
      return { kind };
  }
}

function readRule(
  value: unknown,
  position: number,
  ids: Set<string>,
): { rule?: FaultRule; errors: string[] } {
  const fallbackId = `rule-${position}`;
  const givenId = isFields(value) && typeof value.id === 'string' ? value.id : undefined;
  const errors = new RuleErrors(
    `Rule ${givenId === undefined ? `#${position}` : `"${givenId}" (#${position})`}`,
  );
  if (!isFields(value)) {
    errors.add('the rule', `must be an object with match and action, not ${shown(value)}`);
    return { errors: errors.list };
  }
  unknownFields(errors, value, ruleFields, '');
  let id = fallbackId;
  if (value.id !== undefined) {
    const named = readText(errors, value, 'id', 'id', faultLimits.idLength);
    if (named !== undefined && [...named].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
      errors.add('id', 'must not hold control characters');
    else if (named !== undefined) id = named;
  }
  if (ids.has(id)) errors.add('id', `repeats ${shown(id)}; every rule needs its own id`);
  ids.add(id);
  let enabled = true;
  if (typeof value.enabled === 'boolean') enabled = value.enabled;
  else if (value.enabled !== undefined)
    errors.add('enabled', `must be true or false, not ${shown(value.enabled)}`);
  const match = readMatch(errors, value.match);
  const action = value.action === undefined ? undefined : readAction(errors, value.action);
  if (value.action === undefined) errors.add('action', 'is missing');
  const times =
    value.times === undefined
      ? undefined
      : readCount(errors, value, 'times', 'times', 1, faultLimits.maxCount);
  if (errors.list.length > 0 || !action) return { errors: errors.list };
  return { rule: { id, enabled, match, action, ...(times !== undefined ? { times } : {}) }, errors: [] };
}

/** Rules from parsed JSON: an array of rules, or `{ "rules": [...] }` as a rule file holds them. */
export function parseFaultRules(input: unknown): FaultRulesResult {
  const list = isFields(input) && Object.keys(input).length === 1 && 'rules' in input ? input.rules : input;
  if (!Array.isArray(list))
    return {
      ok: false,
      errors: [`Fault rules must be a list of rules or {"rules": [...]}, not ${shown(list)}.`],
    };
  if (list.length > faultLimits.rules)
    return {
      ok: false,
      errors: [`Fault rules: ${list.length} rules is more than the ${faultLimits.rules} allowed.`],
    };
  const ids = new Set<string>();
  const rules: FaultRule[] = [];
  const errors: string[] = [];
  list.forEach((value: unknown, index) => {
    const read = readRule(value, index + 1, ids);
    if (read.rule) rules.push(read.rule);
    errors.push(...read.errors);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rules };
}

/** Rules from the text of a rule file or the editor; a JSON syntax error is reported with where it is. */
export function parseFaultRulesText(text: string): FaultRulesResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, errors: [`Fault rules are not valid JSON: ${reason}.`] };
  }
  return parseFaultRules(parsed);
}
