// The agent's connection settings (NET-1) as @grpc/grpc-js channel credentials and options: the agent's CA besides
// the system roots, a client certificate (PEM, or PKCS#12 through a Node secure context), an accepted fingerprint
// for a certificate whose chain verifies but whose name does not, and the proxy choice, made by the same rules as
// for HTTP (proxySelection.ts). Settings are read by tlsOptions.ts, the same reader the HTTP connector uses.

import * as grpc from '@grpc/grpc-js';
import { X509Certificate } from 'node:crypto';
import type net from 'node:net';
import tls from 'node:tls';
import type { AgentConnection } from '../../../shared/host/agent';
import type { FrameConnection, FrameError, HttpFrame } from '../../../shared/wire/frame';
import { chooseProxy, showProxy, type ProxyEnv } from '../net/proxySelection';
import { connect, describeConnectionError, planConnection, type ConnectionPlan } from '../net/connector';

export interface GrpcChannel {
  /** What grpc-js dials: the target, or the proxy that tunnels to it. */
  address: string;
  credentials: grpc.ChannelCredentials;
  options: grpc.ChannelOptions;
  /** What was applied, for the frame: the proxy choice and, over TLS, the trust source and client certificate. */
  record: FrameConnection;
}

/**
 * How to open the channel to `target` (an http: or https: URL), or why it cannot be opened. Over TLS a probe
 * handshake with the connector (connector.ts) comes first: grpc-js shows neither the chain nor why a handshake
 * failed, and verifies before any hook could accept a fingerprint, so the probe records the chain, decides trust and
 * words failures exactly as for HTTP, and a certificate accepted by fingerprint is then pinned as the channel's CA.
 */
export async function grpcChannel(
  target: URL,
  connection: AgentConnection | undefined,
  env: ProxyEnv,
  /** Ends the probe: the exchange's abort or its connect limit, the reason being the frame's error. */
  signal?: AbortSignal,
): Promise<GrpcChannel | { error: FrameError; record?: FrameConnection }> {
  const options: grpc.ChannelOptions = {};
  const choice = chooseProxy(target, env, connection?.proxy);
  if ('error' in choice) return invalid('Proxy setting invalid', choice.error);
  // grpc-js's own reading of the environment is off (grpc_proxy first, lower case only, no loopback exception): the
  // proxy chosen here by the HTTP rules is given explicitly, and grpc-js tunnels to `grpc.http_connect_target`
  // with CONNECT through the address it dials.
  options['grpc.enable_http_proxy'] = 0;
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  let address = `${target.hostname}:${port}`;
  if (choice.proxy) {
    options['grpc.http_connect_target'] = `dns:///${address}`;
    address = `${choice.proxy.hostname}:${choice.proxy.port || '80'}`;
    const { username, password } = choice.proxy;
    if (username)
      options['grpc.http_connect_creds'] = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`;
  }
  if (target.protocol !== 'https:') {
    const record: FrameConnection = choice.proxy
      ? { proxy: { url: showProxy(choice.proxy), reason: choice.reason, mode: 'tunnel' } }
      : choice.reason
        ? { direct: choice.reason }
        : {};
    return { address, credentials: grpc.credentials.createInsecure(), options, record };
  }
  const plan = planConnection(target, connection, env);
  if (plan && 'error' in plan) return plan;
  // An https target always gets TLS material; this only satisfies the type.
  if (!plan?.tls) return invalid('Invalid request', `${target.host}: no TLS settings could be made.`);
  plan.alpn = ['h2'];
  const probed = await probe(plan, signal);
  if ('error' in probed) return { error: probed.error, record: plan.record };
  const material = plan.tls;
  const { rejectUnauthorized: _off, ...contextOptions } = material.options;
  const accepted = plan.record.tls?.trust === 'accepted-fingerprint' ? material.acceptFingerprint : undefined;
  if (accepted && probed.leaf) {
    // Pinned: only a chain to the very certificate the user accepted verifies (a self-signed one, in practice).
    const pem = new X509Certificate(probed.leaf).toString();
    contextOptions.ca = [
      ...(Array.isArray(contextOptions.ca) ? contextOptions.ca : tls.rootCertificates),
      pem,
    ];
  }
  const fingerprint = material.acceptFingerprint;
  const verify: grpc.VerifyOptions = fingerprint
    ? {
        // Called once the chain verified: the accepted certificate stands in for a name that does not match.
        checkServerIdentity: (host, cert) =>
          cert.fingerprint256 === fingerprint ? undefined : tls.checkServerIdentity(host, cert),
      }
    : {};
  // createSsl takes PEM only; a secure context also takes the PKCS#12 file and its passphrase.
  const context = tls.createSecureContext(contextOptions);
  return {
    address,
    credentials: grpc.credentials.createFromSecureContext(context, verify),
    options,
    record: plan.record,
  };
}

/**
 * One handshake as the channel will make it. It ends at the server's first bytes (HTTP/2 servers send their
 * SETTINGS at once), so a client certificate refused after a TLS 1.3 handshake arrives as the alert it is.
 */
function probe(
  plan: ConnectionPlan,
  signal?: AbortSignal,
): Promise<{ leaf?: Buffer } | { error: FrameError }> {
  return new Promise((resolve) => {
    let socket: net.Socket | undefined;
    const cancel = connect(plan, (error, connected) => {
      if (error || !connected) return resolve({ error: describeConnectionError(error, plan) });
      socket = connected;
      const leaf = (connected as tls.TLSSocket).getPeerCertificate().raw;
      const settle = (failure?: Error) => {
        connected.destroy();
        resolve(failure ? { error: describeConnectionError(failure, plan) } : leaf ? { leaf } : {});
      };
      connected.once('data', () => settle());
      connected.once('error', (failure) => settle(failure));
      connected.once('end', () => settle(Object.assign(new Error('closed'), { code: 'ECONNRESET' })));
    });
    signal?.addEventListener('abort', () => {
      cancel();
      socket?.destroy();
      resolve({ error: signal.reason as FrameError });
    });
  });
}

function invalid(label: string, message: string): { error: FrameError } {
  return { error: { kind: 'invalid-request', label, message } };
}

const UNTRUSTED =
  /self[- ]signed|unable to (get|verify)|certificate (has expired|is not yet valid)|UNABLE_TO_|CERT_/i;
const NAME_MISMATCH = /Hostname\/IP does not match|ERR_TLS_CERT_ALTNAME_INVALID/i;
const CLIENT_CERT =
  /certificate required|alert (handshake failure|bad certificate|unknown ca)|ALERT_|ECONNRESET/i;

/**
 * The probe words most failures; this covers a handshake that failed for grpc-js although the probe's succeeded.
 * grpc-js reports a failed handshake only as UNAVAILABLE with OpenSSL's words in the details; this names the way out
 * as the HTTP side does (connector.ts). Undefined when the details are not about TLS.
 */
export function grpcTlsError(details: string, frame: HttpFrame): FrameError | undefined {
  const record = frame.connection?.tls;
  if (!record) return undefined;
  const target = new URL(frame.request.url).host;
  const tlsError = (label: string, message: string): FrameError => {
    record.trust = 'untrusted';
    return { kind: 'tls', label, message: `${message} (gRPC: ${details})` };
  };
  if (NAME_MISMATCH.test(details)) {
    return tlsError(
      'Certificate name differs',
      `${target} presented a certificate for another name. To accept it, set its SHA-256 fingerprint ` +
        'as the accepted fingerprint for this agent.',
    );
  }
  if (UNTRUSTED.test(details)) {
    return tlsError(
      'Certificate not trusted',
      `${target} presented a certificate that is not trusted. To trust it, give the agent the CA certificate ` +
        'that issued it, or, after checking its fingerprint with the agent’s owner, accept that fingerprint.',
    );
  }
  if (CLIENT_CERT.test(details)) {
    const message = record.clientCertificate
      ? `${target} refused the client certificate set for this agent.`
      : `${target} closed the TLS connection; if it requires a client certificate (mutual TLS): none is set ` +
        'for this agent.';
    return tlsError(
      record.clientCertificate ? 'Client certificate refused' : 'Client certificate required',
      message,
    );
  }
  return undefined;
}
