// Differential test for the timeline list's rows (renderer/features/timeline/shownRows.ts): the seeded mixed traffic
// fed to a model batch by batch, and after each batch the rows shown for a filter text and a set of passing frames,
// kept up to date across batches as the view keeps them, must name exactly the entries that filtering the whole
// list of entries afresh gives, in the same order.

import { describe, expect, it } from 'vitest';
import { needleOf, shownRows, type TextMatches } from '../../../../../renderer/features/timeline/shownRows';
import { TimelineModel, type TimelineEntry } from '../../../../../shared/timeline/timelineModel';
import type { Frame } from '../../../../../shared/wire/frame';
import { traffic } from '../../../support/mixedTraffic';
import { recordStream } from '../../../support/recordStream';
import { random } from '../../../support/seededRandom';

/** One recorded stream whose entries are all appended: the matches are extended, never started over. */
function appendedStream(): Frame[] {
  const update = (n: number) =>
    n % 3 === 0
      ? `{"artifactUpdate":{"taskId":"t","contextId":"c","artifact":{"artifactId":"out","parts":[{"text":"${n}"}]}}}`
      : `{"statusUpdate":{"taskId":"t","contextId":"c","status":{"state":"TASK_STATE_WORKING"}}}`;
  const blocks = Array.from({ length: 120 }, (_, n) =>
    n % 10 === 9 ? ': keep-alive\n\n' : `data: {"jsonrpc":"2.0","id":1,"result":${update(n)}}\n\n`,
  );
  const { exchange, frames } = recordStream([Buffer.from(blocks.join(''))]);
  return [exchange, ...frames];
}

function filtered(entries: TimelineEntry[], needle: string, passing: ReadonlySet<string> | undefined) {
  return entries
    .filter(
      (e) =>
        !needle ||
        `${e.label} ${e.taskId ?? ''} ${e.operation ?? ''} ${e.kind}`.toLowerCase().includes(needle),
    )
    .filter((e) => !passing || passing.has(e.frameId));
}

describe('the timeline rows shown', () => {
  it.each([
    [1, ' Status '],
    [2, 'working'],
    [3, ''],
    [4, 'stream'],
    [5, 'push'],
    [6, 'no such text'],
  ])('are the entries that filtering the whole list gives, batch after batch, seed %i', (seed, filter) => {
    const next = random(seed);
    const { frames } = traffic(seed, 5);
    const passing = seed % 2 === 0 ? new Set(frames.filter(() => next() < 0.6).map((f) => f.id)) : undefined;
    const model = new TimelineModel();
    const cache: { current: TextMatches | undefined } = { current: undefined };
    let checked = 0;
    for (let i = 0; i < frames.length;) {
      const size = 1 + Math.floor(next() * 15);
      model.ingest(frames.slice(i, i + size));
      i += size;
      const needle = needleOf(filter);
      const shown = shownRows(cache, model, needle, passing);
      const rows = shown.picked ?? Array.from({ length: model.rows.length }, (_, row) => row);
      expect(shown.count).toBe(rows.length);
      expect(rows.map((row) => model.rows.at(row))).toStrictEqual(filtered(model.entries, needle, passing));
      checked += rows.length;
    }
    if (filter !== 'no such text') expect(checked).toBeGreaterThan(0);
  });

  it.each(['status', 'artifact', 'keep', ''])('extend the matches of appended entries, text %j', (filter) => {
    const frames = appendedStream();
    const model = new TimelineModel();
    const cache: { current: TextMatches | undefined } = { current: undefined };
    for (let i = 0; i < frames.length; i += 7) {
      model.ingest(frames.slice(i, i + 7));
      const shown = shownRows(cache, model, filter, undefined);
      const rows = shown.picked ?? Array.from({ length: model.rows.length }, (_, row) => row);
      expect(rows.map((row) => model.rows.at(row))).toStrictEqual(filtered(model.entries, filter, undefined));
    }
    expect(model.insertions).toBe(0);
    expect(model.rows.length).toBeGreaterThan(100);
  });

  it('start over for a new text or a new model', () => {
    const { frames } = traffic(7, 3);
    const model = new TimelineModel();
    model.ingest(frames);
    const cache: { current: TextMatches | undefined } = { current: undefined };
    const a = shownRows(cache, model, 'status', undefined);
    const b = shownRows(cache, model, 'task', undefined);
    expect(b.picked!.map((r) => model.rows.at(r))).toStrictEqual(filtered(model.entries, 'task', undefined));
    const other = new TimelineModel();
    other.ingest(frames.slice(0, 5));
    const c = shownRows(cache, other, 'status', undefined);
    expect(c.picked!.map((r) => other.rows.at(r))).toStrictEqual(
      filtered(other.entries, 'status', undefined),
    );
    expect(a.count).toBeGreaterThan(0);
  });
});
