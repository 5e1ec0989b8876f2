// Every check Switchboard runs (CHK-1..CHK-4), with its id, what it looks at, how bad a failure is and where the rule
// comes from. Frame checks group the findings parsers attach to frames by family (a rule prefix); a finding whose rule
// no family claims is still reported, as `frame.other`, so nothing a parser noticed is dropped. A check's severity is
// the worst it reports; single findings may be milder (a content type a stream was refused with is only a note).

import { generations } from '../a2a/generation';
import {
  a2aRef,
  a2aSpecification,
  cite,
  JSON_RPC,
  RFC_8259,
  W3C_TRACE_CONTEXT,
  WHATWG_SSE,
  type A2ATopic,
  type SpecRef,
} from './specRefs';
import type { CheckDefinition } from './types';
import { profileNamed } from '../a2a/profile';

/** A check's reference, resolved for the generation of the agent a finding is about (the default without one). */
type CheckCite = (generation?: string) => SpecRef;

const a2a =
  (topic: A2ATopic): CheckCite =>
  (generation) =>
    a2aRef(topic, generation);
const fixed =
  (ref: SpecRef): CheckCite =>
  () =>
    ref;
/** `final` exists only up to 0.3, so a 1.0 agent (or none) is pointed at 0.3's text. */
const finalFlagRef =
  (topic: A2ATopic): CheckCite =>
  (generation) =>
    a2aRef(topic, profileNamed(generation)?.finalFlag ? generation! : '0.3');

const cites = new Map<string, CheckCite>();

const define = (
  id: string,
  area: CheckDefinition['area'],
  severity: CheckDefinition['severity'],
  cited: CheckCite,
  title: string,
): CheckDefinition => {
  cites.set(id, cited);
  return { id, area, severity, ...cite(cited()), title };
};

export const CHECKS: readonly CheckDefinition[] = [
  define(
    'card.schema',
    'card',
    'error',
    a2a('agentCard'),
    'The card is JSON and matches its generation’s schema',
  ),
  define('card.lint', 'card', 'warning', a2a('agentDiscovery'), 'The card’s fields make sense together'),
  define('card.urls', 'card', 'error', a2a('agentCard'), 'Every URL on the card is an http(s) URL'),

  define(
    'frame.jsonrpc',
    'frame',
    'error',
    fixed(JSON_RPC.specification),
    'JSON-RPC envelopes are well formed',
  ),
  define(
    'frame.rest',
    'frame',
    'error',
    a2a('restErrors'),
    'REST answers use the right status and error shape',
  ),
  define(
    'frame.http-status',
    'frame',
    'error',
    a2a('errorMapping'),
    'HTTP status codes are the expected ones',
  ),
  define(
    'frame.content-type',
    'frame',
    'warning',
    a2a('jsonRpcTransport'),
    'Answers carry the right content type',
  ),
  define(
    'frame.media-type',
    'frame',
    'info',
    a2a('restTransport'),
    'A2A 1.0 REST answers and push deliveries say application/a2a+json',
  ),
  define(
    'frame.a2a-version',
    'frame',
    'error',
    a2a('versioning'),
    'The A2A-Version a request names is honoured (absent means 0.3)',
  ),
  define('frame.json', 'frame', 'error', fixed(RFC_8259.grammar), 'Bodies are valid JSON'),
  define('frame.sse', 'frame', 'error', fixed(WHATWG_SSE.parsing), 'Event streams are framed correctly'),
  define('frame.schema', 'frame', 'error', a2a('dataModel'), 'Bodies match the generation’s data model'),
  define(
    'frame.extensions-echo',
    'frame',
    'info',
    a2a('extensions'),
    'Extensions asked for are echoed in the answer’s extensions header',
  ),
  define(
    'frame.extensions-required',
    'frame',
    'warning',
    a2a('extensions'),
    'Every extension the card marks required is asked for',
  ),
  define(
    'frame.extensions-unasked',
    'frame',
    'warning',
    a2a('extensions'),
    'The agent echoes only extensions the request asked for',
  ),
  define(
    'frame.route-missing',
    'frame',
    'error',
    a2a('jsonRpcTransport'),
    'The card’s endpoint answers its generation’s calls (no 404, 405 or HTML page)',
  ),
  define('frame.other', 'frame', 'warning', a2aSpecification, 'Other findings on frames'),

  define(
    'state.illegal-transition',
    'state',
    'error',
    a2a('taskState'),
    'Tasks never leave a terminal state',
  ),
  define(
    'state.after-terminal',
    'state',
    'error',
    a2a('taskState'),
    'No updates arrive after a terminal state',
  ),
  define(
    'state.final-misuse',
    'state',
    'error',
    finalFlagRef('statusUpdateEvent'),
    '`final` marks the last event, and only that one (0.x)',
  ),
  define(
    'state.stream-open-after-terminal',
    'state',
    'error',
    a2a('streaming'),
    'A stream ends after its terminal event',
  ),
  define('state.task-id-changed', 'state', 'error', a2a('taskIds'), 'A task keeps its id'),

  define(
    'caller.envelope',
    'caller',
    'error',
    fixed(JSON_RPC.request),
    'The caller’s JSON-RPC requests are well formed',
  ),
  define(
    'caller.schema',
    'caller',
    'error',
    a2a('dataModel'),
    'The caller’s requests match the generation’s request schema',
  ),
  define(
    'caller.headers',
    'caller',
    'warning',
    a2a('versioning'),
    'The caller names its A2A version and asks for extensions with the right header',
  ),
  define(
    'caller.threading',
    'caller',
    'error',
    a2a('sendMessage'),
    'The caller continues the right task, never an ended one',
  ),
  define(
    'caller.push-config',
    'caller',
    'error',
    a2a('pushDelivery'),
    'The caller’s push configs have a usable URL, token and authentication',
  ),

  define(
    'trace.traceparent',
    'trace',
    'warning',
    fixed(W3C_TRACE_CONTEXT.traceparent),
    'Every traceparent sent is one a receiver can read',
  ),
  define(
    'trace.tracestate',
    'trace',
    'warning',
    fixed(W3C_TRACE_CONTEXT.tracestate),
    'Every tracestate sent is well formed and goes with a traceparent',
  ),
  define(
    'trace.propagation',
    'trace',
    'warning',
    fixed(W3C_TRACE_CONTEXT.processing),
    'An agent called with a trace context passes it on to the calls it makes',
  ),

  define('probe.streaming', 'probe', 'error', a2a('streaming'), 'Declared streaming really streams'),
  define('probe.push', 'probe', 'error', a2a('pushDelivery'), 'Declared push notifications are delivered'),
  define('probe.cancel', 'probe', 'error', a2a('cancel'), 'A running task can be canceled'),
  define('probe.unknown-task', 'probe', 'error', a2a('a2aErrors'), 'An unknown task gets TaskNotFound'),
  define(
    'probe.unsupported-method',
    'probe',
    'error',
    a2a('standardErrors'),
    'An unsupported method gets the right error code',
  ),
  define(
    'probe.bindings-agree',
    'probe',
    'error',
    a2a('functionalEquivalence'),
    'Every declared binding gives the same result',
  ),
  define(
    'probe.malformed-requests',
    'probe',
    'error',
    fixed(JSON_RPC.error),
    'Malformed requests are refused with the right error',
  ),
  define(
    'probe.required-methods',
    'probe',
    'error',
    a2a('coreOperations'),
    'Every method the generation requires is there; undeclared ones refuse as they must',
  ),
  define('probe.history-length', 'probe', 'error', a2a('historyLength'), 'GetTask honours historyLength'),
  define(
    'probe.terminal-followup',
    'probe',
    'error',
    a2a('sendMessage'),
    'An ended task refuses new messages',
  ),
  define(
    'probe.cancel-errors',
    'probe',
    'error',
    a2a('cancel'),
    'Cancel of an unknown or an ended task gets the right error',
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
  const area =
    prefix === 'card' || prefix === 'state' || prefix === 'probe' || prefix === 'caller' || prefix === 'trace'
      ? prefix
      : 'frame';
  return { id, area, severity: 'warning', ...cite(a2aSpecification()), title: id };
}

/**
 * Where a check's rule is written for the generation of the agent a finding is about: the catalogue gives the
 * default generation's section, a 0.3 agent's finding points at 0.3's text.
 */
export function checkSpec(id: string, generation?: string): SpecRef {
  return (cites.get(id) ?? a2aSpecification)(generation);
}

/** Every reference the catalogue can cite, in every generation (for tests that read them all). */
export function allCheckSpecs(): SpecRef[] {
  const out: SpecRef[] = [];
  for (const cited of cites.values()) {
    out.push(cited());
    for (const generation of generations) out.push(cited(generation));
  }
  return out;
}

/** Which frame check a parser's finding rule belongs to. */
export function frameCheckFor(rule: string): string {
  if (rule === 'a2a.task-id-changed') return 'state.task-id-changed';
  // The proxy checks a caller's request against its schema when it records it (PRX-3).
  if (rule.startsWith('caller.schema')) return 'caller.schema';
  if (rule.startsWith('jsonrpc.')) return 'frame.jsonrpc';
  if (rule.startsWith('rest.')) return 'frame.rest';
  if (rule === 'http.content-type') return 'frame.content-type';
  if (rule.startsWith('http.')) return 'frame.http-status';
  if (rule.startsWith('json.')) return 'frame.json';
  if (rule.startsWith('sse.')) return 'frame.sse';
  if (rule.startsWith('a2a.') || rule.startsWith('schema.')) return 'frame.schema';
  if (rule.startsWith('extensions.')) return 'frame.extensions-required';
  if (rule.startsWith('card.')) return cardCheckFor(rule);
  return 'frame.other';
}

/**
 * Which card check a finding of the host's `checkCard` belongs to: a card that is not JSON, not a card, or against
 * its schema fails `card.schema`, a URL that is not http(s) `card.urls`; everything else it says (lint, generation
 * hints, odd JSON) is `card.lint`.
 */
export function cardCheckFor(rule: string): 'card.schema' | 'card.urls' | 'card.lint' {
  if (rule === 'card.url-scheme') return 'card.urls';
  return rule === 'card.schema' || rule === 'card.not-a-card' || rule === 'json.invalid'
    ? 'card.schema'
    : 'card.lint';
}
