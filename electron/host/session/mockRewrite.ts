// Puts the client's JSON-RPC id into a recorded answer (SES-7). A client checks that an answer carries the id of its
// request (JSON-RPC 2.0 §5), and the recorded answer carries the id the recording host sent. Only the id's own
// characters change: the rest of the body, or of the SSE block, stays as recorded.

import { parseJsonText } from '../../../shared/wire/jsonText';
import { spliceAll } from './mockCard';
import type { RpcId } from './mockMatching';

/** A JSON-RPC response body with its `id` replaced; any other text comes back unchanged. */
export function replaceJsonRpcId(text: string, id: RpcId): string {
  const span = idSpan(text);
  return span ? spliceAll(text, [{ ...span, text: JSON.stringify(id) }]) : text;
}

/** Where the `id` member's value of a JSON-RPC response object sits in its text. */
function idSpan(text: string): { start: number; end: number } | undefined {
  const parsed = parseJsonText(text, { positions: 'eager' });
  if (!parsed.ok) return undefined;
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (!Object.hasOwn(value, 'jsonrpc') || !Object.hasOwn(value, 'id')) return undefined;
  const location = parsed.locate('/id');
  if (!location.exact) return undefined;
  return { start: location.value.start.offset, end: location.value.end.offset };
}

interface DataLine {
  /** Offsets of the field's value in the block's text. */
  start: number;
  end: number;
}

/**
 * One SSE block with the id in its JSON-RPC data replaced. The data may be spread over several `data:` lines
 * (WHATWG joins them with LF); the id's characters always sit on one of them, so that one line is edited.
 */
export function replaceSseBlockId(raw: string, id: RpcId): string {
  const lines = dataLines(raw);
  if (lines.length === 0) return raw;
  const data = lines.map((line) => raw.slice(line.start, line.end)).join('\n');
  const span = idSpan(data);
  if (!span) return raw;
  let lineStart = 0;
  for (const line of lines) {
    const length = line.end - line.start;
    if (span.start >= lineStart && span.end <= lineStart + length) {
      const at = line.start + (span.start - lineStart);
      return spliceAll(raw, [{ start: at, end: at + (span.end - span.start), text: JSON.stringify(id) }]);
    }
    lineStart += length + 1;
  }
  return raw;
}

/** The `data` fields of a block, per WHATWG: `name:value` with one optional space, or a bare `data` line. */
function dataLines(raw: string): DataLine[] {
  const out: DataLine[] = [];
  const breaks = /\r\n|\r|\n/g;
  let lineStart = 0;
  for (;;) {
    const found = breaks.exec(raw);
    const lineEnd = found ? found.index : raw.length;
    const colon = raw.indexOf(':', lineStart);
    const hasColon = colon !== -1 && colon < lineEnd;
    const name = raw.slice(lineStart, hasColon ? colon : lineEnd);
    if (name === 'data' && lineEnd > lineStart) {
      let start = hasColon ? colon + 1 : lineEnd;
      if (hasColon && raw[start] === ' ') start++;
      out.push({ start, end: lineEnd });
    }
    if (!found) break;
    lineStart = found.index + found[0].length;
  }
  return out;
}
