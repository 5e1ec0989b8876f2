// What the sidebar's open-agent form sends (UX-1, CARD-1, NET-1): the address, the card path when one is typed and the
// Connection fields as `settings.connection`, so an agent whose card sits behind a private CA, a self-signed
// certificate or mutual TLS can be opened from the window. Also reads the fingerprint a TLS failure names, so the form
// can offer to accept it. Pure, so the mapping is tested without a window.

import type { AgentSettingsChange } from '../../../shared/host/agent';
import { connectionFromDraft, type ConnectionDraft } from './connectionDraft';

export interface OpenAgentForm {
  url: string;
  cardPath: string;
  connection: ConnectionDraft;
}

export interface UrlOpenRequest {
  kind: 'url';
  url: string;
  cardPath?: string;
  settings?: AgentSettingsChange;
}

export function openRequestFromForm(
  form: OpenAgentForm,
): { ok: true; request: UrlOpenRequest } | { ok: false; message: string } {
  const url = form.url.trim();
  if (url === '') return { ok: false, message: 'Type the agent URL or the card URL first.' };
  const cardPath = form.cardPath.trim();
  const connection = connectionFromDraft(form.connection);
  // No empty `connection`: an agent opened without one keeps the defaults, as before the fields existed.
  const settings = Object.keys(connection).length > 0 ? { connection } : undefined;
  return {
    ok: true,
    request: {
      kind: 'url',
      url,
      ...(cardPath !== '' ? { cardPath } : {}),
      ...(settings ? { settings } : {}),
    },
  };
}

// The host spells a fingerprint as openssl does (AB:CD:…, 32 bytes); the first one a TLS failure names is the
// certificate the server presented (electron/host/net/connector.ts).
const PRESENTED_FINGERPRINT = /SHA-256 fingerprint (?:is )?((?:[0-9A-F]{2}:){31}[0-9A-F]{2})/;

/** The fingerprint of the certificate a failed open was refused for, when the message names one. */
export function presentedFingerprint(message: string | undefined): string | undefined {
  return message ? PRESENTED_FINGERPRINT.exec(message)?.[1] : undefined;
}
