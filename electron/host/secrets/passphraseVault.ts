// Agents' secrets in a file encrypted with a passphrase (AUTH-4), for hosts without an OS keychain (the browser
// edition) whose user opts in. The key comes from the passphrase through scrypt; each agent's secrets are sealed with
// AES-256-GCM under a fresh nonce, so a changed byte is noticed, not decrypted into garbage. A known value sealed the
// same way tells a wrong passphrase from a damaged entry. The passphrase itself is never stored.

import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredSecrets } from '../agent/agentSettings';
import { writeFileAtomic } from '../atomicFile';
import { orderedWriter } from './orderedWriter';
import type { SecretVault } from './secretVault';

export const SECRET_FILE = 'secrets.locked.json';
const FORMAT = 'switchboard-secrets-locked';
const CHECK = 'switchboard secrets';
/** Cost 2^15, about 32 MiB and a tenth of a second: slow enough to make guessing dear, quick enough to unlock. */
const KDF = { N: 2 ** 15, r: 8, p: 1 } as const;
export const MIN_PASSPHRASE_CHARS = 8;

interface LockedFile {
  format: typeof FORMAT;
  schemaVersion: 1;
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  check: string;
  entries: Record<string, string>;
}

export class WrongPassphraseError extends Error {}

/** Opens the file with `passphrase`, or creates it when there is none; says which. */
export async function openPassphraseVault(
  dataDir: string,
  passphrase: string,
): Promise<{ vault: SecretVault; created: boolean }> {
  const file = path.join(dataDir, SECRET_FILE);
  let locked = await readLocked(file);
  const created = locked === undefined;
  if (locked === undefined) {
    if (passphrase.length < MIN_PASSPHRASE_CHARS)
      throw new Error(`A passphrase needs at least ${MIN_PASSPHRASE_CHARS} characters.`);
    const salt = randomBytes(16).toString('base64');
    const key = await derive(passphrase, salt, KDF);
    locked = {
      format: FORMAT,
      schemaVersion: 1,
      kdf: { name: 'scrypt', ...KDF, salt },
      check: seal(key, CHECK),
      entries: {},
    };
    await writeFileAtomic(file, `${JSON.stringify(locked, null, 2)}\n`);
  }
  const key = await derive(passphrase, locked.kdf.salt, locked.kdf);
  if (open(key, locked.check) !== CHECK)
    throw new WrongPassphraseError('The passphrase does not open the saved secrets.');
  const entries = new Map(Object.entries(locked.entries));
  const head = locked;
  const write = orderedWriter(file);
  const vault: SecretVault = {
    storage: 'passphrase-file',
    problem: async () => undefined,
    async get(url) {
      const sealed = entries.get(url);
      const text = sealed === undefined ? undefined : open(key, sealed);
      return text === undefined ? undefined : (JSON.parse(text) as StoredSecrets);
    },
    async set(url, secrets) {
      if (secrets) entries.set(url, seal(key, JSON.stringify(secrets)));
      else if (!entries.delete(url)) return;
      const body: LockedFile = { ...head, entries: Object.fromEntries(entries) };
      await write(`${JSON.stringify(body, null, 2)}\n`);
    },
  };
  return { vault, created };
}

/** Whether there is a file to unlock (the host says so, so the window can ask for the passphrase). */
export async function hasSecretFile(dataDir: string): Promise<boolean> {
  return (await readLocked(path.join(dataDir, SECRET_FILE)).catch(() => undefined)) !== undefined;
}

async function readLocked(file: string): Promise<LockedFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const value = JSON.parse(text) as Partial<LockedFile>;
  const kdf = value.kdf;
  if (
    value.format !== FORMAT ||
    typeof value.check !== 'string' ||
    typeof value.entries !== 'object' ||
    value.entries === null ||
    !kdf ||
    kdf.name !== 'scrypt' ||
    typeof kdf.salt !== 'string' ||
    ![kdf.N, kdf.r, kdf.p].every((n) => Number.isInteger(n) && n > 0) ||
    kdf.N > 2 ** 20
  ) {
    throw new Error(`${file} is not a Switchboard secrets file; it was left as it is.`);
  }
  return value as LockedFile;
}

function derive(
  passphrase: string,
  salt: string,
  cost: { N: number; r: number; p: number },
): Promise<Buffer> {
  const options: ScryptOptions = {
    N: cost.N,
    r: cost.r,
    p: cost.p,
    maxmem: 256 * cost.N * cost.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), Buffer.from(salt, 'base64'), 32, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** nonce (12) | tag (16) | ciphertext, base64. */
function seal(key: Buffer, text: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
}

/** The text, or undefined when the key is wrong or a byte changed. */
function open(key: Buffer, sealed: string): string | undefined {
  try {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
