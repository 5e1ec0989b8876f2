// Picks the transport for this edition: the desktop preload's `window.host`, or else the browser edition's HTTP
// bridge with the token the server put in the page.

import type { HostConnection } from '../../shared/host/hostApi';
import { TOKEN_META } from '../../shared/host/webBridge';
import { createHttpBridge } from './httpBridge';

declare global {
  interface Window {
    host?: HostConnection;
  }
}

export type HostLink = { ok: true; host: HostConnection } | { ok: false; reason: string };

export function connectHost(): HostLink {
  if (window.host) return { ok: true, host: window.host };
  const token = document.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_META}"]`)?.content;
  if (token) return { ok: true, host: createHttpBridge(token) };
  return {
    ok: false,
    reason:
      'This page was not opened through Switchboard. Start it with `npm start` (desktop) or `npm run web` (browser).',
  };
}
