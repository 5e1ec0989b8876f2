// The way on when an interface answered as if its route were missing (CARD-3): the request that went out, copied into
// the request editor without its secrets (the agent's credentials are added again when it is sent), so the user can
// try the agent's own routes there.

import { useAppStore } from '../../store/appStore';
import { draftFromFrame, useRawDraftStore } from '../raw';

export function OpenInRequestEditor({ frameId }: { frameId: string }) {
  const loadDraft = useRawDraftStore((state) => state.loadDraft);
  const setActiveTab = useAppStore((state) => state.setActiveTab);
  const frame = useAppStore((state) => {
    const at = state.frameIndex.get(frameId);
    return at === undefined ? undefined : state.frames[at];
  });
  if (frame?.kind !== 'http') return null;
  return (
    <button
      type="button"
      data-testid="open-request-editor"
      onClick={() => {
        loadDraft(
          draftFromFrame(frame).draft,
          "The request that found no route. The card's credentials are added again when you send.",
        );
        setActiveTab('raw');
      }}
    >
      Open in the request editor
    </button>
  );
}
