// Navigation policy for every web contents (SEC-1): the window never navigates away from the app and never opens
// another window. A link the user clicks is offered to the system browser after the URL check and a confirmation.

import { checkExternalUrl } from './externalUrl';

export interface PreventableEvent {
  preventDefault(): void;
}

export interface ExternalOpener {
  /** Asks the user; resolves true to open. */
  confirm(url: string, warning: string | undefined): Promise<boolean>;
  open(url: string): Promise<void>;
}

export function denyNavigation(event: PreventableEvent): void {
  event.preventDefault();
}

/** The window-open handler: always denies the new window; may hand the URL to the system browser. */
export function handleWindowOpen(details: { url: string }, opener: ExternalOpener): { action: 'deny' } {
  void offerExternal(details.url, opener);
  return { action: 'deny' };
}

export async function offerExternal(url: string, opener: ExternalOpener): Promise<boolean> {
  const verdict = checkExternalUrl(url);
  if (!verdict.ok) return false;
  if (!(await opener.confirm(verdict.shownAs, verdict.warning))) return false;
  await opener.open(verdict.url);
  return true;
}
