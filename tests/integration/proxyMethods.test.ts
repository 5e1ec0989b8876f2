// The host's proxy methods (PRX-1) through the real createHost: before the recording proxy's engine is part of the
// build, starting one says so in a sentence and nothing is left running; with an engine handed in (a fake here),
// the window hears of every start, change of rules and stop as a `proxies` event, and closing the host stops all.

import { afterEach, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import type { ProxyEngine } from '../../electron/host/proxy/proxyService';
import type { HostEvent, HostService } from '../../shared/host/hostApi';
import { connectInProcess } from '../../shared/host/inProcess';
import type { ProxyStatus } from '../../shared/proxy/proxyTypes';

let host: HostService | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

/** A stand-in engine: each proxy is a status and a flag saying whether it was closed. */
function fakeEngine() {
  const closed = new Set<string>();
  let next = 0;
  const engine: ProxyEngine = async (options) => {
    const id = `p${++next}`;
    const listenUrl = `http://127.0.0.1:${41_000 + next}`;
    const status: ProxyStatus = {
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
    };
    return {
      status: () => status,
      setHooks: () => undefined,
      close: async () => {
        closed.add(id);
      },
    };
  };
  return { engine, closed };
}

/** Resolves with the next `proxies` event the connection hears. */
function nextProxiesEvent(connection: ReturnType<typeof connectInProcess>): Promise<ProxyStatus[]> {
  return new Promise((resolve) => {
    const stop = connection.onEvent((event: HostEvent) => {
      if (event.type !== 'proxies') return;
      stop();
      resolve(event.proxies);
    });
  });
}

describe('proxy methods without the engine', () => {
  it('refuses to start a proxy with a clear message and lists none', async () => {
    host = createHost({ edition: 'test', appVersion: '0.0.0-test' });
    await expect(host.startProxy({ upstream: 'http://127.0.0.1:9/' })).rejects.toThrow(
      'The recording proxy is not available in this build.',
    );
    await expect(host.startProxy({ upstream: 'nope' })).rejects.toThrow('“nope” is not a URL');
    expect(await host.listProxies()).toEqual([]);
    expect(await host.stopProxy({ id: 'p1' })).toEqual({ stopped: false });
    await expect(host.setProxyFaultRules({ id: 'p1', rules: null })).rejects.toThrow(
      'No proxy p1 is running',
    );
  });
});

describe('proxy methods with an engine', () => {
  it('tells the window of each start, rules change and stop, and stops every proxy at close', async () => {
    const { engine, closed } = fakeEngine();
    host = createHost({ edition: 'test', appVersion: '0.0.0-test', proxyEngine: engine });
    const connection = connectInProcess(host);

    let heard = nextProxiesEvent(connection);
    const a = await connection.startProxy({ upstream: 'http://127.0.0.1:9001/', injectTrace: true });
    expect((await heard).map((p) => p.id)).toEqual([a.id]);
    heard = nextProxiesEvent(connection);
    const b = await connection.startProxy({ upstream: 'http://127.0.0.1:9002/' });
    expect((await heard).map((p) => p.id)).toEqual([a.id, b.id]);
    await expect(connection.startProxy({ upstream: 'http://127.0.0.1:9001' })).rejects.toThrow(
      `A proxy for http://127.0.0.1:9001 is already running: give clients ${a.cardUrl}.`,
    );
    await expect(connection.setProxyFaultRules({ id: a.id, rules: [] })).rejects.toThrow(
      'Fault rules are not available in this build.',
    );

    heard = nextProxiesEvent(connection);
    expect(await connection.stopProxy({ id: a.id })).toEqual({ stopped: true });
    expect(await heard).toEqual([expect.objectContaining({ id: b.id, routePush: true, injectTrace: false })]);
    expect(await connection.listProxies()).toHaveLength(1);

    await host.close();
    host = undefined;
    expect([...closed].sort()).toEqual([a.id, b.id]);
  });
});
