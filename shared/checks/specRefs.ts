// The public specifications findings and checks cite: a short label a user reads ("A2A 1.0 §3.1.2 Send Streaming
// Message", "JSON-RPC 2.0 §5.1 Error object", "RFC 8259 §4 Objects") and the URL of that section. A2A links point at
// the specification of the agent's generation, pinned to the release tag on GitHub so they never move; anchors are
// computed from the real heading text the way GitHub does, and tests/fixtures/spec-headings.json records the headings
// at each tag (tests/unit/shared/checks/specRefs.test.ts proves every URL made here lands on one of them). Platform-free.

import { generations, isGeneration, type Generation } from '../a2a/generation';

export interface SpecRef {
  /** What the user reads: the document, the section number and the section's title. */
  readonly label: string;
  /** The section itself (the document when the rule is the whole of it). */
  readonly url: string;
}

/** The fields a finding, a check or a probe verdict carries a reference in. */
export interface Citation {
  spec: string;
  specUrl: string;
}

export const cite = (ref: SpecRef): Citation => ({ spec: ref.label, specUrl: ref.url });

/**
 * The release each generation's links are pinned to: the published specification of that generation (a2a-protocol.org
 * lists 0.1.0, 0.2.6, 0.3.0 and 1.0 as the versions), and for 1.0 its patch release, whose error table (A2A 1.0 §5.4)
 * is the one Switchboard checks against.
 */
export const A2A_SPEC_TAGS: Readonly<Record<Generation, string>> = {
  '0.1': 'v0.1.0',
  '0.2': 'v0.2.6',
  '0.3': 'v0.3.0',
  '1.0': 'v1.0.1',
};

/** Where rules are cited without an agent (the catalogue) or for a generation Switchboard does not know. */
export const DEFAULT_GENERATION: Generation = '1.0';

export function a2aSpecUrl(generation: Generation): string {
  return `https://github.com/a2aproject/A2A/blob/${A2A_SPEC_TAGS[generation]}/docs/specification.md`;
}

/**
 * The anchor GitHub gives a Markdown heading: its text lower-cased, everything but letters, digits, `_`, `-` and
 * spaces dropped (backticks, dots, slashes, parentheses, `+`, `&` …), each space turned into a hyphen.
 */
export function githubAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** "7.2. `message/stream`" → number "7.2", title "message/stream". */
function parseHeading(heading: string): { number: string; title: string } {
  const match = /^(\d+(?:\.\d+)*)\.?\s+(.*)$/.exec(heading);
  const title = (match ? match[2]! : heading).replace(/`/g, '');
  return { number: match ? match[1]! : '', title };
}

function a2aSection(generation: Generation, heading: string): SpecRef {
  const { number, title } = parseHeading(heading);
  return {
    label: `A2A ${generation} §${number} ${title}`,
    url: `${a2aSpecUrl(generation)}#${githubAnchor(heading)}`,
  };
}

/** Section headings exactly as the specification of each tag writes them, per rule the checks cite. */
type Headings = Readonly<Partial<Record<Generation, string>>>;

const cardStructure = '5.5. `AgentCard` Object Structure';
const discovery = '5. Agent Discovery: The Agent Card';
const dataObjects = '6. Protocol Data Objects';
const taskObject = '6.1. `Task` Object';
const taskState = '6.3. `TaskState` Enum';
const rpcRequest = '6.11.1. `JSONRPCRequest` Object';
const rpcMethods = '7. Protocol RPC Methods';
const statusEvent = '7.2.2. `TaskStatusUpdateEvent` Object';
const cancel = '7.4. `tasks/cancel`';
const getTask = '7.3. `tasks/get`';
const errorHandling = '8. Error Handling';
const standardErrors = '8.1. Standard JSON-RPC Errors';
const a2aErrors = '8.2. A2A-Specific Errors';
const extension = '5.5.2.1. `AgentExtension` Object';
const securityScheme = '5.5.3. `SecurityScheme` Object';
const restTransport = '3.2.3. HTTP+JSON/REST Transport';
const grpcTransport = '3.2.2. gRPC Transport';

const A2A_SECTIONS = {
  /** What a card is made of (its schema). */
  agentCard: { '0.1': cardStructure, '0.2': cardStructure, '0.3': cardStructure, '1.0': '4.4.1. AgentCard' },
  /** Cards as a whole: where they are, what they declare. */
  agentDiscovery: {
    '0.1': discovery,
    '0.2': discovery,
    '0.3': discovery,
    '1.0': '8. Agent Discovery: The Agent Card',
  },
  /** Where a card says requests go, and over which binding. */
  cardInterfaces: {
    '0.1': cardStructure,
    '0.2': '5.5.5. `AgentInterface` Object',
    '0.3': '5.6. Transport Declaration and URL Relationships',
    '1.0': '8.3. Protocol Declaration Requirements',
  },
  securitySchemes: {
    '0.1': '5.5.3. `AgentAuthentication` Object',
    '0.2': securityScheme,
    '0.3': securityScheme,
    '1.0': '4.5.1. SecurityScheme',
  },
  dataModel: { '0.1': dataObjects, '0.2': dataObjects, '0.3': dataObjects, '1.0': '4. Protocol Data Model' },
  taskState: { '0.1': taskState, '0.2': taskState, '0.3': taskState, '1.0': '4.1.3. TaskState' },
  /** Who makes task ids, and that an answer keeps to the task asked about. */
  taskIds: {
    '0.1': taskObject,
    '0.2': taskObject,
    '0.3': taskObject,
    '1.0': '3.4.2. Task Identifier Semantics',
  },
  /** 0.x `final` lives on the status update; 1.0 dropped it (the stream closes instead). */
  statusUpdateEvent: {
    '0.1': statusEvent,
    '0.2': statusEvent,
    '0.3': statusEvent,
    '1.0': '4.2.1. TaskStatusUpdateEvent',
  },
  /** The streaming call: what a stream carries and when it ends. */
  streaming: {
    '0.1': '7.2. `tasks/sendSubscribe`',
    '0.2': '7.2. `message/stream`',
    '0.3': '7.2. `message/stream`',
    '1.0': '3.1.2. Send Streaming Message',
  },
  cancel: { '0.1': cancel, '0.2': cancel, '0.3': cancel, '1.0': '3.1.5. Cancel Task' },
  /** What an agent POSTs to a webhook. */
  pushPayload: {
    '0.1': '9.4. Push Notification Setup and Usage',
    '0.2': '9.5. Push Notification Setup and Usage',
    '0.3': '9.5. Push Notification Setup and Usage',
    '1.0': '4.3.3. Push Notification Payload',
  },
  /** That a declared push capability really delivers. */
  pushDelivery: {
    '0.1': '9.4. Push Notification Setup and Usage',
    '0.2': '9.5. Push Notification Setup and Usage',
    '0.3': '9.5. Push Notification Setup and Usage',
    '1.0': '3.5.3. Push Notification Delivery',
  },
  /** What a webhook checks before it believes a delivery. */
  pushSecurity: {
    '0.1': '9.4. Push Notification Setup and Usage',
    '0.2': '9.5. Push Notification Setup and Usage',
    '0.3': '9.5. Push Notification Setup and Usage',
    '1.0': '13.2. Push Notification Security',
  },
  /** Methods, params and results of the JSON-RPC binding. */
  jsonRpcBinding: {
    '0.1': rpcMethods,
    '0.2': rpcMethods,
    '0.3': rpcMethods,
    '1.0': '9. JSON-RPC Protocol Binding',
  },
  /** JSON-RPC over HTTP: payload format and content type. */
  jsonRpcTransport: {
    '0.1': '3.2. Data Format',
    '0.2': '3.2. Data Format',
    '0.3': '3.2.1. JSON-RPC 2.0 Transport',
    '1.0': '9.1. Protocol Requirements',
  },
  /** What A2A adds to a JSON-RPC request: an id, params as an object. */
  jsonRpcRequest: {
    '0.1': rpcRequest,
    '0.2': rpcRequest,
    '0.3': rpcRequest,
    '1.0': '9.3. Base Request Structure',
  },
  /** The error codes A2A defines for JSON-RPC. */
  jsonRpcErrors: {
    '0.1': errorHandling,
    '0.2': errorHandling,
    '0.3': errorHandling,
    '1.0': '9.5. Error Handling',
  },
  /** A2A's own errors (TaskNotFound …), whatever the binding. */
  a2aErrors: { '0.1': a2aErrors, '0.2': a2aErrors, '0.3': a2aErrors, '1.0': '3.3.2. Error Handling' },
  /** JSON-RPC's standard errors (MethodNotFound …) as A2A uses them. */
  standardErrors: {
    '0.1': standardErrors,
    '0.2': standardErrors,
    '0.3': standardErrors,
    '1.0': '9.5. Error Handling',
  },
  /** HTTP+JSON: paths, bodies, content type (0.3 says it all in one list). */
  restBinding: { '0.3': restTransport, '1.0': '11.4. Request/Response Format' },
  restTransport: { '0.3': restTransport, '1.0': '11.1. Protocol Requirements' },
  /** Error bodies of HTTP+JSON. */
  restErrors: { '0.3': restTransport, '1.0': '11.6. Error Handling' },
  /** Which HTTP and gRPC status each A2A error comes with. */
  errorMapping: { '0.3': restTransport, '1.0': '5.4. Error Code Mappings' },
  /** Where a generation names an error's JSON-RPC code: 0.x in its table of A2A errors, 1.0 in its mappings. */
  errorCodes: {
    '0.1': a2aErrors,
    '0.2': a2aErrors,
    '0.3': a2aErrors,
    '1.0': '5.4. Error Code Mappings',
  },
  /** Where a generation names an error's gRPC status: 0.3 in its gRPC transport section, 1.0 in its mappings. */
  grpcErrorStatus: { '0.3': grpcTransport, '1.0': '5.4. Error Code Mappings' },
  grpcBinding: { '0.3': grpcTransport, '1.0': '10. gRPC Protocol Binding' },
  grpcTransport: { '0.3': grpcTransport, '1.0': '10.1. Protocol Requirements' },
  /** Every declared binding is the same agent. */
  functionalEquivalence: {
    '0.3': '3.4.1. Functional Equivalence Requirements',
    '1.0': '5.1. Functional Equivalence Requirements',
  },
  /** The operations every agent has (1.0: all of them, optional ones refusing when the card does not declare them). */
  coreOperations: { '0.1': rpcMethods, '0.2': rpcMethods, '0.3': rpcMethods, '1.0': '3.1. Core Operations' },
  /** Sending a message, and what a message for an ended task must get. */
  sendMessage: {
    '0.1': '7.1. `tasks/send`',
    '0.2': '7.1. `message/send`',
    '0.3': '7.1. `message/send`',
    '1.0': '3.1.1. Send Message',
  },
  /** Getting a task, with its history cut to `historyLength`. */
  getTask: { '0.1': getTask, '0.2': getTask, '0.3': getTask, '1.0': '3.1.3. Get Task' },
  historyLength: { '0.1': getTask, '0.2': getTask, '0.3': getTask, '1.0': '3.2.4. History Length Semantics' },
  /** What an agent answers for an operation its card does not declare. */
  capabilityValidation: { '1.0': '3.3.4. Capability Validation' },
  /** `A2A-Version`: named by clients, honoured by agents, absent meaning 0.3. */
  versioning: { '1.0': '3.6 Versioning' },
  extensions: { '0.2': extension, '0.3': extension, '1.0': '4.6. Extensions' },
} as const satisfies Record<string, Headings>;

export type A2ATopic = keyof typeof A2A_SECTIONS;

/**
 * The generation whose specification says it: the one asked for when its specification has the section, else the
 * nearest generation that has it (the newer on a tie), so a 1.0 agent checked by a 0.x-only rule reads 0.3's text.
 */
function generationFor(headings: Headings, wanted: Generation): Generation {
  if (headings[wanted] !== undefined) return wanted;
  const at = generations.indexOf(wanted);
  let best: Generation | undefined;
  let distance = Infinity;
  generations.forEach((generation, index) => {
    const d = Math.abs(index - at);
    if (headings[generation] !== undefined && (d < distance || (d === distance && index > at))) {
      best = generation;
      distance = d;
    }
  });
  return best ?? wanted;
}

/** The generation a frame or agent names, when it is one Switchboard knows; otherwise the default. */
export function asGeneration(generation: string | undefined): Generation {
  return isGeneration(generation) ? generation : DEFAULT_GENERATION;
}

/** Made once per topic and generation: checks cite them once per finding, and a run may have a million. */
const made = new Map<string, SpecRef>();

/** The section of the A2A specification of this generation (the default generation when none is given). */
export function a2aRef(topic: A2ATopic, generation?: string): SpecRef {
  const wanted = asGeneration(generation);
  const key = `${topic} ${wanted}`;
  let ref = made.get(key);
  if (!ref) {
    const headings: Headings = A2A_SECTIONS[topic];
    const chosen = generationFor(headings, wanted);
    ref = Object.freeze(a2aSection(chosen, headings[chosen]!));
    made.set(key, ref);
  }
  return ref;
}

/** The whole specification of a generation, for a rule no single section states. */
export function a2aSpecification(generation?: string): SpecRef {
  const chosen = asGeneration(generation);
  return { label: `A2A ${chosen} specification`, url: a2aSpecUrl(chosen) };
}

const JSON_RPC_URL = 'https://www.jsonrpc.org/specification';

/** JSON-RPC 2.0, whose sections the site anchors by name. */
export const JSON_RPC = {
  specification: { label: 'JSON-RPC 2.0', url: JSON_RPC_URL },
  request: { label: 'JSON-RPC 2.0 §4 Request object', url: `${JSON_RPC_URL}#request_object` },
  parameters: {
    label: 'JSON-RPC 2.0 §4.2 Parameter Structures',
    url: `${JSON_RPC_URL}#parameter_structures`,
  },
  response: { label: 'JSON-RPC 2.0 §5 Response object', url: `${JSON_RPC_URL}#response_object` },
  error: { label: 'JSON-RPC 2.0 §5.1 Error object', url: `${JSON_RPC_URL}#error_object` },
  batch: { label: 'JSON-RPC 2.0 §6 Batch', url: `${JSON_RPC_URL}#batch` },
} as const satisfies Record<string, SpecRef>;

const rfc = (rfcNumber: number, section: string, title: string): SpecRef => ({
  label: `RFC ${rfcNumber} §${section} ${title}`,
  url: `https://www.rfc-editor.org/rfc/rfc${rfcNumber}#section-${section}`,
});

/** RFC 8259, the JSON text format. */
export const RFC_8259 = {
  grammar: rfc(8259, '2', 'JSON Grammar'),
  objects: rfc(8259, '4', 'Objects'),
  numbers: rfc(8259, '6', 'Numbers'),
  encoding: rfc(8259, '8.1', 'Character Encoding'),
  unicode: rfc(8259, '8.2', 'Unicode Characters'),
  parsers: rfc(8259, '9', 'Parsers'),
} as const satisfies Record<string, SpecRef>;

/** RFC 9457 problem details, the error bodies the 1.0 specification's own examples use. */
export const RFC_9457 = {
  status: rfc(9457, '3.1.2', '"status"'),
} as const satisfies Record<string, SpecRef>;

const SSE_URL = 'https://html.spec.whatwg.org/multipage/server-sent-events.html';

/** Server-sent events in the WHATWG HTML living standard, anchored by name (the numbers may move, the names not). */
export const WHATWG_SSE = {
  parsing: { label: 'WHATWG HTML §9.2.5 Parsing an event stream', url: `${SSE_URL}#parsing-an-event-stream` },
  interpretation: {
    label: 'WHATWG HTML §9.2.6 Interpreting an event stream',
    url: `${SSE_URL}#event-stream-interpretation`,
  },
} as const satisfies Record<string, SpecRef>;

const TRACE_CONTEXT_URL = 'https://www.w3.org/TR/trace-context/';

/** The W3C Trace Context recommendation (PRX-2), anchored by name as the W3C publishes it. */
export const W3C_TRACE_CONTEXT = {
  traceparent: {
    label: 'W3C Trace Context §3.2 traceparent Header',
    url: `${TRACE_CONTEXT_URL}#traceparent-header`,
  },
  tracestate: {
    label: 'W3C Trace Context §3.3 tracestate Header',
    url: `${TRACE_CONTEXT_URL}#tracestate-header`,
  },
  processing: {
    label: 'W3C Trace Context §4 Processing Model',
    url: `${TRACE_CONTEXT_URL}#processing-model`,
  },
} as const satisfies Record<string, SpecRef>;

/** Every reference this module can produce: each A2A topic in each generation, the whole specifications, the rest. */
export function allSpecRefs(): SpecRef[] {
  const out: SpecRef[] = [];
  for (const topic of Object.keys(A2A_SECTIONS) as A2ATopic[]) {
    out.push(a2aRef(topic));
    for (const generation of generations) out.push(a2aRef(topic, generation));
  }
  for (const generation of generations) out.push(a2aSpecification(generation));
  out.push(...Object.values(JSON_RPC), ...Object.values(RFC_8259), ...Object.values(RFC_9457));
  out.push(...Object.values(WHATWG_SSE), ...Object.values(W3C_TRACE_CONTEXT));
  return out;
}

/**
 * The shapes of URL a reference can have. A `specUrl` read from a file (a session saved elsewhere) is offered as a
 * link only when it has one of them, so a crafted file cannot turn a spec label into a link to anywhere.
 */
const SPEC_URL_SHAPES: readonly RegExp[] = [
  /^https:\/\/github\.com\/a2aproject\/A2A\/blob\/v\d+\.\d+\.\d+(-rc)?\/docs\/specification\.md(#[\p{L}\p{N}_-]*)?$/u,
  /^https:\/\/www\.jsonrpc\.org\/specification(#\w+)?$/,
  /^https:\/\/www\.rfc-editor\.org\/rfc\/rfc\d+(#section-\d+(\.\d+)*)?$/,
  /^https:\/\/html\.spec\.whatwg\.org\/multipage\/server-sent-events\.html(#[a-z-]+)?$/,
  /^https:\/\/www\.w3\.org\/TR\/trace-context\/(#[a-z-]+)?$/,
];

export function isSpecUrl(url: string): boolean {
  return SPEC_URL_SHAPES.some((shape) => shape.test(url));
}
