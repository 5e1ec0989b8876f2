// A line diff for comparing two frames (FRM-7): the common head and tail are matched first (two requests of one
// session share most lines), then the rest by longest common subsequence. Past a size cap the middle is shown as
// removed-then-added, so a pair of huge bodies never freezes the window.

export type DiffKind = 'same' | 'added' | 'removed';

export interface DiffLine {
  kind: DiffKind;
  text: string;
}

export interface LineDiff {
  lines: DiffLine[];
  /** False when the middle was too large to align line by line. */
  aligned: boolean;
  added: number;
  removed: number;
}

/** Cells of the LCS table at most (rows × columns of the differing middle). */
const MAX_CELLS = 4_000_000;

function splitLines(text: string): string[] {
  return text === '' ? [] : text.split(/\r\n|\r|\n/);
}

export function diffLines(before: string, after: string, maxCells = MAX_CELLS): LineDiff {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;

  const lines: DiffLine[] = a.slice(0, head).map((text) => ({ kind: 'same', text }));
  const middleA = a.slice(head, a.length - tail);
  const middleB = b.slice(head, b.length - tail);
  const aligned = middleA.length * middleB.length <= maxCells;
  lines.push(...(aligned ? alignMiddle(middleA, middleB) : replaceMiddle(middleA, middleB)));
  lines.push(...a.slice(a.length - tail).map((text): DiffLine => ({ kind: 'same', text })));
  return {
    lines,
    aligned,
    added: lines.filter((line) => line.kind === 'added').length,
    removed: lines.filter((line) => line.kind === 'removed').length,
  };
}

function replaceMiddle(a: string[], b: string[]): DiffLine[] {
  return [
    ...a.map((text): DiffLine => ({ kind: 'removed', text })),
    ...b.map((text): DiffLine => ({ kind: 'added', text })),
  ];
}

/** Classic LCS table, read back from the top-left corner so removals come before additions at each change. */
function alignMiddle(a: string[], b: string[]): DiffLine[] {
  const rows = a.length;
  const columns = b.length;
  if (rows === 0 || columns === 0) return replaceMiddle(a, b);
  const width = columns + 1;
  // lcs[i][j] = length of the LCS of a[i..] and b[j..]; bounded by min(rows, columns), so 32 bits are plenty.
  const lcs = new Uint32Array((rows + 1) * width);
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = columns - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < rows && j < columns) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
      out.push({ kind: 'removed', text: a[i]! });
      i++;
    } else {
      out.push({ kind: 'added', text: b[j]! });
      j++;
    }
  }
  while (i < rows) out.push({ kind: 'removed', text: a[i++]! });
  while (j < columns) out.push({ kind: 'added', text: b[j++]! });
  return out;
}

export type DiffRow = DiffLine | { kind: 'fold'; count: number };

/** Long runs of unchanged lines folded to `context` lines either side of each change, as unified diffs show them. */
export function foldUnchanged(lines: readonly DiffLine[], context = 3): DiffRow[] {
  const keep = new Uint8Array(lines.length);
  lines.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++)
      keep[k] = 1;
  });
  const rows: DiffRow[] = [];
  let folded = 0;
  lines.forEach((line, index) => {
    if (keep[index]) {
      if (folded > 0) rows.push({ kind: 'fold', count: folded });
      folded = 0;
      rows.push(line);
    } else folded++;
  });
  if (folded > 0) rows.push({ kind: 'fold', count: folded });
  return rows;
}
