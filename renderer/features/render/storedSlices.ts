// The slice loop both stored-body loads share (SEC-4 file parts, FRM-8 events): read a bounded slice at a time from
// the host, tell how far it got, and stop between slices once cancelled (UX-5), so a cancel never waits for the rest
// of a body that may be hundreds of megabytes.

import { STORED_READ_MAX_BYTES } from '../../../shared/wire/storedString';

export interface SliceRun {
  /** Units read (bytes, or base64 characters for a file part); equal to `total` unless cancelled. */
  read: number;
  cancelled: boolean;
}

/**
 * Reads `total` units by calling `readSlice(offset, length)`, which answers how many it consumed and throws a
 * plain error for a slice it cannot use. Zero consumed means the stored body ended early: `endedEarly` is thrown.
 */
export async function readStoredSlices(
  total: number,
  readSlice: (offset: number, length: number) => Promise<number>,
  options: { signal: AbortSignal; onProgress: (read: number) => void; endedEarly: string; sliceMax?: number },
): Promise<SliceRun> {
  const sliceMax = options.sliceMax ?? STORED_READ_MAX_BYTES;
  let read = 0;
  while (read < total) {
    if (options.signal.aborted) return { read, cancelled: true };
    const got = await readSlice(read, Math.min(sliceMax, total - read));
    // A cancel while the slice was on its way: what it brought is dropped with the rest.
    if (options.signal.aborted) return { read, cancelled: true };
    if (got <= 0) throw new Error(options.endedEarly);
    read += got;
    options.onProgress(read);
  }
  return { read, cancelled: false };
}
