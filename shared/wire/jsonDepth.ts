// How deep a value read from outside may nest. JSON.parse reads any depth, but JSON.stringify and structured clone
// recurse and overflow the stack somewhere past a few thousand levels, so a frame nested that deep could be opened
// and then neither shown (it crosses to the renderer) nor saved. The careful parser stops at 1000 levels
// (jsonText.ts), so a frame the host recorded never comes near the limit below.

import { JSON_MAX_DEPTH } from './jsonText';

/** The deepest a frame, or a file of frames, may nest: the careful parser's limit plus room for what holds it. */
export const MAX_FRAME_DEPTH = JSON_MAX_DEPTH + 100;

/** True when `value` nests arrays and objects more than `max` levels deep (iterative: deep input is the point). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > max) return true;
    for (const item of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof item === 'object' && item !== null) {
        values.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
