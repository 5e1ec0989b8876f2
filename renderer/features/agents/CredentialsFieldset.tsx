// The credentials part of the agent settings (AUTH-1, AUTH-2): the card's security schemes offered as ready-made
// credentials, the credential type, and the fields each type needs, OAuth sign-in included. Secrets come back from
// the host as a placeholder and are sent back as such, so they are never shown and never lost.

import { isOAuth, type AgentAuth, type AgentSummary, type OAuthAuth } from '../../../shared/host/agent';
import { SecretsKept } from './SecretsKept';
import { SignIn } from './SignIn';
import { TokenPanel } from './TokenPanel';

const AUTH_TYPES: Array<[AgentAuth['type'], string]> = [
  ['none', 'None'],
  ['apiKey', 'API key'],
  ['bearer', 'Bearer token'],
  ['basic', 'Basic'],
  ['oauth2-client-credentials', 'OAuth 2 client credentials'],
  ['oauth2-authorization-code', 'OAuth 2 sign-in (authorization code, PKCE)'],
];

function blankAuth(type: AgentAuth['type']): AgentAuth {
  switch (type) {
    case 'none':
      return { type };
    case 'apiKey':
      return { type, location: 'header', name: 'X-API-Key', value: '' };
    case 'bearer':
      return { type, token: '' };
    case 'basic':
      return { type, username: '', password: '' };
    case 'oauth2-client-credentials':
      return { type, tokenUrl: '', clientId: '', clientSecret: '' };
    case 'oauth2-authorization-code':
      return { type, authorizationUrl: '', tokenUrl: '', clientId: '', clientSecret: '' };
  }
}

function field(label: string, value: string, onChange: (v: string) => void, secret = false, testId?: string) {
  return (
    <label className="field">
      {label}
      <input
        type={secret ? 'password' : 'text'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        {...(testId ? { 'data-testid': testId } : {})}
      />
    </label>
  );
}

interface AuthProps {
  agent: AgentSummary;
  auth: AgentAuth;
  setAuth: (auth: AgentAuth) => void;
}

export function CredentialsFieldset({ agent, auth, setAuth }: AuthProps) {
  return (
    <fieldset>
      <legend>Credentials</legend>
      {agent.authOffers.map((offer) =>
        offer.auth ? (
          <button
            key={offer.scheme}
            type="button"
            onClick={() => setAuth(offer.auth!)}
            data-testid="auth-offer"
          >
            Use the card's “{offer.scheme}”
          </button>
        ) : (
          <p key={offer.scheme} className="muted">
            {offer.scheme}: {offer.note}
          </p>
        ),
      )}
      <label className="field">
        Type
        <select
          value={auth.type}
          onChange={(e) => setAuth(blankAuth(e.target.value as AgentAuth['type']))}
          data-testid="auth-type"
        >
          {AUTH_TYPES.map(([type, label]) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {auth.type === 'apiKey' && (
        <>
          <label className="field">
            In
            <select
              value={auth.location}
              onChange={(e) =>
                setAuth({ ...auth, location: e.target.value as 'header' | 'query' | 'cookie' })
              }
            >
              <option value="header">header</option>
              <option value="query">query</option>
              <option value="cookie">cookie</option>
            </select>
          </label>
          {field('Name', auth.name, (name) => setAuth({ ...auth, name }))}
          {field('Key', auth.value, (value) => setAuth({ ...auth, value }), true, 'auth-secret')}
        </>
      )}
      {auth.type === 'bearer' &&
        field('Token', auth.token, (token) => setAuth({ ...auth, token }), true, 'auth-secret')}
      {auth.type === 'basic' && (
        <>
          {field('User', auth.username, (username) => setAuth({ ...auth, username }))}
          {field(
            'Password',
            auth.password,
            (password) => setAuth({ ...auth, password }),
            true,
            'auth-secret',
          )}
        </>
      )}
      {isOAuth(auth) && <OAuthFields agent={agent} auth={auth} setAuth={setAuth} />}
      <TokenPanel agentId={agent.id} onForgotTyped={() => setAuth({ type: 'none' })} />
      <SecretsKept />
    </fieldset>
  );
}

/** The fields both OAuth 2 flows share, the authorization URL and sign-in for the authorization code flow. */
function OAuthFields({ agent, auth, setAuth }: AuthProps & { auth: OAuthAuth }) {
  return (
    <>
      {auth.type === 'oauth2-authorization-code' &&
        field(
          'Authorization URL',
          auth.authorizationUrl,
          (authorizationUrl) => setAuth({ ...auth, authorizationUrl }),
          false,
          'auth-authorization-url',
        )}
      {field(
        'Token URL',
        auth.tokenUrl,
        (tokenUrl) => setAuth({ ...auth, tokenUrl }),
        false,
        'auth-token-url',
      )}
      {field(
        'Client id',
        auth.clientId,
        (clientId) => setAuth({ ...auth, clientId }),
        false,
        'auth-client-id',
      )}
      {field(
        auth.type === 'oauth2-authorization-code'
          ? 'Client secret (empty for a public client)'
          : 'Client secret',
        auth.clientSecret,
        (clientSecret) => setAuth({ ...auth, clientSecret }),
        true,
        'auth-secret',
      )}
      {field('Scopes', (auth.scopes ?? []).join(' '), (scopes) =>
        setAuth({ ...auth, scopes: scopes.split(/\s+/).filter(Boolean) }),
      )}
      {auth.type === 'oauth2-authorization-code' && <SignIn agentId={agent.id} auth={auth} />}
    </>
  );
}
