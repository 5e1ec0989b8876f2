// The frames the Traces view indexes. Indexing reads every frame (shared/timeline/traces.ts), and live traffic
// replaces the frames array once per animation frame, so a large window would be re-indexed 60 times a second.
// Up to SMALL frames the view follows every batch; past it, it takes the newest frames at most once per
// SETTLE_MS. The view may lag a moment behind a busy stream; it never loses a frame, since each update takes all.

import { useEffect, useRef, useState } from 'react';
import type { Frame } from '../../../shared/wire/frame';

const SMALL = 20_000;
const SETTLE_MS = 1_000;

export function useSettledFrames(frames: readonly Frame[]): readonly Frame[] {
  const [settled, setSettled] = useState(frames);
  const latest = useRef(frames);
  useEffect(() => {
    latest.current = frames;
  }, [frames]);
  const small = frames.length <= SMALL;
  const stale = !small && settled !== frames;
  // Keyed on `stale`, not on `frames`: new batches must not push the update back, or a busy stream would starve it.
  useEffect(() => {
    if (!stale) return;
    const timer = setTimeout(() => setSettled(latest.current), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [stale, settled]);
  return small ? frames : settled;
}
