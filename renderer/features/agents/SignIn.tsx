// Sign-in with OAuth 2 authorization code and PKCE (AUTH-3): saves the auth as typed, asks the host to start the
// flow, opens the authorization URL (the system browser on desktop, where window.open goes through the confirmed
// external opener; a new tab in the browser edition), and shows each step as the host reports it, with the frames
// that carried them and, when a step fails, why.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AgentAuth } from '../../../shared/host/agent';
import type { SignInFlow, SignInStart } from '../../../shared/host/signIn';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { FrameLink } from '../../ui/FrameLink';
import { tokenStatusKey } from './TokenPanel';

const STEP_NAMES = { authorize: 'Authorize', redirect: 'Redirect', token: 'Token' } as const;

export function SignIn({ agentId, auth }: { agentId: string; auth: AgentAuth }) {
  const host = useHost();
  const upsertAgent = useAppStore((state) => state.upsertAgent);
  const queries = useQueryClient();
  const [flow, setFlow] = useState<SignInFlow>();
  const [refused, setRefused] = useState<Extract<SignInStart, { ok: false }>>();

  const signIn = useMutation({
    mutationFn: async () => {
      setRefused(undefined);
      setFlow(undefined);
      // The host signs in with the auth it holds, so what is typed here is saved first.
      upsertAgent(await host.configureAgent({ agentId, settings: { auth } }));
      const started = await host.startSignIn({ agentId });
      if (!started.ok) {
        setRefused(started);
        return;
      }
      setFlow(started.flow);
      window.open(started.flow.authorizationUrl, '_blank', 'noopener,noreferrer');
      setFlow(await host.awaitSignIn({ flowId: started.flow.id }));
      // The token panel shows the new token at once rather than at its next poll.
      await queries.invalidateQueries({ queryKey: tokenStatusKey(agentId) });
    },
  });
  const trust = useMutation({
    mutationFn: async (origin: string) => {
      upsertAgent(await host.trustOrigin({ agentId, origin }));
      setRefused(undefined);
    },
  });

  return (
    <div className="sign-in" data-testid="sign-in">
      <button
        type="button"
        onClick={() => signIn.mutate()}
        disabled={signIn.isPending}
        data-testid="sign-in-start"
      >
        {flow?.status === 'signed-in' ? 'Sign in again' : 'Sign in'}
      </button>
      {flow && (
        <a href={flow.authorizationUrl} target="_blank" rel="noopener noreferrer" data-testid="sign-in-url">
          open the sign-in page again
        </a>
      )}
      {refused && (
        <p className="error-text" role="alert" data-testid="sign-in-refused">
          {refused.message}{' '}
          {refused.confirm && (
            <button
              type="button"
              onClick={() => trust.mutate(refused.confirm!.origin)}
              data-testid="sign-in-trust"
            >
              Allow {refused.confirm.origin}
            </button>
          )}
        </p>
      )}
      {signIn.error && (
        <p className="error-text" role="alert" data-testid="sign-in-error">
          {signIn.error.message}
        </p>
      )}
      {flow && (
        <ol className="sign-in-steps" data-testid="sign-in-flow" data-status={flow.status}>
          {flow.steps.map((step) => (
            <li key={step.step} data-testid="sign-in-step" data-step={step.step} data-status={step.status}>
              <strong>{STEP_NAMES[step.step]}</strong>{' '}
              <span className={`badge ${step.status}`}>{step.status}</span> {step.text}{' '}
              {step.frameId && <FrameLink id={step.frameId} testId="sign-in-frame" />}
            </li>
          ))}
          {flow.message && (
            <li className="error-text" data-testid="sign-in-message">
              {flow.message}
            </li>
          )}
        </ol>
      )}
    </div>
  );
}
