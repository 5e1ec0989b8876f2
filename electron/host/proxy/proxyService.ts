// The recording proxies the host runs (PRX-1): several at once, one per upstream, each started by an engine handed in
// (so tests use a fake one and the host wires the real one), with the fault rules the user applied (PRX-4) and a
// status list published whenever it changes, so the app's proxies panel follows without asking: after each start,
// stop and change of rules at once, and after traffic moves a proxy's counts at most COUNTS_PER_SECOND times a second
// per proxy (the last change always published), so a busy proxy does not flood the window.

import type { ProxyHooks, ProxyOptions, ProxyStatus } from '../../../shared/proxy/proxyTypes';
import { checkUpstream } from '../../../shared/proxy/proxyUpstream';

/** What the engine gives back for one proxy it started (the real one is startRecordingProxy's RunningProxy). */
export interface RunningProxyLike {
  status(): ProxyStatus;
  setHooks(hooks: ProxyHooks): void;
  close(): Promise<void>;
  /** Puts fault rules in place itself (the real engine keeps one live rule set per proxy); `[]` clears them. */
  loadFaultRules?(json: unknown): RulesValidation;
  /** Calls `listener` whenever the proxy's counts move; returns the unsubscribe. */
  onChange?(listener: () => void): () => void;
}

/** How often a proxy's moving counts are published at most. */
export const COUNTS_PER_SECOND = 4;
const COUNTS_INTERVAL_MS = 1000 / COUNTS_PER_SECOND;

/** The clock and timers the throttle uses; the real ones unless a test holds them. */
export interface ProxyTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: ProxyTimers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type ProxyEngine = (options: ProxyOptions) => Promise<RunningProxyLike>;

export type RulesValidation = { ok: true; count: number } | { ok: false; error: string };

export interface ProxyServiceDeps {
  engine: ProxyEngine;
  /** Checks fault rules as the user typed them (parsed JSON); without it, rules cannot be applied. */
  validateRules?: (json: unknown) => RulesValidation;
  /** The hooks that make valid rules happen; without it, a proxy's hooks are left as they are. */
  hooksFor?: (json: unknown) => ProxyHooks;
  /** Called with the whole list after every start, stop and rules change, and (throttled) as counts move. */
  publish(proxies: ProxyStatus[]): void;
  timers?: ProxyTimers;
}

export interface ProxyService {
  start(options: ProxyOptions): Promise<ProxyStatus>;
  stop(id: string): Promise<{ stopped: boolean }>;
  list(): ProxyStatus[];
  /** `null` clears the rules; anything else is checked by `validateRules` first. */
  setFaultRules(id: string, rules: unknown): ProxyStatus;
  stopAll(): Promise<void>;
}

interface Entry {
  key: string;
  running: RunningProxyLike;
  faultRules: number;
  /** Stops hearing the proxy's count changes and drops a publish still due. */
  quiet: () => void;
}

/**
 * Calls `publish` when counts move, at most once per interval: the first change at once, later ones together when
 * the interval is up, so the last state is always published. Returns what stops it.
 */
function throttledCounts(running: RunningProxyLike, timers: ProxyTimers, publish: () => void): () => void {
  let last = Number.NEGATIVE_INFINITY;
  let due: unknown;
  const fire = () => {
    due = undefined;
    last = timers.now();
    publish();
  };
  const unsubscribe = running.onChange?.(() => {
    if (due !== undefined) return;
    const wait = last + COUNTS_INTERVAL_MS - timers.now();
    if (wait <= 0) fire();
    else due = timers.setTimeout(fire, wait);
  });
  return () => {
    unsubscribe?.();
    if (due !== undefined) timers.clearTimeout(due);
    due = undefined;
  };
}

export function createProxyService(deps: ProxyServiceDeps): ProxyService {
  const proxies = new Map<string, Entry>();
  /** Upstreams being started, so two quick starts for one agent do not both get through. */
  const starting = new Set<string>();
  const statusOf = (entry: Entry): ProxyStatus => ({
    ...entry.running.status(),
    faultRules: entry.faultRules,
  });
  const list = () => [...proxies.values()].map(statusOf);
  const changed = () => deps.publish(list());

  return {
    async start(options) {
      const upstream = checkUpstream(options.upstream);
      if (!upstream.ok) throw new Error(upstream.error);
      checkPort(options.port);
      if (options.replaceWith !== undefined && options.replaceWith.trim() === '') {
        throw new Error('Choose the saved session to serve, or leave “Serve a saved session instead” off.');
      }
      const running = [...proxies.values()].find((entry) => entry.key === upstream.key);
      if (running) {
        const card = running.running.status().cardUrl;
        throw new Error(`A proxy for ${upstream.key} is already running: give clients ${card}.`);
      }
      if (starting.has(upstream.key))
        throw new Error(`A proxy for ${upstream.key} is being started already.`);
      starting.add(upstream.key);
      try {
        const proxy = await deps.engine({
          ...options,
          upstream: upstream.url,
          injectTrace: options.injectTrace ?? false,
          routePush: options.routePush ?? true,
        });
        const quiet = throttledCounts(proxy, deps.timers ?? realTimers, changed);
        const entry: Entry = { key: upstream.key, running: proxy, faultRules: 0, quiet };
        proxies.set(proxy.status().id, entry);
        changed();
        return statusOf(entry);
      } finally {
        starting.delete(upstream.key);
      }
    },
    async stop(id) {
      const entry = proxies.get(id);
      if (!entry) return { stopped: false };
      proxies.delete(id);
      entry.quiet();
      try {
        await entry.running.close();
      } finally {
        changed();
      }
      return { stopped: true };
    },
    list,
    setFaultRules(id, rules) {
      const entry = proxies.get(id);
      if (!entry) throw new Error(`No proxy ${id} is running: it may have been stopped.`);
      if (entry.running.loadFaultRules) {
        const loaded = entry.running.loadFaultRules(rules ?? []);
        if (!loaded.ok) throw new Error(`The fault rules were not applied: ${loaded.error}`);
        entry.faultRules = loaded.count;
      } else if (rules === null) {
        entry.running.setHooks({});
        entry.faultRules = 0;
      } else {
        if (!deps.validateRules) throw new Error('Fault rules are not available in this build.');
        const checked = deps.validateRules(rules);
        if (!checked.ok) throw new Error(`The fault rules were not applied: ${checked.error}`);
        if (deps.hooksFor) entry.running.setHooks(deps.hooksFor(rules));
        entry.faultRules = checked.count;
      }
      changed();
      return statusOf(entry);
    },
    async stopAll() {
      const entries = [...proxies.values()];
      proxies.clear();
      for (const entry of entries) entry.quiet();
      // Every proxy is closed even when one fails to; the first failure is reported once all have been tried.
      const results = await Promise.allSettled(entries.map((entry) => entry.running.close()));
      if (entries.length > 0) changed();
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}

function checkPort(port: number | undefined): void {
  if (port === undefined) return;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(
      `The port must be a whole number from 1 to 65535 (or empty for a free one), not ${port}.`,
    );
  }
}
