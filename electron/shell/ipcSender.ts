// Every IPC handler checks who is calling (SEC-1): only the app's own top-level document, loaded from the app
// scheme, may use the host. A subframe (a sandboxed preview, an injected iframe) or a navigated page is refused.

export const APP_SCHEME = 'app';
export const APP_HOST = 'switchboard';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export interface SenderFrameLike {
  url: string;
  parent: unknown;
}

export function isTrustedSender(frame: SenderFrameLike | null | undefined): boolean {
  if (!frame || frame.parent !== null) return false;
  try {
    const url = new URL(frame.url);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && !url.username && !url.password;
  } catch {
    return false;
  }
}
