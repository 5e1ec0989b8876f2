// Which version of the frames the Traces view indexes. Indexing reads every frame (shared/timeline/traces.ts), and
// live traffic changes the frames once per animation frame, so a large window would be re-indexed 60 times a
// second. Up to SMALL frames the view follows every change; past it, it takes the newest at most once per
// SETTLE_MS. The view may lag a moment behind a busy stream; it never loses a frame, since each index reads them all.
// The frames list changes in place (store/framesSlice.ts), so what settles is its version, not the list.

import { useEffect, useRef, useState } from 'react';

const SMALL = 20_000;
const SETTLE_MS = 1_000;

/** `version` itself for a small window, else the newest version seen at most SETTLE_MS ago. */
export function useSettledVersion(count: number, version: number): number {
  const [settled, setSettled] = useState(version);
  const latest = useRef(version);
  useEffect(() => {
    latest.current = version;
  }, [version]);
  const small = count <= SMALL;
  const stale = !small && settled !== version;
  // Keyed on `stale`, not on `version`: new batches must not push the update back, or a busy stream would starve it.
  useEffect(() => {
    if (!stale) return;
    const timer = setTimeout(() => setSettled(latest.current), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [stale, settled]);
  return small ? version : settled;
}
