// Opens the socket an exchange is sent on (NET-1): straight, through an HTTP proxy (CONNECT tunnel for https, the
// proxy itself for http), and over TLS with the agent's trust settings. The socket is handed to node:http only once
// the peer is verified, so not one byte of a request (or its credentials) reaches a peer the user did not trust.
// What was used is written to the frame's `connection` record, also when it failed.

import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import type { AgentConnection } from '../../../shared/host/agent';
import type { FrameConnection, FrameError } from '../../../shared/wire/frame';
import { describeNetworkError } from '../networkErrors';
import { chooseProxy, showProxy, type ProxyEnv } from './proxySelection';
import { loadTlsMaterial, presentedChain, type TlsMaterial } from './tlsOptions';

export interface ConnectionPlan {
  target: URL;
  proxy?: { url: URL; reason: string };
  tls?: TlsMaterial;
  /** The frame's record, filled in as the connection is made. */
  record: FrameConnection;
  /** Replaces DNS for the target and the proxy (tests). */
  lookup?: net.LookupFunction;
  /** ALPN offered; http/1.1 unless set (the gRPC probe offers h2, as grpc-js will). */
  alpn?: string[];
}

/** How this exchange will connect; undefined when Node's own plain connection does (http, no proxy). */
export function planConnection(
  target: URL,
  connection: AgentConnection | undefined,
  env: ProxyEnv,
  lookup?: net.LookupFunction,
): ConnectionPlan | { error: FrameError } | undefined {
  const choice = chooseProxy(target, env, connection?.proxy);
  if ('error' in choice)
    return { error: { kind: 'invalid-request', label: 'Proxy setting invalid', message: choice.error } };
  const record: FrameConnection = {};
  const plan: ConnectionPlan = { target, record, ...(lookup ? { lookup } : {}) };
  if (choice.proxy) {
    plan.proxy = { url: choice.proxy, reason: choice.reason };
    record.proxy = {
      url: showProxy(choice.proxy),
      reason: choice.reason,
      mode: target.protocol === 'https:' ? 'tunnel' : 'forward',
    };
  } else if (choice.reason) record.direct = choice.reason;
  if (target.protocol === 'https:') {
    const material = loadTlsMaterial(connection);
    if ('error' in material) return material;
    plan.tls = material;
  }
  return plan.proxy || plan.tls || record.direct ? plan : undefined;
}

/** Whether the request line must carry the absolute URL (a request forwarded by a proxy, RFC 9112 §3.2.2). */
export function forwardsThroughProxy(plan: ConnectionPlan | undefined): boolean {
  return Boolean(plan?.proxy && plan.target.protocol === 'http:');
}

type Done = (error: Error | null, socket?: net.Socket) => void;

/** An error that already knows its words for the frame. */
class ConnectionError extends Error {
  constructor(readonly frameError: FrameError) {
    super(frameError.message);
  }
}

export function isConnectionError(error: unknown): error is { frameError: FrameError } {
  return error instanceof ConnectionError;
}

/** Connects as planned and calls `done` once; returns a cancel that tears down whatever is in progress. */
export function connect(plan: ConnectionPlan, done: Done): () => void {
  const open = new Set<{ destroy(): unknown }>();
  let finished = false;
  const finish: Done = (error, socket) => {
    if (finished) return socket?.destroy();
    finished = true;
    open.clear();
    done(error, socket);
  };
  const cancel = () => {
    finished = true;
    for (const item of open) item.destroy();
  };
  const secure = (socket?: net.Socket) => {
    if (!plan.tls) return finish(null, socket);
    open.add(startTls(plan, plan.tls, socket, finish));
  };
  if (!plan.proxy) {
    if (plan.tls) secure();
    else open.add(plainSocket(plan, finish));
  } else if (plan.target.protocol === 'https:') open.add(tunnel(plan, plan.proxy.url, secure, finish));
  else open.add(proxySocket(plan, plan.proxy.url, finish));
  return cancel;
}

function port(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function lookupOf(plan: ConnectionPlan): { lookup?: net.LookupFunction } {
  return plan.lookup ? { lookup: plan.lookup } : {};
}

function plainSocket(plan: ConnectionPlan, finish: Done): net.Socket {
  const socket = net.connect({ host: hostOf(plan.target), port: port(plan.target), ...lookupOf(plan) });
  socket.once('connect', () => finish(null, socket));
  socket.once('error', (error) => finish(error));
  return socket;
}

function proxySocket(plan: ConnectionPlan, proxy: URL, finish: Done): net.Socket {
  const socket = net.connect({ host: hostOf(proxy), port: port(proxy), ...lookupOf(plan) });
  socket.once('connect', () => finish(null, socket));
  socket.once('error', (error) => finish(proxyUnreachable(proxy, error)));
  return socket;
}

/** Asks the proxy for a tunnel to the target (RFC 9110 §9.3.6) and goes on over the tunnel's socket. */
function tunnel(plan: ConnectionPlan, proxy: URL, next: (socket: net.Socket) => void, finish: Done) {
  const authority = `${plan.target.hostname}:${port(plan.target)}`;
  const headers: Record<string, string> = { Host: authority };
  if (proxy.username) {
    const user = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
    headers['Proxy-Authorization'] = `Basic ${Buffer.from(user).toString('base64')}`;
  }
  const req = http.request({
    host: hostOf(proxy),
    port: port(proxy),
    method: 'CONNECT',
    path: authority,
    headers,
    agent: false,
    ...lookupOf(plan),
  });
  req.once('connect', (res, socket) => {
    if (res.statusCode === 200) return next(socket);
    socket.destroy();
    finish(proxyRefused(proxy, authority, res));
  });
  // A CONNECT answered with an error status is an ordinary response.
  req.once('response', (res) => {
    res.resume();
    finish(proxyRefused(proxy, authority, res));
  });
  req.once('error', (error) => finish(proxyUnreachable(proxy, error)));
  req.end();
  return req;
}

function proxyRefused(proxy: URL, authority: string, res: http.IncomingMessage): ConnectionError {
  return new ConnectionError({
    kind: 'refused',
    label: 'Proxy refused',
    message:
      `The proxy ${showProxy(proxy)} refused the tunnel to ${authority}: HTTP ${res.statusCode} ${res.statusMessage ?? ''}`.trim(),
  });
}

function proxyUnreachable(proxy: URL, error: Error): ConnectionError {
  const described = describeNetworkError(error, proxy.host);
  return new ConnectionError({
    ...described,
    label: 'Proxy unreachable',
    message: `The proxy ${showProxy(proxy)} cannot be reached: ${described.message}`,
  });
}

function startTls(plan: ConnectionPlan, material: TlsMaterial, socket: net.Socket | undefined, finish: Done) {
  const host = hostOf(plan.target);
  const secure = tls.connect({
    ...material.options,
    ...(socket ? { socket } : { host, port: port(plan.target), ...lookupOf(plan) }),
    // SNI carries names only, never an IP address (RFC 6066 §3).
    ...(net.isIP(host) ? {} : { servername: host }),
    ALPNProtocols: plan.alpn ?? ['http/1.1'],
  });
  secure.once('secureConnect', () => {
    const error = verifyPeer(plan, material, secure);
    if (error) {
      secure.destroy();
      return finish(error);
    }
    finish(null, secure);
  });
  secure.once('error', (error) => finish(error));
  return secure;
}

/** Records what TLS negotiated and decides trust: the verified chain, or the one fingerprint the user accepted. */
function verifyPeer(
  plan: ConnectionPlan,
  material: TlsMaterial,
  socket: tls.TLSSocket,
): ConnectionError | undefined {
  const chain = presentedChain(socket);
  const leaf = chain[0]?.sha256 ?? '';
  const verifyError = socket.authorizationError ? String(socket.authorizationError) : undefined;
  const protocol = socket.getProtocol();
  const cipher = socket.getCipher()?.name;
  const viaAgentCa = chain.some((cert) => material.agentCa.has(cert.sha256));
  const trust = socket.authorized
    ? viaAgentCa
      ? 'agent-ca'
      : 'system'
    : material.acceptFingerprint === leaf
      ? 'accepted-fingerprint'
      : 'untrusted';
  plan.record.tls = {
    ...(protocol ? { protocol } : {}),
    ...(cipher ? { cipher } : {}),
    chain,
    trust,
    ...(verifyError ? { verifyError } : {}),
    clientCertificate: material.clientCertificate,
  };
  if (trust !== 'untrusted') return undefined;
  const target = plan.target.host;
  const label = 'Certificate not trusted';
  if (material.acceptFingerprint) {
    return new ConnectionError({
      kind: 'tls',
      label: 'Certificate fingerprint differs',
      code: verifyError,
      message:
        `${target} presented a certificate with SHA-256 fingerprint ${leaf}, but the fingerprint accepted for ` +
        `this agent is ${material.acceptFingerprint}. Nothing was sent.`,
    });
  }
  return new ConnectionError({
    kind: 'tls',
    label,
    code: verifyError,
    message:
      `${target} presented a certificate that is not trusted (${verifyError ?? 'unverified'}); its SHA-256 ` +
      `fingerprint is ${leaf}. To trust it, give the agent the CA certificate that issued it, or, after checking ` +
      `the fingerprint with the agent's owner, accept this fingerprint. Nothing was sent.`,
  });
}

const CLIENT_CERT_ALERT =
  /ALERT_(CERTIFICATE_REQUIRED|HANDSHAKE_FAILURE|BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_UNKNOWN)/;
const RESET = new Set(['ECONNRESET', 'EPIPE']);

/**
 * Network errors in words, with what the connection settings explain: a server that wants a client certificate
 * answers a missing or unknown one with an alert, or (the alert racing the request) by closing the connection.
 * Called only before a response arrived, so a reset here is one right after the handshake.
 */
export function describeConnectionError(error: unknown, plan: ConnectionPlan | undefined): FrameError {
  if (isConnectionError(error)) return error.frameError;
  const target = plan?.target.host ?? '';
  const described = describeNetworkError(error, target);
  const code = described.code ?? '';
  const alert = CLIENT_CERT_ALERT.test(code);
  if (!plan?.tls || (!alert && !RESET.has(code))) return described;
  const why = alert ? `(${code})` : `by closing the connection right after the TLS handshake (${code})`;
  if (!plan.tls.clientCertificate) {
    return {
      ...described,
      kind: 'tls',
      label: alert ? 'Client certificate required' : described.label,
      message: alert
        ? `${target} asked for a client certificate (mutual TLS) and none is set for this agent ${why}.`
        : `${target} closed the connection right after the TLS handshake (${code}). If it requires a client ` +
          `certificate (mutual TLS): none is set for this agent.`,
    };
  }
  return {
    ...described,
    kind: 'tls',
    label: 'Client certificate refused',
    message: `${target} refused the client certificate set for this agent ${why}.`,
  };
}
