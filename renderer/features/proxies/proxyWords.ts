// What the proxies panel says about one running proxy (PRX-1, PRX-4, PRX-5), in words made from its status alone:
// pure, so the panel's lines are tested without a DOM and stay the same wherever a proxy is described.

import type { ProxyStatus } from '../../../shared/proxy/proxyTypes';

/** The upstream, or the saved session served in its place. */
export function proxyUpstreamLabel(proxy: ProxyStatus): string {
  return proxy.replacedBy ? `Session ${proxy.replacedBy}` : proxy.upstream;
}

/** "A2A 1.0 · 12 exchanges · 1 client" */
export function proxyCounts(proxy: ProxyStatus): string {
  return `A2A ${proxy.generation} · ${plural(proxy.exchanges, 'exchange')} · ${plural(proxy.clients, 'client')}`;
}

export function proxySwitches(proxy: ProxyStatus): string {
  const trace = proxy.injectTrace ? 'injected' : 'passed through';
  const push = proxy.routePush ? 'routed through Switchboard' : 'left to the agent';
  return `Trace context ${trace} · push ${push}`;
}

export function activeRulesText(count: number): string {
  return count === 0 ? 'none active' : `${count} active`;
}

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;
}
