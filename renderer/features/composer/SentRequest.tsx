// The request the last send put on the wire, read from its frame
// (docs/architecture.md#frames-are-the-single-source-of-truth): the body exactly as sent, in the generation's own field
// names, so the user sees what the composer's parts and options became. Shown as a text node (never parsed into
// markup); very long bodies (inline files) are cut for display, the frame keeps them whole.

import { useAppStore } from '../../store/appStore';
import { formatSize } from './base64';

const SHOWN_CHARS = 16 * 1024;

export function SentRequest({ agentId }: { agentId: string }) {
  const last = useAppStore((state) => state.lastExchange);
  const frame = useAppStore((state) => {
    if (!last || last.agentId !== agentId) return undefined;
    const index = state.frameIndex.get(last.exchangeId);
    const found = index === undefined ? undefined : state.frames[index];
    return found?.kind === 'http' ? found : undefined;
  });
  const selectFrame = useAppStore((state) => state.selectFrame);
  const setActiveTab = useAppStore((state) => state.setActiveTab);
  if (!frame) return null;
  const body = frame.request.body;
  const text = body?.text ?? '';
  return (
    <details className="composer-sent" data-testid="composer-sent-request">
      <summary>
        Sent: <span className="method">{frame.request.method}</span> {frame.request.url}{' '}
        <span className="muted">({body ? formatSize(body.size) : 'no body'})</span>
      </summary>
      <pre className="composer-sent-body" data-testid="composer-sent-body">
        {text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text}
      </pre>
      {text.length > SHOWN_CHARS && (
        <p className="muted">
          Showing the first {SHOWN_CHARS / 1024}K characters; the frame holds the whole body.
        </p>
      )}
      <button
        type="button"
        onClick={() => {
          selectFrame(frame.id);
          setActiveTab('frames');
        }}
        data-testid="composer-sent-show-frame"
      >
        Show in Frames
      </button>
    </details>
  );
}
