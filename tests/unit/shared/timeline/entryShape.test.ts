// Differential test for timeline entries kept in one fixed shape with pooled labels (shared/timeline/entryShape.ts,
// bench:ui-many): the same seeded mix of traffic (../../support/mixedTraffic.ts) through the model that keeps each
// entry as built and the one that compacts it must give equal entries, counts, conversation and task views. Each
// agent's views must also equal what a model fed that agent's frames alone shows (task views are per agent).

import { describe, expect, it } from 'vitest';
import { compactEntry } from '../../../../shared/timeline/entryShape';
import { TimelineModel } from '../../../../shared/timeline/timelineModel';
import type { Frame } from '../../../../shared/wire/frame';
import { traffic } from '../../support/mixedTraffic';
import { random } from '../../support/seededRandom';

/** Fed in batches of random size, as the store takes them. */
function ingested(
  frames: readonly Frame[],
  seed: number,
  options?: { compactEntries: boolean },
): TimelineModel {
  const next = random(seed);
  const model = new TimelineModel(options);
  for (let i = 0; i < frames.length;) {
    const size = 1 + Math.floor(next() * 20);
    model.ingest(frames.slice(i, i + size));
    i += size;
  }
  return model;
}

describe('timeline entries in one shape', () => {
  it('a compacted entry has exactly the fields of the one built', () => {
    const built = {
      id: 'e',
      frameId: 'e',
      exchangeId: 'x',
      at: 5,
      kind: 'event' as const,
      label: 'l',
      state: 's',
    };
    expect(compactEntry(built)).toStrictEqual(built);
    expect(Object.keys(compactEntry(built)).sort()).toEqual(Object.keys(built).sort());
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('equal to the entries as built, seed %i', (seed) => {
    const { frames } = traffic(seed, 6);
    const compact = ingested(frames, seed);
    const plain = ingested(frames, seed, { compactEntries: false });
    expect(compact.entries.length).toBeGreaterThan(20);
    expect(compact.entries).toStrictEqual(plain.entries);
    expect(compact.counts).toStrictEqual(plain.counts);
    expect(compact.conversation).toStrictEqual(plain.conversation);
    expect(compact.taskList()).toStrictEqual(plain.taskList());
    expect(compact.insertions).toBe(plain.insertions);
  });

  it.each([11, 12, 13, 14])('each agent’s task views equal its frames alone, seed %i', (seed) => {
    const { frames, agentOf } = traffic(seed, 5);
    const together = ingested(frames, seed);
    for (const agentId of new Set(agentOf.values())) {
      const own = frames.filter((f) => agentOf.get(f.kind === 'sse' ? f.exchangeId : f.id) === agentId);
      const alone = ingested(own, seed);
      expect(together.taskList().filter((t) => t.agentId === agentId)).toStrictEqual(alone.taskList());
    }
  });
});
