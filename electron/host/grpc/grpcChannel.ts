// The agent's connection settings (NET-1) as @grpc/grpc-js channel credentials and options: the agent's CA besides
// the system roots, a client certificate (PEM, or PKCS#12 through a Node secure context), an accepted fingerprint
// for a certificate whose chain verifies but whose name does not, and the proxy choice, made by the same rules as
// for HTTP (proxySelection.ts). Settings are read by tlsOptions.ts, the same reader the HTTP connector uses.

import * as grpc from '@grpc/grpc-js';
import tls from 'node:tls';
import type { AgentConnection } from '../../../shared/host/agent';
import type { FrameConnection, FrameError, HttpFrame } from '../../../shared/wire/frame';
import { chooseProxy, showProxy, type ProxyEnv } from '../net/proxySelection';
import { loadTlsMaterial } from '../net/tlsOptions';

export interface GrpcChannel {
  credentials: grpc.ChannelCredentials;
  options: grpc.ChannelOptions;
  /** What was applied, for the frame: the proxy choice and, over TLS, the trust source and client certificate. */
  record: FrameConnection;
}

/** How to open the channel to `target` (an http: or https: URL), or why it cannot be opened. */
export function grpcChannel(
  target: URL,
  connection: AgentConnection | undefined,
  env: ProxyEnv,
): GrpcChannel | { error: FrameError } {
  const record: FrameConnection = {};
  const options: grpc.ChannelOptions = {};
  const choice = chooseProxy(target, env, connection?.proxy);
  if ('error' in choice) return invalid('Proxy setting invalid', choice.error);
  if (choice.proxy && choice.reason === 'agent setting') {
    return invalid(
      'Proxy not supported over gRPC',
      `This agent is set to use the proxy ${showProxy(choice.proxy)}, but gRPC calls cannot be sent through an ` +
        'agent’s own proxy: grpc-js takes a proxy only from the environment (grpc_proxy, https_proxy, ' +
        'http_proxy). Clear the agent’s proxy setting to use the environment’s, or set it to none.',
    );
  }
  if (choice.proxy) {
    // grpc-js reads the environment itself and tunnels with CONNECT; our reading (NO_PROXY, loopback) agreed.
    record.proxy = {
      url: showProxy(choice.proxy),
      reason: `${choice.reason}, read by grpc-js`,
      mode: 'tunnel',
    };
  } else {
    // grpc-js would otherwise apply the environment's proxy by its own rules (no loopback exception).
    options['grpc.enable_http_proxy'] = 0;
    if (choice.reason) record.direct = choice.reason;
  }
  if (target.protocol !== 'https:')
    return { credentials: grpc.credentials.createInsecure(), options, record };
  const material = loadTlsMaterial(connection);
  if ('error' in material) return material;
  const { rejectUnauthorized: _off, ...contextOptions } = material.options;
  const accepted = material.acceptFingerprint;
  const verify: grpc.VerifyOptions = accepted
    ? {
        // Called only once the chain verified: the accepted certificate stands in for a name that does not match.
        checkServerIdentity: (host, cert) =>
          cert.fingerprint256 === accepted ? undefined : tls.checkServerIdentity(host, cert),
      }
    : {};
  record.tls = {
    chain: [],
    trust: material.agentCa.size > 0 ? 'agent-ca' : 'system',
    clientCertificate: material.clientCertificate,
  };
  // createSsl takes PEM only; a secure context also takes the PKCS#12 file and its passphrase.
  const context = tls.createSecureContext(contextOptions);
  return { credentials: grpc.credentials.createFromSecureContext(context, verify), options, record };
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
      `${target} presented a certificate that is not trusted. Over gRPC, give the agent the CA certificate that ` +
        'issued it (for a self-signed certificate, the certificate itself); an accepted fingerprint applies only ' +
        'to a certificate whose chain verifies.',
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
