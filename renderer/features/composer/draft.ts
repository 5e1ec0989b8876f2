// The composer's draft → the `SendInput` the host encodes for the agent's generation (shared/a2a/adapter.ts). Pure:
// everything the Send button needs to know (can it send, and if not, why) comes from here, so it is unit-tested
// without a browser. Problems block the send; warnings (a large inline file, a field this generation cannot carry)
// only inform, because an inspector must be able to send what the user asked for.

import type { PartInput, SendInput } from '../../../shared/a2a/adapter';
import type { Binding, Generation } from '../../../shared/a2a/generation';
import type { JsonObject } from '../../../shared/a2a/model';
import type { DraftPart, MessageExtras, SendOptions } from '../../store/composerSlice';
import { formatSize, INLINE_MAX_BYTES, INLINE_WARN_BYTES } from './base64';
import { describeKind, parseJson, parseJsonObject } from './jsonText';
import { profileOf } from '../../../shared/a2a/profile';

export interface Draft extends MessageExtras, SendOptions {
  composerText: string;
  parts: DraftPart[];
  streaming: boolean;
}

/** The task and context the message names (continuing a task, or a new task in a known context). */
export interface DraftTarget {
  taskId?: string;
  contextId?: string;
}

/** Where a problem or warning belongs, so the composer shows it beside the field. */
export type NoteField =
  'metadata' | 'extensions' | 'referenceTaskIds' | 'acceptedOutputModes' | 'historyLength';

export interface DraftNote {
  /** The part it is about, or absent for a message or send field. */
  partId?: string;
  field?: NoteField;
  message: string;
}

/** A part that was built, with the draft part it came from and its label as the composer numbers it. */
export interface PartRef {
  id: string;
  label: string;
}

export interface DraftCheck {
  /** Present when the draft can be sent. */
  input?: SendInput;
  /** Nothing to send yet (no text, no parts): Send is disabled without an error. */
  empty: boolean;
  problems: DraftNote[];
  warnings: DraftNote[];
}

/** The interface the message goes to; its generation and binding decide which fields reach the wire. */
export interface WireTarget {
  generation: Generation;
  binding?: Binding;
}

export function checkDraft(draft: Draft, target: DraftTarget, wire?: WireTarget): DraftCheck {
  const problems: DraftNote[] = [];
  const warnings: DraftNote[] = [];
  const parts: PartInput[] = [];
  const refs: PartRef[] = [];

  draft.parts.forEach((part, index) => {
    const label = `Part ${index + 1}`;
    const built = buildPart(part, draft.composerText, label, problems, warnings);
    if (built) {
      parts.push(built);
      refs.push({ id: part.id, label });
    }
  });

  const metadata = parseJsonObject(draft.metadataJson);
  if (!metadata.ok) problems.push({ field: 'metadata', message: `Metadata: ${metadata.message}` });

  const extensions = splitList(draft.extensionsText);
  for (const uri of extensions) {
    if (!isAbsoluteUri(uri)) {
      problems.push({ field: 'extensions', message: `Extension "${uri}" is not an absolute URI.` });
    }
  }
  const referenceTaskIds = splitList(draft.referenceTaskIdsText);
  const acceptedOutputModes = splitList(draft.acceptedOutputModesText);

  let historyLength: number | undefined;
  const historyText = draft.historyLengthText.trim();
  if (historyText !== '') {
    if (/^\d+$/.test(historyText)) historyLength = Number(historyText);
    else {
      problems.push({
        field: 'historyLength',
        message: 'History length must be a whole number (0 or more), or empty for the agent’s default.',
      });
    }
  }

  const empty = parts.length === 0 && !draft.parts.some((p) => p.kind === 'file' || p.kind === 'data');
  if (problems.length > 0 || parts.length === 0) return { empty, problems, warnings };

  const input: SendInput = {
    message: {
      parts,
      ...(target.taskId ? { taskId: target.taskId } : {}),
      ...(target.contextId ? { contextId: target.contextId } : {}),
      ...(referenceTaskIds.length > 0 ? { referenceTaskIds } : {}),
      ...(extensions.length > 0 ? { extensions } : {}),
      ...(metadata.ok && metadata.value ? { metadata: metadata.value as JsonObject } : {}),
    },
    // Streams answer at once whatever the flag says; a non-streaming send follows the user's choice.
    blocking: draft.streaming ? true : draft.blocking,
    ...(acceptedOutputModes.length > 0 ? { acceptedOutputModes } : {}),
    ...(historyLength !== undefined ? { historyLength } : {}),
  };
  if (wire) warnings.push(...wireWarnings(wire, input, draft.streaming, refs));
  return { input, empty: false, problems, warnings };
}

function buildPart(
  part: DraftPart,
  mainText: string,
  label: string,
  problems: DraftNote[],
  warnings: DraftNote[],
): PartInput | undefined {
  switch (part.kind) {
    case 'main-text':
      // An empty text box is not a part: a message of only a file is fine.
      return mainText.trim() === '' ? undefined : { kind: 'text', text: mainText };
    case 'text':
      return part.text.trim() === '' ? undefined : { kind: 'text', text: part.text };
    case 'data': {
      const parsed = parseJson(part.json);
      if (!parsed.ok) {
        problems.push({ partId: part.id, message: `${label} (data): ${parsed.message}` });
        return undefined;
      }
      return { kind: 'data', data: parsed.value, ...optional('mediaType', part.mediaType) };
    }
    case 'file': {
      const common = { ...optional('name', part.name), ...optional('mediaType', part.mediaType) };
      if (part.source === 'uri') {
        const uri = part.uri.trim();
        if (uri === '') {
          problems.push({ partId: part.id, message: `${label} (file): type the file’s URI.` });
          return undefined;
        }
        if (!isAbsoluteUri(uri)) {
          problems.push({ partId: part.id, message: `${label} (file): "${uri}" is not an absolute URI.` });
          return undefined;
        }
        return { kind: 'file', uri, ...common };
      }
      if (part.tooLarge) {
        problems.push({
          partId: part.id,
          message: `${label} (file): ${formatSize(part.size ?? 0)} is too large to send inline (at most ${formatSize(INLINE_MAX_BYTES)}); send it by URI instead.`,
        });
        return undefined;
      }
      if (part.bytes === undefined) {
        problems.push({ partId: part.id, message: `${label} (file): choose a file, or send it by URI.` });
        return undefined;
      }
      if ((part.size ?? 0) > INLINE_WARN_BYTES) {
        warnings.push({
          partId: part.id,
          message: `${label} (file): ${formatSize(part.size ?? 0)} inline — many agents and proxies refuse bodies this large; a URI may be safer.`,
        });
      }
      return { kind: 'file', bytes: part.bytes, ...common };
    }
  }
}

function optional<K extends string>(key: K, value: string): Partial<Record<K, string>> {
  const trimmed = value.trim();
  return trimmed === '' ? {} : ({ [key]: trimmed } as Record<K, string>);
}

/** Items separated by spaces, commas or new lines; empty items dropped. */
export function splitList(text: string): string[] {
  return text.split(/[\s,]+/).filter((item) => item !== '');
}

export function isAbsoluteUri(text: string): boolean {
  // A scheme followed by ':' (RFC 3986 §3.1), and something the URL parser accepts (urn:, https:, data: …).
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What this generation and binding cannot carry, so the user knows before sending that a field will not reach the wire
 * (docs/protocol.md#operations-and-bindings: 0.1 has no extensions, referenceTaskIds, output modes or blocking flag;
 * the 0.3 proto has no file name, part media type or referenceTaskIds; 0.2/0.3 JSON data parts have no media type).
 */
export function wireWarnings(
  wire: WireTarget,
  input: SendInput,
  streaming: boolean,
  refs: PartRef[] = input.message.parts.map((_, i) => ({ id: `${i}`, label: `Part ${i + 1}` })),
): DraftNote[] {
  const notes: DraftNote[] = [];
  const name = `A2A ${wire.generation}${wire.binding === 'JSONRPC' ? '' : ` over ${wire.binding}`}`;
  const { message } = input;
  const shape = profileOf(wire.generation).messageShape(wire.binding);
  if (!shape.extensions && message.extensions)
    notes.push({ field: 'extensions', message: `${name} messages have no extensions; they are not sent.` });
  if (!shape.referenceTaskIds && message.referenceTaskIds) {
    notes.push({
      field: 'referenceTaskIds',
      message: `${name} messages have no referenceTaskIds; they are not sent.`,
    });
  }
  if (!shape.acceptedOutputModes && input.acceptedOutputModes) {
    notes.push({
      field: 'acceptedOutputModes',
      message: `${name} has no acceptedOutputModes; they are not sent.`,
    });
  }
  if (!shape.blockingFlag && !streaming && !input.blocking) {
    notes.push({ message: `${name} has no blocking flag: tasks/send always waits for the task.` });
  }
  message.parts.forEach((part, index) => {
    const ref = refs[index] ?? { id: `${index}`, label: `Part ${index + 1}` };
    const at = { partId: ref.id };
    if (part.kind === 'data' && part.mediaType && !shape.dataPartMediaType) {
      notes.push({ ...at, message: `${ref.label}: ${name} data parts have no media type; it is not sent.` });
    }
    if (part.kind === 'file' && part.name && !shape.filePartName) {
      notes.push({ ...at, message: `${ref.label}: ${name} file parts have no name; it is not sent.` });
    }
    if (part.kind === 'data' && !shape.dataPartAnyJson && !isPlainObject(part.data)) {
      notes.push({
        ...at,
        message: `${ref.label}: ${name} data parts hold a JSON object; this one is ${describeKind(part.data)}.`,
      });
    }
  });
  return notes;
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
