// Where an arrow key moves in a list (UX-3), apart from the DOM so that it can be tested without one: Up and Down
// by one and stopping at the ends, Home and End to the ends; other keys and modified keys do not move.

export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** The index a key moves to from `at` in a list of `count`, or undefined when the key is not a list move. */
export function listMove(press: KeyPress, at: number, count: number): number | undefined {
  if (press.altKey || press.ctrlKey || press.metaKey || count === 0) return undefined;
  switch (press.key) {
    case 'ArrowDown':
      return Math.min(count - 1, at + 1);
    case 'ArrowUp':
      return Math.max(0, at - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
