// What the host learns from a stream event's data: its A2A summary (which task, which state), its findings (decoder
// and JSON Schema), whether the data is JSON, and its parsed JSON where JSON.parse alone would not give it. Pure, so
// it runs the same in the analysis worker (analysisWorker.ts) and, where there is none, in the host's own thread
// (streamAnalyser.ts). Results travel a chunk at a time in a compact form (streamReading.ts): most events of a stream
// share one of a few summaries, kept once in a batch's `SummaryTable`.

import { bodySchemaChecker, schemaNeutral } from '../bodySchema';
import type { EncodedRequest, GenerationAdapter } from '../../../shared/a2a/adapter';
import type { StreamItem } from '../../../shared/a2a/model';
import type { Finding } from '../../../shared/wire/finding';
import type { SseFrame } from '../../../shared/wire/frame';
import { parsePlainJson } from '../../../shared/wire/plainJson';
import { EventShapes } from './eventShapes';
import { EventTemplates } from './eventTemplates';

export type EventSummary = NonNullable<SseFrame['a2a']>;

export interface EventAnalysis {
  summary: EventSummary | null;
  findings: Finding[];
  /** Set when the data is known to hold nothing that looks like a secret (its template's text was asked). */
  clean?: true;
  /**
   * Set only when the event's JSON must travel: the decoder's value when it is not what JSON.parse gives for the
   * data, or when JSON.parse refuses what the decoder read.
   */
  json?: unknown;
  /** The data is not JSON. */
  notJson?: true;
}

/**
 * Analyses the events of one stream, opened by `request` and spoken in `adapter`'s generation and binding. An event
 * whose text is an earlier clean one's with only free values changed takes the fastest path (eventTemplates.ts, with
 * `templates`, the default); one shaped as an earlier clean one the next (eventShapes.ts, with `shapes`, the default);
 * with neither, every event is analysed in full (the straightforward path the differential tests compare them with).
 */
export function eventAnalyser(
  adapter: GenerationAdapter,
  request: EncodedRequest,
  options: { shapes?: boolean; templates?: boolean } = {},
): (data: string, isError: boolean) => EventAnalysis {
  // The answers it gives may be shared between events: whoever reads them does not change them.
  const schemaFindings = bodySchemaChecker(adapter.generation, adapter.binding, 'event');
  const full = fullAnalyser(adapter, request, schemaFindings);
  const useShapes = options.shapes !== false;
  const useTemplates = options.templates !== false;
  if (!useShapes && !useTemplates) return full;
  const shapes = new EventShapes<EventSummary>();
  // A template's answers are made once and shared by every event that matches it (they are not changed after).
  const templates = new EventTemplates<{ clean: EventAnalysis; unclean: EventAnalysis }>(
    useTemplates ? schemaNeutral(adapter.generation, adapter.binding, 'event') : () => false,
  );
  const remember = (data: string, summary: EventSummary) =>
    templates.add(data, {
      clean: { summary, findings: NO_FINDINGS, clean: true },
      unclean: { summary, findings: NO_FINDINGS },
    });
  return (data, isError) => {
    if (isError) return full(data, isError);
    const templated = useTemplates && templates.useful() ? templates.match(data) : undefined;
    if (templated) return templates.lastClean ? templated.clean : templated.unclean;
    if (!useShapes || !shapes.useful()) {
      const result = full(data, isError);
      if (useTemplates && cleanItem(result)) remember(data, result.summary!);
      return result;
    }
    // Plain JSON only: the decoder would take JSON.parse's value too and have nothing to say of the text itself.
    const plain = parsePlainJson(data);
    if (!plain) return full(data, isError);
    const known = shapes.get(plain.value);
    if (known && schemaFindings(plain.value).length === 0) {
      if (useTemplates) remember(data, known);
      return { summary: known, findings: [] };
    }
    const result = full(data, isError);
    if (cleanItem(result)) {
      if (!known) shapes.set(plain.value, result.summary!);
      if (useTemplates) remember(data, result.summary!);
    }
    return result;
  };
}

const NO_FINDINGS: Finding[] = Object.freeze([]) as unknown as Finding[];

/** Only a clean A2A item is remembered: an error event skips the schema, and findings belong to one event. */
function cleanItem(result: EventAnalysis): boolean {
  const item = result.summary?.item;
  return result.findings.length === 0 && !result.notJson && !!item && item !== 'unknown' && item !== 'error';
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
