// The recording proxy (PRX-1, PRX-5): one listener on 127.0.0.1 in front of one upstream agent. It reads the upstream's
// card, serves it with every interface moved to itself, forwards each request to the interface it belongs to and
// passes the answer back as it arrives, recording every exchange as frames the app's views already read. Several run
// at once, one per upstream; hooks (faults, trace context) can be swapped while traffic flows. gRPC interfaces are
// forwarded by a listener of their own when the caller supplies one (`startGrpc`), and left out of the card otherwise.

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { ProxyHooks, ProxyOptions, ProxyStatus } from '../../../shared/proxy/proxyTypes';
import type { HttpFrame } from '../../../shared/wire/frame';
import type { Recorder } from '../agent/recorder';
import type { KeepAliveAgents } from '../exchange';
import type { ProxySite } from './forwardContext';
import { startForwardListener, type ForwardListener } from './httpForward';
import { cardMover, loadUpstreamCard, splitUpstream, type UpstreamCard } from './proxyCard';
import { refuse } from './proxyAnswers';
import { forwardCall } from './proxyExchange';
import { startReplacement, type Replacement } from './replaceUpstream';

export interface GrpcForward {
  url: string;
  close(): Promise<void>;
}

export interface RecordingProxyDeps {
  /** How frames are published and where large bodies go: the host's recorder, as the agent client uses it. */
  recorder: Recorder;
  hooks?: ProxyHooks;
  /** Starts the gRPC forwarder for the card's gRPC interface; without it that interface is left out of the card. */
  startGrpc?: (
    upstreamGrpcUrl: string,
    proxyId: string,
    /** `seen` takes each gRPC call's final frame, so the proxy's counts include its gRPC traffic. */
    context: { listenUrl: string; generation: string; seen: (frame: HttpFrame) => void },
  ) => Promise<GrpcForward>;
  /** Each exchange's final frame, once published (the command line prints one line per exchange). */
  onExchange?: (frame: HttpFrame) => void;
  /** The proxy's id; a random one when absent. */
  id?: string;
  /** Fault rules in force, for the status line (the fault hooks know them). */
  faultRules?: () => number;
}

export interface RunningProxy {
  status(): ProxyStatus;
  /** Replaces the hooks for every exchange from now on; exchanges under way keep theirs. */
  setHooks(hooks: ProxyHooks): void;
  close(): Promise<void>;
}

export async function startRecordingProxy(
  options: ProxyOptions,
  deps: RecordingProxyDeps,
): Promise<RunningProxy> {
  const id = deps.id ?? `proxy-${randomBytes(4).toString('hex')}`;
  const cleanup: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of cleanup.splice(0).reverse()) await close().catch(() => undefined);
  };
  try {
    const replacement = options.replaceWith ? await startReplacement(options.replaceWith) : undefined;
    if (replacement) cleanup.push(() => replacement.close());
    const card = await loadUpstreamCard(replacement?.url ?? options.upstream, deps.recorder);
    return await listen(id, options, deps, card, replacement, cleanup, closeAll);
  } catch (error) {
    await closeAll();
    throw error;
  }
}

async function listen(
  id: string,
  options: ProxyOptions,
  deps: RecordingProxyDeps,
  card: UpstreamCard,
  replacement: Replacement | undefined,
  cleanup: Array<() => Promise<void>>,
  closeAll: () => Promise<void>,
): Promise<RunningProxy> {
  let hooks = deps.hooks;
  let exchanges = 0;
  const clients = new Set<string>();
  // The listener starts before the site exists (its port is part of the site); calls wait for neither.
  const held: { site?: ProxySite } = {};
  const listener: ForwardListener = await startForwardListener(options.port ?? 0, {
    routes: () => card.plan.routes,
    cardUrl: () => card.cardUrl,
    handle: async (call, route) =>
      held.site ? forwardCall(held.site, call, route) : refuse(call.res, 503, 'the proxy is still starting.'),
  }).catch((error: NodeJS.ErrnoException) => {
    throw new Error(
      error.code === 'EADDRINUSE'
        ? `Port ${options.port} on 127.0.0.1 is in use; choose another with --port, or 0 for a free one.`
        : `The proxy could not listen on 127.0.0.1: ${error.message}`,
    );
  });
  cleanup.push(() => listener.close());
  const listenUrl = `http://127.0.0.1:${listener.port}`;
  const grpcTarget = card.plan.grpc[0];
  const grpc =
    grpcTarget && deps.startGrpc
      ? await deps.startGrpc(grpcTarget.url, id, {
          listenUrl,
          generation: card.generation,
          seen: (frame) => held.site?.seen(frame),
        })
      : undefined;
  if (grpc) cleanup.push(() => grpc.close());
  const upstreamAgents = keepAliveAgents();
  cleanup.push(async () => {
    upstreamAgents.http.destroy();
    upstreamAgents.https.destroy();
  });
  held.site = {
    id,
    listenUrl,
    card,
    recorder: deps.recorder,
    upstreamAgents,
    hooks: () => hooks,
    move: cardMover(card.plan, listenUrl, grpc?.url),
    ...(replacement ? { replacedBy: replacement.name } : {}),
    seen: (frame) => {
      exchanges++;
      const client = frame.proxied?.client;
      if (client) clients.add(`${client.address} ${client.userAgent ?? ''}`);
      deps.onExchange?.(frame);
    },
  };
  const cardUrl = `${listenUrl}${new URL(card.cardUrl).pathname}`;
  return {
    status: () => ({
      id,
      // Without its user info: the status reaches the window and the terminal.
      upstream: replacement ? replacement.url : splitUpstream(options.upstream).url,
      listenUrl,
      cardUrl,
      ...(grpc ? { grpcUrl: grpc.url } : {}),
      generation: card.generation,
      exchanges,
      clients: clients.size,
      injectTrace: options.injectTrace ?? false,
      routePush: options.routePush ?? true,
      ...(replacement ? { replacedBy: replacement.name } : {}),
      faultRules: deps.faultRules?.() ?? 0,
    }),
    setHooks: (next) => {
      hooks = next;
    },
    close: closeAll,
  };
}

/** An idle upstream connection is closed after this, before Node's own servers would (5 s) close it under a call. */
const IDLE_UPSTREAM_MS = 4000;

/**
 * One connection per call upstream cost a connect per unary call (bench:proxy); these keep them open between calls.
 * Idle sockets are closed by the upstream's Keep-Alive hint or after a few seconds, and all of them with the proxy.
 */
function keepAliveAgents(): KeepAliveAgents {
  const options = {
    keepAlive: true,
    keepAliveMsecs: 1000,
    timeout: IDLE_UPSTREAM_MS,
    scheduling: 'lifo' as const,
  };
  return { http: new http.Agent(options), https: new https.Agent(options) };
}
