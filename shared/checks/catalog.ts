// Every check Switchboard runs (CHK-1..CHK-4), with its id, what it looks at, how bad a failure is and where the rule
// comes from. Frame checks group the findings parsers attach to frames by family (a rule prefix); a finding whose rule
// no family claims is still reported, as `frame.other`, so nothing a parser noticed is dropped. A check's severity is
// the worst it reports; single findings may be milder (a content type a stream was refused with is only a note).

import type { CheckDefinition } from './types';

const define = (
  id: string,
  area: CheckDefinition['area'],
  severity: CheckDefinition['severity'],
  spec: string,
  title: string,
): CheckDefinition => ({ id, area, severity, spec, title });

export const CHECKS: readonly CheckDefinition[] = [
  define(
    'card.schema',
    'card',
    'error',
    'PROTOCOL.md §2',
    'The card is JSON and matches its generation’s schema',
  ),
  define('card.lint', 'card', 'warning', 'PROTOCOL.md §2', 'The card’s fields make sense together'),

  define('frame.jsonrpc', 'frame', 'error', 'PROTOCOL.md §3, §7.1', 'JSON-RPC envelopes are well formed'),
  define(
    'frame.rest',
    'frame',
    'error',
    'PROTOCOL.md §7.2',
    'REST answers use the right status and error shape',
  ),
  define(
    'frame.http-status',
    'frame',
    'error',
    'PROTOCOL.md §7.2',
    'HTTP status codes are the expected ones',
  ),
  define('frame.content-type', 'frame', 'warning', 'PROTOCOL.md §8', 'Answers carry the right content type'),
  define(
    'frame.media-type',
    'frame',
    'info',
    'PROTOCOL.md §8, §6.2',
    'A2A 1.0 REST answers and push deliveries say application/a2a+json',
  ),
  define(
    'frame.a2a-version',
    'frame',
    'error',
    'PROTOCOL.md §8',
    'The A2A-Version a request names is honoured (absent means 0.3)',
  ),
  define('frame.json', 'frame', 'error', 'RFC 8259', 'Bodies are valid JSON'),
  define('frame.sse', 'frame', 'error', 'PROTOCOL.md §5', 'Event streams are framed correctly'),
  define('frame.schema', 'frame', 'error', 'PROTOCOL.md §4', 'Bodies match the generation’s data model'),
  define(
    'frame.extensions-echo',
    'frame',
    'info',
    'PROTOCOL.md §8',
    'Extensions asked for are echoed in the answer’s extensions header',
  ),
  define('frame.other', 'frame', 'warning', 'PROTOCOL.md', 'Other findings on frames'),

  define(
    'state.illegal-transition',
    'state',
    'error',
    'PROTOCOL.md §4.1',
    'Tasks never leave a terminal state',
  ),
  define(
    'state.after-terminal',
    'state',
    'error',
    'PROTOCOL.md §4.1, §5',
    'No updates arrive after a terminal state',
  ),
  define(
    'state.final-misuse',
    'state',
    'error',
    'PROTOCOL.md §4.4, §5',
    '`final` marks the last event, and only that one (0.x)',
  ),
  define(
    'state.stream-open-after-terminal',
    'state',
    'error',
    'PROTOCOL.md §5',
    'A stream ends after its terminal event',
  ),
  define('state.task-id-changed', 'state', 'error', 'PROTOCOL.md §4.3', 'A task keeps its id'),

  define('probe.streaming', 'probe', 'error', 'PROTOCOL.md §5', 'Declared streaming really streams'),
  define('probe.push', 'probe', 'error', 'PROTOCOL.md §6', 'Declared push notifications are delivered'),
  define('probe.cancel', 'probe', 'error', 'PROTOCOL.md §3', 'A running task can be canceled'),
  define('probe.unknown-task', 'probe', 'error', 'PROTOCOL.md §7', 'An unknown task gets TaskNotFound'),
  define(
    'probe.unsupported-method',
    'probe',
    'error',
    'PROTOCOL.md §7',
    'An unsupported method gets the right error code',
  ),
  define(
    'probe.bindings-agree',
    'probe',
    'error',
    'PROTOCOL.md §3',
    'Every declared binding gives the same result',
  ),
];

const byId = new Map(CHECKS.map((check) => [check.id, check]));

export function checkById(id: string): CheckDefinition | undefined {
  return byId.get(id);
}

/** The check a finding belongs to: the catalogue's entry, or a made-up one (area from the id) so nothing is lost. */
export function describeCheck(id: string): CheckDefinition {
  const known = byId.get(id);
  if (known) return known;
  const prefix = id.split('.', 1)[0];
  const area = prefix === 'card' || prefix === 'state' || prefix === 'probe' ? prefix : 'frame';
  return { id, area, severity: 'warning', spec: 'PROTOCOL.md', title: id };
}

/** Which frame check a parser's finding rule belongs to. */
export function frameCheckFor(rule: string): string {
  if (rule === 'a2a.task-id-changed') return 'state.task-id-changed';
  if (rule.startsWith('jsonrpc.')) return 'frame.jsonrpc';
  if (rule.startsWith('rest.')) return 'frame.rest';
  if (rule === 'http.content-type') return 'frame.content-type';
  if (rule.startsWith('http.')) return 'frame.http-status';
  if (rule.startsWith('json.')) return 'frame.json';
  if (rule.startsWith('sse.')) return 'frame.sse';
  if (rule.startsWith('a2a.') || rule.startsWith('schema.')) return 'frame.schema';
  if (rule.startsWith('card.')) return cardCheckFor(rule);
  return 'frame.other';
}

/**
 * Which card check a finding of the host's `checkCard` belongs to: a card that is not JSON, not a card, or against
 * its schema fails `card.schema`; everything else it says (lint, generation hints, odd JSON) is `card.lint`.
 */
export function cardCheckFor(rule: string): 'card.schema' | 'card.lint' {
  return rule === 'card.schema' || rule === 'card.not-a-card' || rule === 'json.invalid'
    ? 'card.schema'
    : 'card.lint';
}
