// What search (TL-5) looks in and what its filters keep: the text of a frame's parts as the inspector shows them
// (URL, header lines, bodies, an event's block) and the kind, task, state and operation the filters name. Pure, so
// the window searches loaded frames and the host searches a session file with the same rules.

import type { BodyBytes, Frame, FrameKind, HeaderList } from '../wire/frame';
import type { MatchSpan, SearchQuery, TextMatcher } from './textMatch';

/** A part of a frame that can hold a match; the inspector highlights it in the matching view. */
export type SearchField =
  'url' | 'request-headers' | 'request-body' | 'response-headers' | 'response-body' | 'event' | 'error';

export const searchFields: readonly SearchField[] = [
  'url',
  'request-headers',
  'request-body',
  'response-headers',
  'response-body',
  'event',
  'error',
];

export interface SearchFilters {
  kinds?: FrameKind[];
  taskId?: string;
  state?: string;
  /** An operation name as the frame's `a2a.operation` says it ("stream", "get" …); events take their exchange's. */
  operation?: string;
}

export interface SearchRequest extends SearchQuery {
  filters?: SearchFilters;
}

/** One frame with at least one match, or that the filters alone selected when there is no text. */
export interface SearchHit {
  /** Position of the frame in the session. */
  index: number;
  frameId: string;
  /** Matches per field, in field order. */
  fields: Array<{ field: SearchField; count: number }>;
  /** All matches of the frame. */
  count: number;
}

/** A part of a frame and its text. `stored` names a body whose whole bytes are on disk, not in `text`. */
export interface FieldText {
  field: SearchField;
  text: string;
  stored?: string;
}

export function headerText(headers: HeaderList): string {
  return headers.map(([name, value]) => `${name}: ${value}`).join('\n');
}

function bodyField(field: SearchField, body: BodyBytes | undefined): FieldText | undefined {
  if (!body) return undefined;
  return body.stored ? { field, text: body.text, stored: body.stored.sha256 } : { field, text: body.text };
}

/** The searchable parts of a frame, in the order the inspector shows them. */
export function frameFieldTexts(frame: Frame): FieldText[] {
  const out: Array<FieldText | undefined> = [];
  if (frame.kind === 'sse') {
    out.push({ field: 'event', text: frame.raw });
  } else {
    out.push({ field: 'url', text: `${frame.request.method} ${frame.request.url}` });
    out.push({ field: 'request-headers', text: headerText(frame.request.headers) });
    out.push(bodyField('request-body', frame.request.body));
    if (frame.response) {
      out.push({ field: 'response-headers', text: headerText(frame.response.headers) });
      out.push(bodyField('response-body', frame.response.body));
    }
    if (frame.kind === 'http' && frame.error) out.push({ field: 'error', text: frame.error.message });
  }
  return out.filter((part): part is FieldText => part !== undefined);
}

/** The frame's task, state and operation as the filters read them; `operationOf` names an event's exchange's. */
export function frameFacets(frame: Frame, operationOf?: (exchangeId: string) => string | undefined) {
  const a2a = frame.a2a;
  const state = frame.kind === 'http' ? undefined : frame.a2a?.state;
  const operation =
    frame.kind === 'http'
      ? frame.a2a?.operation
      : frame.kind === 'sse'
        ? operationOf?.(frame.exchangeId)
        : 'push';
  return { kind: frame.kind, taskId: a2a?.taskId, state, operation };
}

export function hasFilters(filters: SearchFilters | undefined): boolean {
  return Boolean(filters && (filters.kinds?.length || filters.taskId || filters.state || filters.operation));
}

export function passesFilters(
  frame: Frame,
  filters: SearchFilters | undefined,
  operationOf?: (exchangeId: string) => string | undefined,
): boolean {
  if (!hasFilters(filters) || !filters) return true;
  const facets = frameFacets(frame, operationOf);
  if (filters.kinds?.length && !filters.kinds.includes(facets.kind)) return false;
  if (filters.taskId && facets.taskId !== filters.taskId) return false;
  if (filters.state && facets.state !== filters.state) return false;
  if (filters.operation && facets.operation !== filters.operation) return false;
  return true;
}

/** Matches per field of the frame's in-memory text (a stored body's `text` is only its head or its reduction). */
export function matchFrame(
  frame: Frame,
  matcher: TextMatcher,
): Array<{ field: SearchField; spans: MatchSpan[] }> {
  const out: Array<{ field: SearchField; spans: MatchSpan[] }> = [];
  for (const part of frameFieldTexts(frame)) {
    const spans = matcher.spans(part.text);
    if (spans.length > 0) out.push({ field: part.field, spans });
  }
  return out;
}

/** Gathers per-field counts into a hit, or undefined when nothing matched. */
export function toHit(
  index: number,
  frameId: string,
  counts: ReadonlyMap<SearchField, number>,
): SearchHit | undefined {
  const fields = searchFields
    .filter((field) => (counts.get(field) ?? 0) > 0)
    .map((field) => ({ field, count: counts.get(field)! }));
  if (fields.length === 0) return undefined;
  return { index, frameId, fields, count: fields.reduce((sum, f) => sum + f.count, 0) };
}

/** One batch of a host search under way (the `search` host event): new hits and how far the search got. */
export interface SearchProgress {
  searchId: string;
  hits: SearchHit[];
  /** Frames looked at so far, of `total`. */
  scanned: number;
  total: number;
  done: boolean;
  cancelled?: boolean;
  /** Why the search stopped early, in words. */
  error?: string;
}
