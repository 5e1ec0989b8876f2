// NET-1: an agent's connection settings as the host edge parses them, and the passphrase kept like every secret:
// hidden from the renderer, left out of files, restored from the vault.

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AGENT_SETTINGS,
  hideSecrets,
  mergeSettings,
  secretsOf,
  withoutSecrets,
  withStoredSecrets,
} from '../../../../../electron/host/agent/agentSettings';
import { normalizeFingerprint } from '../../../../../electron/host/net/tlsOptions';
import { SECRET_PLACEHOLDER } from '../../../../../shared/host/agent';
import { agentSettingsChangeSchema } from '../../../../../shared/host/agentSchemas';

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0').toUpperCase()).join(
  ':',
);

function problems(connection: unknown): string[] {
  const parsed = agentSettingsChangeSchema.safeParse({ connection });
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the connection schema', () => {
  it('accepts every field', () => {
    expect(
      problems({
        ca: '/etc/ssl/agent-ca.pem',
        acceptFingerprint: FINGERPRINT,
        cert: '-----BEGIN CERTIFICATE-----\nMII…\n-----END CERTIFICATE-----',
        key: 'client.key',
        pfx: 'client.p12',
        passphrase: 'secret',
        proxy: 'http://proxy.corp:3128',
      }),
    ).toEqual([]);
    expect(problems({ proxy: 'none' })).toEqual([]);
    expect(problems({ acceptFingerprint: FINGERPRINT.replace(/:/g, '').toLowerCase() })).toEqual([]);
  });

  it('says what is wrong with each bad value', () => {
    expect(problems({ acceptFingerprint: 'AB:CD' })).toEqual([
      'connection.acceptFingerprint: A SHA-256 fingerprint is 32 bytes in hex (64 digits, colons allowed).',
    ]);
    expect(problems({ proxy: 'socks5://p:1080' })).toEqual([
      'connection.proxy: A proxy is an http:// URL such as http://proxy.example.com:3128, or none.',
    ]);
    expect(problems({ proxy: 'http://p:1/path' })).toHaveLength(1);
    expect(problems({ proxy: 'http://user:pw@proxy.corp:3128' })).toEqual([
      'connection.proxy: A proxy URL here may not carry a user name or password (it would be saved); put them in ' +
        'HTTPS_PROXY.',
    ]);
    expect(problems({ ca: '' })).toEqual([
      'connection.ca: A certificate or key needs a file path or PEM text.',
    ]);
    expect(problems({ cert: 'a\0b' })).toEqual([
      'connection.cert: A certificate or key may not contain NUL.',
    ]);
    expect(problems({ verify: false })).toHaveLength(1);
  });
});

describe('the passphrase is a secret', () => {
  const settings = mergeSettings(DEFAULT_AGENT_SETTINGS, {
    connection: { pfx: 'client.p12', passphrase: 'open sesame', proxy: 'none' },
  });

  it('is hidden from the renderer and kept when the placeholder comes back', () => {
    const shown = hideSecrets(settings);
    expect(shown.connection).toEqual({ pfx: 'client.p12', passphrase: SECRET_PLACEHOLDER, proxy: 'none' });
    const again = mergeSettings(settings, { connection: shown.connection! });
    expect(again.connection?.passphrase).toBe('open sesame');
    const changed = mergeSettings(settings, { connection: { pfx: 'other.p12', passphrase: 'new' } });
    expect(changed.connection).toEqual({ pfx: 'other.p12', passphrase: 'new' });
  });

  it('is left out of files and goes to the vault, from which it comes back', () => {
    const saved = withoutSecrets(settings);
    expect(saved.connection).toEqual({ pfx: 'client.p12', proxy: 'none' });
    expect(JSON.stringify(saved)).not.toContain('open sesame');
    const stored = secretsOf(settings);
    expect(stored).toEqual({ headers: [], passphrase: 'open sesame' });
    expect(withStoredSecrets(saved, stored!).connection).toEqual({
      pfx: 'client.p12',
      proxy: 'none',
      passphrase: 'open sesame',
    });
  });

  it('is not invented for settings that have none', () => {
    expect(hideSecrets(DEFAULT_AGENT_SETTINGS).connection).toBeUndefined();
    expect(secretsOf(DEFAULT_AGENT_SETTINGS)).toBeUndefined();
  });
});

describe('normalizeFingerprint', () => {
  it('spells a fingerprint as Node and openssl do', () => {
    expect(normalizeFingerprint(FINGERPRINT.replace(/:/g, '').toLowerCase())).toBe(FINGERPRINT);
    expect(normalizeFingerprint(FINGERPRINT)).toBe(FINGERPRINT);
  });
});
