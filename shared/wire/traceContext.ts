// W3C Trace Context (PRX-2): reads and writes the `traceparent` and `tracestate` headers, so frames of one trace can be
// grouped across hops and the proxy can pass the context on or start one. Parsing follows the recommendation's rules
// (https://www.w3.org/TR/trace-context/#traceparent-header): version 00 exactly, a later version by its first 55
// characters, `ff` never. Malformed headers become findings, never exceptions: the header is agent or caller input.
// Random ids come from an injected source, since shared code has no crypto of its own and tests want fixed ids.

import type { HeaderList } from './frame';
import type { Finding, Severity } from './finding';

export interface TraceParent {
  /** Two lower-case hex digits; `00` is the only version this recommendation defines. */
  version: string;
  /** 32 lower-case hex digits, not all zero. */
  traceId: string;
  /** The span id of the caller's side of this hop: 16 lower-case hex digits, not all zero. */
  parentId: string;
  /** The trace-flags byte; bit 0 is `sampled`. */
  flags: number;
}

export interface TraceStateMember {
  key: string;
  value: string;
}

/** The trace context one request carried, with what was wrong with it. */
export interface TraceContext {
  traceparent?: TraceParent;
  tracestate: TraceStateMember[];
  findings: Finding[];
}

/** Fills `length` random bytes; the host passes node:crypto's, tests a fixed sequence. */
export type RandomBytes = (length: number) => Uint8Array;

const TRACEPARENT_URL = 'https://www.w3.org/TR/trace-context/#traceparent-header';
const TRACESTATE_URL = 'https://www.w3.org/TR/trace-context/#tracestate-header';
const VERSION_00_LENGTH = 55;
/** The recommendation asks to propagate at least 32 members; more may be dropped, so more is worth a note. */
export const TRACESTATE_MAX_MEMBERS = 32;
const HEX = /^[0-9a-f]+$/;
const SIMPLE_KEY = /^[a-z][a-z0-9_\-*/]{0,255}$/;
const TENANT_KEY = /^[a-z0-9][a-z0-9_\-*/]{0,240}@[a-z][a-z0-9_\-*/]{0,13}$/;
/** printable ASCII except `,` and `=`, not ending in a space, at most 256 characters */
const STATE_VALUE = /^[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

function finding(rule: string, severity: Severity, message: string, url: string): Finding {
  const section = url === TRACEPARENT_URL ? '§3.2 traceparent Header' : '§3.3 tracestate Header';
  return { rule, severity, message, spec: `W3C Trace Context ${section}`, specUrl: url };
}

function invalidParent(why: string): Finding {
  return finding('trace.traceparent-invalid', 'warning', `traceparent ignored: ${why}.`, TRACEPARENT_URL);
}

const allZero = (hex: string): boolean => /^0+$/.test(hex);

/** Parses one `traceparent` value; `value` is absent when the recommendation says to ignore the header. */
export function parseTraceparent(raw: string): { value?: TraceParent; findings: Finding[] } {
  const text = raw.trim();
  const version = text.slice(0, 2);
  if (text.length < 2 || !HEX.test(version))
    return { findings: [invalidParent('the version is not two lower-case hex digits')] };
  if (version === 'ff') return { findings: [invalidParent('version ff is forbidden')] };
  if (version === '00' && text.length !== VERSION_00_LENGTH)
    return { findings: [invalidParent(`version 00 is exactly 55 characters, this one has ${text.length}`)] };
  if (text.length < VERSION_00_LENGTH)
    return { findings: [invalidParent(`it has ${text.length} characters, fewer than 55`)] };
  if (text.length > VERSION_00_LENGTH && text[VERSION_00_LENGTH] !== '-')
    return { findings: [invalidParent('a later version must put a dash after the 55th character')] };
  const [, traceId = '', parentId = '', flagsHex = ''] = text.slice(0, VERSION_00_LENGTH).split('-');
  if (text[2] !== '-' || text[35] !== '-' || text[52] !== '-')
    return { findings: [invalidParent('the fields are not separated by dashes at 3, 36 and 53')] };
  if (!HEX.test(traceId) || traceId.length !== 32)
    return { findings: [invalidParent('the trace-id is not 32 lower-case hex digits')] };
  if (!HEX.test(parentId) || parentId.length !== 16)
    return { findings: [invalidParent('the parent-id is not 16 lower-case hex digits')] };
  if (!HEX.test(flagsHex) || flagsHex.length !== 2)
    return { findings: [invalidParent('the trace-flags are not two lower-case hex digits')] };
  if (allZero(traceId)) return { findings: [invalidParent('the trace-id is all zeros')] };
  if (allZero(parentId)) return { findings: [invalidParent('the parent-id is all zeros')] };
  const findings =
    version === '00'
      ? []
      : [
          finding(
            'trace.traceparent-version',
            'info',
            `traceparent version ${version} is later than 00; read by its first 55 characters.`,
            TRACEPARENT_URL,
          ),
        ];
  return { value: { version, traceId, parentId, flags: Number.parseInt(flagsHex, 16) }, findings };
}

function stateFinding(rule: string, message: string): Finding {
  return finding(rule, 'warning', message, TRACESTATE_URL);
}

/** Parses a `tracestate` value (several header lines joined by commas, as HTTP allows). */
export function parseTracestate(raw: string): { members: TraceStateMember[]; findings: Finding[] } {
  const members: TraceStateMember[] = [];
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const part of raw.split(',')) {
    const item = part.trim();
    if (item === '') continue; // empty list members are allowed and ignored
    const equals = item.indexOf('=');
    const key = equals < 0 ? item : item.slice(0, equals);
    const value = equals < 0 ? '' : item.slice(equals + 1);
    if (equals < 0 || !(SIMPLE_KEY.test(key) || TENANT_KEY.test(key)) || !STATE_VALUE.test(value)) {
      findings.push(
        stateFinding('trace.tracestate-invalid', `tracestate member "${item.slice(0, 80)}" is malformed.`),
      );
      continue;
    }
    if (seen.has(key)) {
      findings.push(
        stateFinding('trace.tracestate-duplicate-key', `tracestate names the key "${key}" twice.`),
      );
      continue;
    }
    seen.add(key);
    members.push({ key, value });
  }
  if (members.length > TRACESTATE_MAX_MEMBERS)
    findings.push(
      stateFinding(
        'trace.tracestate-too-many',
        `tracestate has ${members.length} members; past ${TRACESTATE_MAX_MEMBERS} a hop may drop some.`,
      ),
    );
  return { members, findings };
}

/** Reads the trace context of one request's headers (names matched without regard to case). */
export function readTraceContext(headers: HeaderList): TraceContext {
  const parents = headers.filter(([name]) => name.toLowerCase() === 'traceparent');
  const states = headers.filter(([name]) => name.toLowerCase() === 'tracestate');
  if (parents.length === 0) {
    const findings =
      states.length > 0
        ? [
            finding(
              'trace.tracestate-orphan',
              'info',
              'tracestate sent without a traceparent is ignored.',
              TRACESTATE_URL,
            ),
          ]
        : [];
    return { tracestate: [], findings };
  }
  if (parents.length > 1)
    return { tracestate: [], findings: [invalidParent('the request sends it more than once')] };
  const parent = parseTraceparent(parents[0]![1]);
  // A receiver that cannot read traceparent must not read tracestate either.
  if (!parent.value) return { tracestate: [], findings: parent.findings };
  const state = parseTracestate(states.map(([, value]) => value).join(','));
  return {
    traceparent: parent.value,
    tracestate: state.members,
    findings: [...parent.findings, ...state.findings],
  };
}

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Random hex of `length` bytes that is not all zero (the recommendation forbids zero ids). */
function randomId(random: RandomBytes, length: number): string {
  for (let tries = 0; tries < 8; tries++) {
    const id = hex(random(length).slice(0, length));
    if (id.length === length * 2 && !allZero(id)) return id;
  }
  // A source that keeps giving zeros (or too few bytes) is broken; a fixed non-zero id keeps the header valid.
  return '0'.repeat(length * 2 - 1) + '1';
}

/** Always written as version 00: a hop passes on only what it understands (the recommendation's versioning rules). */
export function formatTraceparent(parent: TraceParent): string {
  const flags = (parent.flags & 0xff).toString(16).padStart(2, '0');
  return `00-${parent.traceId}-${parent.parentId}-${flags}`;
}

export function formatTracestate(members: readonly TraceStateMember[]): string {
  return members.map(({ key, value }) => `${key}=${value}`).join(',');
}

/** A new trace, with the sampled flag set, as a caller that starts one sends it. */
export function newTraceparent(random: RandomBytes): TraceParent {
  return { version: '00', traceId: randomId(random, 16), parentId: randomId(random, 8), flags: 1 };
}

/** The same trace from a new span: what a participant sends on after taking part in `parent`. */
export function childTraceparent(parent: TraceParent, random: RandomBytes): TraceParent {
  const parentId = randomId(random, 8);
  return { version: '00', traceId: parent.traceId, parentId, flags: parent.flags };
}
