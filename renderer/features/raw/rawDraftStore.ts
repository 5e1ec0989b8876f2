// The raw request editor's draft, kept outside the component so "Edit and resend" in the frame inspector can fill it
// and the draft survives switching tabs. Local to the raw editor feature rather than a slice of the app store.

import { create } from 'zustand';
import type { OperationOutcome } from '../../../shared/host/agent';
import { emptyDraft, type RawDraft } from './rawDraft';

/** The last send's answer, kept so it is still there after a look at another tab. */
export type RawResult =
  | { outcome: OperationOutcome }
  | { fetched: { frameId: string; summary: string; failed: boolean } }
  | { failure: string };

export interface RawDraftState {
  draft: RawDraft;
  /** Said once after a prefill: what was left out because it is secret. */
  notice: string | null;
  result: RawResult | null;
  setResult(result: RawResult | null): void;
  updateDraft(change: Partial<RawDraft>): void;
  loadDraft(draft: RawDraft, notice: string | null): void;
}

export const useRawDraftStore = create<RawDraftState>()((set) => ({
  draft: emptyDraft,
  notice: null,
  result: null,
  setResult(result) {
    set({ result });
  },
  updateDraft(change) {
    set((state) => ({ draft: { ...state.draft, ...change } }));
  },
  loadDraft(draft, notice) {
    set({ draft, notice, result: null });
  },
}));
