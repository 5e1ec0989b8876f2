// The task ids one agent has shown, newest N kept, for the push receiver's "unknown task" mark (PUSH-3). A Set of
// id strings costs about 80 bytes a task on the JS heap, so a long session grew by every task it ever made until the
// bound (bench:soak). This keeps a 64-bit fingerprint of each id instead: a ring of fingerprints in arrival order
// (the oldest is forgotten first, as the Set did) and an open-addressing index over the ring, 16 bytes a task in
// typed arrays that grow by doubling up to the bound. Two ids share a fingerprint with a chance of about 2⁻⁶⁴ per
// pair; then a delivery about the never-shown one is not marked, which is only a mark and never a refusal.

/** Index slots hold ring slot + 1; 0 is an empty slot. */
const EMPTY = 0;
const FIRST_LENGTH = 256;

// The fingerprint of the last id hashed; module state rather than a returned pair, so hashing allocates nothing.
let fpHigh = 0;
let fpLow = 0;

/** Two 32-bit hashes of the id's UTF-16 code units (FNV-1a and a Murmur-style one, each finished with fmix32). */
function fingerprint(id: string): void {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ id.length;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 13;
  }
  fpHigh = mix(a) >>> 0;
  fpLow = mix(b ^ a) >>> 0;
}

function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

export class RecentTaskIds {
  private high: Uint32Array;
  private low: Uint32Array;
  private index: Uint32Array;
  private mask: number;
  /** Entries held; while below the ring's length they sit in slots 0 … size − 1. */
  private size = 0;
  /** Once the ring is full at its bound: the slot of the oldest entry, the next to be replaced. */
  private oldest = 0;
  /** The id added last: a stream's events all name one task, so most adds are this one again. */
  private last: string | undefined;

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error(`RecentTaskIds needs a whole number of ids to keep, at least 1; got ${limit}.`);
    const length = Math.min(FIRST_LENGTH, limit);
    this.high = new Uint32Array(length);
    this.low = new Uint32Array(length);
    this.index = new Uint32Array(indexLength(length));
    this.mask = this.index.length - 1;
  }

  get count(): number {
    return this.size;
  }

  /** Bytes of the typed arrays it holds (bench:soak and tests). */
  get bytes(): number {
    return this.high.byteLength + this.low.byteLength + this.index.byteLength;
  }

  has(id: string): boolean {
    if (id === this.last) return true;
    fingerprint(id);
    return this.find(fpHigh, fpLow) >= 0;
  }

  /** Remembers the id; one already held keeps its place (it is not made newer), as with a Set. */
  add(id: string): void {
    if (id === this.last) return;
    fingerprint(id);
    const high = fpHigh;
    const low = fpLow;
    if (this.find(high, low) >= 0) return;
    let slot: number;
    if (this.size < this.high.length) slot = this.size++;
    else if (this.high.length < this.limit) {
      this.grow();
      slot = this.size++;
    } else {
      slot = this.oldest;
      const at = this.find(this.high[slot]!, this.low[slot]!);
      // Cannot happen while the index is sound; failing loudly beats filling the index until lookups never end.
      if (at < 0) throw new Error('RecentTaskIds lost track of an id it holds: its index is corrupt.');
      this.unindex(at);
      this.oldest = (slot + 1) % this.high.length;
    }
    this.high[slot] = high;
    this.low[slot] = low;
    this.insert(slot);
    this.last = id;
  }

  /** The index position holding this fingerprint, or −1. */
  private find(high: number, low: number): number {
    for (let at = low & this.mask; ; at = (at + 1) & this.mask) {
      const held = this.index[at]!;
      if (held === EMPTY) return -1;
      if (this.low[held - 1] === low && this.high[held - 1] === high) return at;
    }
  }

  private insert(slot: number): void {
    let at = this.low[slot]! & this.mask;
    while (this.index[at] !== EMPTY) at = (at + 1) & this.mask;
    this.index[at] = slot + 1;
  }

  /** Empties an index position, shifting later entries of its probe run back so that lookups never stop short. */
  private unindex(at: number): void {
    let hole = at;
    for (let next = (hole + 1) & this.mask; this.index[next] !== EMPTY; next = (next + 1) & this.mask) {
      const home = this.low[this.index[next]! - 1]! & this.mask;
      // An entry stays put when its home lies cyclically in (hole, next]: moving it before its home would hide it.
      const stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (stays) continue;
      this.index[hole] = this.index[next]!;
      hole = next;
    }
    this.index[hole] = EMPTY;
  }

  /** Doubles the ring (up to the limit) before it first wraps, so its entries are still in slots 0 … size − 1. */
  private grow(): void {
    const length = Math.min(this.high.length * 2, this.limit);
    const high = new Uint32Array(length);
    const low = new Uint32Array(length);
    high.set(this.high);
    low.set(this.low);
    this.high = high;
    this.low = low;
    this.index = new Uint32Array(indexLength(length));
    this.mask = this.index.length - 1;
    for (let slot = 0; slot < this.size; slot++) this.insert(slot);
  }
}

/** A power of two at least twice the ring's length, so probe runs stay short. */
function indexLength(ringLength: number): number {
  let length = 2;
  while (length < ringLength * 2) length *= 2;
  return length;
}
