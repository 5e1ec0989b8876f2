// Arrow keys for a list of buttons (UX-3): the timeline, the agent list and library, recent sessions, tasks. Up and
// Down move focus to the previous or next control of the same kind (the same data-testid, so a row's second button
// goes to the next row's second button), Home and End to the first and last (listMove.ts); Enter and Space stay the
// buttons' own. A virtualized list renders rows ahead of the one in view, so the next row is there to focus, and
// focusing it scrolls it into view, which makes the list render further.

import type { KeyboardEvent } from 'react';
import { listMove } from './listMove';

/** The onKeyDown of a list's container; keys typed into a field inside it are left alone. */
export function onListArrowKeys(event: KeyboardEvent<HTMLElement>): void {
  const focused = event.target;
  if (!(focused instanceof HTMLElement)) return;
  if (focused.matches('input, textarea, select, [contenteditable="true"]')) return;
  const testId = focused.dataset.testid;
  if (!testId) return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-testid]')).filter(
    (item) => item.dataset.testid === testId,
  );
  const at = items.indexOf(focused);
  const next = at === -1 ? undefined : listMove(event, at, items.length);
  if (next === undefined) return;
  event.preventDefault();
  const item = items[next];
  if (!item || item === focused) return;
  item.focus();
  item.scrollIntoView({ block: 'nearest' });
}
