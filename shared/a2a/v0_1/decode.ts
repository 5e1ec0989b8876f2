// Decodes A2A 0.1 JSON (docs/protocol.md#data-model): parts discriminated by `type`, tasks grouped by `sessionId`,
// artifacts chunked by `index`/`append`/`lastChunk`, events told apart by a `status` or an `artifact` member.

import { DecodeContext, defined } from '../decodeContext';
import type { Artifact, Message, Part, StreamItem, Task, TaskStatus } from '../model';
import { decodeKebabStatus, readRole, wireSpelling } from '../taskStates';

export function decodePart(value: unknown, ctx: DecodeContext, pointer: string): Part {
  const part = ctx.object(value, pointer, 'A part');
  if (!part) return { kind: 'unknown', wire: value };
  const metadata = ctx.optionalObject(part, 'metadata', pointer);
  switch (part.type) {
    case 'text':
      return defined({
        kind: 'text',
        text: ctx.requiredString(part, 'text', pointer, 'A text part'),
        metadata,
        wire: value,
      });
    case 'file': {
      const file = ctx.object(part.file, `${pointer}/file`, 'A file part’s "file"') ?? {};
      return defined({
        kind: 'file' as const,
        name: ctx.optionalString(file, 'name', `${pointer}/file`),
        mediaType: ctx.optionalString(file, 'mimeType', `${pointer}/file`),
        bytes: ctx.optionalString(file, 'bytes', `${pointer}/file`),
        uri: ctx.optionalString(file, 'uri', `${pointer}/file`),
        metadata,
        wire: value,
      });
    }
    case 'data':
      return defined({ kind: 'data', data: part.data, metadata, wire: value });
    default:
      ctx.report(
        'a2a.unknown-part',
        `Unknown part type ${JSON.stringify(part.type)}; 0.1 parts are text, file or data.`,
        `${pointer}/type`,
        'error',
      );
      return { kind: 'unknown', wire: value };
  }
}

export function decodeMessage(value: unknown, ctx: DecodeContext, pointer: string): Message {
  const message = ctx.object(value, pointer, 'A message') ?? {};
  return defined({
    role: readRole(message.role, false, ctx, `${pointer}/role`),
    roleWire: wireSpelling(message.role),
    parts: ctx
      .array(message, 'parts', pointer)
      .map((part, i) => decodePart(part, ctx, `${pointer}/parts/${i}`)),
    metadata: ctx.optionalObject(message, 'metadata', pointer),
    wire: value,
  });
}

export function decodeStatus(value: unknown, ctx: DecodeContext, pointer: string): TaskStatus {
  return decodeKebabStatus(value, 'kebab-0.1', decodeMessage, ctx, pointer);
}

export function decodeArtifact(value: unknown, ctx: DecodeContext, pointer: string): Artifact {
  const artifact = ctx.object(value, pointer, 'An artifact') ?? {};
  return defined({
    index: ctx.optionalNumber(artifact, 'index', pointer) ?? 0,
    name: ctx.optionalString(artifact, 'name', pointer),
    description: ctx.optionalString(artifact, 'description', pointer),
    parts: ctx
      .array(artifact, 'parts', pointer)
      .map((part, i) => decodePart(part, ctx, `${pointer}/parts/${i}`)),
    append: ctx.optionalBoolean(artifact, 'append', pointer),
    lastChunk: ctx.optionalBoolean(artifact, 'lastChunk', pointer),
    metadata: ctx.optionalObject(artifact, 'metadata', pointer),
    wire: value,
  });
}

export function decodeTask(value: unknown, ctx: DecodeContext, pointer: string): Task {
  const task = ctx.object(value, pointer, 'A task') ?? {};
  return defined({
    id: ctx.requiredString(task, 'id', pointer, 'A task'),
    contextId: ctx.optionalString(task, 'sessionId', pointer),
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

/** A `tasks/sendSubscribe` result: a status or an artifact update (0.1 sends no Task first). */
export function decodeStreamResult(value: unknown, ctx: DecodeContext, pointer: string): StreamItem {
  const event = ctx.object(value, pointer, 'A stream event');
  if (!event) return { kind: 'unknown', wire: value };
  const taskId = ctx.requiredString(event, 'id', pointer, 'A stream event');
  const metadata = ctx.optionalObject(event, 'metadata', pointer);
  if ('status' in event) {
    return {
      kind: 'status-update',
      update: defined({
        taskId,
        status: decodeStatus(event.status, ctx, `${pointer}/status`),
        final: ctx.optionalBoolean(event, 'final', pointer) ?? false,
        metadata,
        wire: value,
      }),
    };
  }
  if ('artifact' in event) {
    const artifact = decodeArtifact(event.artifact, ctx, `${pointer}/artifact`);
    return {
      kind: 'artifact-update',
      update: defined({
        taskId,
        artifact,
        append: artifact.append,
        lastChunk: artifact.lastChunk,
        metadata,
        wire: value,
      }),
    };
  }
  ctx.report('a2a.unknown-item', 'A 0.1 stream event has neither "status" nor "artifact".', pointer, 'error');
  return { kind: 'unknown', wire: value };
}

export { DecodeContext };
