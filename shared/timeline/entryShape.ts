// Timeline entries in one fixed shape. The model builds an entry by spreading partial records (`{ ...base, kind,
// ...summary }`), and V8 gives objects made that way a large backing store: about 750 bytes an entry where the same
// fields set in a fixed order take about 190 (measured under Node 20). The model now keeps its entries by column
// (entryTable.ts) and makes an entry as an object only when it is read, in this shape. The copy keeps every field
// the entry had and adds none, so readers see the same entry; tests/unit/shared/timeline/entryShape.test.ts compares
// it with the entries as built.

import type { StringPool } from '../stringPool';
import type { TimelineEntry } from './timelineModel';

/**
 * `entry`'s fields in a fixed order, optional ones only when set: a small object of a shape all entries share. Its
 * label comes from `labels` when given, since most labels repeat ("status · working").
 */
export function compactEntry(entry: TimelineEntry, labels?: StringPool): TimelineEntry {
  const out: TimelineEntry = {
    id: entry.id,
    frameId: entry.frameId,
    exchangeId: entry.exchangeId,
    kind: entry.kind,
    at: entry.at,
    label: labels ? labels.intern(entry.label) : entry.label,
  };
  if (entry.gapMs !== undefined) out.gapMs = entry.gapMs;
  if (entry.size !== undefined) out.size = entry.size;
  if (entry.agentId !== undefined) out.agentId = entry.agentId;
  if (entry.operation !== undefined) out.operation = entry.operation;
  if (entry.taskId !== undefined) out.taskId = entry.taskId;
  if (entry.contextId !== undefined) out.contextId = entry.contextId;
  if (entry.state !== undefined) out.state = entry.state;
  if (entry.severity !== undefined) out.severity = entry.severity;
  return out;
}
