// A stand-in for the recording proxy engine, for tests of the host's proxy service and methods (PRX-1) that need no
// real proxy: each start makes a proxy that is only a status (ids p1, p2, …, defaulted switches, no traffic) and
// remembers what it was started with, the hooks it was given and whether it was closed. The unit and integration
// tests share it so that a fix to the stand-in lands in both.

import type { ProxyEngine, RunningProxyLike } from '../../../electron/host/proxy/proxyService';
import type { ProxyHooks, ProxyOptions, ProxyStatus } from '../../../shared/proxy/proxyTypes';

export interface FakeProxy extends RunningProxyLike {
  options: ProxyOptions;
  hooks: ProxyHooks[];
  closed: boolean;
}

export interface FakeProxyEngine {
  engine: ProxyEngine;
  /** Every proxy started, oldest first. */
  started: FakeProxy[];
  /** The ids of the proxies closed so far, in the order they started. */
  closedIds(): string[];
}

export function fakeProxyEngine(): FakeProxyEngine {
  const started: FakeProxy[] = [];
  let next = 0;
  const engine: ProxyEngine = async (options) => {
    const id = `p${++next}`;
    const listenUrl = `http://127.0.0.1:${40_000 + next}`;
    const proxy: FakeProxy = {
      options,
      hooks: [],
      closed: false,
      status: (): ProxyStatus => ({
        id,
        upstream: options.upstream,
        listenUrl,
        cardUrl: `${listenUrl}/.well-known/agent-card.json`,
        generation: '1.0',
        exchanges: 0,
        clients: 0,
        injectTrace: options.injectTrace ?? false,
        routePush: options.routePush ?? true,
        faultRules: 0,
      }),
      setHooks(hooks) {
        proxy.hooks.push(hooks);
      },
      async close() {
        proxy.closed = true;
      },
    };
    started.push(proxy);
    return proxy;
  };
  const closedIds = () => started.filter((proxy) => proxy.closed).map((proxy) => proxy.status().id);
  return { engine, started, closedIds };
}
