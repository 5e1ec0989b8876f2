// Decodes the JSON-RPC shapes of A2A 0.2.x and 0.3 (docs/protocol.md#data-model): every object says what it is in
// `kind` (message, task, status-update, artifact-update; parts text, file, data). 0.3 JSON-RPC reuses this decoder.

import { DecodeContext, defined } from '../decodeContext';
import type { Artifact, Message, Part, StreamItem, Task, TaskStatus } from '../model';
import { decodeKebabStatus, readRole, wireSpelling } from '../taskStates';

export function decodePart(value: unknown, ctx: DecodeContext, pointer: string): Part {
  const part = ctx.object(value, pointer, 'A part');
  if (!part) return { kind: 'unknown', wire: value };
  const metadata = ctx.optionalObject(part, 'metadata', pointer);
  switch (part.kind) {
    case 'text':
      return defined({
        kind: 'text',
        text: ctx.requiredString(part, 'text', pointer, 'A text part'),
        metadata,
        wire: value,
      });
    case 'file': {
      const file = ctx.object(part.file, `${pointer}/file`, 'A file part’s "file"') ?? {};
      const bytes = ctx.optionalString(file, 'bytes', `${pointer}/file`);
      const uri = ctx.optionalString(file, 'uri', `${pointer}/file`);
      if (bytes === undefined && uri === undefined) {
        ctx.report('a2a.shape', 'A file part needs "bytes" or "uri".', `${pointer}/file`, 'error');
      }
      return defined({
        kind: 'file' as const,
        name: ctx.optionalString(file, 'name', `${pointer}/file`),
        mediaType: ctx.optionalString(file, 'mimeType', `${pointer}/file`),
        bytes,
        uri,
        metadata,
        wire: value,
      });
    }
    case 'data':
      if (typeof part.data !== 'object' || part.data === null || Array.isArray(part.data)) {
        ctx.report('a2a.shape', 'A data part’s "data" should be a JSON object.', `${pointer}/data`);
      }
      return defined({ kind: 'data', data: part.data, metadata, wire: value });
    default:
      ctx.report(
        'a2a.unknown-part',
        `Unknown part kind ${JSON.stringify(part.kind)}; parts are text, file or data.`,
        `${pointer}/kind`,
        'error',
      );
      return { kind: 'unknown', wire: value };
  }
}

export function decodeMessage(value: unknown, ctx: DecodeContext, pointer: string): Message {
  const message = ctx.object(value, pointer, 'A message') ?? {};
  if (message.kind !== undefined && message.kind !== 'message') {
    ctx.report(
      'a2a.kind',
      `Expected kind "message", found ${JSON.stringify(message.kind)}.`,
      `${pointer}/kind`,
    );
  }
  return defined({
    messageId: ctx.requiredString(message, 'messageId', pointer, 'A message'),
    role: readRole(message.role, false, ctx, `${pointer}/role`),
    roleWire: wireSpelling(message.role),
    parts: ctx
      .array(message, 'parts', pointer)
      .map((part, i) => decodePart(part, ctx, `${pointer}/parts/${i}`)),
    taskId: ctx.optionalString(message, 'taskId', pointer),
    contextId: ctx.optionalString(message, 'contextId', pointer),
    referenceTaskIds: ctx.optionalStrings(message, 'referenceTaskIds', pointer),
    extensions: ctx.optionalStrings(message, 'extensions', pointer),
    metadata: ctx.optionalObject(message, 'metadata', pointer),
    wire: value,
  });
}

export function decodeStatus(value: unknown, ctx: DecodeContext, pointer: string): TaskStatus {
  return decodeKebabStatus(value, 'kebab', decodeMessage, ctx, pointer);
}

export function decodeArtifact(value: unknown, ctx: DecodeContext, pointer: string): Artifact {
  const artifact = ctx.object(value, pointer, 'An artifact') ?? {};
  return defined({
    artifactId: ctx.requiredString(artifact, 'artifactId', pointer, 'An artifact'),
    name: ctx.optionalString(artifact, 'name', pointer),
    description: ctx.optionalString(artifact, 'description', pointer),
    parts: ctx
      .array(artifact, 'parts', pointer)
      .map((part, i) => decodePart(part, ctx, `${pointer}/parts/${i}`)),
    extensions: ctx.optionalStrings(artifact, 'extensions', pointer),
    metadata: ctx.optionalObject(artifact, 'metadata', pointer),
    wire: value,
  });
}

export function decodeTask(value: unknown, ctx: DecodeContext, pointer: string): Task {
  const task = ctx.object(value, pointer, 'A task') ?? {};
  return defined({
    id: ctx.requiredString(task, 'id', pointer, 'A task'),
    contextId: ctx.requiredString(task, 'contextId', pointer, 'A task'),
    status: decodeStatus(task.status, ctx, `${pointer}/status`),
    artifacts: ctx
      .array(task, 'artifacts', pointer)
      .map((a, i) => decodeArtifact(a, ctx, `${pointer}/artifacts/${i}`)),
    history: ctx
      .array(task, 'history', pointer)
      .map((m, i) => decodeMessage(m, ctx, `${pointer}/history/${i}`)),
    metadata: ctx.optionalObject(task, 'metadata', pointer),
    wire: value,
  });
}

/** Any `kind`-tagged item: a send result, a stream event, or a push body. */
export function decodeKindItem(value: unknown, ctx: DecodeContext, pointer: string): StreamItem {
  const item = ctx.object(value, pointer, 'A result');
  if (!item) return { kind: 'unknown', wire: value };
  switch (item.kind) {
    case 'task':
      return { kind: 'task', task: decodeTask(value, ctx, pointer) };
    case 'message':
      return { kind: 'message', message: decodeMessage(value, ctx, pointer) };
    case 'status-update':
      return {
        kind: 'status-update',
        update: defined({
          taskId: ctx.requiredString(item, 'taskId', pointer, 'A status update'),
          contextId: ctx.optionalString(item, 'contextId', pointer),
          status: decodeStatus(item.status, ctx, `${pointer}/status`),
          final: readFinal(item, ctx, pointer),
          metadata: ctx.optionalObject(item, 'metadata', pointer),
          wire: value,
        }),
      };
    case 'artifact-update': {
      const append = ctx.optionalBoolean(item, 'append', pointer);
      const lastChunk = ctx.optionalBoolean(item, 'lastChunk', pointer);
      const artifact = {
        ...decodeArtifact(item.artifact, ctx, `${pointer}/artifact`),
        ...defined({ append, lastChunk }),
      };
      return {
        kind: 'artifact-update',
        update: defined({
          taskId: ctx.requiredString(item, 'taskId', pointer, 'An artifact update'),
          contextId: ctx.optionalString(item, 'contextId', pointer),
          artifact,
          append,
          lastChunk,
          metadata: ctx.optionalObject(item, 'metadata', pointer),
          wire: value,
        }),
      };
    }
    default:
      ctx.report(
        'a2a.unknown-item',
        `Unknown kind ${JSON.stringify(item.kind)}; expected task, message, status-update or artifact-update.`,
        `${pointer}/kind`,
        'error',
      );
      return { kind: 'unknown', wire: value };
  }
}

function readFinal(item: Record<string, unknown>, ctx: DecodeContext, pointer: string): boolean {
  const final = ctx.optionalBoolean(item, 'final', pointer);
  if (final === undefined)
    ctx.report('a2a.shape', 'A 0.2/0.3 status update must say whether it is "final".', `${pointer}/final`);
  return final ?? false;
}

export { DecodeContext };
