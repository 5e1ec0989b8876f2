// The "Proxy an agent…" form as typed, and the check that turns it into the host's ProxyOptions (PRX-1) or says,
// for the field at fault, what to fix: the same upstream rule the host applies, a port, and a session when the
// proxy is to serve one instead of the live agent (PRX-5).

import type { ProxyOptions } from '../../../shared/proxy/proxyTypes';
import { checkUpstream } from '../../../shared/proxy/proxyUpstream';

export interface ProxyDraft {
  upstream: string;
  /** As typed: empty picks a free port. */
  port: string;
  injectTrace: boolean;
  routePush: boolean;
  replace: boolean;
  /** The saved session's path, when `replace` is on. */
  replaceWith: string;
}

export type DraftField = 'upstream' | 'port' | 'replaceWith';

export type DraftCheck =
  { ok: true; options: ProxyOptions } | { ok: false; field: DraftField; error: string };

/** A fresh form: the open agent's card URL when it was fetched over http(s) (a pasted card has no upstream). */
export function newDraft(cardUrl?: string): ProxyDraft {
  const upstream = cardUrl && /^https?:\/\//i.test(cardUrl) ? cardUrl : '';
  return { upstream, port: '', injectTrace: false, routePush: true, replace: false, replaceWith: '' };
}

export function checkDraft(draft: ProxyDraft): DraftCheck {
  const upstream = checkUpstream(draft.upstream);
  if (!upstream.ok) return { ok: false, field: 'upstream', error: upstream.error };
  const options: ProxyOptions = {
    upstream: draft.upstream.trim(),
    injectTrace: draft.injectTrace,
    routePush: draft.routePush,
  };
  const port = draft.port.trim();
  if (port !== '') {
    const value = /^\d{1,5}$/.test(port) ? Number(port) : NaN;
    if (!(value >= 1 && value <= 65_535)) {
      return {
        ok: false,
        field: 'port',
        error: 'The port is a number from 1 to 65535, or empty for a free one.',
      };
    }
    options.port = value;
  }
  if (draft.replace) {
    if (draft.replaceWith.trim() === '') {
      return { ok: false, field: 'replaceWith', error: 'Choose the saved session the proxy should serve.' };
    }
    options.replaceWith = draft.replaceWith;
  }
  return { ok: true, options };
}
