// Which sessions dialog is open. The palette, the top bar and the replay bar all open the same dialogs, so the
// choice lives in a small store beside the feature (like the frames' pin store) rather than in each button.

import { create } from 'zustand';
import type { ExportFormat } from '../../../shared/session/types';

export interface SessionUiState {
  /** The export review, for this format; null when closed. */
  exportFormat: ExportFormat | null;
  resendOpen: boolean;
  mockOpen: boolean;
  /** A session being opened: its name, how many of its frames have been read, and how to cancel it (UX-5). */
  opening: {
    name: string;
    loaded: number;
    total?: number;
    /** What `loaded` counts: the host's bytes read first, then the frames the window has read. */
    unit?: string;
    startedAt: number;
    cancel(): void;
  } | null;
  setOpening(opening: SessionUiState['opening']): void;
  /** A save under way, with its cancel (UX-5); null when none is. */
  saving: { startedAt: number; cancel(): void } | null;
  setSaving(saving: SessionUiState['saving']): void;
  /** A re-send under way: requests sent of all, and its cancel (UX-5); null when none is. */
  resending: { startedAt: number; sent: number; total?: number; cancel(): void; cancelling?: boolean } | null;
  setResending(resending: SessionUiState['resending']): void;
  openExport(format: ExportFormat): void;
  openResend(): void;
  openMock(): void;
  closeDialogs(): void;
}

export const useSessionUi = create<SessionUiState>()((set) => ({
  exportFormat: null,
  resendOpen: false,
  mockOpen: false,
  opening: null,
  setOpening(opening) {
    set({ opening });
  },
  saving: null,
  setSaving(saving) {
    set({ saving });
  },
  resending: null,
  setResending(resending) {
    set({ resending });
  },
  openExport(format) {
    set({ exportFormat: format, resendOpen: false, mockOpen: false });
  },
  openResend() {
    set({ exportFormat: null, resendOpen: true, mockOpen: false });
  },
  openMock() {
    set({ exportFormat: null, resendOpen: false, mockOpen: true });
  },
  closeDialogs() {
    set({ exportFormat: null, resendOpen: false, mockOpen: false });
  },
}));

/** The id of the hidden file input the top bar's "Open session…" uses; the palette clicks it too. */
export const SESSION_FILE_INPUT_ID = 'session-file-input';

export function openSessionPicker(): void {
  document.getElementById(SESSION_FILE_INPUT_ID)?.click();
}

/** The hidden file input behind "Beside…" (UX-2); the palette's "Open session beside…" clicks it too. */
export const BESIDE_INPUT_ID = 'session-beside-input';

export function openBesidePicker(): void {
  document.getElementById(BESIDE_INPUT_ID)?.click();
}
