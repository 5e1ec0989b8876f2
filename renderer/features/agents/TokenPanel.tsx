// The token panel in an agent's settings (AUTH-3): which token its requests carry (masked; the value is fetched
// from the host only when the user clicks Reveal), its kind, scopes, a live countdown to expiry, when it was last
// refreshed with a link to that frame, and Sign out, which revokes where the server offers it and always forgets.
// A revocation endpoint on another origin is offered as an explicit "Revoke at <origin>" button, never called unasked.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TOKEN_KIND_LABELS, type SignOutResult, type TokenStatus } from '../../../shared/host/tokens';
import { useHost } from '../../host/HostContext';
import { FrameLink } from '../../ui/FrameLink';
import { expiryText, refreshedText } from './tokenTime';
import { useNow } from './useNow';
import './tokenPanel.css';

/** The query every view of an agent's token shares; a sign-in invalidates it. */
export const tokenStatusKey = (agentId: string) => ['token-status', agentId] as const;

/** Tokens appear and refresh as operations run; a few seconds' lag is fine for a panel that counts down anyway. */
const POLL_MS = 3000;

export function TokenPanel({ agentId, onForgotTyped }: { agentId: string; onForgotTyped: () => void }) {
  const host = useHost();
  const queries = useQueryClient();
  const status = useQuery({
    queryKey: tokenStatusKey(agentId),
    queryFn: () => host.tokenStatus({ agentId }),
    refetchInterval: POLL_MS,
  });
  // Kept with the mask it belongs to, so a refreshed token is never shown with the old value.
  const [revealed, setRevealed] = useState<{ masked: string; value: string }>();
  const reveal = useMutation({
    mutationFn: async () => {
      const clear = await host.tokenStatus({ agentId, reveal: true });
      if (clear.masked === undefined || clear.value === undefined)
        throw new Error('No token is held to reveal.');
      setRevealed({ masked: clear.masked, value: clear.value });
    },
  });
  const [outcome, setOutcome] = useState<SignOutResult>();
  const signOut = useMutation({
    mutationFn: async (revokeAt?: string) => {
      const kind = status.data?.kind;
      setRevealed(undefined);
      const result = await host.signOut(revokeAt ? { agentId, revokeAt } : { agentId });
      setOutcome(result);
      // A typed credential was cleared on the host; the form must not send its placeholder back.
      if (kind === 'static-bearer' || kind === 'api-key' || kind === 'basic') onForgotTyped();
      await queries.invalidateQueries({ queryKey: tokenStatusKey(agentId) });
    },
  });

  const token = status.data;
  if (!token || token.kind === 'none') {
    return status.error ? (
      <p className="error-text" role="alert" data-testid="token-error">
        {status.error.message}
      </p>
    ) : null;
  }
  const shown = revealed && revealed.masked === token.masked ? revealed.value : token.masked;
  return (
    <section className="token-panel" data-testid="token-panel" data-held={String(token.held)}>
      <h4>Token</h4>
      <dl>
        <dt>Type</dt>
        <dd data-testid="token-kind">{TOKEN_KIND_LABELS[token.kind]}</dd>
        <dt>Token</dt>
        <dd>
          {token.held ? (
            <>
              <code data-testid="token-value">{shown}</code>{' '}
              <button
                type="button"
                onClick={() => (shown === token.masked ? reveal.mutate() : setRevealed(undefined))}
                disabled={reveal.isPending}
                data-testid="token-reveal"
              >
                {shown === token.masked ? 'Reveal' : 'Hide'}
              </button>
            </>
          ) : (
            <span className="muted" data-testid="token-value">
              {notHeld(token)}
            </span>
          )}
        </dd>
        {token.scopes && (
          <>
            <dt>Scopes</dt>
            <dd data-testid="token-scopes">{token.scopes.join(' ')}</dd>
          </>
        )}
        {token.held && token.obtainedAt !== undefined && <OAuthTimes token={token} />}
      </dl>
      {(reveal.error ?? signOut.error) && (
        <p className="error-text" role="alert" data-testid="token-error">
          {(reveal.error ?? signOut.error)?.message}
        </p>
      )}
      <button
        type="button"
        onClick={() => signOut.mutate()}
        disabled={signOut.isPending || !token.held}
        data-testid="token-sign-out"
      >
        Sign out
      </button>
      {outcome && (
        <p
          role="status"
          className={outcome.revocation === 'failed' ? 'error-text' : undefined}
          data-testid="token-sign-out-result"
          data-revocation={outcome.revocation}
        >
          {outcome.message}{' '}
          {outcome.frameIds.map((id) => (
            <FrameLink key={id} id={id} testId="token-sign-out-frame" />
          ))}
        </p>
      )}
      {outcome?.revokeAt && (
        <button
          type="button"
          onClick={() => signOut.mutate(outcome.revokeAt)}
          disabled={signOut.isPending}
          data-testid="token-revoke-other-origin"
        >
          Revoke at {outcome.revokeAt}
        </button>
      )}
    </section>
  );
}

/** Expiry (ticking) and last refresh: only OAuth tokens have them. */
function OAuthTimes({ token }: { token: TokenStatus }) {
  const now = useNow();
  return (
    <>
      <dt>Expiry</dt>
      <dd data-testid="token-expiry" data-expires-at={token.expiresAt}>
        {expiryText(token.expiresAt, now)}
        {token.refreshable ? ' (a refresh token renews it)' : ''}
      </dd>
      <dt>Refreshed</dt>
      <dd data-testid="token-refreshed">
        {refreshedText(token.refreshedAt, now)}{' '}
        {token.refreshFrameId && <FrameLink id={token.refreshFrameId} testId="token-refresh-frame" />}
      </dd>
    </>
  );
}

function notHeld(token: TokenStatus): string {
  switch (token.kind) {
    case 'oauth-authorization-code':
      return 'None held: sign in to get one.';
    case 'oauth-client-credentials':
      return 'None held yet: the first request to the agent asks the token endpoint for one.';
    default:
      return 'None set.';
  }
}
