// The passphrase file (AUTH-4, hosts without a keychain): created on first use, opened again only with the same
// passphrase, holding no secret in clear; a changed entry reads as nothing stored; a short passphrase is refused.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  hasSecretFile,
  openPassphraseVault,
  SECRET_FILE,
  WrongPassphraseError,
} from '../../../../../electron/host/secrets/passphraseVault';
import { testTempDir } from '../../../support/tempDir';

const folder = () => testTempDir('switchboard-passphrase-');
const secrets = { auth: { type: 'bearer' as const, token: 'token-in-the-file-99' }, headers: [] };

describe('the passphrase file', () => {
  it('is created, written sealed, and opened again with the same passphrase only', async () => {
    const dir = folder();
    expect(await hasSecretFile(dir)).toBe(false);
    const first = await openPassphraseVault(dir, 'correct horse');
    expect(first.created).toBe(true);
    expect(first.vault.storage).toBe('passphrase-file');
    await first.vault.set('http://127.0.0.1:9/card', secrets);
    expect(await hasSecretFile(dir)).toBe(true);
    const text = readFileSync(path.join(dir, SECRET_FILE), 'utf8');
    expect(text).not.toContain('token-in-the-file-99');
    expect(text).not.toContain('correct horse');

    const again = await openPassphraseVault(dir, 'correct horse');
    expect(again.created).toBe(false);
    expect(await again.vault.get('http://127.0.0.1:9/card')).toEqual(secrets);
    await expect(openPassphraseVault(dir, 'wrong horse!')).rejects.toThrow(WrongPassphraseError);
    await expect(openPassphraseVault(dir, 'wrong horse!')).rejects.toThrow(
      'The passphrase does not open the saved secrets.',
    );
  });

  it('reads a changed entry as nothing stored, and refuses a short passphrase or a foreign file', async () => {
    const dir = folder();
    const { vault } = await openPassphraseVault(dir, 'correct horse');
    await vault.set('u', secrets);
    const file = path.join(dir, SECRET_FILE);
    const value = JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, string> };
    const bytes = Buffer.from(value.entries.u!, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    value.entries.u = bytes.toString('base64');
    writeFileSync(file, JSON.stringify(value));
    expect(await (await openPassphraseVault(dir, 'correct horse')).vault.get('u')).toBeUndefined();

    await expect(openPassphraseVault(folder(), 'short')).rejects.toThrow('at least 8 characters');
    const foreign = folder();
    writeFileSync(path.join(foreign, SECRET_FILE), '{"format":"other"}');
    await expect(openPassphraseVault(foreign, 'correct horse')).rejects.toThrow(
      /not a Switchboard secrets file/,
    );
  });
});
