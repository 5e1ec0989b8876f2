// Reads every frame of an open session from the host, a page at a time, so a long session never travels as one huge
// message (docs/architecture.md#the-host-contract: only plain JSON crosses the boundary, and IPC messages are better
// kept small).

import type { HostApi } from '../../../shared/host/hostApi';
import type { Frame } from '../../../shared/wire/frame';
import { cancelledError } from '../../ui/cancellableOp';

/** Small enough that parsing one page in the window stays well under a long task (about 2 MB of JSON). */
export const FRAMES_PAGE_SIZE = 2_000;

export async function readAllSessionFrames(
  host: Pick<HostApi, 'readSessionFrames'>,
  sessionId: string,
  onProgress?: (loaded: number, total: number) => void,
  pageSize = FRAMES_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<Frame[]> {
  const frames: Frame[] = [];
  let total = Number.POSITIVE_INFINITY;
  while (frames.length < total) {
    const page = await host.readSessionFrames({ sessionId, from: frames.length, count: pageSize });
    total = page.total;
    // An empty page before the total means the host has nothing more to give: stop rather than ask forever.
    if (page.frames.length === 0) break;
    for (const frame of page.frames) frames.push(frame);
    onProgress?.(frames.length, total);
    // Cancel (UX-5) stops between pages; what was read so far is dropped, so the window keeps its previous view.
    if (signal?.aborted) throw cancelledError('the session was not opened');
  }
  return frames;
}
