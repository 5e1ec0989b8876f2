// Keeps timeline entries in arrival order (TL-7). Frames reach the model from several sources (stream events, push
// deliveries on the webhook receiver, answers) and a batch from one can land after a later one from another, so
// appending in ingest order can list a push at +3510 ms before a stream event at +3496 ms. Insertion is a stable
// merge: an entry goes after every entry that arrived at the same time or earlier, so equal times keep ingest order.

/** What ordering needs of an entry: its arrival time in milliseconds. */
export interface Arrival {
  at: number;
}

/**
 * Inserts `entry` into `list` (already in arrival order) after the last entry with `at <= entry.at`. Returns the
 * index it went to. Nearly every entry is the newest, so the common case is one comparison and a push.
 */
export function insertByArrival<T extends Arrival>(list: T[], entry: T): number {
  const at = arrivalSlot(list.length, (i) => list[i]!.at, entry.at);
  if (at === list.length) list.push(entry);
  else list.splice(at, 0, entry);
  return at;
}

/**
 * Where an entry arriving at `at` goes among `count` entries in arrival order, whose times `atOf` reads: after the
 * last with a time `<= at`. For lists that keep their times elsewhere than in entry objects (entryTable.ts).
 */
export function arrivalSlot(count: number, atOf: (index: number) => number, at: number): number {
  if (count === 0 || atOf(count - 1) <= at) return count;
  // Upper bound: the first index whose entry arrived strictly later.
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (atOf(mid) <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
