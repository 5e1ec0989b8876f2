// Timeline entries stored by column. The model kept one object per entry, and with it its time, gap and size as
// numbers boxed on the heap, its own copy of strings such as the task id decoded from the event, and for most a
// second array for the fields past the literal's first six: about six objects per event that the window keeps and
// every garbage collection copies or marks. At 10,000 events a second from 50 agents (bench:ui-many) they were the
// largest share of that work. Here an entry is a row across typed arrays, which live outside the JS heap, its
// strings numbers into one table (stringTable.ts); only its frame id, the frame's own string, is a pointer. An entry
// becomes an object only when read, in the fixed shape of entryShape.ts, for the rows a view shows.
// tests/unit/shared/timeline/entryTable.test.ts compares the rows with the entries as built.

import { NO_STRING, StringTable } from '../stringTable';
import { arrivalSlot } from './arrivalOrder';
import { compactEntry } from './entryShape';
import type { EntryKind, TimelineEntry } from './timelineModel';

/** What a view reads of the timeline's entries, row by row: the model's table or a plain list both give it. */
export interface EntryRows {
  readonly length: number;
  /** The entry at `index`, made as an object; undefined past the end. */
  at(index: number): TimelineEntry | undefined;
  idAt(index: number): string | undefined;
  frameIdAt(index: number): string | undefined;
  /** The entry's `at`. */
  timeAt(index: number): number | undefined;
}

/** A plain list of entries read as rows (the straightforward path, entries kept as built). */
export function entryRowsOf(list: readonly TimelineEntry[]): EntryRows {
  return {
    get length() {
      return list.length;
    },
    at: (index) => list[index],
    idAt: (index) => list[index]?.id,
    frameIdAt: (index) => list[index]?.frameId,
    timeAt: (index) => list[index]?.at,
  };
}

const KINDS: readonly EntryKind[] = [
  'request',
  'response',
  'event',
  'keep-alive',
  'stream-end',
  'error',
  'push',
];
const KIND_CODES = new Map(KINDS.map((kind, code) => [kind, code]));
const SEVERITIES = [undefined, 'error', 'warning'] as const;

// A row's flags: its kind, its severity, which optional numbers it has and how its id is spelled.
const KIND_MASK = 0b111;
const SEVERITY_SHIFT = 3;
const SEVERITY_MASK = 0b11 << SEVERITY_SHIFT;
const HAS_GAP = 1 << 5;
const HAS_SIZE = 1 << 6;
/** The id is the frame id and `:end` (the entry that closes an exchange). */
const ID_END = 1 << 7;
/** The id is neither the frame id nor that: it is kept in the row's strings. */
const ID_OWN = 1 << 8;

// The row's strings, as numbers into the table, `STRIDE` to a row.
const EXCHANGE = 0;
const LABEL = 1;
const AGENT = 2;
const OPERATION = 3;
const TASK = 4;
const CONTEXT = 5;
const STATE = 6;
const ID = 7;
const STRIDE = 8;

export class EntryTable implements EntryRows {
  length = 0;
  private capacity = 1_024;
  private times = new Float64Array(this.capacity);
  private gaps = new Float64Array(this.capacity);
  private sizes = new Float64Array(this.capacity);
  private flags = new Uint16Array(this.capacity);
  private refs = new Int32Array(this.capacity * STRIDE);
  private readonly frameIds: string[] = [];
  private readonly strings = new StringTable();
  /** Filled from a row and copied by compactEntry, which leaves out what is undefined. */
  private readonly scratch: TimelineEntry = {
    id: '',
    frameId: '',
    exchangeId: '',
    kind: 'event',
    at: 0,
    label: '',
  };

  /** Adds `entry` after every entry that arrived at its time or earlier (TL-7); returns the row it went to. */
  insert(entry: TimelineEntry): number {
    const count = this.length;
    const row = arrivalSlot(count, (i) => this.times[i]!, entry.at);
    if (count === this.capacity) this.grow();
    if (row < count) this.open(row);
    this.write(row, entry);
    if (row < count) this.frameIds.splice(row, 0, entry.frameId);
    else this.frameIds.push(entry.frameId);
    this.length = count + 1;
    return row;
  }

  at(index: number): TimelineEntry | undefined {
    if (!this.has(index)) return undefined;
    const flags = this.flags[index]!;
    const base = index * STRIDE;
    const text = (field: number) => this.strings.stringAt(this.refs[base + field]!);
    const entry = this.scratch;
    entry.frameId = this.frameIds[index]!;
    entry.id = this.idOf(index, flags, entry.frameId);
    entry.exchangeId = text(EXCHANGE) ?? '';
    entry.kind = KINDS[flags & KIND_MASK]!;
    entry.at = this.times[index]!;
    entry.label = text(LABEL) ?? '';
    entry.gapMs = flags & HAS_GAP ? this.gaps[index] : undefined;
    entry.size = flags & HAS_SIZE ? this.sizes[index] : undefined;
    entry.agentId = text(AGENT);
    entry.operation = text(OPERATION);
    entry.taskId = text(TASK);
    entry.contextId = text(CONTEXT);
    entry.state = text(STATE);
    entry.severity = SEVERITIES[(flags & SEVERITY_MASK) >> SEVERITY_SHIFT];
    return compactEntry(entry);
  }

  idAt(index: number): string | undefined {
    return this.has(index) ? this.idOf(index, this.flags[index]!, this.frameIds[index]!) : undefined;
  }

  frameIdAt(index: number): string | undefined {
    return this.has(index) ? this.frameIds[index] : undefined;
  }

  timeAt(index: number): number | undefined {
    return this.has(index) ? this.times[index] : undefined;
  }

  /** Every entry, made as objects (for tests and readers of the whole list; views read rows). */
  toArray(): TimelineEntry[] {
    const out: TimelineEntry[] = [];
    for (let i = 0; i < this.length; i++) out.push(this.at(i)!);
    return out;
  }

  private has(index: number): boolean {
    return Number.isInteger(index) && index >= 0 && index < this.length;
  }

  private idOf(index: number, flags: number, frameId: string): string {
    if (flags & ID_END) return `${frameId}:end`;
    if (flags & ID_OWN) return this.strings.stringAt(this.refs[index * STRIDE + ID]!) ?? '';
    return frameId;
  }

  private write(row: number, entry: TimelineEntry): void {
    let flags = KIND_CODES.get(entry.kind)! | (SEVERITIES.indexOf(entry.severity) << SEVERITY_SHIFT);
    this.times[row] = entry.at;
    if (entry.gapMs !== undefined) {
      flags |= HAS_GAP;
      this.gaps[row] = entry.gapMs;
    }
    if (entry.size !== undefined) {
      flags |= HAS_SIZE;
      this.sizes[row] = entry.size;
    }
    const base = row * STRIDE;
    const refs = this.refs;
    const strings = this.strings;
    refs[base + EXCHANGE] = strings.numberOf(entry.exchangeId);
    refs[base + LABEL] = strings.numberOf(entry.label);
    refs[base + AGENT] = strings.numberOf(entry.agentId);
    refs[base + OPERATION] = strings.numberOf(entry.operation);
    refs[base + TASK] = strings.numberOf(entry.taskId);
    refs[base + CONTEXT] = strings.numberOf(entry.contextId);
    refs[base + STATE] = strings.numberOf(entry.state);
    refs[base + ID] = NO_STRING;
    if (entry.id !== entry.frameId) {
      if (entry.id === `${entry.frameId}:end`) flags |= ID_END;
      else {
        flags |= ID_OWN;
        refs[base + ID] = strings.numberOf(entry.id);
      }
    }
    this.flags[row] = flags;
  }

  /** Moves rows `row…` one down, making room at `row` (an entry that arrived before the newest). */
  private open(row: number): void {
    const count = this.length;
    this.times.copyWithin(row + 1, row, count);
    this.gaps.copyWithin(row + 1, row, count);
    this.sizes.copyWithin(row + 1, row, count);
    this.flags.copyWithin(row + 1, row, count);
    this.refs.copyWithin((row + 1) * STRIDE, row * STRIDE, count * STRIDE);
  }

  private grow(): void {
    this.capacity *= 2;
    this.times = grown(this.times, new Float64Array(this.capacity));
    this.gaps = grown(this.gaps, new Float64Array(this.capacity));
    this.sizes = grown(this.sizes, new Float64Array(this.capacity));
    this.flags = grown(this.flags, new Uint16Array(this.capacity));
    this.refs = grown(this.refs, new Int32Array(this.capacity * STRIDE));
  }
}

function grown<T extends Float64Array | Uint16Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
