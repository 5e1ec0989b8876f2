// A recording holds an exchange once per revision (frame.ts); a session keeps the newest revision of each frame in
// the order frames first arrived, which is what the renderer's store holds too.

import type { Frame } from '../wire/frame';

/** A frame without `rev`, or one that is done, is final and outranks every revision. */
export function revisionOf(frame: Frame): number {
  return frame.kind === 'http' && frame.rev !== undefined && frame.state !== 'done'
    ? frame.rev
    : Number.POSITIVE_INFINITY;
}

export function latestRevisions(frames: readonly Frame[]): Frame[] {
  const index = new Map<string, number>();
  const out: Frame[] = [];
  for (const frame of frames) {
    const at = index.get(frame.id);
    if (at === undefined) {
      index.set(frame.id, out.length);
      out.push(frame);
    } else if (revisionOf(frame) > revisionOf(out[at]!)) out[at] = frame;
  }
  return out;
}
