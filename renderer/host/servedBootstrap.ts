// The host's bootstrap answer as the browser edition's server wrote it into the page (electron/web/pageBootstrap.ts),
// so the first render need not wait for a round trip. Anything missing or malformed reads as no answer, and the app
// then asks the host for it as the desktop edition does.

import type { BootstrapPart, HostBootstrap } from '../../shared/host/bootstrap';
import { BOOTSTRAP_META } from '../../shared/host/webBridge';
import { isObject } from '../../shared/wire/errorFindings';

/** What is read of the page (the document; kept to this so tests in Node can hand in a parsed page). */
export interface PageHead {
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
}

export function readServedBootstrap(page: PageHead): HostBootstrap | undefined {
  const text = page.querySelector(`meta[name="${BOOTSTRAP_META}"]`)?.getAttribute('content');
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isBootstrap(value) ? value : undefined;
}

/** The answer's outline; its contents are the host's, as trusted as any answer over the bridge. */
function isBootstrap(value: unknown): value is HostBootstrap {
  if (!isObject(value) || !isObject(value.info)) return false;
  const parts: ReadonlyArray<keyof Omit<HostBootstrap, 'info'>> = [
    'library',
    'recentSessions',
    'mockAgents',
    'proxies',
  ];
  return parts.every((name) => isPart(value[name]));
}

function isPart(value: unknown): value is BootstrapPart<unknown> {
  if (!isObject(value)) return false;
  return value.ok === true ? 'value' in value : value.ok === false && isObject(value.error);
}
