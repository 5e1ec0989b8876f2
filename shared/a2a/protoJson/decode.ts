// Decodes ProtoJSON, the wire form of 0.3 REST and of every 1.0 binding (docs/protocol.md#03-three-bindings,
// docs/protocol.md#data-model): no `kind`; items wrapped by member name (`{"task":…}`, `{"statusUpdate":…}`);
// TASK_STATE_* and ROLE_* enums (or their numbers); snake_case accepted beside camelCase; absent lists and flags mean
// their defaults. The two dialects differ in parts (0.3 `Message.content` with file/data wrappers, 1.0 `parts` with
// text/raw/url/data) and in `final`.

import { DecodeContext, defined, isObject } from '../decodeContext';
import type {
  Artifact,
  JsonObject,
  Message,
  Part,
  PushConfig,
  StreamItem,
  Task,
  TaskPage,
  TaskStatus,
} from '../model';
import { readRole, readTaskState, wireSpelling } from '../taskStates';

export type ProtoDialect = '0.3' | '1.0';

/**
 * ProtoJSON readers accept the proto field name (snake_case) as well as the JSON name
 * (docs/protocol.md#what-breaks-naive-clients).
 */
function camel(object: JsonObject): JsonObject {
  if (!hasSnakeKey(object)) return object;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    const name = key.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());
    if (!(name in out)) out[name] = value;
  }
  return out;
}

/** for…in rather than Object.keys: no array per object, and this runs for every object of every event. */
function hasSnakeKey(object: JsonObject): boolean {
  for (const key in object) if (key.includes('_')) return true;
  return false;
}

function view(value: unknown, ctx: DecodeContext, pointer: string, what: string): JsonObject | undefined {
  const object = ctx.object(value, pointer, what);
  return object ? camel(object) : undefined;
}

export function decodePart(value: unknown, dialect: ProtoDialect, ctx: DecodeContext, pointer: string): Part {
  const part = view(value, ctx, pointer, 'A part');
  if (!part) return { kind: 'unknown', wire: value };
  const metadata = ctx.optionalObject(part, 'metadata', pointer);
  const present = presentKeys(part, PART_KEYS);
  if (present.length > 1) {
    ctx.report(
      'a2a.oneof',
      `A part has several contents (${present.join(', ')}); exactly one is allowed.`,
      pointer,
      'error',
    );
  }
  if (typeof part.text === 'string') {
    return defined({
      kind: 'text',
      text: part.text,
      mediaType: ctx.optionalString(part, 'mediaType', pointer),
      metadata,
      wire: value,
    });
  }
  if (dialect === '1.0' && (part.raw !== undefined || part.url !== undefined)) {
    return defined({
      kind: 'file' as const,
      name: ctx.optionalString(part, 'filename', pointer),
      mediaType: ctx.optionalString(part, 'mediaType', pointer),
      bytes: ctx.optionalString(part, 'raw', pointer),
      uri: ctx.optionalString(part, 'url', pointer),
      metadata,
      wire: value,
    });
  }
  if (dialect === '0.3' && part.file !== undefined) {
    const file = view(part.file, ctx, `${pointer}/file`, 'A file part’s "file"') ?? {};
    return defined({
      kind: 'file' as const,
      name: ctx.optionalString(file, 'name', `${pointer}/file`),
      mediaType: ctx.optionalString(file, 'mimeType', `${pointer}/file`),
      bytes: ctx.optionalString(file, 'fileWithBytes', `${pointer}/file`),
      uri: ctx.optionalString(file, 'fileWithUri', `${pointer}/file`),
      metadata,
      wire: value,
    });
  }
  if (part.data !== undefined) {
    // 0.3's DataPart wraps a Struct: {"data":{"data":{…}}}; 1.0 holds any JSON value directly.
    const data = dialect === '0.3' && isObject(part.data) ? part.data.data : part.data;
    return defined({
      kind: 'data',
      data,
      mediaType: ctx.optionalString(part, 'mediaType', pointer),
      metadata,
      wire: value,
    });
  }
  const expected = dialect === '1.0' ? 'text, raw, url or data' : 'text, file or data';
  ctx.report('a2a.unknown-part', `A part has none of ${expected}.`, pointer, 'error');
  return { kind: 'unknown', wire: value };
}

export function decodeMessage(
  value: unknown,
  dialect: ProtoDialect,
  ctx: DecodeContext,
  pointer: string,
): Message {
  const message = view(value, ctx, pointer, 'A message') ?? {};
  const partsKey = dialect === '0.3' ? 'content' : 'parts';
  if (dialect === '0.3' && message.content === undefined && message.parts !== undefined) {
    ctx.report(
      'a2a.shape',
      '0.3 ProtoJSON messages hold their parts in "content", not "parts".',
      `${pointer}/parts`,
    );
  }
  const rawParts = message[partsKey] ?? (dialect === '0.3' ? message.parts : undefined);
  return defined({
    messageId: ctx.requiredString(message, 'messageId', pointer, 'A message'),
    role: readRole(message.role, true, ctx, `${pointer}/role`),
    roleWire: wireSpelling(message.role),
    parts: (Array.isArray(rawParts) ? rawParts : []).map((part, i) =>
      decodePart(part, dialect, ctx, `${pointer}/${partsKey}/${i}`),
    ),
    taskId: ctx.optionalString(message, 'taskId', pointer) || undefined,
    contextId: ctx.optionalString(message, 'contextId', pointer) || undefined,
    referenceTaskIds: ctx.optionalStrings(message, 'referenceTaskIds', pointer),
    extensions: ctx.optionalStrings(message, 'extensions', pointer),
    metadata: ctx.optionalObject(message, 'metadata', pointer),
    wire: value,
  });
}

export function decodeStatus(
  value: unknown,
  dialect: ProtoDialect,
  ctx: DecodeContext,
  pointer: string,
): TaskStatus {
  const status = view(value, ctx, pointer, 'A task status') ?? {};
  // 0.3's proto field is `update` with the JSON name `message`; readers accept both.
  const message = status.message ?? status.update;
  return defined({
    state: readTaskState(
      status.state,
      dialect === '0.3' ? 'proto-0.3' : 'proto-1.0',
      ctx,
      `${pointer}/state`,
    ),
    stateWire: wireSpelling(status.state),
    message: message == null ? undefined : decodeMessage(message, dialect, ctx, `${pointer}/message`),
    timestamp: ctx.optionalString(status, 'timestamp', pointer),
    wire: value,
  });
}

export function decodeArtifact(
  value: unknown,
  dialect: ProtoDialect,
  ctx: DecodeContext,
  pointer: string,
): Artifact {
  const artifact = view(value, ctx, pointer, 'An artifact') ?? {};
  return defined({
    artifactId: ctx.requiredString(artifact, 'artifactId', pointer, 'An artifact'),
    name: ctx.optionalString(artifact, 'name', pointer),
    description: ctx.optionalString(artifact, 'description', pointer),
    parts: ctx
      .array(artifact, 'parts', pointer)
      .map((part, i) => decodePart(part, dialect, ctx, `${pointer}/parts/${i}`)),
    extensions: ctx.optionalStrings(artifact, 'extensions', pointer),
    metadata: ctx.optionalObject(artifact, 'metadata', pointer),
    wire: value,
  });
}

export function decodeTask(value: unknown, dialect: ProtoDialect, ctx: DecodeContext, pointer: string): Task {
  const task = view(value, ctx, pointer, 'A task') ?? {};
  return defined({
    id: ctx.requiredString(task, 'id', pointer, 'A task'),
    contextId: ctx.optionalString(task, 'contextId', pointer) || undefined,
    status: decodeStatus(task.status, dialect, ctx, `${pointer}/status`),
    artifacts: ctx
      .array(task, 'artifacts', pointer)
      .map((a, i) => decodeArtifact(a, dialect, ctx, `${pointer}/artifacts/${i}`)),
    history: ctx
      .array(task, 'history', pointer)
      .map((m, i) => decodeMessage(m, dialect, ctx, `${pointer}/history/${i}`)),
    metadata: ctx.optionalObject(task, 'metadata', pointer),
    wire: value,
  });
}

const WRAPPER_KEYS = ['task', 'message', 'msg', 'statusUpdate', 'artifactUpdate'] as const;
const PART_KEYS = ['text', 'raw', 'url', 'file', 'data'] as const;

/** The keys that hold a value (not null), in the order given; a loop, as this runs for every event. */
function presentKeys<K extends string>(object: JsonObject, keys: readonly K[]): K[] {
  const present: K[] = [];
  for (const key of keys) {
    const value = object[key];
    if (value !== undefined && value !== null) present.push(key);
  }
  return present;
}

/** A StreamResponse / SendMessageResponse: exactly one of task, message, statusUpdate, artifactUpdate. */
export function decodeWrapped(
  value: unknown,
  dialect: ProtoDialect,
  ctx: DecodeContext,
  pointer: string,
): StreamItem {
  const wrapper = view(value, ctx, pointer, 'A response');
  if (!wrapper) return { kind: 'unknown', wire: value };
  const present = presentKeys(wrapper, WRAPPER_KEYS);
  if (present.length !== 1) {
    const found = present.length
      ? `found ${present.join(' and ')}`
      : `found ${Object.keys(wrapper).join(', ') || 'nothing'}`;
    ctx.report(
      'a2a.oneof',
      `Expected exactly one of task, message, statusUpdate or artifactUpdate; ${found}.`,
      pointer,
      'error',
    );
    if (present.length === 0) return { kind: 'unknown', wire: value };
  }
  const key = present[0]!;
  const inner = `${pointer}/${key}`;
  const body = wrapper[key];
  if (key === 'task') return { kind: 'task', task: decodeTask(body, dialect, ctx, inner) };
  if (key === 'message' || key === 'msg')
    return { kind: 'message', message: decodeMessage(body, dialect, ctx, inner) };
  const update = view(body, ctx, inner, 'An update') ?? {};
  const common = {
    taskId: ctx.requiredString(update, 'taskId', inner, 'An update'),
    contextId: ctx.optionalString(update, 'contextId', inner) || undefined,
    metadata: ctx.optionalObject(update, 'metadata', inner),
    wire: body,
  };
  if (key === 'statusUpdate') {
    const final = ctx.optionalBoolean(update, 'final', inner);
    if (dialect === '1.0' && final !== undefined) {
      ctx.report(
        'a2a.removed-field',
        '"final" was removed in 1.0: the server ends a stream by closing it.',
        `${inner}/final`,
        'info',
      );
    }
    // Built member by member: object spread is a slow generic copy, and this runs for every event of a stream.
    return {
      kind: 'status-update',
      update: defined({
        taskId: common.taskId,
        contextId: common.contextId,
        metadata: common.metadata,
        wire: common.wire,
        status: decodeStatus(update.status, dialect, ctx, `${inner}/status`),
        final: dialect === '0.3' ? (final ?? false) : final,
      }),
    };
  }
  // Absent append / lastChunk mean false (ProtoJSON omits defaults,
  // docs/protocol.md#versions-headers-and-content-types).
  const append = ctx.optionalBoolean(update, 'append', inner) ?? false;
  const lastChunk = ctx.optionalBoolean(update, 'lastChunk', inner) ?? false;
  const artifact = decodeArtifact(update.artifact, dialect, ctx, `${inner}/artifact`);
  artifact.append = append;
  artifact.lastChunk = lastChunk;
  return {
    kind: 'artifact-update',
    update: defined({
      taskId: common.taskId,
      contextId: common.contextId,
      metadata: common.metadata,
      wire: common.wire,
      artifact,
      append,
      lastChunk,
    }),
  };
}

export function decodeTaskPage(value: unknown, ctx: DecodeContext, pointer: string): TaskPage {
  const page = view(value, ctx, pointer, 'A task list') ?? {};
  return defined({
    tasks: ctx
      .array(page, 'tasks', pointer)
      .map((task, i) => decodeTask(task, '1.0', ctx, `${pointer}/tasks/${i}`)),
    // The spec wants nextPageToken always present ("" on the last page) but encoders drop defaults
    // (docs/protocol.md#what-breaks-naive-clients).
    nextPageToken: ctx.optionalString(page, 'nextPageToken', pointer) ?? '',
    pageSize: ctx.optionalNumber(page, 'pageSize', pointer),
    totalSize: ctx.optionalNumber(page, 'totalSize', pointer),
    wire: value,
  });
}

/** 1.0's flat TaskPushNotificationConfig, or 0.3's `{name, pushNotificationConfig}` resource. */
export function decodePushConfig(
  value: unknown,
  dialect: ProtoDialect,
  ctx: DecodeContext,
  pointer: string,
): PushConfig {
  const outer = view(value, ctx, pointer, 'A push notification config') ?? {};
  if (dialect === '0.3') {
    const name = ctx.optionalString(outer, 'name', pointer);
    const inner =
      view(outer.pushNotificationConfig, ctx, `${pointer}/pushNotificationConfig`, 'A push config') ?? {};
    const auth = ctx.optionalObject(inner, 'authentication', `${pointer}/pushNotificationConfig`);
    const match = name ? /^tasks\/([^/]+)\/pushNotificationConfigs\/([^/]+)$/.exec(name) : null;
    return defined({
      taskId: match?.[1],
      id: ctx.optionalString(inner, 'id', `${pointer}/pushNotificationConfig`) ?? match?.[2],
      url: ctx.requiredString(inner, 'url', `${pointer}/pushNotificationConfig`, 'A push config'),
      token: ctx.optionalString(inner, 'token', `${pointer}/pushNotificationConfig`),
      authSchemes: auth
        ? ctx.optionalStrings(auth, 'schemes', `${pointer}/pushNotificationConfig/authentication`)
        : undefined,
      credentials: auth
        ? ctx.optionalString(auth, 'credentials', `${pointer}/pushNotificationConfig/authentication`)
        : undefined,
      wire: value,
    });
  }
  const auth = ctx.optionalObject(outer, 'authentication', pointer);
  const scheme = auth ? ctx.optionalString(auth, 'scheme', `${pointer}/authentication`) : undefined;
  return defined({
    taskId: ctx.optionalString(outer, 'taskId', pointer),
    id: ctx.optionalString(outer, 'id', pointer),
    url: ctx.requiredString(outer, 'url', pointer, 'A push config'),
    token: ctx.optionalString(outer, 'token', pointer),
    authSchemes: scheme ? [scheme] : undefined,
    credentials: auth ? ctx.optionalString(auth, 'credentials', `${pointer}/authentication`) : undefined,
    wire: value,
  });
}

export { DecodeContext };
