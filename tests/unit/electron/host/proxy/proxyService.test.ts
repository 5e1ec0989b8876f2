// The host's proxy service (PRX-1) with a fake engine: several proxies, one per upstream, stop and stop all, fault
// rules checked by the validator handed in (PRX-4), every bad input refused with a sentence, and the status list
// published after each change, and (throttled per proxy, on a held clock) as traffic moves a proxy's counts.

import { describe, expect, it } from 'vitest';
import {
  COUNTS_PER_SECOND,
  createProxyService,
  type ProxyEngine,
  type ProxyServiceDeps,
  type ProxyTimers,
} from '../../../../../electron/host/proxy/proxyService';
import type { ProxyStatus } from '../../../../../shared/proxy/proxyTypes';
import { fakeProxyEngine } from '../../../support/fakeProxyEngine';

function service(extra: Partial<ProxyServiceDeps> = {}) {
  const { engine, started } = fakeProxyEngine();
  const published: ProxyStatus[][] = [];
  const proxies = createProxyService({ engine, publish: (list) => published.push(list), ...extra });
  return { proxies, started, published };
}

const rulesCount: ProxyServiceDeps['validateRules'] = (json) =>
  Array.isArray(json) ? { ok: true, count: json.length } : { ok: false, error: 'Rules are a JSON array.' };

describe('proxy service', () => {
  it('starts several proxies, one per upstream, with the switches defaulted', async () => {
    const { proxies, started, published } = service();
    const a = await proxies.start({ upstream: 'http://127.0.0.1:9001/' });
    const b = await proxies.start({
      upstream: 'http://127.0.0.1:9002/',
      injectTrace: true,
      routePush: false,
    });
    expect(proxies.list().map((p) => p.id)).toEqual([a.id, b.id]);
    expect(started[0]!.options).toEqual({
      upstream: 'http://127.0.0.1:9001/',
      injectTrace: false,
      routePush: true,
    });
    expect(started[1]!.options).toMatchObject({ injectTrace: true, routePush: false });
    expect(published.map((list) => list.length)).toEqual([1, 2]);
  });

  it('refuses a second proxy for the same upstream, however its URL is spelled, and says where the first is', async () => {
    const { proxies, started } = service();
    const first = await proxies.start({ upstream: 'http://127.0.0.1:9001/' });
    await expect(
      proxies.start({ upstream: 'HTTP://127.0.0.1:9001/.well-known/agent-card.json' }),
    ).rejects.toThrow(`A proxy for http://127.0.0.1:9001 is already running: give clients ${first.cardUrl}.`);
    expect(started).toHaveLength(1);
  });

  it('refuses a second start for an upstream still being started', async () => {
    const { proxies } = service();
    const first = proxies.start({ upstream: 'http://127.0.0.1:9001/' });
    await expect(proxies.start({ upstream: 'http://127.0.0.1:9001' })).rejects.toThrow(
      'is being started already',
    );
    await first;
    expect(proxies.list()).toHaveLength(1);
  });

  it.each([
    [{ upstream: '' }, 'Type the agent to proxy'],
    [{ upstream: 'not a url' }, '“not a url” is not a URL'],
    [{ upstream: 'ftp://127.0.0.1/' }, 'must be an http or https URL, not ftp'],
    [{ upstream: 'http://user:pw@127.0.0.1/' }, 'Leave credentials out of the upstream URL'],
    [{ upstream: 'http://127.0.0.1/', port: 70_000 }, 'The port must be a whole number from 1 to 65535'],
    [{ upstream: 'http://127.0.0.1/', port: 1.5 }, 'The port must be a whole number'],
    [{ upstream: 'http://127.0.0.1/', replaceWith: ' ' }, 'Choose the saved session to serve'],
  ])('refuses %j with a clear message', async (options, message) => {
    const { proxies, started } = service();
    await expect(proxies.start(options)).rejects.toThrow(message);
    expect(started).toHaveLength(0);
  });

  it('passes the engine’s own failure on, and keeps nothing of it', async () => {
    const proxies = createProxyService({
      engine: async () => {
        throw new Error('The recording proxy is not available in this build.');
      },
      publish: () => undefined,
    });
    await expect(proxies.start({ upstream: 'http://127.0.0.1:9001/' })).rejects.toThrow('not available');
    expect(proxies.list()).toEqual([]);
    // The failed start does not hold the upstream: trying again reaches the engine again.
    await expect(proxies.start({ upstream: 'http://127.0.0.1:9001/' })).rejects.toThrow('not available');
  });

  it('stops one proxy, and says so only the first time', async () => {
    const { proxies, started, published } = service();
    const a = await proxies.start({ upstream: 'http://127.0.0.1:9001/' });
    await proxies.start({ upstream: 'http://127.0.0.1:9002/' });
    expect(await proxies.stop(a.id)).toEqual({ stopped: true });
    expect(await proxies.stop(a.id)).toEqual({ stopped: false });
    expect(started[0]!.closed).toBe(true);
    expect(proxies.list()).toHaveLength(1);
    expect(published.at(-1)).toHaveLength(1);
    // The upstream is free again once its proxy stopped.
    await proxies.start({ upstream: 'http://127.0.0.1:9001/' });
    expect(proxies.list()).toHaveLength(2);
  });

  it('applies valid fault rules, counts them, and clears them with null', async () => {
    const made: unknown[] = [];
    const { proxies, started, published } = service({
      validateRules: rulesCount,
      hooksFor: (json) => {
        made.push(json);
        return {};
      },
    });
    const a = await proxies.start({ upstream: 'http://127.0.0.1:9001/' });
    const rules = [{ kind: 'error', status: 503 }, { kind: 'stall' }];
    expect(proxies.setFaultRules(a.id, rules).faultRules).toBe(2);
    expect(made).toEqual([rules]);
    expect(proxies.list()[0]!.faultRules).toBe(2);
    expect(published.at(-1)![0]!.faultRules).toBe(2);
    expect(proxies.setFaultRules(a.id, null).faultRules).toBe(0);
    expect(started[0]!.hooks).toHaveLength(2);
  });

  it('refuses invalid rules with the validator’s words and keeps the rules it had', async () => {
    const { proxies, started } = service({ validateRules: rulesCount, hooksFor: () => ({}) });
    const a = await proxies.start({ upstream: 'http://127.0.0.1:9001/' });
    proxies.setFaultRules(a.id, [{ kind: 'stall' }]);
    expect(() => proxies.setFaultRules(a.id, { kind: 'stall' })).toThrow(
      'The fault rules were not applied: Rules are a JSON array.',
    );
    expect(proxies.list()[0]!.faultRules).toBe(1);
    expect(started[0]!.hooks).toHaveLength(1);
  });

  it('says when rules cannot be applied: no such proxy, or no rules in this build', async () => {
    const { proxies } = service();
    expect(() => proxies.setFaultRules('nope', [])).toThrow('No proxy nope is running');
    const a = await proxies.start({ upstream: 'http://127.0.0.1:9001/' });
    expect(() => proxies.setFaultRules(a.id, [])).toThrow('Fault rules are not available in this build.');
    expect(proxies.setFaultRules(a.id, null).faultRules).toBe(0);
  });

  it('stops every proxy at close, even when one fails to close', async () => {
    const { proxies, started, published } = service();
    await proxies.start({ upstream: 'http://127.0.0.1:9001/' });
    await proxies.start({ upstream: 'http://127.0.0.1:9002/' });
    started[0]!.close = async () => {
      throw new Error('socket stuck');
    };
    await expect(proxies.stopAll()).rejects.toThrow('socket stuck');
    expect(started[1]!.closed).toBe(true);
    expect(proxies.list()).toEqual([]);
    expect(published.at(-1)).toEqual([]);
    await proxies.stopAll();
  });
});

describe('counts published as traffic moves them (no polling)', () => {
  /** A clock and timers the test moves by hand: nothing waits on real time. */
  function heldTimers() {
    let now = 0;
    const due: Array<{ at: number; run: () => void; handle: number }> = [];
    let next = 0;
    const timers: ProxyTimers = {
      now: () => now,
      setTimeout(run, ms) {
        const handle = ++next;
        due.push({ at: now + ms, run, handle });
        return handle;
      },
      clearTimeout(handle) {
        const at = due.findIndex((entry) => entry.handle === handle);
        if (at >= 0) due.splice(at, 1);
      },
    };
    const advance = (ms: number) => {
      now += ms;
      for (const entry of due.filter((e) => e.at <= now)) {
        due.splice(due.indexOf(entry), 1);
        entry.run();
      }
    };
    return { timers, advance, pending: () => due.length };
  }

  /** A fake engine whose proxies say when their counts move, counting exchanges. */
  function countingEngine() {
    const movers: Array<() => void> = [];
    let next = 0;
    const engine: ProxyEngine = async (options) => {
      const id = `c${++next}`;
      let exchanges = 0;
      const listeners = new Set<() => void>();
      movers.push(() => {
        exchanges++;
        for (const listener of listeners) listener();
      });
      return {
        status: (): ProxyStatus => ({
          id,
          upstream: options.upstream,
          listenUrl: `http://127.0.0.1:${41_000 + next}`,
          cardUrl: `http://127.0.0.1:${41_000 + next}/.well-known/agent-card.json`,
          generation: '1.0',
          exchanges,
          clients: 1,
          injectTrace: false,
          routePush: true,
          faultRules: 0,
        }),
        setHooks: () => undefined,
        close: async () => undefined,
        onChange(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
    };
    return { engine, movers };
  }

  it('publishes the first change at once and the rest at most 4 times a second, the last state always', async () => {
    const { timers, advance, pending } = heldTimers();
    const { engine, movers } = countingEngine();
    const published: ProxyStatus[][] = [];
    const proxies = createProxyService({ engine, publish: (list) => published.push(list), timers });
    await proxies.start({ upstream: 'http://127.0.0.1:5001/' });
    expect(COUNTS_PER_SECOND).toBe(4);
    published.length = 0;

    movers[0]!();
    expect(published.map((list) => list[0]!.exchanges)).toEqual([1]);
    for (let i = 0; i < 50; i++) movers[0]!();
    expect(published).toHaveLength(1);
    advance(249);
    expect(published).toHaveLength(1);
    advance(1);
    expect(published.map((list) => list[0]!.exchanges)).toEqual([1, 51]);
    // A second of steady traffic: four publishes, each with the newest count.
    for (let ms = 0; ms < 1000; ms += 10) {
      movers[0]!();
      advance(10);
    }
    expect(published.length - 2).toBeLessThanOrEqual(COUNTS_PER_SECOND);
    advance(1000);
    expect(published.at(-1)![0]!.exchanges).toBe(151);
    expect(pending()).toBe(0);
    await proxies.stopAll();
  });

  it('each proxy has its own allowance; a stopped proxy publishes nothing more', async () => {
    const { timers, advance, pending } = heldTimers();
    const { engine, movers } = countingEngine();
    const published: ProxyStatus[][] = [];
    const proxies = createProxyService({ engine, publish: (list) => published.push(list), timers });
    await proxies.start({ upstream: 'http://127.0.0.1:5001/' });
    await proxies.start({ upstream: 'http://127.0.0.1:5002/' });
    published.length = 0;
    movers[0]!();
    movers[1]!();
    expect(published).toHaveLength(2);
    movers[0]!();
    expect(pending()).toBe(1);
    await proxies.stop('c1');
    expect(pending()).toBe(0);
    const after = published.length;
    movers[0]!();
    advance(1000);
    expect(published).toHaveLength(after);
    expect(published.at(-1)!.map((status) => status.id)).toEqual(['c2']);
    await proxies.stopAll();
  });
});
