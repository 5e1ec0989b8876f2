// How deep a value read from outside may nest. JSON.parse reads any depth, but JSON.stringify and structured clone
// recurse and overflow the stack somewhere past a few thousand levels, so a frame nested that deep could be opened
// and then neither shown (it crosses to the renderer) nor saved. The careful parser stops at 1000 levels
// (jsonText.ts), so a frame the host recorded never comes near the limit below.

import { JSON_MAX_DEPTH } from './jsonText';

/** The deepest a frame, or a file of frames, may nest: the careful parser's limit plus room for what holds it. */
export const MAX_FRAME_DEPTH = JSON_MAX_DEPTH + 100;

/**
 * True when `value` nests arrays and objects more than `max` levels deep. Recursive, but never past `max + 1`
 * levels whatever the input, so the stack it uses is bounded by `max` (about 1100), not by how deep the input goes.
 * It runs on every frame read from a session file or journal: a walk with no arrays made per object (as
 * Object.values would) costs a fraction of the parse before it (bench:ui-open).
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  return typeof value === 'object' && value !== null && deeperThan(value, 1, max);
}

function deeperThan(value: object, depth: number, max: number): boolean {
  if (depth > max) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null && deeperThan(item, depth + 1, max)) return true;
    }
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'object' && item !== null && deeperThan(item, depth + 1, max)) return true;
  }
  return false;
}
