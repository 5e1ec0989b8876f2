// What the host learns from a stream event's data: its A2A summary (which task, which state), its findings (decoder
// and JSON Schema), whether the data is JSON, and its parsed JSON where JSON.parse alone would not give it. Pure, so
// it runs the same in the analysis worker (analysisWorker.ts) and, where there is none, in the host's own thread
// (streamAnalyser.ts).
// Results travel a batch at a time in a compact form: most events of a stream share one of a few summaries and have
// no findings, so a batch is the distinct summaries, an index per event, and the exceptions.

import { bodySchemaChecker } from '../bodySchema';
import type { EncodedRequest, GenerationAdapter } from '../../../shared/a2a/adapter';
import type { StreamItem } from '../../../shared/a2a/model';
import type { Finding } from '../../../shared/wire/finding';
import type { SseFrame } from '../../../shared/wire/frame';
import { parsePlainJson } from '../../../shared/wire/plainJson';
import { EventShapes } from './eventShapes';

export type EventSummary = NonNullable<SseFrame['a2a']>;

export interface BatchAnalysis {
  /** The distinct summaries of the batch; null for an event with none (data that decoded to nothing). */
  shapes: Array<EventSummary | null>;
  /** Per event, its summary's index in `shapes`. */
  which: number[];
  /** Events with findings: [index in the batch, findings]. */
  findings: Array<[number, Finding[]]>;
  /**
   * Events whose parsed JSON is not what JSON.parse gives for their data, or that JSON.parse refuses while the
   * decoder read them: [index, the decoder's value].
   */
  json: Array<[number, unknown]>;
  /** Events whose data is not JSON at all. Every event in neither list has JSON.parse of its data as its JSON. */
  notJson: number[];
}

interface EventAnalysis {
  summary: EventSummary | null;
  findings: Finding[];
  /** Set only when the event's JSON must travel (see BatchAnalysis.json). */
  json?: unknown;
  /** The data is not JSON. */
  notJson?: true;
}

/**
 * Analyses the events of one stream, opened by `request` and spoken in `adapter`'s generation and binding. With
 * `shapes` (the default), an event shaped as an earlier clean one takes the fast path of eventShapes.ts; without, every
 * event is analysed in full (the straightforward path the differential tests compare it with).
 */
export function eventAnalyser(
  adapter: GenerationAdapter,
  request: EncodedRequest,
  options: { shapes?: boolean } = {},
): (data: string, isError: boolean) => EventAnalysis {
  const schemaFindings = bodySchemaChecker(adapter.generation, adapter.binding, 'event');
  const full = fullAnalyser(adapter, request, schemaFindings);
  if (options.shapes === false) return full;
  const shapes = new EventShapes<EventSummary>();
  return (data, isError) => {
    if (isError || !shapes.useful()) return full(data, isError);
    // Plain JSON only: the decoder would take JSON.parse's value too and have nothing to say of the text itself.
    const plain = parsePlainJson(data);
    if (!plain) return full(data, isError);
    const known = shapes.get(plain.value);
    if (known && schemaFindings(plain.value).length === 0) return { summary: known, findings: [] };
    const result = full(data, isError);
    // Only a clean A2A item is remembered: an error event skips the schema, and findings belong to one event.
    const item = result.summary?.item;
    const clean = result.findings.length === 0 && !result.notJson;
    if (!known && clean && item && item !== 'unknown' && item !== 'error')
      shapes.set(plain.value, result.summary!);
    return result;
  };
}

function fullAnalyser(
  adapter: GenerationAdapter,
  request: EncodedRequest,
  schemaFindings: (json: unknown) => Finding[],
): (data: string, isError: boolean) => EventAnalysis {
  return (data, isError) => {
    const decoded = adapter.decodeStreamEvent(request, data, isError);
    let findings = decoded.findings;
    // An event the decoder found nothing wrong with was plain JSON (plainJson.ts), so JSON.parse gives its value;
    // one it had something to say about may have been read differently, so its value goes with the findings.
    const travels = decoded.json !== undefined && decoded.findings.length > 0;
    let json = decoded.json;
    if (json === undefined) {
      // Not parsed by the decoder (a REST error event, or text the careful parser refused, such as nesting past its
      // limit): shown parsed all the same when JSON.parse takes it, which the receiving side does itself.
      try {
        json = JSON.parse(data) as unknown;
      } catch {
        // Not JSON: the decoder has said where and why.
      }
    }
    const notJson = json === undefined;
    if (json !== undefined && decoded.kind !== 'error') {
      const schema = schemaFindings(json);
      if (schema.length > 0) findings = [...findings, ...schema];
    }
    const summary =
      decoded.kind === 'item' ? summarize(decoded.item) : decoded.kind === 'error' ? { item: 'error' } : null;
    if (travels) return { summary, findings, json: decoded.json };
    return notJson ? { summary, findings, notJson } : { summary, findings };
  };
}

/** Analyses a batch: `errors` lists, in order, the events that came as SSE `event: error`. */
export function analyseBatch(
  analyse: (data: string, isError: boolean) => EventAnalysis,
  datas: readonly string[],
  errors: readonly number[],
): BatchAnalysis {
  const table = new SummaryTable();
  const out: BatchAnalysis = { shapes: table.shapes, which: [], findings: [], json: [], notJson: [] };
  let nextError = 0;
  for (let i = 0; i < datas.length; i++) {
    const isError = errors[nextError] === i;
    if (isError) nextError++;
    const result = analyse(datas[i]!, isError);
    out.which.push(table.index(result.summary));
    if (result.findings.length > 0) out.findings.push([i, result.findings]);
    if ('json' in result) out.json.push([i, result.json]);
    if (result.notJson) out.notJson.push(i);
  }
  return out;
}

/** Few shapes are compared member by member; past that, a key per summary finds its shape. */
const SHAPES_COMPARED = 8;

/** The distinct summaries of a batch or a journal run, each given an index once. */
export class SummaryTable {
  readonly shapes: Array<EventSummary | null> = [];
  private readonly seen = new Map<string, number>();

  /** The summary's index, added when it is new. */
  index(summary: EventSummary | null): number {
    const { shapes } = this;
    if (shapes.length < SHAPES_COMPARED) {
      for (let k = 0; k < shapes.length; k++) if (sameSummary(shapes[k]!, summary)) return k;
      const index = shapes.push(summary) - 1;
      this.seen.set(summary ? summaryKey(summary) : '', index);
      return index;
    }
    const key = summary ? summaryKey(summary) : '';
    let index = this.seen.get(key);
    if (index === undefined) {
      index = shapes.push(summary) - 1;
      this.seen.set(key, index);
    }
    return index;
  }
}

/** Two summaries say the same: a member set to undefined is as good as absent (JSON leaves both out). */
function sameSummary(a: EventSummary | null, b: EventSummary | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.item === b.item &&
    a.taskId === b.taskId &&
    a.contextId === b.contextId &&
    a.state === b.state &&
    a.final === b.final
  );
}

/** What a frame says of the A2A item its event carried. */
export function summarize(item: StreamItem): EventSummary {
  const summary: EventSummary = { item: item.kind };
  switch (item.kind) {
    case 'task':
      summary.taskId = item.task.id;
      if (item.task.contextId !== undefined) summary.contextId = item.task.contextId;
      summary.state = item.task.status.state;
      break;
    case 'status-update':
      summary.taskId = item.update.taskId;
      if (item.update.contextId !== undefined) summary.contextId = item.update.contextId;
      summary.state = item.update.status.state;
      if (item.update.final !== undefined) summary.final = item.update.final;
      break;
    case 'artifact-update':
      summary.taskId = item.update.taskId;
      if (item.update.contextId !== undefined) summary.contextId = item.update.contextId;
      break;
    case 'message':
      if (item.message.taskId !== undefined) summary.taskId = item.message.taskId;
      if (item.message.contextId !== undefined) summary.contextId = item.message.contextId;
      break;
    case 'unknown':
      break;
  }
  return summary;
}

/**
 * Tells summaries apart without stringifying each one. Each member is written with its name and, for a string, its
 * length, so two different summaries never make the same key.
 */
function summaryKey(summary: EventSummary): string {
  let key = '';
  let members = 0;
  for (const name in summary) {
    const value = summary[name as keyof EventSummary];
    key += `${name}\u0000${typeof value === 'string' ? value.length : ''}\u0000${String(value)}\u0000`;
    members++;
  }
  return `${members}\u0000${key}`;
}
