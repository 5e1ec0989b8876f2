// Per-agent settings (UX-1, AUTH-1, AUTH-2, WIRE-6): interface override, credentials (offered from the card's
// security schemes), custom headers, extensions, timeouts. Secrets come back from the host as a placeholder and
// are sent back as such, so they are never shown and never lost. Limits (SEC-4) are set in MiB.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import {
  isOAuth,
  type AgentAuth,
  type AgentLimits,
  type AgentSummary,
  type CustomHeader,
} from '../../../shared/host/agent';
import { bindings, generations, type Binding, type Generation } from '../../../shared/a2a/generation';
import { useHost } from '../../host/HostContext';
import { hostInfoQuery } from '../../queries/hostInfo';
import { useAppStore } from '../../store/appStore';
import { SignIn } from './SignIn';
import { useRememberAgent } from './useLibrary';
import { useConfigureAgent } from './useAgentActions';

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

const MIB = 1024 * 1024;

const LIMIT_FIELDS: Array<[keyof AgentLimits, string, string]> = [
  ['maxBodyBytes', 'answer', 'A JSON answer larger than this stops with a “too large” error.'],
  ['maxEventBytes', 'stream event', 'A larger event is skipped and flagged; the stream goes on.'],
  [
    'maxStreamBytes',
    'whole stream',
    'A stream past this is closed with a “too large” error; its events are kept.',
  ],
];

export function AgentSettingsDialog({ agent }: { agent: AgentSummary }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const configure = useConfigureAgent();
  const remember = useRememberAgent();
  const upsertAgent = useAppStore((state) => state.upsertAgent);
  const [auth, setAuth] = useState<AgentAuth>(agent.settings.auth);
  const [headers, setHeaders] = useState<CustomHeader[]>(agent.settings.headers);
  const [generation, setGeneration] = useState<Generation | ''>(agent.settings.selection.generation ?? '');
  const [binding, setBinding] = useState<Binding | ''>(agent.settings.selection.binding ?? '');
  const [extensions, setExtensions] = useState(agent.settings.extensions.join('\n'));
  const [timeouts, setTimeouts] = useState(agent.settings.timeouts);
  const [resync, setResync] = useState(agent.settings.resyncOnDrop);
  const [limits, setLimits] = useState(agent.settings.limits);

  const open = () => {
    setAuth(agent.settings.auth);
    setHeaders(agent.settings.headers);
    dialog.current?.showModal();
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    configure.mutate(
      {
        agentId: agent.id,
        settings: {
          selection: {
            ...(generation ? { generation } : {}),
            ...(binding ? { binding } : {}),
          },
          auth,
          headers: headers.filter((h) => h.name.trim() !== ''),
          extensions: extensions
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
          timeouts,
          limits,
          resyncOnDrop: resync,
        },
      },
      {
        onSuccess: (summary) => {
          upsertAgent(summary);
          remember(summary);
          dialog.current?.close();
        },
      },
    );
  };
  const field = (
    label: string,
    value: string,
    onChange: (v: string) => void,
    secret = false,
    testId?: string,
  ) => (
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

  return (
    <>
      <button type="button" className="icon" title="Settings" onClick={open} data-testid="agent-settings">
        ⚙
      </button>
      <dialog ref={dialog} className="dialog settings-dialog" aria-label="Agent settings">
        <form onSubmit={save}>
          <h2>Settings</h2>
          <fieldset>
            <legend>Interface</legend>
            <label className="field">
              Generation
              <select value={generation} onChange={(e) => setGeneration(e.target.value as Generation | '')}>
                <option value="">as the card says</option>
                {generations.map((g) => (
                  <option key={g} value={g}>
                    A2A {g}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              Binding
              <select value={binding} onChange={(e) => setBinding(e.target.value as Binding | '')}>
                <option value="">preferred</option>
                {bindings.map((b) => (
                  <option key={b} value={b}>
                    {b}
                  </option>
                ))}
              </select>
            </label>
          </fieldset>
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
            {isOAuth(auth) && (
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
            )}
            <SecretsKept />
          </fieldset>
          <fieldset>
            <legend>Headers</legend>
            {headers.map((header, i) => (
              <div className="header-row" key={i}>
                <input
                  aria-label="Header name"
                  value={header.name}
                  onChange={(e) =>
                    setHeaders(headers.map((h, j) => (j === i ? { ...h, name: e.target.value } : h)))
                  }
                />
                <input
                  aria-label="Header value"
                  type={header.secret ? 'password' : 'text'}
                  value={header.value}
                  onChange={(e) =>
                    setHeaders(headers.map((h, j) => (j === i ? { ...h, value: e.target.value } : h)))
                  }
                />
                <label>
                  <input
                    type="checkbox"
                    checked={header.secret ?? false}
                    onChange={(e) =>
                      setHeaders(headers.map((h, j) => (j === i ? { ...h, secret: e.target.checked } : h)))
                    }
                  />{' '}
                  secret
                </label>
                <button type="button" onClick={() => setHeaders(headers.filter((_, j) => j !== i))}>
                  ✕
                </button>
              </div>
            ))}
            <button type="button" onClick={() => setHeaders([...headers, { name: '', value: '' }])}>
              Add header
            </button>
          </fieldset>
          <fieldset>
            <legend>Extensions (one URI per line)</legend>
            <textarea value={extensions} onChange={(e) => setExtensions(e.target.value)} rows={2} />
          </fieldset>
          <fieldset>
            <legend>Timeouts (ms)</legend>
            {(['connectMs', 'firstByteMs', 'idleMs', 'totalMs'] as const).map((key) => (
              <label className="field" key={key}>
                {key.replace('Ms', '')}
                <input
                  type="number"
                  min={1}
                  value={timeouts[key]}
                  onChange={(e) =>
                    setTimeouts({ ...timeouts, [key]: Math.max(1, Number(e.target.value) || 1) })
                  }
                />
              </label>
            ))}
            <label>
              <input type="checkbox" checked={resync} onChange={(e) => setResync(e.target.checked)} /> After a
              dropped stream, get the task and subscribe again
            </label>
          </fieldset>
          <fieldset>
            <legend>Limits (MiB)</legend>
            {LIMIT_FIELDS.map(([key, label, help]) => (
              <label className="field" key={key} title={help}>
                {label}
                <input
                  type="number"
                  min={1}
                  step="any"
                  value={+(limits[key] / MIB).toFixed(3)}
                  onChange={(e) =>
                    setLimits({
                      ...limits,
                      [key]: Math.max(1, Math.round((Number(e.target.value) || 0) * MIB)),
                    })
                  }
                  data-testid={`limit-${key}`}
                />
              </label>
            ))}
          </fieldset>
          {configure.error && (
            <p className="error-text" role="alert">
              {configure.error.message}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" data-testid="settings-save" disabled={configure.isPending}>
              Save
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/** Where the secrets typed here go between runs (AUTH-4), so nobody is surprised either way. */
function SecretsKept() {
  const host = useHost();
  const queries = useQueryClient();
  const info = useQuery(hostInfoQuery(host));
  const [passphrase, setPassphrase] = useState('');
  const unlock = useMutation({
    mutationFn: () => host.unlockSecrets({ passphrase }),
    onSuccess: () => {
      setPassphrase('');
      void queries.invalidateQueries({ queryKey: hostInfoQuery(host).queryKey });
    },
  });
  if (!info.data) return null;
  const { secretStorage: storage, secretFileLocked: locked } = info.data;
  return (
    <div
      className="secrets-kept"
      data-testid="secrets-kept"
      data-storage={storage}
      data-locked={locked === true}
    >
      <p className="muted">
        {storage === 'os-keychain'
          ? 'Secrets are kept in your system’s keychain, never in the agent library or in saved sessions.'
          : storage === 'passphrase-file'
            ? 'Secrets are kept in a file encrypted with your passphrase, never in the agent library or in saved sessions.'
            : locked
              ? 'Secrets saved in a file encrypted with a passphrase are locked; until you unlock them, the ones typed here are kept in memory only.'
              : 'Secrets are kept in memory only: they are gone when Switchboard stops, and never written to disk. To keep them, choose a passphrase for an encrypted file.'}
      </p>
      {storage === 'memory' && (
        <p>
          <input
            type="password"
            autoComplete="off"
            aria-label={locked ? 'Passphrase of the secrets file' : 'New passphrase for a secrets file'}
            value={passphrase}
            onChange={(event) => setPassphrase(event.target.value)}
            data-testid="secrets-passphrase"
          />{' '}
          <button
            type="button"
            disabled={passphrase === '' || unlock.isPending}
            onClick={() => unlock.mutate()}
            data-testid="secrets-unlock"
          >
            {locked ? 'Unlock' : 'Keep secrets in an encrypted file'}
          </button>
        </p>
      )}
      {unlock.error && (
        <p className="error-text" role="alert" data-testid="secrets-error">
          {unlock.error.message}
        </p>
      )}
      {unlock.data && (
        <p className="muted" role="status" data-testid="secrets-unlocked">
          {unlock.data.created
            ? 'The encrypted file was created; the secrets typed so far are in it.'
            : 'Unlocked: agents you open now get their saved secrets.'}
        </p>
      )}
    </div>
  );
}
