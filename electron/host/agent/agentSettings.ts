// An agent's settings: the defaults, merging what the user changed, and the copy with secrets hidden that leaves
// the host (the renderer shows that a secret is set, never the secret: AUTH-4).

import {
  SECRET_PLACEHOLDER,
  type AgentAuth,
  type AgentConnection,
  type AgentSettings,
  type AgentSettingsChange,
} from '../../../shared/host/agent';
import { SSE_DEFAULT_MAX_EVENT_BYTES } from '../../../shared/wire/sse';

export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  selection: {},
  auth: { type: 'none' },
  headers: [],
  extensions: [],
  timeouts: { connectMs: 10_000, firstByteMs: 30_000, idleMs: 60_000, totalMs: 120_000 },
  limits: {
    // Past SPILL_ABOVE_BYTES an answer goes to disk, so this cap guards the disk, not memory.
    maxBodyBytes: 256 * 1024 * 1024,
    maxEventBytes: SSE_DEFAULT_MAX_EVENT_BYTES,
    maxStreamBytes: 1024 * 1024 * 1024,
  },
  trustedOrigins: [],
  resyncOnDrop: true,
};

/**
 * Applies a change. A secret sent back as the placeholder keeps its stored value, so the renderer can round-trip
 * the settings it was given without knowing the secrets.
 */
export function mergeSettings(current: AgentSettings, change: AgentSettingsChange): AgentSettings {
  const next: AgentSettings = {
    ...current,
    ...change,
    timeouts: { ...current.timeouts, ...change.timeouts },
    limits: { ...current.limits, ...change.limits },
  };
  if (change.auth) next.auth = keepSecrets(current.auth, change.auth);
  if (change.connection?.passphrase === SECRET_PLACEHOLDER) {
    next.connection = withPassphrase(change.connection, current.connection?.passphrase);
  }
  if (change.headers) {
    next.headers = change.headers.map((header) => {
      if (header.value !== SECRET_PLACEHOLDER) return header;
      const old = current.headers.find((h) => h.name.toLowerCase() === header.name.toLowerCase());
      return old ? { ...header, value: old.value } : header;
    });
  }
  return next;
}

/** Each auth type keeps its one secret in one field; everything that hides or restores secrets goes through it. */
const SECRET_FIELD = {
  none: undefined,
  apiKey: 'value',
  bearer: 'token',
  basic: 'password',
  'oauth2-client-credentials': 'clientSecret',
  'oauth2-authorization-code': 'clientSecret',
} as const;

/** The auth's one secret; '' for an auth that has none. */
function secretOf(auth: AgentAuth): string {
  const field = SECRET_FIELD[auth.type];
  return field === undefined ? '' : ((auth as unknown as Record<string, string>)[field] ?? '');
}

/** The auth with its secret replaced by `replace(secret)`; an auth without a secret comes back as it is. */
function mapSecret(auth: AgentAuth, replace: (secret: string) => string): AgentAuth {
  const field = SECRET_FIELD[auth.type];
  if (field === undefined) return auth;
  return { ...auth, [field]: replace(secretOf(auth)) } as AgentAuth;
}

function keepSecrets(current: AgentAuth, change: AgentAuth): AgentAuth {
  if (current.type !== change.type) return change;
  const stored = secretOf(current);
  return mapSecret(change, (value) => (value === SECRET_PLACEHOLDER ? stored : value));
}

function withHeaderSecrets<H extends { value: string; secret?: boolean }>(headers: H[], value: string): H[] {
  return headers.map((h) => (h.secret ? { ...h, value } : h));
}

/** The connection with its passphrase replaced (NET-1), or without one when `passphrase` is undefined. */
function withPassphrase(connection: AgentConnection, passphrase: string | undefined): AgentConnection {
  const { passphrase: _old, ...rest } = connection;
  return passphrase === undefined ? rest : { ...rest, passphrase };
}

/** The settings with every secret value emptied, for files (AUTH-4). */
export function withoutSecrets<S extends AgentSettingsChange>(settings: S): S {
  return {
    ...settings,
    ...(settings.connection ? { connection: withPassphrase(settings.connection, undefined) } : {}),
    ...(settings.auth ? { auth: mapSecret(settings.auth, () => '') } : {}),
    ...(settings.headers ? { headers: withHeaderSecrets(settings.headers, '') } : {}),
  };
}

export function hideSecrets(settings: AgentSettings): AgentSettings {
  return {
    ...settings,
    auth: mapSecret(settings.auth, () => SECRET_PLACEHOLDER),
    headers: withHeaderSecrets(settings.headers, SECRET_PLACEHOLDER),
    ...(settings.connection?.passphrase
      ? { connection: withPassphrase(settings.connection, SECRET_PLACEHOLDER) }
      : {}),
  };
}

/** What of an agent's settings is secret, kept apart from the library file (AUTH-4): its auth, secret headers. */
export interface StoredSecrets {
  auth?: AgentAuth;
  headers: Array<{ name: string; value: string }>;
  /** Unlocks the client key or PKCS#12 file (NET-1). */
  passphrase?: string;
}

/** The secrets of `settings`; undefined when it has none worth keeping. */
export function secretsOf(settings: AgentSettings): StoredSecrets | undefined {
  const authSecret = secretOf(settings.auth);
  const headers = settings.headers
    .filter((h) => h.secret && h.value !== '')
    .map((h) => ({ name: h.name, value: h.value }));
  const passphrase = settings.connection?.passphrase;
  if (authSecret === '' && headers.length === 0 && !passphrase) return undefined;
  return {
    ...(authSecret !== '' ? { auth: settings.auth } : {}),
    headers,
    ...(passphrase ? { passphrase } : {}),
  };
}

/**
 * A change (an agent reopened from the library, its secrets blanked) with the stored secrets put back where a secret
 * is empty or the placeholder: the auth when it is of the same type, secret headers by name.
 */
export function withStoredSecrets(change: AgentSettingsChange, stored: StoredSecrets): AgentSettingsChange {
  const missing = (value: string) => value === '' || value === SECRET_PLACEHOLDER;
  const out: AgentSettingsChange = { ...change };
  if (change.auth && stored.auth && change.auth.type === stored.auth.type) {
    const secret = secretOf(stored.auth);
    out.auth = mapSecret(change.auth, (value) => (missing(value) ? secret : value));
  }
  if (change.connection && stored.passphrase && missing(change.connection.passphrase ?? '')) {
    out.connection = withPassphrase(change.connection, stored.passphrase);
  }
  if (change.headers) {
    out.headers = change.headers.map((header) => {
      if (!header.secret || !missing(header.value)) return header;
      const saved = stored.headers.find((h) => h.name.toLowerCase() === header.name.toLowerCase());
      return saved ? { ...header, value: saved.value } : header;
    });
  }
  return out;
}
