// The OS keychain for agents' secrets (AUTH-4), through Electron's safeStorage: the macOS Keychain, Windows DPAPI,
// or on Linux the Secret Service or KWallet. On a Linux desktop without either, Electron falls back to a password
// written into Chromium itself ('basic_text'), which protects nothing; then there is no cipher and secrets stay in
// memory, as in the browser edition. Pure: main.ts hands it Electron's safeStorage.

import type { SecretCipher } from '../host/secrets/secretVault';

/** The part of Electron's safeStorage this uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
}

/** Backends that encrypt with a key anyone can read. */
const NOT_A_KEYCHAIN = new Set(['basic_text', 'unknown']);

/** The cipher, or undefined when the OS offers no real keychain (call it once the app is ready). */
export function keychainCipher(safeStorage: SafeStorageLike, platform: string): SecretCipher | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  if (platform === 'linux' && NOT_A_KEYCHAIN.has(safeStorage.getSelectedStorageBackend?.() ?? 'unknown')) {
    return undefined;
  }
  return {
    encrypt: (text) => safeStorage.encryptString(text),
    decrypt: (bytes) => safeStorage.decryptString(bytes),
  };
}
