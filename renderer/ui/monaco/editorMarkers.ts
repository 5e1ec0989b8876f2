// The markers the card editor shows, in plain data: kept apart from the editor component so that the eagerly loaded
// card view can build them without pulling Monaco into the start-up bundle.

import type { Severity } from '../../../shared/wire/finding';

/** A range in the editor's text: 1-based lines and columns, columns in UTF-16 code units (as Monaco counts). */
export interface MarkerRange {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export interface EditorMarker extends MarkerRange {
  severity: Severity;
  message: string;
  /** The rule that made the finding, shown as the marker's code. */
  code?: string;
}

/** A marker as Monaco holds it once set, read back so the page can state what the editor really shows. */
export interface AppliedMarker {
  line: number;
  column: number;
  severity: Severity;
}

/** Where the editor should put the cursor and scroll to; `seq` changes on every request, even for the same line. */
export interface RevealRequest {
  line: number;
  column: number;
  seq: number;
}
