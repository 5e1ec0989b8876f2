// The inspector's toolbar for one exchange (FRM-5, FRM-7, MSG-8): pin it for a diff, diff it with the pinned one,
// show its request as code (cURL, fetch, HTTPie, Python), and "Edit and resend", which copies the request into the raw
// editor without its secrets (the agent's credentials are added again when it is sent).

import type { HttpFrame } from '../../../shared/wire/frame';
import { useAppStore } from '../../store/appStore';
import { draftFromFrame, useRawDraftStore } from '../raw';

export interface FrameActionsProps {
  frame: HttpFrame;
  pinned: boolean;
  onTogglePin: () => void;
  canDiff: boolean;
  pinnedNumber: string;
  showDiff: boolean;
  onToggleDiff: () => void;
  showCurl: boolean;
  onToggleCurl: () => void;
}

export function FrameActions(props: FrameActionsProps) {
  const { frame, pinned, canDiff, showDiff, showCurl } = props;
  return (
    <div className="inspector-actions" role="toolbar" aria-label="Frame actions">
      <button type="button" aria-pressed={pinned} onClick={props.onTogglePin} data-testid="pin-frame">
        {pinned ? 'Unpin' : 'Pin for diff'}
      </button>
      {canDiff && (
        <button type="button" aria-pressed={showDiff} onClick={props.onToggleDiff} data-testid="diff-pinned">
          Diff with pinned {props.pinnedNumber}
        </button>
      )}
      <button type="button" aria-pressed={showCurl} onClick={props.onToggleCurl} data-testid="show-curl">
        Copy as …
      </button>
      <EditAndResend frame={frame} />
    </div>
  );
}

/** Copies the request into the raw editor (without its secrets) and switches to it (MSG-8). */
function EditAndResend({ frame }: { frame: HttpFrame }) {
  const loadDraft = useRawDraftStore((state) => state.loadDraft);
  const setActiveTab = useAppStore((state) => state.setActiveTab);
  return (
    <button
      type="button"
      onClick={() => {
        const { draft, leftOut } = draftFromFrame(frame);
        loadDraft(
          draft,
          leftOut.length > 0
            ? `Left out: ${leftOut.join(', ')}. The agent's credentials are added again when you send.`
            : null,
        );
        setActiveTab('raw');
      }}
      data-testid="edit-resend"
    >
      Edit and resend
    </button>
  );
}
