// The OS keychain for agents' secrets (AUTH-4), through Electron's safeStorage: the macOS Keychain, Windows DPAPI,
// or on Linux the Secret Service or KWallet. On a Linux desktop without either, Electron falls back to a password
// written into Chromium itself ('basic_text'), which protects nothing; then there is no cipher and secrets stay in
// memory, as in the browser edition. Pure: main.ts hands it Electron's safeStorage.

import type { SecretCipher } from '../host/secrets/secretVault';

/** The part of Electron's safeStorage this uses (its asynchronous API; the synchronous one is deprecated). */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string }>;
  getSelectedStorageBackend?(): string;
}

/** Backends that encrypt with a key anyone can read. */
const NOT_A_KEYCHAIN = new Set(['basic_text', 'unknown']);

/** The cipher, or undefined when the OS offers no real keychain (call it once the app is ready). */
export async function keychainCipher(
  safeStorage: SafeStorageLike,
  platform: string,
): Promise<SecretCipher | undefined> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return undefined;
  if (platform === 'linux' && NOT_A_KEYCHAIN.has(safeStorage.getSelectedStorageBackend?.() ?? 'unknown')) {
    return undefined;
  }
  return {
    encrypt: (text) => safeStorage.encryptStringAsync(text),
    decrypt: async (bytes) => (await safeStorage.decryptStringAsync(bytes)).result,
  };
}
