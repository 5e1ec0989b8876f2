// Where an agent's secrets live between runs (AUTH-4). With a cipher from the OS (Electron safeStorage: the macOS
// Keychain, Windows DPAPI, the Secret Service or KWallet on Linux), each agent's secrets are encrypted by the OS and
// kept in `<dataDir>/secrets.json`; the library file never holds them. Without one (the browser edition, or a Linux
// desktop with no keyring, where Electron would fall back to a hard-coded password) they stay in memory and are gone
// when the host stops. Agents are known by the URL they were opened with, as the library knows them.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredSecrets } from '../agent/agentSettings';
import { orderedWriter } from './orderedWriter';

/** Encryption the OS provides; `decrypt` rejects bytes it did not encrypt. */
export interface SecretCipher {
  encrypt(text: string): Promise<Buffer>;
  decrypt(bytes: Buffer): Promise<string>;
}

export type SecretStorage = 'os-keychain' | 'passphrase-file' | 'memory';

export interface SecretVault {
  readonly storage: SecretStorage;
  /** Set once the file turned out unreadable: the secrets in it are not available this run (the file is kept). */
  problem(): Promise<string | undefined>;
  get(url: string): Promise<StoredSecrets | undefined>;
  /** Keeps (or, with undefined, forgets) an agent's secrets, and writes the file when there is one. */
  set(url: string, secrets: StoredSecrets | undefined): Promise<void>;
}

const FILE = 'secrets.json';
const FORMAT = 'switchboard-secrets';

export function memoryVault(): SecretVault & { entries(): Array<[string, StoredSecrets]> } {
  const kept = new Map<string, StoredSecrets>();
  return {
    storage: 'memory',
    entries: () => [...kept.entries()],
    problem: async () => undefined,
    get: async (url) => kept.get(url),
    async set(url, secrets) {
      if (secrets) kept.set(url, secrets);
      else kept.delete(url);
    },
  };
}

/** The vault backed by the OS; the file holds only what the cipher made. It is read on first use. */
export function keychainVault(dataDir: string, cipher: SecretCipher): SecretVault {
  const file = path.join(dataDir, FILE);
  const loaded = readEntries(file);
  const writeFile = orderedWriter(file);
  const write = (encrypted: Map<string, string>) =>
    writeFile(
      `${JSON.stringify({ format: FORMAT, schemaVersion: 1, entries: Object.fromEntries(encrypted) }, null, 2)}\n`,
    );
  return {
    storage: 'os-keychain',
    problem: async () => (await loaded).problem,
    async get(url) {
      const base64 = (await loaded).encrypted.get(url);
      if (base64 === undefined) return undefined;
      try {
        return JSON.parse(await cipher.decrypt(Buffer.from(base64, 'base64'))) as StoredSecrets;
      } catch {
        // Encrypted by another user or machine, or the keyring was reset: as if nothing were stored.
        return undefined;
      }
    },
    async set(url, secrets) {
      const { encrypted, problem } = await loaded;
      // An unreadable file is kept as it is rather than overwritten with this run's secrets alone.
      if (problem) throw new Error(problem);
      if (secrets) encrypted.set(url, (await cipher.encrypt(JSON.stringify(secrets))).toString('base64'));
      else if (!encrypted.delete(url)) return;
      await write(encrypted);
    },
  };
}

async function readEntries(file: string): Promise<{ encrypted: Map<string, string>; problem?: string }> {
  const encrypted = new Map<string, string>();
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as { format?: unknown; entries?: unknown };
    if (value.format !== FORMAT || typeof value.entries !== 'object' || value.entries === null)
      throw new Error('it is not a Switchboard secrets file');
    for (const [url, base64] of Object.entries(value.entries as Record<string, unknown>))
      if (typeof base64 === 'string') encrypted.set(url, base64);
    return { encrypted };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { encrypted };
    return {
      encrypted,
      problem: `The saved secrets in ${file} could not be read (${(error as Error).message}); agents will ask for them again.`,
    };
  }
}
