// File bytes to base64 for inline file parts (only plain JSON crosses the host boundary,
// docs/architecture.md#the-host-contract), and the sizes the composer warns about.

/** Above this, an inline file earns a warning: many agents and proxies refuse large request bodies. */
export const INLINE_WARN_BYTES = 1024 * 1024;
/** Above this, a file is not read at all; the host's API refuses bodies much larger than this anyway. */
export const INLINE_MAX_BYTES = 32 * 1024 * 1024;

// btoa takes a "binary string"; building it in slices keeps String.fromCharCode's argument list short.
const SLICE = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  }
  return btoa(binary);
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
