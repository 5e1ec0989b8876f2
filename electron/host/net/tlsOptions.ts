// An agent's TLS settings (NET-1) turned into what node:tls needs: the CA certificates to trust (the system's plus the
// agent's), the client certificate and key or PKCS#12 file, and the one fingerprint the user accepted. Files are read
// here, at each exchange, so a file that went missing is a clear error on the frame rather than a stale copy.

import { X509Certificate, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import type { AgentConnection } from '../../../shared/host/agent';
import type { FrameCertificate, FrameError } from '../../../shared/wire/frame';

export interface TlsMaterial {
  /** Given to tls.connect; `rejectUnauthorized` is off because the connector verifies (connector.ts). */
  options: tls.ConnectionOptions;
  /** Fingerprints of the agent's own CA certificates, to tell which store vouched for the peer. */
  agentCa: Set<string>;
  acceptFingerprint?: string;
  clientCertificate: boolean;
}

export type ReadFile = (path: string) => Buffer;

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** `AB:CD:…`, the spelling Node (fingerprint256) and openssl use; accepts lower case and no colons. */
export function normalizeFingerprint(value: string): string {
  const hex = value.replace(/[:\s]/g, '').toUpperCase();
  return hex.match(/.{2}/g)?.join(':') ?? hex;
}

export function loadTlsMaterial(
  connection: AgentConnection | undefined,
  read: ReadFile = readFileSync,
): TlsMaterial | { error: FrameError } {
  const material: TlsMaterial = {
    options: { rejectUnauthorized: false },
    agentCa: new Set(),
    clientCertificate: false,
  };
  if (!connection) return material;
  if (connection.acceptFingerprint)
    material.acceptFingerprint = normalizeFingerprint(connection.acceptFingerprint);
  if (connection.ca) {
    const ca = pemText(connection.ca, 'CA certificate', read);
    if (typeof ca !== 'string') return ca;
    const certificates = ca.match(PEM_BLOCK) ?? [];
    if (certificates.length === 0)
      return unusable('CA certificate', `${where(connection.ca)} holds no PEM certificate.`);
    for (const pem of certificates) material.agentCa.add(new X509Certificate(pem).fingerprint256);
    // `ca` replaces Node's trust store, so the system's roots are given too: the agent's CA is trusted besides them.
    material.options.ca = [...tls.rootCertificates, ...certificates];
  }
  const client = clientOptions(connection, read);
  if ('error' in client) return client;
  Object.assign(material.options, client);
  material.clientCertificate = Object.keys(client).length > 0;
  return material;
}

function clientOptions(
  connection: AgentConnection,
  read: ReadFile,
): Pick<tls.ConnectionOptions, 'cert' | 'key' | 'pfx' | 'passphrase'> | { error: FrameError } {
  const { cert, key, pfx, passphrase } = connection;
  if (pfx && (cert || key)) {
    return unusable('client certificate', 'Give either a PKCS#12 file or a certificate and key, not both.');
  }
  if ((cert && !key) || (key && !cert)) {
    return unusable(
      'client certificate',
      'A client certificate needs its private key too (set both, or a PKCS#12 file).',
    );
  }
  const secret = passphrase ? { passphrase } : {};
  let options: Pick<tls.ConnectionOptions, 'cert' | 'key' | 'pfx' | 'passphrase'>;
  if (pfx) {
    const bytes = fileBytes(pfx, 'PKCS#12 file', read);
    if (!Buffer.isBuffer(bytes)) return bytes;
    options = { pfx: bytes, ...secret };
  } else if (cert && key) {
    const certText = pemText(cert, 'client certificate', read);
    if (typeof certText !== 'string') return certText;
    const keyText = pemText(key, 'client key', read);
    if (typeof keyText !== 'string') return keyText;
    options = { cert: certText, key: keyText, ...secret };
  } else return {};
  try {
    // Tried now so a wrong passphrase or a key that does not fit its certificate is said before anything is sent.
    tls.createSecureContext(options);
  } catch (failure) {
    return unusable('client certificate', clientFailure(failure, Boolean(passphrase)));
  }
  return options;
}

function clientFailure(failure: unknown, hasPassphrase: boolean): string {
  const message = failure instanceof Error ? failure.message : String(failure);
  if (/mac verify failure|bad decrypt|bad password/i.test(message)) {
    return hasPassphrase
      ? `The passphrase does not unlock it (${message}).`
      : `It is protected by a passphrase, and none was given (${message}).`;
  }
  if (/key values mismatch/i.test(message)) return `The key does not belong to the certificate (${message}).`;
  return `It cannot be used: ${message}`;
}

function where(value: string): string {
  return value.includes('-----BEGIN') ? 'The pasted PEM text' : JSON.stringify(value);
}

/** PEM text as given, or read from the path given. */
function pemText(value: string, what: string, read: ReadFile): string | { error: FrameError } {
  if (value.includes('-----BEGIN')) return value;
  const bytes = fileBytes(value, what, read);
  if (!Buffer.isBuffer(bytes)) return bytes;
  const text = bytes.toString('utf8');
  return text.includes('-----BEGIN') ? text : unusable(what, `${JSON.stringify(value)} is not a PEM file.`);
}

function fileBytes(path: string, what: string, read: ReadFile): Buffer | { error: FrameError } {
  try {
    return read(path);
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    return unusable(what, `The file ${JSON.stringify(path)} cannot be read: ${reason}`);
  }
}

function unusable(what: string, detail: string): { error: FrameError } {
  return {
    error: {
      kind: 'tls',
      label: `${what[0]!.toUpperCase()}${what.slice(1)} unusable`,
      message: `The ${what} set for this agent is unusable. ${detail}`,
    },
  };
}

/** The chain the peer presented, leaf first, as the frame keeps it. */
export function presentedChain(socket: tls.TLSSocket): FrameCertificate[] {
  const chain: FrameCertificate[] = [];
  let cert: tls.DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
  const seen = new Set<string>();
  while (cert && cert.raw && !seen.has(cert.fingerprint256)) {
    seen.add(cert.fingerprint256);
    chain.push({
      subject: distinguishedName(cert.subject),
      issuer: distinguishedName(cert.issuer),
      validFrom: cert.valid_from,
      validTo: cert.valid_to,
      sha256: cert.fingerprint256 || sha256Fingerprint(cert.raw),
    });
    cert = cert.issuerCertificate;
  }
  return chain;
}

function sha256Fingerprint(der: Buffer): string {
  return normalizeFingerprint(createHash('sha256').update(der).digest('hex'));
}

function distinguishedName(name: tls.Certificate | undefined): string {
  if (!name) return '';
  return Object.entries(name)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : String(value)}`)
    .join(', ');
}
