// The composer's last row (MSG-5, MSG-6): stream or not, a push config for this send, why Send is disabled when a
// problem blocks it, and the Send button.

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
}

export function ComposerActions({
  streaming,
  push,
  setPush,
  problems,
  canSend,
  sending,
  onSend,
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
    </div>
  );
}
