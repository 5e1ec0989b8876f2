// The Connection fieldset's fields (NET-1) as the form holds them, every one a string, and the settings they make:
// empty fields are left out, so clearing a field goes back to the default (the system's trust, the environment's
// proxy). The passphrase arrives as the placeholder and goes back as such, so the host keeps the real one.

import type { AgentConnection } from '../../../shared/host/agent';

export const CONNECTION_FIELDS = [
  'ca',
  'acceptFingerprint',
  'cert',
  'key',
  'pfx',
  'passphrase',
  'proxy',
] as const;
export type ConnectionDraft = Record<(typeof CONNECTION_FIELDS)[number], string>;

export function connectionDraft(connection: AgentConnection | undefined): ConnectionDraft {
  const draft = {} as ConnectionDraft;
  for (const field of CONNECTION_FIELDS) draft[field] = connection?.[field] ?? '';
  return draft;
}

export function connectionFromDraft(draft: ConnectionDraft): AgentConnection {
  const connection: AgentConnection = {};
  for (const field of CONNECTION_FIELDS) {
    // A pasted PEM keeps its line breaks; everything else is one word, so stray spaces are trimmed.
    const value = field === 'passphrase' ? draft[field] : draft[field].trim();
    if (value !== '') connection[field] = value;
  }
  return connection;
}
