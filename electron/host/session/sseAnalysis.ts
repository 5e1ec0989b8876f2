// What analysis learnt of a captured chunk's events, as one journal line (`sse-analysis`). The host records a
// stream's frames the moment they are read (the `sse-run` lines of captured runs, or lines of their own), before
// they are decoded and checked; this line follows once they are, and the reader writes it onto the frames it names,
// by exchange and `seq`. A journal cut short between the two keeps the frames as they were read, with no analysis.
//
// The line is compact for the common case, as a worker's answer is (streamAnalysis.ts): the distinct summaries and
// an index per frame, and only the exceptions listed. An event in none of `json`, `parsed` and `bare` has JSON.parse
// of its data as its JSON (`jsonFromData`).

import type { Finding } from '../../../shared/wire/finding';
import type { Frame, SseFrame } from '../../../shared/wire/frame';
import type { RedactionItem } from '../../../shared/session/types';
import { SummaryTable } from '../agent/streamAnalysis';
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

export interface Redaction {
  transform: (frame: Frame) => { frame: Frame; items: RedactionItem[] };
  /** Frames the transform is sure to leave as they are, so it need not run (redaction's `redactionLeaves`). */
  leaves: (frame: SseFrame) => boolean;
}

/**
 * The line for a batch of analysed frames (consecutive `seq` of one exchange), newline included, and what redaction
 * took out of what analysis added (a finding's message can quote a secret). Undefined for an empty batch.
 */
export function analysisLine(
  frames: readonly SseFrame[],
  redaction?: Redaction,
): { line: string; items: RedactionItem[] } | undefined {
  const first = frames[0];
  if (!first) return undefined;
  const table = new SummaryTable();
  const which: number[] = [];
  const json: string[] = [];
  const bare: number[] = [];
  const parsed: number[] = [];
  const findings: Array<[number, Finding[]]> = [];
  const items: RedactionItem[] = [];
  frames.forEach((live, k) => {
    let frame = live;
    if (redaction && live.event && !redaction.leaves(live)) {
      const changed = redaction.transform(live);
      frame = changed.frame as SseFrame;
      items.push(...changed.items);
    }
    which.push(table.index(frame.a2a ?? null));
    if (frame.findings && frame.findings.length > 0) findings.push([k, frame.findings]);
    if (!frame.event) return;
    if (frame.json !== undefined) {
      const text = jsonText(frame.json);
      if (text !== undefined && sameJson(JSON.parse(text), frame.json)) json.push(`[${k},${text}]`);
      else if (parsesTo(frame.event.data, frame.json)) parsed.push(k);
      // As near as JSON can write it: kept rather than lost.
      else if (text !== undefined) json.push(`[${k},${text}]`);
      else bare.push(k);
    } else if (frame.jsonFromData !== true) bare.push(k);
  });
  const line =
    `{"kind":"${ANALYSIS_KIND}","exchangeId":${JSON.stringify(first.exchangeId)},"seq":${first.seq}` +
    `,"count":${frames.length},"summaries":${JSON.stringify(table.shapes)},"which":[${which.join(',')}]` +
    (json.length > 0 ? `,"json":[${json.join(',')}]` : '') +
    (bare.length > 0 ? `,"bare":[${bare.join(',')}]` : '') +
    (parsed.length > 0 ? `,"parsed":[${parsed.join(',')}]` : '') +
    (findings.length > 0 ? `,"findings":${JSON.stringify(findings)}` : '') +
    '}\n';
  return { line, items };
}

/** JSON nested deeper than the stack allows (a hostile event) cannot be written; the frame is kept without it. */
function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function parsesTo(data: string, value: unknown): boolean {
  try {
    return sameJson(JSON.parse(data), value);
  } catch {
    return false;
  }
}

/** Two JSON values are the same, numbers compared with Object.is (so -0 is not 0). */
function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keysA.every((key) => Object.hasOwn(recordB, key) && sameJson(recordA[key], recordB[key]));
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
