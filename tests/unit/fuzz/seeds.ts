// What real agents sent, as the starting points the fuzzer mutates: every body, stream event and push delivery of
// the SDK peers' recordings (tests/fixtures/wire), per generation and binding, plus each peer's card. Mutating real
// traffic reaches the decoders' inner branches, which random JSON alone rarely does.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Binding, Generation } from '../../../shared/a2a/generation';
import type { HttpFrame } from '../../../shared/wire/frame';
import { parseSseBytes } from '../../../shared/wire/sse';

interface Fixture {
  generation: Generation;
  binding: Binding;
  frames: HttpFrame[];
  pushDeliveries?: Array<{ body: { text: string } }>;
}

export interface Seeds {
  requests: unknown[];
  responses: unknown[];
  events: unknown[];
  pushes: unknown[];
}

const root = path.resolve('tests/fixtures/wire');
const seedsByKey = new Map<string, Seeds>();
const cards: unknown[] = [];
/** Whole recordings, for the session, HAR and journal targets. */
export const recordedFrames: HttpFrame[][] = [];

function json(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function add(list: unknown[], value: unknown): void {
  if (value !== undefined) list.push(value);
}

for (const dir of readdirSync(root).sort()) {
  for (const file of readdirSync(path.join(root, dir)).sort()) {
    const fixture = JSON.parse(readFileSync(path.join(root, dir, file), 'utf8')) as Fixture;
    if (file === 'well-known-card.json') {
      add(cards, json(fixture.frames[0]?.response?.body.text));
      continue;
    }
    recordedFrames.push(fixture.frames);
    const key = `${fixture.generation} ${fixture.binding}`;
    const seeds = seedsByKey.get(key) ?? { requests: [], responses: [], events: [], pushes: [] };
    seedsByKey.set(key, seeds);
    for (const frame of fixture.frames) {
      add(seeds.requests, json(frame.request.body?.text));
      const response = frame.response;
      if (!response) continue;
      const type = response.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
      if (type.includes('text/event-stream')) {
        for (const event of parseSseBytes(Buffer.from(response.body.base64, 'base64')).events)
          add(seeds.events, json(event.data));
      } else add(seeds.responses, json(response.body.text));
    }
    for (const delivery of fixture.pushDeliveries ?? []) add(seeds.pushes, json(delivery.body.text));
  }
}

/** The seeds of one generation and binding (empty lists when nothing was recorded for it). */
export function seedsFor(generation: Generation, binding: Binding): Seeds {
  return (
    seedsByKey.get(`${generation} ${binding}`) ?? { requests: [], responses: [], events: [], pushes: [] }
  );
}

/** Every seed of every kind, for targets that take any JSON (the JSON-RPC checks). */
export function allSeeds(): unknown[] {
  return [...seedsByKey.values()].flatMap((s) => [...s.requests, ...s.responses, ...s.events, ...s.pushes]);
}

export function cardSeeds(): unknown[] {
  return cards;
}
