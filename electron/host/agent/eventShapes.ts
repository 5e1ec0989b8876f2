// A per-stream cache of event shapes for the analysis (streamAnalysis.ts, bench:ingest). Most events of a stream look
// alike: the same members in the same order, the same ids and states, and only free text or metadata values that
// differ. Once an event has been decoded and schema-checked in full and found clean, a later event that fits its pattern
// takes a fast path: its summary is the cached one, and only the JSON Schema check runs again on its own value.
//
// The pattern holds every member name and every value verbatim, except where no decoder reads the value, only its type:
// a string under a member named `text` (a text part's content: decoders keep it as it is, only an empty one may read
// differently) and anything inside a `metadata` object (free-form in every generation: decoders check that it is an
// object and keep it). So two events of one pattern differ only where no decoder looks, and the decoder must say the
// same of both; what the schema might say of those values is asked again of each event. A bad enum value, another
// id or state, a missing or extra member, another type: each breaks the pattern, and the event is analysed in full.

/** Shapes kept per stream, tried in turn: a flood has a few, and a stream whose events all differ stops adding. */
const MAX_SHAPES = 8;
/** After this many lookups, a stream that found fewer than half of them known stops looking. */
const TRIAL_LOOKUPS = 256;

/**
 * A clean event's value as a pattern: verbatim leaves must be equal, free ones only of the same type (and, for
 * strings, equally empty or not). Objects keep their member names in order: a decoder that accepts two spellings of
 * one member takes the first it meets, so the order can change what it reads.
 */
type Pattern =
  | { kind: 'same'; value: string | number | boolean | null }
  | { kind: 'string'; empty: boolean }
  | { kind: 'number' }
  | { kind: 'array'; items: Pattern[] }
  | { kind: 'object'; names: string[]; items: Pattern[] };

/** The pattern of a parsed event value; `free` inside a `metadata` object, `member` the name that holds it. */
export function patternOf(value: unknown, free = false, member = ''): Pattern {
  if (typeof value === 'string') {
    return free || member === 'text' ? { kind: 'string', empty: value === '' } : { kind: 'same', value };
  }
  if (typeof value === 'number') return free ? { kind: 'number' } : { kind: 'same', value };
  if (typeof value !== 'object' || value === null) return { kind: 'same', value: value as boolean | null };
  if (Array.isArray(value)) return { kind: 'array', items: value.map((item) => patternOf(item, free)) };
  const names: string[] = [];
  const items: Pattern[] = [];
  for (const name in value) {
    names.push(name);
    items.push(patternOf((value as Record<string, unknown>)[name], free || name === 'metadata', name));
  }
  return { kind: 'object', names, items };
}

/** Whether `value` fits `pattern`: allocation-free, as it runs for every event of a stream. */
export function fits(value: unknown, pattern: Pattern): boolean {
  switch (pattern.kind) {
    case 'same':
      // Object.is: -0 and 0 are told apart, as a decoder could.
      return Object.is(value, pattern.value);
    case 'string':
      return typeof value === 'string' && (value === '') === pattern.empty;
    case 'number':
      return typeof value === 'number';
    case 'array': {
      if (!Array.isArray(value) || value.length !== pattern.items.length) return false;
      for (let i = 0; i < value.length; i++) if (!fits(value[i], pattern.items[i]!)) return false;
      return true;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const { names, items } = pattern;
      let i = 0;
      for (const name in value) {
        if (i >= names.length || name !== names[i]) return false;
        if (!fits((value as Record<string, unknown>)[name], items[i]!)) return false;
        i++;
      }
      return i === names.length;
    }
  }
}

/** The summaries of one stream's clean events by pattern, and whether looking them up still pays. */
export class EventShapes<T> {
  private readonly known: Array<{ pattern: Pattern; value: T }> = [];
  private lookups = 0;
  private hits = 0;

  /** False once a stream has shown that its events rarely fit a known shape: every event is then analysed in full. */
  useful(): boolean {
    return this.lookups < TRIAL_LOOKUPS || this.hits * 2 >= this.lookups;
  }

  /** What the first known shape that `value` fits gave. */
  get(value: unknown): T | undefined {
    this.lookups++;
    for (const entry of this.known) {
      if (fits(value, entry.pattern)) {
        this.hits++;
        return entry.value;
      }
    }
    return undefined;
  }

  /** Remembers what a clean, fully analysed event gave. */
  set(value: unknown, result: T): void {
    if (this.known.length < MAX_SHAPES) this.known.push({ pattern: patternOf(value), value: result });
  }
}
