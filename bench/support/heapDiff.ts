// Compares two V8 heap snapshots (bench:soak writes them with SWITCHBOARD_SOAK_SNAPSHOTS): live bytes and object
// counts by node type and constructor name, biggest growth first. Usage:
//   node scripts/runTs.mjs bench/support/heapDiff.ts <before.heapsnapshot> <after.heapsnapshot> [rows]
// Self sizes only: it says which kinds of object grew, and a retainer view in DevTools then says who holds them.

import { readFileSync } from 'node:fs';

interface SnapshotFile {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export interface HeapGroup {
  bytes: number;
  count: number;
}

/** Live bytes and counts per "type:name" (name only for objects and closures, where it is the constructor). */
export function groupSnapshot(file: SnapshotFile): Map<string, HeapGroup> {
  const fields = file.snapshot.meta.node_fields;
  const types = file.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map<string, HeapGroup>();
  for (let i = 0; i < file.nodes.length; i += width) {
    const type = types[file.nodes[i + typeAt]!] ?? '?';
    // Strings and code are grouped by type alone: their names are their contents.
    const named = type !== 'string' && type !== 'concatenated string' && type !== 'sliced string';
    const key = named ? `${type}:${file.strings[file.nodes[i + nameAt]!]}` : type;
    const group = groups.get(key) ?? { bytes: 0, count: 0 };
    group.bytes += file.nodes[i + sizeAt]!;
    group.count += 1;
    groups.set(key, group);
  }
  return groups;
}

function main(argv: string[]): number {
  const [before, after, rowsArg] = argv;
  if (!before || !after) {
    console.error('usage: heapDiff <before.heapsnapshot> <after.heapsnapshot> [rows]');
    return 2;
  }
  const read = (file: string) => groupSnapshot(JSON.parse(readFileSync(file, 'utf8')) as SnapshotFile);
  const a = read(before);
  const b = read(after);
  const keys = new Set([...a.keys(), ...b.keys()]);
  const rows = [...keys].map((key) => {
    const x = a.get(key) ?? { bytes: 0, count: 0 };
    const y = b.get(key) ?? { bytes: 0, count: 0 };
    return { key, bytes: y.bytes - x.bytes, count: y.count - x.count };
  });
  rows.sort((p, q) => q.bytes - p.bytes);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  console.log(`total self size change: ${total} bytes`);
  for (const row of rows.slice(0, Number(rowsArg ?? 30)))
    console.log(`${String(row.bytes).padStart(10)} ${String(row.count).padStart(8)}  ${row.key}`);
  return 0;
}

if (process.argv[1]?.includes('heapDiff')) process.exitCode = main(process.argv.slice(2));
