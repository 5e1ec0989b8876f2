// What the composer holds: the message's parts in order (text, files, data), its extras (metadata, extensions,
// referenceTaskIds), the send configuration, and the task and context a send continues. Kept in the store so a skill
// example, a task's "reply" and the command palette can fill it, and so a draft survives switching tabs. Fields the
// user types are kept as typed (JSON text, lists as text); composer/draft.ts checks them and builds the request.

import type { StateCreator } from 'zustand';

/**
 * Which task the next send continues. `auto` follows the newest task that waits for the user; `new` starts a new
 * task; `task` is one the user picked.
 */
export type ComposerTarget =
  { kind: 'auto' } | { kind: 'new' } | { kind: 'task'; taskId: string; contextId?: string };

/** A new task goes into a new context, or into the context of the agent's last task (MSG-7). */
export type ContextMode = 'new' | 'same';

/** The main text box: its text is `composerText`, so everything that fills the composer keeps working. */
export interface MainTextDraft {
  id: typeof MAIN_TEXT_ID;
  kind: 'main-text';
}

export interface TextDraft {
  id: string;
  kind: 'text';
  text: string;
}

export interface FileDraft {
  id: string;
  kind: 'file';
  /** Sent as inline base64 bytes, or as a URI the user typed; the other is kept so switching back loses nothing. */
  source: 'bytes' | 'uri';
  name: string;
  mediaType: string;
  /** Base64 of the file's bytes, read in the renderer. */
  bytes?: string;
  /** Size in bytes of the file that was read (or refused as too large). */
  size?: number;
  /** The file was too large to read inline. */
  tooLarge?: boolean;
  uri: string;
}

export interface DataDraft {
  id: string;
  kind: 'data';
  /** The JSON as typed; sent only while it parses. */
  json: string;
  mediaType: string;
}

export type DraftPart = MainTextDraft | TextDraft | FileDraft | DataDraft;
/** A part as added, before the store gives it an id. */
export type NewDraftPart = Omit<TextDraft, 'id'> | Omit<FileDraft, 'id'> | Omit<DataDraft, 'id'>;
export type DraftPartPatch = Partial<Omit<TextDraft, 'id' | 'kind'>> &
  Partial<Omit<FileDraft, 'id' | 'kind'>> &
  Partial<Omit<DataDraft, 'id' | 'kind'>>;

export const MAIN_TEXT_ID = 'main-text';

/** Message fields besides the parts, as typed. */
export interface MessageExtras {
  /** A JSON object, or empty for none. */
  metadataJson: string;
  /** Extension URIs, separated by spaces, commas or new lines. */
  extensionsText: string;
  referenceTaskIdsText: string;
}

/** The send configuration (MSG-5), as typed. */
export interface SendOptions {
  /** For non-streaming sends: wait for a final or interrupted state, or return at once. */
  blocking: boolean;
  /** Media types, separated by spaces or commas; empty for none. */
  acceptedOutputModesText: string;
  /** A non-negative integer, or empty for the agent's default. */
  historyLengthText: string;
}

export interface ComposerSlice extends MessageExtras, SendOptions {
  composerText: string;
  streaming: boolean;
  /** The agent whose card last set the streaming default, so the default is applied once per agent. */
  streamingDefaultFor: string | null;
  target: ComposerTarget;
  contextMode: ContextMode;
  parts: DraftPart[];
  /** The exchange of the last send, per agent, so the composer can show the request that went out. */
  lastExchange: { agentId: string; exchangeId: string } | null;
  setComposerText(text: string): void;
  setStreaming(on: boolean): void;
  /** Sets streaming from the card the first time an agent is composed to; later calls for it do nothing. */
  applyStreamingDefault(agentId: string, on: boolean): void;
  setTarget(target: ComposerTarget): void;
  setContextMode(mode: ContextMode): void;
  addParts(parts: NewDraftPart[]): void;
  updatePart(id: string, patch: DraftPartPatch): void;
  removePart(id: string): void;
  /** Moves a part up (-1) or down (+1) in the message. */
  movePart(id: string, by: -1 | 1): void;
  /** After a send: the parts are cleared (the text box stays, empty); extras and options are kept. */
  clearParts(): void;
  setMessageExtras(extras: Partial<MessageExtras>): void;
  setSendOptions(options: Partial<SendOptions>): void;
  setLastExchange(last: { agentId: string; exchangeId: string } | null): void;
}

let nextPartNumber = 1;

export const createComposerSlice: StateCreator<ComposerSlice, [], [], ComposerSlice> = (set) => ({
  composerText: '',
  streaming: true,
  streamingDefaultFor: null,
  target: { kind: 'auto' },
  contextMode: 'new',
  parts: [{ id: MAIN_TEXT_ID, kind: 'main-text' }],
  metadataJson: '',
  extensionsText: '',
  referenceTaskIdsText: '',
  blocking: true,
  acceptedOutputModesText: '',
  historyLengthText: '',
  lastExchange: null,
  setComposerText(text) {
    set({ composerText: text });
  },
  setStreaming(on) {
    set({ streaming: on });
  },
  applyStreamingDefault(agentId, on) {
    set((state) =>
      state.streamingDefaultFor === agentId ? {} : { streaming: on, streamingDefaultFor: agentId },
    );
  },
  setTarget(target) {
    set({ target });
  },
  setContextMode(mode) {
    set({ contextMode: mode });
  },
  addParts(parts) {
    const added = parts.map((part) => ({ ...part, id: `part-${nextPartNumber++}` }) as DraftPart);
    set((state) => ({ parts: [...state.parts, ...added] }));
  },
  updatePart(id, patch) {
    set((state) => ({
      parts: state.parts.map((part) =>
        part.id === id && part.kind !== 'main-text' ? { ...part, ...patch } : part,
      ),
    }));
  },
  removePart(id) {
    // The main text box is never removed: an empty text is simply not sent.
    if (id === MAIN_TEXT_ID) return;
    set((state) => ({ parts: state.parts.filter((part) => part.id !== id) }));
  },
  movePart(id, by) {
    set((state) => {
      const from = state.parts.findIndex((part) => part.id === id);
      const to = from + by;
      if (from < 0 || to < 0 || to >= state.parts.length) return {};
      const parts = [...state.parts];
      [parts[from], parts[to]] = [parts[to]!, parts[from]!];
      return { parts };
    });
  },
  clearParts() {
    set({ composerText: '', parts: [{ id: MAIN_TEXT_ID, kind: 'main-text' }] });
  },
  setMessageExtras(extras) {
    set(extras);
  },
  setSendOptions(options) {
    set(options);
  },
  setLastExchange(last) {
    set({ lastExchange: last });
  },
});
