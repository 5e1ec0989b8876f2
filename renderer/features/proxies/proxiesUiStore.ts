// Whether the "Proxy an agent…" dialog is open. The sidebar button and the palette both open it, so the choice lives
// in a small store beside the feature rather than in either of them.

import { create } from 'zustand';

export interface ProxiesUiState {
  dialogOpen: boolean;
  openProxyDialog(): void;
  closeProxyDialog(): void;
}

export const useProxiesUi = create<ProxiesUiState>()((set) => ({
  dialogOpen: false,
  openProxyDialog() {
    set({ dialogOpen: true });
  },
  closeProxyDialog() {
    set({ dialogOpen: false });
  },
}));
