// Secrets between runs (AUTH-4): with the OS cipher they are kept encrypted in <dataDir>/secrets.json and come back
// in the next run; the file never holds a secret in clear; a file that cannot be read is kept and reported, and bytes
// the cipher cannot open count as nothing stored. Electron's safeStorage is used only when it is a real keychain.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER } from '../../../../../shared/host/agent';
import {
  secretsOf,
  withStoredSecrets,
  DEFAULT_AGENT_SETTINGS,
} from '../../../../../electron/host/agent/agentSettings';
import { keychainVault, memoryVault } from '../../../../../electron/host/secrets/secretVault';
import { keychainCipher, type SafeStorageLike } from '../../../../../electron/shell/keychainCipher';
import { fakeCipher } from '../../../support/fakeCipher';
import { testTempDir } from '../../../support/tempDir';

const folder = () => testTempDir('switchboard-secrets-');
const token = 'bearer-secret-31337';
const secrets = {
  auth: { type: 'bearer' as const, token },
  headers: [{ name: 'X-Key', value: 'header-secret-7' }],
};

describe('the keychain vault', () => {
  it('keeps secrets encrypted on disk and gives them back in the next run', async () => {
    const dir = folder();
    const first = keychainVault(dir, fakeCipher());
    expect(first.storage).toBe('os-keychain');
    await first.set('http://127.0.0.1:9', secrets);
    const text = readFileSync(path.join(dir, 'secrets.json'), 'utf8');
    expect(text).not.toContain(token);
    expect(text).not.toContain('header-secret-7');
    expect(JSON.parse(text)).toMatchObject({ format: 'switchboard-secrets', schemaVersion: 1 });

    const next = keychainVault(dir, fakeCipher());
    expect(await next.get('http://127.0.0.1:9')).toEqual(secrets);
    expect(await next.get('http://127.0.0.1:10')).toBeUndefined();
    await next.set('http://127.0.0.1:9', undefined);
    expect(await keychainVault(dir, fakeCipher()).get('http://127.0.0.1:9')).toBeUndefined();
  });

  it('treats what its cipher cannot open as nothing stored (another user, a reset keyring)', async () => {
    const dir = folder();
    await keychainVault(dir, fakeCipher(7)).set('u', secrets);
    expect(await keychainVault(dir, fakeCipher(7)).get('u')).toEqual(secrets);
    writeFileSync(
      path.join(dir, 'secrets.json'),
      JSON.stringify({ format: 'switchboard-secrets', schemaVersion: 1, entries: { u: 'bm90IG91cnM=' } }),
    );
    expect(await keychainVault(dir, fakeCipher(7)).get('u')).toBeUndefined();
  });

  it('keeps an unreadable file as it is, says so, and refuses to write over it', async () => {
    const dir = folder();
    const file = path.join(dir, 'secrets.json');
    writeFileSync(file, '{ damaged');
    const vault = keychainVault(dir, fakeCipher());
    expect(await vault.problem()).toMatch(/could not be read .*; agents will ask for them again\.$/);
    await expect(vault.set('u', secrets)).rejects.toThrow(/could not be read/);
    expect(readFileSync(file, 'utf8')).toBe('{ damaged');
  });

  it('in memory, secrets last as long as the host', async () => {
    const vault = memoryVault();
    expect(vault.storage).toBe('memory');
    await vault.set('u', secrets);
    expect(await vault.get('u')).toEqual(secrets);
  });
});

describe('which secrets are kept, and put back', () => {
  const settings = {
    ...DEFAULT_AGENT_SETTINGS,
    auth: { type: 'bearer' as const, token },
    headers: [
      { name: 'X-Key', value: 'header-secret-7', secret: true },
      { name: 'X-Plain', value: 'visible' },
    ],
  };

  it('the auth and the secret headers, nothing else', () => {
    expect(secretsOf(settings)).toEqual(secrets);
    expect(secretsOf(DEFAULT_AGENT_SETTINGS)).toBeUndefined();
  });

  it('fill blanks and placeholders of the same auth type and header names; typed values win', () => {
    const fromLibrary = {
      auth: { type: 'bearer' as const, token: '' },
      headers: [
        { name: 'x-key', value: SECRET_PLACEHOLDER, secret: true },
        { name: 'X-Plain', value: 'visible' },
      ],
    };
    expect(withStoredSecrets(fromLibrary, secrets)).toEqual({
      auth: { type: 'bearer', token },
      headers: [
        { name: 'x-key', value: 'header-secret-7', secret: true },
        { name: 'X-Plain', value: 'visible' },
      ],
    });
    expect(withStoredSecrets({ auth: { type: 'bearer', token: 'typed' } }, secrets).auth).toEqual({
      type: 'bearer',
      token: 'typed',
    });
    const basic = { type: 'basic' as const, username: 'u', password: '' };
    expect(withStoredSecrets({ auth: basic }, secrets).auth).toEqual(basic);
  });
});

describe('the OS keychain through Electron safeStorage', () => {
  const safeStorage = (available: boolean, backend?: string): SafeStorageLike => ({
    isAsyncEncryptionAvailable: async () => available,
    encryptStringAsync: async (text) => Buffer.from(`enc:${text}`),
    decryptStringAsync: async (bytes) => ({ result: bytes.toString().slice(4) }),
    ...(backend ? { getSelectedStorageBackend: () => backend } : {}),
  });

  it('is used where it is a real keychain', async () => {
    const cipher = await keychainCipher(safeStorage(true, 'gnome_libsecret'), 'linux');
    expect(await cipher?.decrypt(await cipher.encrypt('x'))).toBe('x');
    expect(await keychainCipher(safeStorage(true), 'darwin')).toBeDefined();
    expect(await keychainCipher(safeStorage(true, 'kwallet6'), 'linux')).toBeDefined();
  });

  it('is not used when encryption is unavailable, or Linux has no keyring (a password anyone can read)', async () => {
    expect(await keychainCipher(safeStorage(false), 'darwin')).toBeUndefined();
    expect(await keychainCipher(safeStorage(true, 'basic_text'), 'linux')).toBeUndefined();
    expect(await keychainCipher(safeStorage(true, 'unknown'), 'linux')).toBeUndefined();
  });
});
