// Certificates made for one test run with the openssl CLI (NET-1 tests): a private CA and a server certificate it
// issued for 127.0.0.1, a self-signed server certificate, and a client CA with a client certificate, also as a
// PKCS#12 file locked with a passphrase. Nothing here is checked in; every key is new and lives in a temp folder.

import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const OPENSSL = '/usr/bin/openssl';
export const PFX_PASSPHRASE = 'correct horse battery staple';

export interface TestCertificates {
  dir: string;
  /** File paths. */
  caCert: string;
  serverCert: string;
  serverKey: string;
  selfSignedCert: string;
  selfSignedKey: string;
  clientCaCert: string;
  clientCert: string;
  clientKey: string;
  clientPfx: string;
  /** A client certificate from a CA the server does not know. */
  strangerCert: string;
  strangerKey: string;
  /** SHA-256 fingerprints as Node and openssl spell them (AB:CD:…). */
  selfSignedFingerprint: string;
  serverFingerprint: string;
}

function openssl(dir: string, args: string[]): void {
  execFileSync(OPENSSL, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

function newKey(dir: string, name: string): string {
  openssl(dir, ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', name]);
  return path.join(dir, name);
}

function selfSigned(dir: string, name: string, subject: string, extensions: string[]): string {
  const key = newKey(dir, `${name}.key`);
  const ext = extensions.flatMap((e) => ['-addext', e]);
  openssl(dir, [
    'req',
    '-x509',
    '-new',
    '-key',
    key,
    '-subj',
    subject,
    '-days',
    '2',
    '-out',
    `${name}.pem`,
    ...ext,
  ]);
  return path.join(dir, `${name}.pem`);
}

/** A certificate for `subject` signed by the CA `ca` (its .pem and .key), with the extensions in `extFile`. */
function issued(dir: string, name: string, subject: string, ca: string, extensions: string): string {
  const key = newKey(dir, `${name}.key`);
  openssl(dir, ['req', '-new', '-key', key, '-subj', subject, '-out', `${name}.csr`]);
  writeFileSync(path.join(dir, `${name}.ext`), extensions);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.pem`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
    '-out',
    `${name}.pem`,
  ]);
  return path.join(dir, `${name}.pem`);
}

export function fingerprintOf(file: string): string {
  return new X509Certificate(readFileSync(file)).fingerprint256;
}

export function makeTestCertificates(dir: string): TestCertificates {
  const caExt = ['basicConstraints=critical,CA:TRUE', 'keyUsage=critical,keyCertSign,cRLSign'];
  const caCert = selfSigned(dir, 'ca', '/CN=Switchboard Test CA', caExt);
  const serverCert = issued(
    dir,
    'server',
    '/CN=127.0.0.1',
    'ca',
    'subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:agent.test\nextendedKeyUsage=serverAuth\n',
  );
  const selfSignedCert = selfSigned(dir, 'self', '/CN=127.0.0.1', ['subjectAltName=IP:127.0.0.1']);
  const clientCaCert = selfSigned(dir, 'client-ca', '/CN=Switchboard Client CA', caExt);
  const clientCert = issued(
    dir,
    'client',
    '/CN=switchboard-client',
    'client-ca',
    'extendedKeyUsage=clientAuth\n',
  );
  selfSigned(dir, 'stranger-ca', '/CN=Stranger CA', caExt);
  const strangerCert = issued(
    dir,
    'stranger',
    '/CN=stranger',
    'stranger-ca',
    'extendedKeyUsage=clientAuth\n',
  );
  openssl(dir, [
    'pkcs12',
    '-export',
    '-in',
    'client.pem',
    '-inkey',
    'client.key',
    '-out',
    'client.p12',
    '-passout',
    `pass:${PFX_PASSPHRASE}`,
  ]);
  return {
    dir,
    caCert,
    serverCert,
    serverKey: path.join(dir, 'server.key'),
    selfSignedCert,
    selfSignedKey: path.join(dir, 'self.key'),
    clientCaCert,
    clientCert,
    clientKey: path.join(dir, 'client.key'),
    clientPfx: path.join(dir, 'client.p12'),
    strangerCert,
    strangerKey: path.join(dir, 'stranger.key'),
    selfSignedFingerprint: fingerprintOf(selfSignedCert),
    serverFingerprint: fingerprintOf(serverCert),
  };
}
