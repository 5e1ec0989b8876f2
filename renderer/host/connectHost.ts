// Picks the transport for this edition: the desktop preload's `window.host`, or else the browser edition's HTTP
// bridge with the token the server put in the page, and the bootstrap answer it put there too.

import type { HostBootstrap } from '../../shared/host/bootstrap';
import type { HostConnection } from '../../shared/host/hostApi';
import { TOKEN_META } from '../../shared/host/webBridge';
import { createHttpBridge } from './httpBridge';
import { readServedBootstrap } from './servedBootstrap';

declare global {
  interface Window {
    host?: HostConnection;
  }
}

export type HostLink =
  | {
      ok: true;
      host: HostConnection;
      /** The bootstrap answer the page came with (browser edition); absent, the app asks the host for it. */
      bootstrap?: HostBootstrap;
    }
  | { ok: false; reason: string };

export function connectHost(): HostLink {
  if (window.host) return { ok: true, host: window.host };
  const token = document.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_META}"]`)?.content;
  if (token) {
    const bootstrap = readServedBootstrap(document);
    return { ok: true, host: createHttpBridge(token), ...(bootstrap ? { bootstrap } : {}) };
  }
  return {
    ok: false,
    reason:
      'This page was not opened through Switchboard. Start it with `npm start` (desktop) or `npm run web` (browser).',
  };
}
