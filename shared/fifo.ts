// A first-in first-out queue whose take from the front costs what it takes, not what waits behind: an array's
// shift() moves every element left. The host's analysis queue holds tens of thousands of batches when many streams
// outrun the worker (bench:ui-many measured shift() at 10 of the host thread's 23 s), and the window's frame feed
// holds what the next animation frames will show.

export class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  /** Up to `max` items from the front, in the order they were pushed. */
  take(max: number): T[] {
    const end = Math.min(this.items.length, this.head + Math.max(0, max));
    const taken = this.items.slice(this.head, end);
    this.head = end;
    // The taken items leave the array once they are most of it, so memory follows what waits, at O(1) amortised.
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return taken;
  }

  clear(): void {
    this.items = [];
    this.head = 0;
  }
}
