// Where an arrow key moves in a list (UX-3): by one and no further than the ends, Home and End to the ends, and
// nowhere for other keys, for keys with a modifier (the browser's or the app's shortcuts), or in an empty list.

import { describe, expect, it } from 'vitest';
import { listMove } from '../../../../renderer/ui/listMove';

const key = (name: string, modifier?: 'altKey' | 'ctrlKey' | 'metaKey') => ({
  key: name,
  altKey: modifier === 'altKey',
  ctrlKey: modifier === 'ctrlKey',
  metaKey: modifier === 'metaKey',
});

describe('listMove', () => {
  it('moves by one with Up and Down and stops at the ends', () => {
    expect(listMove(key('ArrowDown'), 0, 3)).toBe(1);
    expect(listMove(key('ArrowDown'), 2, 3)).toBe(2);
    expect(listMove(key('ArrowUp'), 1, 3)).toBe(0);
    expect(listMove(key('ArrowUp'), 0, 3)).toBe(0);
  });

  it('goes to the first and last with Home and End', () => {
    expect(listMove(key('Home'), 2, 3)).toBe(0);
    expect(listMove(key('End'), 0, 3)).toBe(2);
  });

  it('does not move for other keys, modified keys or an empty list', () => {
    expect(listMove(key('Enter'), 0, 3)).toBeUndefined();
    expect(listMove(key('ArrowLeft'), 1, 3)).toBeUndefined();
    expect(listMove(key('ArrowDown', 'ctrlKey'), 0, 3)).toBeUndefined();
    expect(listMove(key('End', 'metaKey'), 0, 3)).toBeUndefined();
    expect(listMove(key('ArrowUp', 'altKey'), 1, 3)).toBeUndefined();
    expect(listMove(key('ArrowDown'), -1, 0)).toBeUndefined();
  });
});
