// Differential test for assembling artifacts in place (shared/timeline/taskView.ts appends a chunk's parts to the
// array it owns instead of copying it per chunk, bench:ui-many): the same random sequence of chunks and snapshots must
// give, for every artifact, exactly the parts the straightforward reading gives — everything from the last chunk that
// did not append (or the last snapshot) onwards, concatenated — and a reader's copy taken midway must not change.

import { describe, expect, it } from 'vitest';
import type { Artifact, Part, StreamItem, Task } from '../../../../shared/a2a/model';
import { applyItem, newTaskView } from '../../../../shared/timeline/taskView';
import { random } from '../../support/seededRandom';

const text = (value: string): Part => ({ kind: 'text', text: value, wire: {} });

function artifact(id: string, parts: Part[]): Artifact {
  return { artifactId: id, parts, wire: {} };
}

function taskItem(artifacts: Artifact[]): StreamItem {
  const task: Task = {
    id: 't',
    status: { state: 'working', stateWire: 'working', wire: {} },
    artifacts,
    history: [],
    wire: {},
  };
  return { kind: 'task', task };
}

function sequence(seed: number, length: number): StreamItem[] {
  const next = random(seed);
  const items: StreamItem[] = [];
  for (let i = 0; i < length; i++) {
    const id = `a${Math.floor(next() * 3)}`;
    const parts = Array.from({ length: 1 + Math.floor(next() * 3) }, (_, j) => text(`${i}.${j}`));
    if (next() < 0.05) {
      items.push(taskItem([artifact(id, parts)]));
      continue;
    }
    const append = next() < 0.85;
    items.push({
      kind: 'artifact-update',
      update: { taskId: 't', artifact: artifact(id, parts), append, lastChunk: next() < 0.1, wire: {} },
    });
  }
  return items;
}

/** The straightforward reading: per artifact, the parts from its last reset (a non-append chunk or a snapshot) on. */
function expectedParts(items: readonly StreamItem[]): Map<string, Part[]> {
  const result = new Map<string, Part[]>();
  for (const item of items) {
    if (item.kind === 'task') {
      for (const a of item.task.artifacts) result.set(a.artifactId!, [...a.parts]);
    } else if (item.kind === 'artifact-update') {
      const a = item.update.artifact;
      const before = item.update.append ? (result.get(a.artifactId!) ?? []) : [];
      result.set(a.artifactId!, before.concat(a.parts));
    }
  }
  return result;
}

describe('artifacts assembled in place', () => {
  it.each([1, 2, 3, 42, 2026])('give the same parts as the straightforward reading (seed %i)', (seed) => {
    const items = sequence(seed, 2_000);
    const view = newTaskView('t');
    items.forEach((item, i) => applyItem(view, item, i, `f${i}`));
    const expected = expectedParts(items);
    expect(new Map(view.artifacts.map((a) => [a.key, a.parts]))).toEqual(expected);
    const chunks = items.filter((item) => item.kind === 'artifact-update').length;
    expect(view.artifacts.reduce((sum, a) => sum + a.chunks, 0)).toBe(chunks);
  });

  it('leaves the incoming chunk and a snapshot of the task untouched', () => {
    const view = newTaskView('t');
    const snapshot = artifact('a', [text('whole')]);
    applyItem(view, taskItem([snapshot]), 1, 'f1');
    const first = artifact('a', [text(' more')]);
    applyItem(
      view,
      { kind: 'artifact-update', update: { taskId: 't', artifact: first, append: true, wire: {} } },
      2,
      'f2',
    );
    expect(snapshot.parts.map((p) => (p.kind === 'text' ? p.text : ''))).toEqual(['whole']);
    expect(first.parts).toHaveLength(1);
    expect(view.artifacts[0]!.parts.map((p) => (p.kind === 'text' ? p.text : ''))).toEqual([
      'whole',
      ' more',
    ]);
  });
});
