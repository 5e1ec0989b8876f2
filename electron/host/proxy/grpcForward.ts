// The proxy's gRPC listener (PRX-1): an h2c server on 127.0.0.1 that forwards every call to the one upstream it was
// opened for, over one reused HTTP/2 session (plaintext for `host:port` and `grpc://`, TLS for `grpcs://` and
// `https://`, docs/protocol.md#grpc). Nothing a caller sends can point it elsewhere: `:authority` is passed on as
// metadata, never dialled. Each call is forwarded and recorded by grpcProxyCall.ts.

import { randomBytes } from 'node:crypto';
import http2, { type ClientHttp2Session, type Http2Session, type ServerHttp2Stream } from 'node:http2';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { grpcOrigin } from '../../../shared/a2a/grpcBinding';
import type { ProxyHooks } from '../../../shared/proxy/proxyTypes';
import type { Frame } from '../../../shared/wire/frame';
import { pairsFromObject, pairsFromRaw } from './grpcHeaders';
import { forwardCall, type GrpcCallContext } from './grpcProxyCall';

export interface GrpcForwardOptions {
  /** The upstream's gRPC address: `host:port`, `grpc://host:port` (plaintext), `grpcs://` or `https://` (TLS). */
  upstream: string;
  proxyId: string;
  /** The proxy's own base URL, as the frames' `proxied.listenUrl` names it. */
  listenUrl: string;
  publish: (frame: Frame) => void;
  hooks?: ProxyHooks;
  /** The upstream's generation, from its card; a call's own method path says it more precisely when it can. */
  generation: string;
  /** The port to listen on, on 127.0.0.1 only; 0 or absent picks a free one. */
  port?: number;
  /** Frame ids and clock: the host's, so proxied frames sort among its own; a local source when absent. */
  nextId?: () => string;
  now?: () => number;
  /** The agent id the frames name; the proxy's id when absent. */
  agentId?: string;
  /** PEM certificates trusted for a TLS upstream besides the system's (an agent's private CA). */
  ca?: string;
}

export interface GrpcForward {
  /** `127.0.0.1:<port>`: the form a gRPC interface URL takes on a card. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startGrpcForward(options: GrpcForwardOptions): Promise<GrpcForward> {
  const origin = grpcOrigin(options.upstream);
  if (!origin) {
    throw new Error(
      `The gRPC upstream ${options.upstream} is not host:port, grpc://host:port, grpcs://host:port or an http(s) URL.`,
    );
  }
  const upstream = new UpstreamSession(origin, options.ca);
  const context: GrpcCallContext = {
    proxyId: options.proxyId,
    listenUrl: options.listenUrl,
    origin,
    generation: options.generation,
    ...(options.hooks ? { hooks: options.hooks } : {}),
    deps: {
      nextId: options.nextId ?? localIds(),
      now: options.now ?? Date.now,
      publish: options.publish,
      agentId: options.agentId ?? options.proxyId,
    },
    session: () => upstream.get(),
    closedWith: (session) => upstream.closedWith(session),
  };
  const server = http2.createServer();
  const sessions = new Set<Http2Session>();
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
    // A caller's broken connection is its own affair; it must not take the listener down.
    session.on('error', () => undefined);
  });
  server.on('stream', (stream: ServerHttp2Stream, headers, _flags, rawHeaders?: string[]) => {
    stream.on('error', () => undefined);
    forwardCall(context, stream, rawHeaders ? pairsFromRaw(rawHeaders) : pairsFromObject(headers));
  });
  const port = await listen(server, options.port ?? 0);
  return {
    url: `127.0.0.1:${port}`,
    port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.destroy();
      upstream.close();
      await closed;
    },
  };
}

function listen(server: http2.Http2Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // Loopback only: the proxy relays to an agent with whatever the caller sends, so it never faces the network.
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** One HTTP/2 session to the upstream, opened on first use and again after it ends. */
class UpstreamSession {
  private session: ClientHttp2Session | undefined;
  private closed = false;
  /** Each session's end and why it failed, if it did: a stream it cancelled only says it was cancelled. */
  private readonly ends = new WeakMap<ClientHttp2Session, Promise<Error | undefined>>();

  constructor(
    private readonly origin: string,
    private readonly ca: string | undefined,
  ) {}

  get(): ClientHttp2Session {
    if (this.closed) throw new Error('The proxy is closed.');
    const current = this.session;
    if (current && !current.closed && !current.destroyed) return current;
    // A private CA is added to the system's roots, as for the agent's own calls (NET-1).
    const session = http2.connect(
      this.origin,
      this.ca === undefined ? {} : { ca: [...tls.rootCertificates, this.ca] },
    );
    let failure: Error | undefined;
    session.on('error', (error: Error) => (failure = error));
    this.ends.set(
      session,
      new Promise((resolve) =>
        session.on('close', () => {
          if (this.session === session) this.session = undefined;
          resolve(failure);
        }),
      ),
    );
    this.session = session;
    return session;
  }

  closedWith(session: ClientHttp2Session): Promise<Error | undefined> {
    return this.ends.get(session) ?? Promise.resolve(undefined);
  }

  close(): void {
    this.closed = true;
    this.session?.destroy();
    this.session = undefined;
  }
}

/** Frame ids sortable in creation order, for a forwarder run outside a host. */
function localIds(): () => string {
  const run = randomBytes(4).toString('hex');
  let seq = 0;
  return () => `${run}-g${(++seq).toString(36).padStart(8, '0')}`;
}
