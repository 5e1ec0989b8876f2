// An OAuth 2 sign-in with authorization code and PKCE, as the host reports it (AUTH-3): the steps so far, each in
// words a user can act on and with the frame that carried it when there was one. The browser's own exchange with the
// authorization server happens outside the host, so that step has the URL it was sent to and no frame.

export type SignInStatus = 'waiting' | 'exchanging' | 'signed-in' | 'failed';

export interface SignInStep {
  step: 'authorize' | 'redirect' | 'token';
  status: 'waiting' | 'done' | 'failed';
  text: string;
  frameId?: string;
}

export interface SignInFlow {
  id: string;
  agentId: string;
  status: SignInStatus;
  /** Where the browser goes: the endpoint with response_type, client_id, redirect_uri, scope, state and challenge. */
  authorizationUrl: string;
  /** The loopback listener that takes the answer (RFC 8252 §7.3). */
  redirectUri: string;
  steps: SignInStep[];
  /** Why it failed, when it did. */
  message?: string;
  /** When the access token lapses (ms since the epoch); absent when the endpoint did not say. */
  expiresAt?: number;
  /** The endpoint gave a refresh token, so an expired token is renewed without signing in again. */
  refreshable?: boolean;
}

export type SignInStart =
  | { ok: true; flow: SignInFlow }
  | {
      ok: false;
      message: string;
      /** The token endpoint is on another origin: the user has to allow it first (AUTH-5). */
      confirm?: { origin: string; reason: string };
    };
