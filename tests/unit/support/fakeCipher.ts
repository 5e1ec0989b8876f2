// A stand-in for the OS keychain's cipher: reversible, keyed, and never the plain text, so a test can tell that what
// reached the disk went through it; bytes it did not make fail to decrypt, as the real one's do.

import type { SecretCipher } from '../../../electron/host/secrets/secretVault';

const MARK = 'fake-os-keychain:';

export function fakeCipher(key = 7): SecretCipher {
  const flip = (bytes: Buffer) => Buffer.from(bytes.map((b) => b ^ key));
  return {
    encrypt: async (text) => Buffer.concat([Buffer.from(MARK), flip(Buffer.from(text, 'utf8'))]),
    decrypt: async (bytes) => {
      if (!bytes.subarray(0, MARK.length).equals(Buffer.from(MARK)))
        throw new Error('not made by this cipher');
      return flip(bytes.subarray(MARK.length)).toString('utf8');
    },
  };
}
