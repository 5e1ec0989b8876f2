// The composer's draft as the store holds it (composerSlice), read as one shallow-compared object so the composer
// renders again only when a field it checks changes (docs/architecture.md#state-in-the-renderer).

import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/appStore';

export function useComposerDraft() {
  return useAppStore(
    useShallow((state) => ({
      composerText: state.composerText,
      parts: state.parts,
      streaming: state.streaming,
      metadataJson: state.metadataJson,
      extensionsText: state.extensionsText,
      referenceTaskIdsText: state.referenceTaskIdsText,
      blocking: state.blocking,
      acceptedOutputModesText: state.acceptedOutputModesText,
      historyLengthText: state.historyLengthText,
    })),
  );
}
