// A finding: something a parser, validator or check noticed about what arrived. Findings are attached to frames and
// never replace them (docs/architecture.md#frames-are-the-single-source-of-truth: nothing is thrown away because a
// parser disliked it).

export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  /**
   * Stable id of the rule, dotted by area: 'json.invalid', 'sse.event-too-large', 'jsonrpc.id-mismatch', 'card.schema'
   * …
   */
  rule: string;
  severity: Severity;
  /** Plain words a user can act on. */
  message: string;
  /** JSON pointer (RFC 6901) into the value the finding is about. */
  pointer?: string;
  /** Position in the original text: 1-based line and column (in UTF-16 code units), 0-based offset. */
  line?: number;
  column?: number;
  offset?: number;
  /**
   * The public section the rule comes from, as a label: 'A2A 1.0 §3.1.2 Send Streaming Message', 'RFC 8259 §4 Objects'.
   */
  spec?: string;
  /** The link to that section; findings saved by older versions have a label only (shared/checks/citation.ts). */
  specUrl?: string;
}
