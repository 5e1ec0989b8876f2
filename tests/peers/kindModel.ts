// The `kind`-discriminated data model of 0.2/0.3 JSON-RPC (docs/protocol.md#data-model) in just
// the shapes the peers emit: part conversion to and from the neutral PeerPart, and builders for messages and task
// events. The shapes are structurally those of both @a2a-js/sdk 0.2.5 and 0.3.14, so the two peers share them.

import { randomUUID } from 'node:crypto';
import type { ArtifactChunk, PeerPart, PeerTaskState } from './behaviour';

export type KindPart =
  | { kind: 'text'; text: string }
  | {
      kind: 'file';
      file:
        | { bytes: string; name?: string; mimeType?: string }
        | { uri: string; name?: string; mimeType?: string };
    }
  | { kind: 'data'; data: Record<string, unknown> };

export function fromKindParts(parts: readonly KindPart[]): PeerPart[] {
  return parts.map((part): PeerPart => {
    switch (part.kind) {
      case 'text':
        return { kind: 'text', text: part.text };
      case 'data':
        return { kind: 'data', data: part.data };
      case 'file': {
        const out: PeerPart = { kind: 'file' };
        if (part.file.name !== undefined) out.name = part.file.name;
        if (part.file.mimeType !== undefined) out.mediaType = part.file.mimeType;
        if ('bytes' in part.file) out.bytes = part.file.bytes;
        else out.uri = part.file.uri;
        return out;
      }
    }
  });
}

export function toKindParts(parts: readonly PeerPart[]): KindPart[] {
  return parts.map((part): KindPart => {
    switch (part.kind) {
      case 'text':
        return { kind: 'text', text: part.text };
      case 'data':
        return { kind: 'data', data: asRecord(part.data) };
      case 'file': {
        const meta = {
          ...(part.name !== undefined ? { name: part.name } : {}),
          ...(part.mediaType !== undefined ? { mimeType: part.mediaType } : {}),
        };
        return part.bytes !== undefined
          ? { kind: 'file', file: { bytes: part.bytes, ...meta } }
          : { kind: 'file', file: { uri: part.uri ?? '', ...meta } };
      }
    }
  });
}

/** DataPart.data must be an object in 0.2/0.3; anything else is wrapped so it survives. */
export function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { ...value };
  return { value };
}

export interface KindMessage {
  kind: 'message';
  messageId: string;
  role: 'agent' | 'user';
  parts: KindPart[];
  taskId?: string;
  contextId?: string;
}

export interface KindStatus {
  state: PeerTaskState;
  timestamp: string;
  message?: KindMessage;
}

export interface KindTask {
  kind: 'task';
  id: string;
  contextId: string;
  status: KindStatus;
  history: KindMessage[];
  artifacts: Array<{ artifactId: string; name?: string; parts: KindPart[] }>;
}

export interface KindStatusUpdate {
  kind: 'status-update';
  taskId: string;
  contextId: string;
  status: KindStatus;
  final: boolean;
}

export interface KindArtifactUpdate {
  kind: 'artifact-update';
  taskId: string;
  contextId: string;
  artifact: { artifactId: string; name: string; parts: KindPart[] };
  append: boolean;
  lastChunk: boolean;
}

/** Ends a 0.2/0.3 stream: terminal states, and input-required so a blocking send returns (the SDK queues stop here). */
export function isFinalState(state: PeerTaskState): boolean {
  return state === 'completed' || state === 'canceled' || state === 'failed' || state === 'input-required';
}

export function agentMessage(parts: readonly PeerPart[], contextId: string, taskId?: string): KindMessage {
  const message: KindMessage = {
    kind: 'message',
    messageId: randomUUID(),
    role: 'agent',
    parts: toKindParts(parts),
    contextId,
  };
  if (taskId !== undefined) message.taskId = taskId;
  return message;
}

export function newTask(taskId: string, contextId: string, history: KindMessage[]): KindTask {
  return {
    kind: 'task',
    id: taskId,
    contextId,
    status: { state: 'submitted', timestamp: new Date().toISOString() },
    history,
    artifacts: [],
  };
}

export function statusUpdate(
  taskId: string,
  contextId: string,
  state: PeerTaskState,
  text?: string,
): KindStatusUpdate {
  const status: KindStatus = { state, timestamp: new Date().toISOString() };
  if (text !== undefined) status.message = agentMessage([{ kind: 'text', text }], contextId, taskId);
  return { kind: 'status-update', taskId, contextId, status, final: isFinalState(state) };
}

export function artifactUpdate(taskId: string, contextId: string, chunk: ArtifactChunk): KindArtifactUpdate {
  return {
    kind: 'artifact-update',
    taskId,
    contextId,
    artifact: { artifactId: chunk.artifactId, name: chunk.name, parts: toKindParts(chunk.parts) },
    append: chunk.append,
    lastChunk: chunk.lastChunk,
  };
}
