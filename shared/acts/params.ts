// ACTS step params (ACTS §4.3, in A2A 1.0's data model) turned into the input of Switchboard's own operations, so each
// abstract operation is encoded by the adapter of the interface under test, in that generation's wire format. The
// spec's alternatives are read too (0.x `kind` parts, `file: {url, raw, name}`, `pushNotificationConfig` nested or
// flat, `taskId` beside the message). A field the adapters have no place for is not sent, and the step says so.

import type { Operation, OperationInputs, PartInput, PushConfigInput, SendInput } from '../a2a/adapter';
import type { JsonObject } from '../a2a/model';
import type { ActsOperation } from './actsTypes';
import { ADAPTER_OPERATION } from './plan';

export type OperationCall = {
  [O in Operation]: { operation: O; input: OperationInputs[O] };
}[Operation];

export type ParamsResult =
  | { ok: true; call: OperationCall; notes: string[] }
  | { ok: true; card: true; notes: string[] }
  | { ok: false; message: string };

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const int = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;

/** Fields of the message the adapters build themselves or take from elsewhere. */
const MESSAGE_FIELDS = new Set([
  'role',
  'parts',
  'messageId',
  'taskId',
  'contextId',
  'metadata',
  'extensions',
  'referenceTaskIds',
  'kind',
]);

/** One step's params as an operation reads them: notes on what is not sent, and the values it cannot do without. */
interface Reading {
  params: Obj;
  notes: string[];
  /** Notes that a field has no place in the A2A request, for every key not in `known`. */
  unused(known: readonly string[]): void;
  /** The value, or a MissingParam naming `params.<name>`. */
  need(name: string, value: string | undefined): string;
}

/** The id of the task an operation is about: `id`, or `taskId` as some files write it. */
const taskIdOf = (params: Obj) => text(params.id) ?? text(params.taskId);
/** A push config's id under any of the names the files use. */
const configIdOf = (params: Obj) =>
  text(params.id) ?? text(params.configId) ?? text(params.pushNotificationConfigId);

/** How each adapter operation reads its ACTS params. */
const readers: { [O in Operation]: (reading: Reading, op: O) => OperationCall } = {
  send: (reading, op) => sendCall(reading, op),
  stream: (reading, op) => sendCall(reading, op),
  get({ params, need, unused }) {
    const id = need('id', taskIdOf(params));
    unused(['id', 'taskId', 'historyLength']);
    const historyLength = int(params.historyLength);
    return {
      operation: 'get',
      input: { taskId: id, ...(historyLength !== undefined ? { historyLength } : {}) },
    };
  },
  list({ params, unused }) {
    unused([
      'contextId',
      'status',
      'pageSize',
      'pageToken',
      'cursor',
      'historyLength',
      'includeArtifacts',
      'statusTimestampAfter',
    ]);
    return { operation: 'list', input: listInput(params) };
  },
  cancel({ params, need, unused }) {
    const id = need('id', taskIdOf(params));
    unused(['id', 'taskId', 'metadata']);
    const metadata = isObj(params.metadata) ? { metadata: params.metadata as JsonObject } : {};
    return { operation: 'cancel', input: { taskId: id, ...metadata } };
  },
  subscribe({ params, need, unused }) {
    const id = need('id', taskIdOf(params));
    unused(['id', 'taskId']);
    return { operation: 'subscribe', input: { taskId: id } };
  },
  pushConfigSet({ params, need, unused }) {
    const taskId = need('taskId', text(params.taskId) ?? text(params.id));
    // Nested as ACTS writes it, or flat as A2A 1.0's TaskPushNotificationConfig is.
    const config = isObj(params.pushNotificationConfig) ? params.pushNotificationConfig : params;
    const url = need('pushNotificationConfig.url', text(config.url));
    unused(['taskId', 'pushNotificationConfig', 'url', 'token', 'authentication', 'id']);
    return { operation: 'pushConfigSet', input: { taskId, config: pushConfig(config, url) } };
  },
  pushConfigGet({ params, need, unused }) {
    const taskId = need('taskId', text(params.taskId));
    const configId = configIdOf(params);
    unused(['taskId', 'id', 'configId', 'pushNotificationConfigId']);
    return { operation: 'pushConfigGet', input: { taskId, ...(configId !== undefined ? { configId } : {}) } };
  },
  pushConfigList({ params, need, unused }) {
    const taskId = need('taskId', text(params.taskId) ?? text(params.id));
    const pageSize = int(params.pageSize);
    const pageToken = text(params.pageToken);
    unused(['taskId', 'id', 'pageSize', 'pageToken']);
    return {
      operation: 'pushConfigList',
      input: {
        taskId,
        ...(pageSize !== undefined ? { pageSize } : {}),
        ...(pageToken !== undefined ? { pageToken } : {}),
      },
    };
  },
  pushConfigDelete({ params, need, unused }) {
    const taskId = need('taskId', text(params.taskId));
    const configId = need('id', configIdOf(params));
    unused(['taskId', 'id', 'configId', 'pushNotificationConfigId']);
    return { operation: 'pushConfigDelete', input: { taskId, configId } };
  },
  extendedCard({ unused }) {
    unused([]);
    return { operation: 'extendedCard', input: {} };
  },
};

function sendCall(
  { params, notes, unused }: Reading & { notes: string[] },
  op: 'send' | 'stream',
): OperationCall {
  const input = sendInput(params, notes);
  unused(['message', 'configuration', 'metadata', 'taskId', 'contextId']);
  return { operation: op, input };
}

function listInput(params: Obj): OperationInputs['list'] {
  const input: OperationInputs['list'] = {};
  if (text(params.contextId)) input.contextId = text(params.contextId)!;
  if (text(params.status)) input.status = text(params.status)!;
  const pageSize = int(params.pageSize);
  if (pageSize !== undefined) input.pageSize = pageSize;
  const token = text(params.pageToken) ?? text(params.cursor);
  if (token !== undefined) input.pageToken = token;
  const history = int(params.historyLength);
  if (history !== undefined) input.historyLength = history;
  if (typeof params.includeArtifacts === 'boolean') input.includeArtifacts = params.includeArtifacts;
  if (text(params.statusTimestampAfter)) input.statusTimestampAfter = text(params.statusTimestampAfter)!;
  return input;
}

export function paramsToCall(operation: ActsOperation, params: Obj): ParamsResult {
  const notes: string[] = [];
  const reading = {
    params,
    notes,
    unused(known: readonly string[]) {
      const extra = Object.keys(params).filter((key) => !known.includes(key));
      if (extra.length > 0) notes.push(`Not sent (no place for it in the A2A request): ${extra.join(', ')}.`);
    },
    need(name: string, value: string | undefined): string {
      if (value === undefined) throw new MissingParam(`${operation} needs params.${name} (a string).`);
      return value;
    },
  };
  const op = ADAPTER_OPERATION[operation];
  try {
    if (op === 'card') {
      reading.unused([]);
      return { ok: true, card: true, notes };
    }
    const read = readers[op] as (reading: Reading, op: Operation) => OperationCall;
    return { ok: true, call: read(reading, op), notes };
  } catch (error) {
    if (error instanceof MissingParam) return { ok: false, message: error.message };
    throw error;
  }
}

class MissingParam extends Error {}

function sendInput(params: Obj, notes: string[]): SendInput {
  const message = isObj(params.message) ? params.message : undefined;
  if (!message) throw new MissingParam('A send needs params.message.');
  if (!Array.isArray(message.parts)) throw new MissingParam('A send needs params.message.parts (a list).');
  const parts = message.parts.map((part, i) => partInput(part, i));
  const extra = Object.keys(message).filter((key) => !MESSAGE_FIELDS.has(key));
  if (extra.length > 0) notes.push(`Not sent (the message has no such field): ${extra.join(', ')}.`);
  if (text(message.role) && !/user/i.test(text(message.role)!))
    notes.push(
      `Sent with the user role: a client's message always is (the test says ${text(message.role)}).`,
    );
  const taskId = text(message.taskId) ?? text(params.taskId);
  const contextId = text(message.contextId) ?? text(params.contextId);
  const configuration = isObj(params.configuration) ? params.configuration : {};
  const input: SendInput = {
    message: {
      parts,
      ...(text(message.messageId) ? { messageId: text(message.messageId)! } : {}),
      ...(taskId !== undefined ? { taskId } : {}),
      ...(contextId !== undefined ? { contextId } : {}),
      ...(isObj(message.metadata) ? { metadata: message.metadata as JsonObject } : {}),
      ...(Array.isArray(message.extensions)
        ? { extensions: message.extensions.filter((x): x is string => typeof x === 'string') }
        : {}),
      ...(Array.isArray(message.referenceTaskIds)
        ? { referenceTaskIds: message.referenceTaskIds.filter((x): x is string => typeof x === 'string') }
        : {}),
    },
    // ACTS speaks 1.0's returnImmediately; older generations send its opposite, blocking (always sent explicitly).
    blocking: configuration.returnImmediately === true ? false : configuration.blocking !== false,
  };
  const history = int(configuration.historyLength);
  if (history !== undefined) input.historyLength = history;
  if (Array.isArray(configuration.acceptedOutputModes))
    input.acceptedOutputModes = configuration.acceptedOutputModes.filter(
      (x): x is string => typeof x === 'string',
    );
  const push = configuration.taskPushNotificationConfig ?? configuration.pushNotificationConfig;
  if (isObj(push) && text(push.url)) input.pushNotification = pushConfig(push, text(push.url)!);
  if (isObj(params.metadata)) input.metadata = params.metadata as JsonObject;
  const known = new Set([
    'returnImmediately',
    'blocking',
    'historyLength',
    'acceptedOutputModes',
    'taskPushNotificationConfig',
    'pushNotificationConfig',
  ]);
  const extra2 = Object.keys(configuration).filter((key) => !known.has(key));
  if (extra2.length > 0) notes.push(`Not sent (the configuration has no such field): ${extra2.join(', ')}.`);
  return input;
}

function pushConfig(config: Obj, url: string): PushConfigInput {
  const out: PushConfigInput = { url };
  if (text(config.id)) out.id = text(config.id)!;
  if (text(config.token)) out.token = text(config.token)!;
  const auth = isObj(config.authentication) ? config.authentication : undefined;
  if (auth) {
    const schemes = Array.isArray(auth.schemes)
      ? auth.schemes.filter((x): x is string => typeof x === 'string')
      : text(auth.scheme)
        ? [text(auth.scheme)!]
        : [];
    if (schemes.length > 0) out.authSchemes = schemes;
    if (text(auth.credentials)) out.credentials = text(auth.credentials)!;
  }
  return out;
}

/** A part in any of the shapes ACTS and the generations use, as the adapters' neutral part. */
function partInput(value: unknown, index: number): PartInput {
  if (!isObj(value)) throw new MissingParam(`params.message.parts[${index}] is not a part.`);
  const metadata = isObj(value.metadata) ? { metadata: value.metadata as JsonObject } : {};
  const mediaType = text(value.mediaType) ?? text(value.mimeType);
  if (typeof value.text === 'string') return { kind: 'text', text: value.text, ...metadata };
  if ('data' in value) {
    // 0.3 proto-JSON wraps data once more ({"data": {"data": …}}); ACTS writes it bare.
    return { kind: 'data', data: value.data, ...(mediaType ? { mediaType } : {}), ...metadata };
  }
  const file = isObj(value.file) ? value.file : value;
  const uri = text(file.url) ?? text(file.uri) ?? text(file.fileWithUri);
  const bytes = text(file.raw) ?? text(file.bytes) ?? text(file.fileWithBytes);
  if (uri !== undefined || bytes !== undefined) {
    const name = text(file.name) ?? text(file.filename) ?? text(value.filename);
    const type = text(file.mediaType) ?? text(file.mimeType) ?? mediaType;
    return {
      kind: 'file',
      ...(bytes !== undefined ? { bytes } : { uri: uri! }),
      ...(name !== undefined ? { name } : {}),
      ...(type !== undefined ? { mediaType: type } : {}),
      ...metadata,
    };
  }
  throw new MissingParam(`params.message.parts[${index}] is none of text, data or file.`);
}
