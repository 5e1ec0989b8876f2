// Differential tests for timeline entries stored by column (shared/timeline/entryTable.ts, bench:ui-many). Random
// entries — every kind, each optional field there or not, ids of every spelling, times that tie, go back or are not
// finite, strings that repeat or never do — inserted into the table and, as the straightforward path, into a plain
// list in arrival order (arrivalOrder.ts) must read back equal, row by row and as a whole, past the table's growth and
// its string lookup's bound. And the seeded mixed traffic through a model that keeps its entries by column and one
// that keeps them as built must give equal entries, rows, counts and insertions.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_STRING, StringTable } from '../../../../shared/stringTable';
import { insertByArrival } from '../../../../shared/timeline/arrivalOrder';
import { compactEntry } from '../../../../shared/timeline/entryShape';
import { EntryTable, entryRowsOf, type EntryRows } from '../../../../shared/timeline/entryTable';
import { TimelineModel, type EntryKind, type TimelineEntry } from '../../../../shared/timeline/timelineModel';
import type { Frame } from '../../../../shared/wire/frame';
import { traffic } from '../../support/mixedTraffic';
import { random } from '../../support/seededRandom';

const KINDS: EntryKind[] = ['request', 'response', 'event', 'keep-alive', 'stream-end', 'error', 'push'];

const text = fc.oneof(fc.constantFrom('', 'task-1', 'status · working', 'ünï 💥', 'x:end'), fc.string());
const time = fc.oneof(
  fc.integer({ min: 0, max: 50 }),
  fc.double({ noNaN: true }),
  fc.constantFrom(Number.NaN, -0, Infinity, -Infinity, 1_796_167_186_422.154),
);

const entry: fc.Arbitrary<TimelineEntry> = fc
  .record(
    {
      frameId: text,
      idForm: fc.constantFrom('frame', 'end', 'own'),
      ownId: text,
      exchangeId: text,
      kind: fc.constantFrom(...KINDS),
      at: time,
      label: text,
      gapMs: time,
      size: fc.oneof(fc.nat(), fc.constant(2 ** 40)),
      agentId: text,
      operation: text,
      taskId: text,
      contextId: text,
      state: text,
      severity: fc.constantFrom('error' as const, 'warning' as const),
    },
    {
      requiredKeys: ['frameId', 'idForm', 'ownId', 'exchangeId', 'kind', 'at', 'label'],
    },
  )
  .map(({ idForm, ownId, ...fields }) => ({
    ...fields,
    id: idForm === 'frame' ? fields.frameId : idForm === 'end' ? `${fields.frameId}:end` : ownId,
  }));

function expectSameRows(rows: EntryRows, list: readonly TimelineEntry[]): void {
  expect(rows.length).toBe(list.length);
  for (let i = 0; i < list.length; i++) {
    const want = list[i]!;
    const got = rows.at(i);
    expect(got).toStrictEqual(want);
    expect(Object.keys(got!).sort()).toStrictEqual(Object.keys(want).sort());
    expect(rows.idAt(i)).toBe(want.id);
    expect(rows.frameIdAt(i)).toBe(want.frameId);
    expect(Object.is(rows.timeAt(i), want.at)).toBe(true);
  }
  for (const outside of [-1, list.length, 0.5]) {
    expect(rows.at(outside)).toBeUndefined();
    expect(rows.idAt(outside)).toBeUndefined();
    expect(rows.frameIdAt(outside)).toBeUndefined();
    expect(rows.timeAt(outside)).toBeUndefined();
  }
}

describe('timeline entries stored by column', () => {
  it('read back as the entries inserted into a plain list in arrival order', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), (entries) => {
        const table = new EntryTable();
        const plain: TimelineEntry[] = [];
        for (const e of entries) {
          expect(table.insert(structuredClone(e))).toBe(insertByArrival(plain, compactEntry(e)));
        }
        expectSameRows(table, plain);
        expect(table.toArray()).toStrictEqual(plain);
      }),
      { numRuns: 300 },
    );
  });

  it('keep every row past their growth, with late arrivals put in their place', () => {
    const next = random(3);
    const table = new EntryTable();
    const plain: TimelineEntry[] = [];
    for (let n = 0; n < 5_000; n++) {
      const e: TimelineEntry = {
        id: `f${n}`,
        frameId: `f${n}`,
        exchangeId: `x${n % 7}`,
        kind: KINDS[n % KINDS.length]!,
        // Mostly rising, now and then a little back in time.
        at: n - (next() < 0.05 ? Math.floor(next() * 40) : 0) + next(),
        label: next() < 0.5 ? 'status · working' : `label ${n}`,
        ...(n % 3 === 0 ? { gapMs: next() * 10 } : {}),
        ...(n % 4 !== 0 ? { size: n * 17 } : {}),
        taskId: `task-${n % 5}`,
      };
      expect(table.insert(e)).toBe(insertByArrival(plain, compactEntry(e)));
    }
    expectSameRows(table, plain);
  });

  it('as rows of a plain list, read the list', () => {
    const list = modelOf(traffic(2, 3).frames, false).entries;
    expect(list.length).toBeGreaterThan(10);
    expectSameRows(entryRowsOf(list), list);
  });

  it.each([1, 2, 3, 4, 5, 6])(
    'give the mixed traffic the same timeline as entries kept as built, seed %i',
    (seed) => {
      const { frames } = traffic(seed, 6);
      const byColumn = modelOf(frames, true, seed);
      const asBuilt = modelOf(frames, false, seed);
      expect(asBuilt.entries.length).toBeGreaterThan(20);
      expect(byColumn.entries).toStrictEqual(asBuilt.entries);
      expectSameRows(byColumn.rows, asBuilt.entries);
      expect(byColumn.counts).toStrictEqual(asBuilt.counts);
      expect(byColumn.insertions).toBe(asBuilt.insertions);
      expect(byColumn.taskList()).toStrictEqual(asBuilt.taskList());
      expect(byColumn.conversation).toStrictEqual(asBuilt.conversation);
    },
  );
});

describe('a string table', () => {
  it('gives equal strings one number while it remembers them, and keeps every number past its bound', () => {
    const table = new StringTable(4);
    expect(table.numberOf(undefined)).toBe(NO_STRING);
    expect(table.stringAt(NO_STRING)).toBeUndefined();
    const a = table.numberOf('a');
    expect(table.numberOf(['a'].join(''))).toBe(a);
    const numbers = ['b', 'c', 'd', 'e', 'f', 'a'].map((s) => table.numberOf(s));
    expect(new Set([a, ...numbers]).size).toBe(7);
    expect(numbers.map((n) => table.stringAt(n))).toStrictEqual(['b', 'c', 'd', 'e', 'f', 'a']);
    expect(table.stringAt(a)).toBe('a');
    expect(table.numberOf('')).not.toBe(NO_STRING);
    expect(table.stringAt(table.numberOf(''))).toBe('');
    expect(table.stringAt(1_000)).toBeUndefined();
  });
});

/** The frames through a model, in batches of random size as the store feeds them. */
function modelOf(frames: readonly Frame[], compactEntries: boolean, seed = 1): TimelineModel {
  const next = random(seed);
  const model = new TimelineModel({ compactEntries });
  for (let i = 0; i < frames.length;) {
    const size = 1 + Math.floor(next() * 20);
    model.ingest(frames.slice(i, i + size));
    i += size;
  }
  return model;
}
