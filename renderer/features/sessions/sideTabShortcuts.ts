// The keys that move between the session tabs (UX-2), decided apart from the DOM so they can be tested. Alt+Shift
// with an arrow or a digit: Ctrl+digit, Ctrl+Tab and Ctrl+PageDown belong to the browser in the browser edition, and
// Alt+digit to some desktops, while Alt+Shift with these keys is left free by both editions' hosts.

export type SideTabAction =
  { kind: 'step'; direction: 1 | -1 } | { kind: 'at'; index: number } | { kind: 'close' };

/** The words the palette shows beside each command. */
export const SIDE_TAB_KEYS = {
  next: 'Alt+Shift+→',
  previous: 'Alt+Shift+←',
  at: (n: number) => `Alt+Shift+${n}`,
  close: 'Alt+Shift+W',
} as const;

export interface KeyPress {
  key: string;
  /** The physical key: with Shift held, `key` for a digit is a symbol that depends on the keyboard layout. */
  code: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

export function sideTabAction(press: KeyPress): SideTabAction | undefined {
  if (!press.altKey || !press.shiftKey || press.ctrlKey || press.metaKey) return undefined;
  if (press.key === 'ArrowRight') return { kind: 'step', direction: 1 };
  if (press.key === 'ArrowLeft') return { kind: 'step', direction: -1 };
  if (press.code === 'KeyW') return { kind: 'close' };
  const digit = /^Digit([1-9])$/.exec(press.code);
  // Tab 1 is Live, as the palette numbers them.
  return digit ? { kind: 'at', index: Number(digit[1]) - 1 } : undefined;
}
