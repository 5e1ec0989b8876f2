// The composer's last row (MSG-5, MSG-6): stream or not, a push config for this send, why Send is disabled when a
// problem blocks it, the Send button, and Stop beside it while the stream a send opened is open (MSG-9).

import type { PushAuthMode } from '../../../shared/host/push';
import { useAppStore } from '../../store/appStore';

export interface ComposerActionsProps {
  streaming: boolean;
  push: PushAuthMode | 'off';
  setPush: (push: PushAuthMode | 'off') => void;
  problems: number;
  canSend: boolean;
  sending: boolean;
  onSend: () => void;
  /** Closes the stream the last send opened; absent when none is open. */
  onStop?: (() => void) | undefined;
  stopping?: boolean;
}

export function ComposerActions({
  streaming,
  push,
  setPush,
  problems,
  canSend,
  sending,
  onSend,
  onStop,
  stopping = false,
}: ComposerActionsProps) {
  const setStreaming = useAppStore((state) => state.setStreaming);
  return (
    <div className="composer-actions">
      <label>
        <input
          type="checkbox"
          checked={streaming}
          onChange={(event) => setStreaming(event.target.checked)}
          data-testid="composer-streaming"
        />{' '}
        Stream
      </label>
      <label>
        Push{' '}
        <select
          value={push}
          onChange={(event) => setPush(event.target.value as PushAuthMode | 'off')}
          aria-label="Push notifications for this send"
          data-testid="composer-push"
        >
          <option value="off">off</option>
          <option value="token">to Switchboard (token)</option>
          <option value="bearer">to Switchboard (bearer)</option>
        </select>
      </label>
      {problems > 0 && (
        <span className="composer-blocked" data-testid="composer-blocked">
          Fix {problems === 1 ? 'the problem' : `${problems} problems`} above to send
        </span>
      )}
      <button type="button" onClick={onSend} disabled={!canSend} data-testid="composer-send">
        {sending ? 'Sending…' : 'Send'}
      </button>
      {onStop && (
        <button
          type="button"
          onClick={onStop}
          disabled={stopping}
          title="Close the stream; the task keeps running on the agent"
          data-testid="composer-stop"
        >
          {stopping ? 'Stopping…' : 'Stop'}
        </button>
      )}
    </div>
  );
}
