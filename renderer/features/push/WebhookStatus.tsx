// Where the webhook receiver listens (PUSH-2, PUSH-5): the URL the agent must reach, a warning when the host has one,
// and the button that moves the receiver between 127.0.0.1 and every interface.

import type { WebhookStatus as Status } from '../../../shared/host/push';

export function WebhookStatus({ status, onToggle }: { status: Status | undefined; onToggle: () => void }) {
  return (
    <>
      <p className="muted" data-testid="webhook-status">
        {status?.listening
          ? `The agent must reach ${status.baseUrl}/hooks/… (listening on ${status.host}).`
          : 'The webhook receiver starts when you register a push config.'}{' '}
        Agents that refuse private URLs need a tunnel to this address.
      </p>
      {status?.warning && (
        <p className="error-text" data-testid="webhook-warning">
          {status.warning}
        </p>
      )}
      {status?.listening && (
        <button type="button" data-testid="webhook-interface" onClick={onToggle}>
          {status.host === '127.0.0.1' ? 'Listen on all interfaces…' : 'Listen on 127.0.0.1 only'}
        </button>
      )}
    </>
  );
}
