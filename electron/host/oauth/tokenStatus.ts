// What the token panel shows for one agent (AUTH-3): the OAuth token the host holds (from a sign-in or client
// credentials) or the credential typed into the settings, masked unless the user clicked to reveal it.

import { isOAuth } from '../../../shared/host/agent';
import { maskToken, tokenKindOf, type TokenStatus } from '../../../shared/host/tokens';
import type { AgentRecord } from '../agent/agentRecord';

export function readTokenStatus(record: AgentRecord, reveal: boolean): TokenStatus {
  const auth = record.settings.auth;
  const kind = tokenKindOf(auth);
  const base = { agentId: record.id, kind };
  if (isOAuth(auth)) {
    const held = record.oauth.held(auth);
    if (!held) return { ...base, held: false, ...(auth.scopes?.length ? { scopes: auth.scopes } : {}) };
    return {
      ...base,
      held: true,
      masked: maskToken(held.token),
      ...(reveal ? { value: held.token } : {}),
      obtainedAt: held.obtainedAt,
      // A token the agent refused counts as lapsed (its expiry was set to -Infinity); an unstated lifetime has none.
      ...(Number.isFinite(held.expiresAt)
        ? { expiresAt: held.expiresAt }
        : held.expiresAt < 0
          ? { expiresAt: held.obtainedAt }
          : {}),
      ...(held.refreshedAt !== undefined ? { refreshedAt: held.refreshedAt } : {}),
      ...(held.refreshFrameId !== undefined ? { refreshFrameId: held.refreshFrameId } : {}),
      refreshable: held.refreshToken !== undefined,
      ...(held.scopes ? { scopes: held.scopes } : {}),
    };
  }
  const typed = typedSecret(record);
  if (typed === undefined || typed === '') return { ...base, held: false };
  return { ...base, held: true, masked: maskToken(typed), ...(reveal ? { value: typed } : {}) };
}

function typedSecret(record: AgentRecord): string | undefined {
  const auth = record.settings.auth;
  switch (auth.type) {
    case 'bearer':
      return auth.token;
    case 'apiKey':
      return auth.value;
    case 'basic':
      return auth.password;
    default:
      return undefined;
  }
}
