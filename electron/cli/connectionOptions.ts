// The command line's TLS and proxy options (NET-1): --ca, --cert, --key, --pfx, --passphrase-env,
// --insecure-accept-fingerprint and --proxy, and how they become an agent's `connection` settings. The passphrase is
// read from an environment variable the user names, never from argv, where other users of the machine could see it.

import { accessSync, constants } from 'node:fs';
import type { AgentConnection } from '../../shared/host/agent';
import type { Invocation, OptionSpec } from './args';

const fingerprint = (value: string, name: string): string | undefined =>
  /^(?:[0-9A-Fa-f]{2}:?){31}[0-9A-Fa-f]{2}$/.test(value)
    ? undefined
    : `${name} takes a SHA-256 fingerprint (64 hex digits, colons allowed), not ${JSON.stringify(value)}.`;

const proxy = (value: string, name: string): string | undefined => {
  if (value.includes('@'))
    return `${name} may not carry a user name or password (argv is visible); use HTTPS_PROXY.`;
  return value === 'none' || /^http:\/\/[^\s/?#]+\/?$/i.test(value)
    ? undefined
    : `${name} takes an http:// proxy URL (http://proxy:3128) or none, not ${JSON.stringify(value)}.`;
};

const variableName = (value: string, name: string): string | undefined =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(value)
    ? undefined
    : `${name} names an environment variable (such as CLIENT_PASSPHRASE), not ${JSON.stringify(value)}.`;

export const connectionOptions: readonly OptionSpec[] = [
  {
    name: '--ca',
    kind: 'text',
    value: 'FILE',
    help: 'trust the CA certificates in this PEM file too',
  },
  {
    name: '--cert',
    kind: 'text',
    value: 'FILE',
    help: 'client certificate (PEM) for mutual TLS',
  },
  {
    name: '--key',
    kind: 'text',
    value: 'FILE',
    help: "the client certificate's private key (PEM)",
  },
  {
    name: '--pfx',
    kind: 'text',
    value: 'FILE',
    help: 'client certificate and key as one PKCS#12 file',
  },
  {
    name: '--passphrase-env',
    kind: 'text',
    value: 'VAR',
    help: 'the passphrase of --key or --pfx is in this environment variable',
    check: variableName,
  },
  {
    name: '--insecure-accept-fingerprint',
    kind: 'text',
    value: 'SHA256',
    help: 'accept the one untrusted certificate with this SHA-256 fingerprint (checked)',
    check: fingerprint,
  },
  {
    name: '--proxy',
    kind: 'text',
    value: 'URL|none',
    help: 'use this http:// proxy, or none (default: HTTPS_PROXY, HTTP_PROXY, NO_PROXY)',
    check: proxy,
  },
];

function readable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

function text(inv: Invocation, name: string): string | undefined {
  const value = inv.options[name];
  return typeof value === 'string' ? value : undefined;
}

/** The connection settings the options ask for; undefined when none was given, an error for a wrong combination. */
export function connectionFrom(
  inv: Invocation,
  env: NodeJS.ProcessEnv,
): { connection?: AgentConnection } | { error: string } {
  const ca = text(inv, '--ca');
  const cert = text(inv, '--cert');
  const key = text(inv, '--key');
  const pfx = text(inv, '--pfx');
  const passphraseEnv = text(inv, '--passphrase-env');
  const acceptFingerprint = text(inv, '--insecure-accept-fingerprint');
  const proxyUrl = text(inv, '--proxy');
  if (pfx && (cert || key)) return { error: '--pfx replaces --cert and --key; give one or the other.' };
  if (Boolean(cert) !== Boolean(key)) return { error: '--cert and --key go together: give both.' };
  if (passphraseEnv && !pfx && !key)
    return { error: '--passphrase-env unlocks --key or --pfx; give one of them.' };
  for (const [option, file] of [
    ['--ca', ca],
    ['--cert', cert],
    ['--key', key],
    ['--pfx', pfx],
  ] as const) {
    if (file && !readable(file))
      return { error: `${option} ${JSON.stringify(file)}: no readable file there.` };
  }
  const passphrase = passphraseEnv ? env[passphraseEnv] : undefined;
  if (passphraseEnv && passphrase === undefined) {
    return { error: `--passphrase-env ${passphraseEnv}: that environment variable is not set.` };
  }
  const connection: AgentConnection = {
    ...(ca ? { ca } : {}),
    ...(cert && key ? { cert, key } : {}),
    ...(pfx ? { pfx } : {}),
    ...(passphrase !== undefined ? { passphrase } : {}),
    ...(acceptFingerprint ? { acceptFingerprint } : {}),
    ...(proxyUrl ? { proxy: proxyUrl } : {}),
  };
  return Object.keys(connection).length > 0 ? { connection } : {};
}
