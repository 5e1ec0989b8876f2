// Words for the OAuth requests the host makes besides the agent's own (AUTH-3), from a frame's `source`: the frames
// list and the inspector tag them, so a token refresh or a revocation is told apart from an A2A call at a glance.

import { ownValue } from '../ownValue';

const OAUTH_STEPS: Readonly<Record<string, string>> = {
  'oauth:token': 'token request',
  'oauth:code': 'code exchange',
  'oauth:refresh': 'token refresh',
  'oauth:redirect': 'sign-in redirect',
  'oauth:metadata': 'auth server metadata',
  'oauth:revoke': 'token revocation',
};

/** The tag for a frame's source, or undefined when it is not an OAuth step. */
export function oauthStepLabel(source: string): string | undefined {
  return ownValue(OAUTH_STEPS, source);
}
