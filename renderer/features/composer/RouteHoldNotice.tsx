// A hold the host kept from an earlier send (CARD-3), shown before anything is sent in this window: the interface
// answered as if its route were missing, so sends stay held until the user chooses to send anyway. A hold found by a
// send in this window is told by OutcomeNotice instead.

import type { RouteHoldSummary } from '../../../shared/host/agent';

export function RouteHoldNotice({
  hold,
  canSend,
  onSendAnyway,
}: {
  hold: RouteHoldSummary;
  canSend: boolean;
  onSendAnyway: () => void;
}) {
  return (
    <div className="outcome error" data-testid="route-hold" role="status">
      <span>
        {hold.message} Sends to this interface are held until you choose to send anyway, as an earlier send
        found.
      </span>
      <button type="button" data-testid="send-anyway" disabled={!canSend} onClick={onSendAnyway}>
        Send anyway
      </button>
    </div>
  );
}
