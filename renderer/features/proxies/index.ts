// The proxies feature: "Proxy an agent…" and the sidebar's running recording proxies with their fault rules (PRX-1,
// PRX-4, PRX-5). Other features import it only from here.

export { ProxiesPanel } from './ProxiesPanel';
export { ProxyAgentDialog } from './ProxyAgentDialog';
export { useProxiesUi } from './proxiesUiStore';
