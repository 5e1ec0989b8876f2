// One copy of each repeated string. Every frame that crosses the host boundary is parsed anew, so each carries its own
// copy of its exchange id, source, task id and state, and each timeline entry its own label: at 10,000 events a
// second (bench:ui-many) these copies were a large share of the window's heap and of what every garbage collection
// copies. Readers cannot tell: a pooled string equals the one it replaces. Bounded: past `max` strings the pool
// starts over, so ids that never repeat cannot make it grow without end.

export class StringPool {
  private readonly strings = new Map<string, string>();

  constructor(private readonly max = 20_000) {}

  get size(): number {
    return this.strings.size;
  }

  /** The pooled string equal to `value`. */
  intern(value: string): string {
    const pooled = this.strings.get(value);
    if (pooled !== undefined) return pooled;
    if (this.strings.size >= this.max) this.strings.clear();
    this.strings.set(value, value);
    return value;
  }
}
