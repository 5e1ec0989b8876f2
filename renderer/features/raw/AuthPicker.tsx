// Whose credentials go with an editor request (MSG-8): none, one of the open agents' (the host adds them and sends
// through that agent), or typed here: a bearer token, basic user and password, or an API key header. Typed values
// are secrets: masked, marked on the frame and never kept in the history.

import type { AgentSummary } from '../../../shared/host/agent';
import { agentName } from '../../../shared/agentName';
import { useAppStore } from '../../store/appStore';
import type { DraftAuth } from './rawDraft';

type Kind = 'none' | `agent:${string}` | 'bearer' | 'basic' | 'api-key';

function kindOf(auth: DraftAuth): Kind {
  return auth.kind === 'agent' ? `agent:${auth.agentId}` : auth.kind;
}

function authOf(kind: Kind): DraftAuth {
  if (kind.startsWith('agent:')) return { kind: 'agent', agentId: kind.slice('agent:'.length) };
  if (kind === 'bearer') return { kind: 'bearer', token: '' };
  if (kind === 'basic') return { kind: 'basic', user: '', password: '' };
  if (kind === 'api-key') return { kind: 'api-key', name: 'X-API-Key', value: '' };
  return { kind: 'none' };
}

export function AuthPicker({ auth, onChange }: { auth: DraftAuth; onChange: (auth: DraftAuth) => void }) {
  const agents: AgentSummary[] = useAppStore((state) => state.agents);
  return (
    <fieldset className="raw-auth">
      <legend>Auth</legend>
      <select
        aria-label="Credentials"
        value={kindOf(auth)}
        onChange={(event) => onChange(authOf(event.target.value as Kind))}
        data-testid="raw-auth"
      >
        <option value="none">None</option>
        {agents.map((agent) => (
          <option key={agent.id} value={`agent:${agent.id}`}>
            {`Credentials of ${agentName(agent)}`}
          </option>
        ))}
        <option value="bearer">Bearer token</option>
        <option value="basic">Basic (user and password)</option>
        <option value="api-key">API key header</option>
      </select>
      <AuthFields auth={auth} onChange={onChange} />
    </fieldset>
  );
}

function AuthFields({ auth, onChange }: { auth: DraftAuth; onChange: (auth: DraftAuth) => void }) {
  const secret = (label: string, value: string, set: (value: string) => void, testId: string) => (
    <input
      type="password"
      autoComplete="off"
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(event) => set(event.target.value)}
      data-testid={testId}
    />
  );
  switch (auth.kind) {
    case 'bearer':
      return secret('Token', auth.token, (token) => onChange({ ...auth, token }), 'raw-auth-token');
    case 'basic':
      return (
        <>
          <input
            aria-label="User"
            placeholder="User"
            value={auth.user}
            onChange={(event) => onChange({ ...auth, user: event.target.value })}
            data-testid="raw-auth-user"
          />
          {secret(
            'Password',
            auth.password,
            (password) => onChange({ ...auth, password }),
            'raw-auth-password',
          )}
        </>
      );
    case 'api-key':
      return (
        <>
          <input
            aria-label="Header name"
            placeholder="Header name"
            value={auth.name}
            onChange={(event) => onChange({ ...auth, name: event.target.value })}
            data-testid="raw-auth-key-name"
          />
          {secret('Key', auth.value, (value) => onChange({ ...auth, value }), 'raw-auth-key')}
        </>
      );
    default:
      return null;
  }
}
