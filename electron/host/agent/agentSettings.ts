// An agent's settings: the defaults, merging what the user changed, and the copy with secrets hidden that leaves
// the host (the renderer shows that a secret is set, never the secret: AUTH-4).

import {
  SECRET_PLACEHOLDER,
  type AgentAuth,
  type AgentSettings,
  type AgentSettingsChange,
} from '../../../shared/agent';
import { SSE_DEFAULT_MAX_EVENT_BYTES } from '../../../shared/wire/sse';

export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  selection: {},
  auth: { type: 'none' },
  headers: [],
  extensions: [],
  timeouts: { connectMs: 10_000, firstByteMs: 30_000, idleMs: 60_000, totalMs: 120_000 },
  limits: {
    maxBodyBytes: 32 * 1024 * 1024,
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
  if (change.headers) {
    next.headers = change.headers.map((header) => {
      if (header.value !== SECRET_PLACEHOLDER) return header;
      const old = current.headers.find((h) => h.name.toLowerCase() === header.name.toLowerCase());
      return old ? { ...header, value: old.value } : header;
    });
  }
  return next;
}

function keepSecrets(current: AgentAuth, change: AgentAuth): AgentAuth {
  if (current.type !== change.type) return change;
  const keep = (value: string, old: string) => (value === SECRET_PLACEHOLDER ? old : value);
  switch (change.type) {
    case 'apiKey':
      return { ...change, value: keep(change.value, (current as typeof change).value) };
    case 'bearer':
      return { ...change, token: keep(change.token, (current as typeof change).token) };
    case 'basic':
      return { ...change, password: keep(change.password, (current as typeof change).password) };
    case 'oauth2-client-credentials':
      return { ...change, clientSecret: keep(change.clientSecret, (current as typeof change).clientSecret) };
    case 'none':
      return change;
  }
}

/** The settings with every secret value emptied, for files (AUTH-4). */
export function withoutSecrets<S extends AgentSettingsChange>(settings: S): S {
  const auth = settings.auth;
  const blank = auth ? blankAuth(auth) : undefined;
  return {
    ...settings,
    ...(blank ? { auth: blank } : {}),
    ...(settings.headers
      ? { headers: settings.headers.map((h) => (h.secret ? { ...h, value: '' } : h)) }
      : {}),
  };
}

function blankAuth(auth: AgentAuth): AgentAuth {
  switch (auth.type) {
    case 'apiKey':
      return { ...auth, value: '' };
    case 'bearer':
      return { ...auth, token: '' };
    case 'basic':
      return { ...auth, password: '' };
    case 'oauth2-client-credentials':
      return { ...auth, clientSecret: '' };
    case 'none':
      return auth;
  }
}

export function hideSecrets(settings: AgentSettings): AgentSettings {
  const auth = settings.auth;
  let hidden: AgentAuth = auth;
  switch (auth.type) {
    case 'apiKey':
      hidden = { ...auth, value: SECRET_PLACEHOLDER };
      break;
    case 'bearer':
      hidden = { ...auth, token: SECRET_PLACEHOLDER };
      break;
    case 'basic':
      hidden = { ...auth, password: SECRET_PLACEHOLDER };
      break;
    case 'oauth2-client-credentials':
      hidden = { ...auth, clientSecret: SECRET_PLACEHOLDER };
      break;
    case 'none':
      break;
  }
  return {
    ...settings,
    auth: hidden,
    headers: settings.headers.map((h) => (h.secret ? { ...h, value: SECRET_PLACEHOLDER } : h)),
  };
}
