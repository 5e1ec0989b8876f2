// What the composer holds: the text, streaming on or off, and the task and context a send continues. Kept in the
// store so a skill example, a task's "reply" and the command palette can all fill it.

import type { StateCreator } from 'zustand';

/**
 * Which task the next send continues. `auto` follows the newest task that waits for the user; `new` starts a new
 * task and context; `task` is one the user picked.
 */
export type ComposerTarget =
  { kind: 'auto' } | { kind: 'new' } | { kind: 'task'; taskId: string; contextId?: string };

export interface ComposerSlice {
  composerText: string;
  streaming: boolean;
  target: ComposerTarget;
  setComposerText(text: string): void;
  setStreaming(on: boolean): void;
  setTarget(target: ComposerTarget): void;
}

export const createComposerSlice: StateCreator<ComposerSlice, [], [], ComposerSlice> = (set) => ({
  composerText: '',
  streaming: true,
  target: { kind: 'auto' },
  setComposerText(text) {
    set({ composerText: text });
  },
  setStreaming(on) {
    set({ streaming: on });
  },
  setTarget(target) {
    set({ target });
  },
});
