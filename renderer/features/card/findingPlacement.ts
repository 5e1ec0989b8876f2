// Places the host's card findings in the text the editor shows (CARD-4). The host places each finding in the card's
// exact text; the editor may instead show it pretty-printed (a minified card is one unreadable line), so each
// finding is placed again by its JSON pointer — on the member's name when the host marked the name, on the value
// otherwise — and a range that spans lines is cut to its first line, so a finding about a whole object marks its
// opening line rather than painting the object.

import type { Finding } from '../../../shared/wire/finding';
import { parseJsonText, type JsonParseSuccess, type TextRange } from '../../../shared/wire/jsonText';
import type { EditorMarker, MarkerRange } from '../../ui/monaco/editorMarkers';

export interface PlacedFinding {
  finding: Finding;
  /** Where it is in the shown text; absent when it cannot be placed there (then it is listed, not marked). */
  range?: MarkerRange;
}

/** The card pretty-printed with two spaces, or undefined when the text is not JSON. */
export function prettyCardText(text: string): string | undefined {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return undefined;
  }
}

/** True when the card is one long line that reads better pretty-printed (what SDKs usually serve). */
export function prefersPretty(text: string): boolean {
  return !/[\r\n]/.test(text.trim()) && text.length > 80 && prettyCardText(text) !== undefined;
}

export function placeFindings(
  findings: readonly Finding[],
  exactText: string,
  shownText: string,
): PlacedFinding[] {
  const exact = parsed(exactText);
  const shown = shownText === exactText ? exact : parsed(shownText);
  const lines = shownText.split(/\r\n|\r|\n/);
  const firstLine = (range: TextRange): MarkerRange => {
    const startLine = range.start.line;
    const sameLine = range.end.line === startLine;
    const lineEnd = (lines[startLine - 1]?.length ?? 0) + 1;
    return {
      startLine,
      startColumn: range.start.column,
      endLine: startLine,
      endColumn: Math.max(range.start.column + 1, sameLine ? range.end.column : lineEnd),
    };
  };

  return findings.map((finding) => {
    if (finding.pointer !== undefined && exact && shown) {
      const inExact = exact.locate(finding.pointer);
      const onKey =
        inExact.key !== undefined &&
        finding.offset !== undefined &&
        finding.offset === inExact.key.start.offset;
      const inShown = shown.locate(finding.pointer);
      const range = onKey && inShown.key ? inShown.key : inShown.value;
      return { finding, range: firstLine(range) };
    }
    if (finding.line !== undefined && shownText === exactText) {
      // Not JSON (or no pointer): the host's own position is the only one there is.
      const column = finding.column ?? 1;
      return {
        finding,
        range: { startLine: finding.line, startColumn: column, endLine: finding.line, endColumn: column + 1 },
      };
    }
    return { finding };
  });
}

export function markersOf(placed: readonly PlacedFinding[]): EditorMarker[] {
  const out: EditorMarker[] = [];
  for (const { finding, range } of placed) {
    if (!range) continue;
    out.push({ ...range, severity: finding.severity, message: finding.message, code: finding.rule });
  }
  return out;
}

function parsed(text: string): JsonParseSuccess | undefined {
  const result = parseJsonText(text);
  return result.ok ? result : undefined;
}
