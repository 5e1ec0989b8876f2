// Which proxy an exchange goes through (NET-1), decided from the target, the environment and the agent's setting.
// Pure, so the rules (curl's reading of HTTPS_PROXY / HTTP_PROXY / NO_PROXY) are tested without sockets.

export type ProxyEnv = Readonly<Record<string, string | undefined>>;

export type ProxyChoice =
  | { proxy: URL; reason: string }
  /** Straight to the target; `reason` says why a proxy that might apply did not (absent: none was configured). */
  | { proxy?: undefined; reason?: string };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * The agent's override wins: a URL is always used (even for a loopback target), 'none' never. Otherwise the
 * environment's proxy for the scheme, unless NO_PROXY matches or the target is loopback, so a developer's proxy
 * never sees traffic to their own machine (and the test suite never goes through it).
 */
export function chooseProxy(target: URL, env: ProxyEnv, override?: string): ProxyChoice | { error: string } {
  if (override === 'none') return { reason: 'the agent is set to use no proxy' };
  if (override !== undefined) {
    const proxy = parseProxy(override, 'The agent’s proxy');
    return 'error' in proxy ? proxy : { proxy, reason: 'agent setting' };
  }
  const found = envProxy(target.protocol, env);
  if (!found) return {};
  if (isLoopback(target.hostname))
    return { reason: `${target.hostname} is this machine, so ${found.name} is not used` };
  const noProxy = readEnv(env, 'NO_PROXY');
  if (noProxy && bypasses(target, noProxy.value)) {
    return { reason: `${noProxy.name} (${noProxy.value}) matches ${target.host}` };
  }
  const proxy = parseProxy(found.value, found.name);
  return 'error' in proxy ? proxy : { proxy, reason: found.name };
}

function envProxy(protocol: string, env: ProxyEnv): { name: string; value: string } | undefined {
  if (protocol === 'https:') return readEnv(env, 'HTTPS_PROXY');
  if (protocol === 'http:') return readEnv(env, 'HTTP_PROXY');
  return undefined;
}

/** The lower-case spelling first, as curl reads it; an empty value counts as unset. */
function readEnv(env: ProxyEnv, upper: string): { name: string; value: string } | undefined {
  for (const name of [upper.toLowerCase(), upper]) {
    const value = env[name]?.trim();
    if (value) return { name, value };
  }
  return undefined;
}

export function isLoopback(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

function parseProxy(value: string, source: string): URL | { error: string } {
  // curl accepts a bare host:port; so do we, as http.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { error: `${source} ${JSON.stringify(value)} is not a proxy URL such as http://proxy:3128.` };
  }
  if (url.protocol !== 'http:') {
    return { error: `${source} ${JSON.stringify(value)} is not supported: only http:// proxies are.` };
  }
  return url;
}

/**
 * NO_PROXY as curl reads it: entries separated by commas or spaces; `*` matches everything; `example.com` and
 * `.example.com` match that host and every host under it; `*.example.com` is read as `.example.com`; an entry with
 * `:port` matches only that port; an IP address matches only itself.
 */
export function bypasses(target: URL, noProxy: string): boolean {
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const { name, entryPort } = splitPort(entry);
    if (entryPort && entryPort !== port) continue;
    const bare = name.replace(/^\*?\./, '');
    if (!bare) continue;
    if (host === bare || host.endsWith(`.${bare}`)) return true;
  }
  return false;
}

function splitPort(entry: string): { name: string; entryPort?: string } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { name: bracketed[1]!, ...(bracketed[2] ? { entryPort: bracketed[2] } : {}) };
  const match = /^([^:]+):(\d+)$/.exec(entry);
  return match ? { name: match[1]!, entryPort: match[2]! } : { name: entry };
}

/** The proxy's URL as a frame shows it: user and password removed. */
export function showProxy(proxy: URL): string {
  return `${proxy.protocol}//${proxy.host}`;
}
