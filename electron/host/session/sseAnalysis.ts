// What analysis learnt of one chunk's stream events, as one journal line (`sse-analysis`), in journals of earlier
// versions: those recorded a stream's frames the moment they were read (`sse-run` lines without summaries, or lines
// of their own), before they were decoded and checked, and this line followed once they were. The reader writes it
// onto the frames it names, by exchange and `seq`; a journal cut short between the two keeps the frames as they were
// read, with no analysis. The host now journals stream frames once analysed, and writes no such line.
//
// The line is compact for the common case, as a worker's answer is (streamAnalysis.ts): the distinct summaries and
// an index per frame, and only the exceptions listed. An event in none of `json`, `parsed` and `bare` has JSON.parse
// of its data as its JSON (`jsonFromData`).

import type { Finding } from '../../../shared/wire/finding';
import type { SseFrame } from '../../../shared/wire/frame';
import { isSummary } from './sseRuns';
import { nestedDeeperThan } from '../../../shared/wire/jsonDepth';
import { JSON_MAX_DEPTH } from '../../../shared/wire/jsonText';

export const ANALYSIS_KIND = 'sse-analysis';

type Summary = NonNullable<SseFrame['a2a']>;

export interface AnalysisLine {
  exchangeId: string;
  /** The first frame's `seq`; the line covers `count` frames from it, in order. */
  seq: number;
  count: number;
  summaries: Array<Summary | null>;
  /** Per frame, its summary's index in `summaries`. */
  which: number[];
  /** Frames whose JSON is their own value: [index in the line, value]. */
  json?: Array<[number, unknown]>;
  /**
   * Frames whose own value JSON cannot write (a number too large, which parsed as Infinity, or -0) but JSON.parse of
   * their data gives: their JSON is parsed from the data again when read.
   */
  parsed?: number[];
  /** Event frames with no JSON at all (data that is not JSON, or a value too deep to write). */
  bare?: number[];
  findings?: Array<[number, Finding[]]>;
}

/** The line's fields when they all have their types and agree (the file is untrusted when a user opens it). */
export function analysisLineOf(value: Record<string, unknown>): AnalysisLine | undefined {
  const { exchangeId, seq, count, summaries, which, json, bare, parsed, findings } = value;
  if (typeof exchangeId !== 'string' || !isIndex(seq) || !isIndex(count)) return undefined;
  if (!Array.isArray(summaries) || !summaries.every(isSummary)) return undefined;
  if (!Array.isArray(which) || which.length !== count) return undefined;
  if (!which.every((i) => isIndex(i) && i < summaries.length)) return undefined;
  const inLine = (k: unknown) => isIndex(k) && k < count;
  if (json !== undefined && !(Array.isArray(json) && json.every((e) => isPair(e) && inLine(e[0]))))
    return undefined;
  if (bare !== undefined && !(Array.isArray(bare) && bare.every(inLine))) return undefined;
  if (parsed !== undefined && !(Array.isArray(parsed) && parsed.every(inLine))) return undefined;
  if (
    findings !== undefined &&
    !(Array.isArray(findings) && findings.every((e) => isPair(e) && inLine(e[0]) && isFindings(e[1])))
  )
    return undefined;
  return value as unknown as AnalysisLine;
}

/**
 * Writes the line onto the frames it names (`frameAt` finds a frame of the exchange by `seq`). False when a frame it
 * names is not there: the line is then counted unreadable, and the frames that are there keep what it says.
 */
export function applyAnalysis(line: AnalysisLine, frameAt: (seq: number) => SseFrame | undefined): boolean {
  const json = new Map(line.json);
  const bare = new Set(line.bare);
  const parsed = new Set(line.parsed);
  const findings = new Map(line.findings);
  let complete = true;
  for (let k = 0; k < line.count; k++) {
    const frame = frameAt(line.seq + k);
    if (!frame) {
      complete = false;
      continue;
    }
    const summary = line.summaries[line.which[k]!];
    if (summary) frame.a2a = { ...summary };
    const found = findings.get(k);
    if (found) frame.findings = found;
    if (!frame.event) continue;
    if (json.has(k)) frame.json = json.get(k);
    else if (parsed.has(k)) {
      const value = parseData(frame.event.data);
      if (value !== undefined) frame.json = value;
    } else if (!bare.has(k)) frame.jsonFromData = true;
  }
  return complete;
}

/** The data parsed, unless it is not JSON or is nested deeper than the careful parser reads (a damaged file). */
function parseData(data: string): unknown {
  try {
    const value = JSON.parse(data) as unknown;
    return nestedDeeperThan(value, JSON_MAX_DEPTH) ? undefined : value;
  } catch {
    return undefined;
  }
}

function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isPair(value: unknown): value is [unknown, unknown] {
  return Array.isArray(value) && value.length === 2;
}

function isFindings(value: unknown): value is Finding[] {
  return (
    Array.isArray(value) &&
    value.every(
      (f) =>
        typeof f === 'object' &&
        f !== null &&
        typeof (f as Finding).rule === 'string' &&
        typeof (f as Finding).message === 'string',
    )
  );
}
