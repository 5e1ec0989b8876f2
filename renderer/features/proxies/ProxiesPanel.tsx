// The sidebar's proxies (PRX-1): "Proxy an agent…", then each running proxy with its upstream, the card URL to give
// clients (copy), its generation, how many exchanges it carried for how many clients, its trace and push switches,
// what it serves instead of the live agent (PRX-5), its fault rules (PRX-4) and Stop.

import type { ProxyStatus } from '../../../shared/proxy/proxyTypes';
import { CopyButton } from '../sessions';
import { FaultRulesEditor } from './FaultRulesEditor';
import { useProxiesUi } from './proxiesUiStore';
import { useProxies, useStopProxy } from './useProxies';
import { proxyCounts, proxySwitches, proxyUpstreamLabel } from './proxyWords';
import './proxies.css';

export function ProxiesPanel() {
  const proxies = useProxies();
  const openDialog = useProxiesUi((state) => state.openProxyDialog);
  return (
    <section className="sidebar proxies-panel" aria-label="Proxies" data-testid="proxies-panel">
      <h2>Proxies</h2>
      <button type="button" onClick={openDialog} data-testid="proxy-open-dialog">
        Proxy an agent…
      </button>
      {proxies.isError ? (
        <p className="error-text" data-testid="proxies-error">
          The proxies could not be listed: {proxies.error.message}
        </p>
      ) : proxies.data && proxies.data.length > 0 ? (
        <ul className="mock-list" data-testid="proxies-list">
          {proxies.data.map((proxy) => (
            <ProxyRow key={proxy.id} proxy={proxy} />
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="proxies-empty">
          None running. A proxy records what another client exchanges with an agent.
        </p>
      )}
    </section>
  );
}

function ProxyRow({ proxy }: { proxy: ProxyStatus }) {
  const stop = useStopProxy();
  return (
    <li data-testid="proxy-row" data-proxy-id={proxy.id}>
      <span className="muted" title={proxy.upstream} data-testid="proxy-upstream-label">
        {proxyUpstreamLabel(proxy)}
      </span>
      <code className="url" data-testid="proxy-card-url">
        {proxy.cardUrl}
      </code>
      <span className="muted" data-testid="proxy-counts">
        {proxyCounts(proxy)}
      </span>
      <span className="muted" data-testid="proxy-switches">
        {proxySwitches(proxy)}
      </span>
      <span className="mock-actions">
        <CopyButton text={proxy.cardUrl} label="Copy card URL" testId="proxy-copy" />
        <button
          type="button"
          onClick={() => stop.mutate(proxy.id)}
          disabled={stop.isPending}
          data-testid="proxy-stop"
        >
          Stop
        </button>
      </span>
      {stop.error && (
        <p className="error-text" role="alert">
          The proxy was not stopped: {stop.error.message}
        </p>
      )}
      <FaultRulesEditor proxy={proxy} />
    </li>
  );
}
