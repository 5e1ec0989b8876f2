// What the inspector says about an exchange the recording proxy carried (PRX-1): the client that called (address ·
// user agent), the proxy and the upstream, the binding, and each way the client's bytes differ from the upstream's
// (injected faults, PRX-4; a rewritten card or push config; a saved session answering, PRX-5), one sentence each.

import type { ProxiedInfo } from '../../../shared/proxy/proxyTypes';
import { proxiedClientText, proxiedNotes } from '../../../shared/proxy/proxiedText';

export function ProxiedSection({ info, heading = 'Via proxy' }: { info: ProxiedInfo; heading?: string }) {
  const notes = proxiedNotes(info);
  return (
    <section className="proxied-section" aria-label={heading} data-testid="frame-proxied">
      <h3>{heading}</h3>
      <dl className="connection-facts">
        <dt>Client</dt>
        <dd data-testid="frame-proxied-client">{proxiedClientText(info.client)}</dd>
        <dt>Proxy</dt>
        <dd>
          <code>{info.listenUrl}</code> ({info.binding})
        </dd>
        <dt>Upstream</dt>
        <dd>
          <code>{info.upstream}</code>
        </dd>
      </dl>
      {notes.length > 0 && (
        <ul className="proxied-notes" data-testid="frame-proxied-notes">
          {notes.map((note, i) => (
            <li key={i} data-testid="frame-proxied-note">
              {note}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
