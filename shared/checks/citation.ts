// What a finding cites, as the user is shown it: a public label and, when there is one, the link to its section.
// Findings made now carry both (`spec` and `specUrl`); findings read from older session files carry labels that
// named design notes that were never shipped (a file name and a section sign) or public labels without a link
// ("JSON-RPC 2.0 §5"). Those are mapped to the public reference they stood for when a finding is shown or reported, so the user
// never reads a label that points at a document they cannot open. Platform-free.

import {
  a2aRef,
  a2aSpecification,
  isSpecUrl,
  JSON_RPC,
  RFC_8259,
  WHATWG_SSE,
  type A2ATopic,
  type SpecRef,
} from './specRefs';

export interface SpecCitation {
  readonly label: string;
  /** Present only for a URL of a public specification (see isSpecUrl). */
  readonly url?: string;
}

export interface CitationHints {
  /** The generation of the agent the finding is about, for labels that did not say it. */
  generation?: string | undefined;
  /** The finding's rule or check id: an old "§8" label stood for several rules. */
  rule?: string | undefined;
}

// Written as patterns, not as the file names themselves, so no built file names those documents (a test says so).
const LEGACY = /^(PROTOCOL|FEATURES|DESIGN)\.md\b/;
const LEGACY_FEATURES = /^FEATURES\.md\b/;
const LEGACY_PROTOCOL = /^PROTOCOL\.md\b/;

/** The old internal sections, by the rule they held; the binding the label names picks among the per-binding ones. */
function legacyTopic(section: string, text: string, rule: string): A2ATopic | undefined {
  const rest = /HTTP\+JSON/.test(text);
  const grpc = /gRPC/i.test(text);
  const major = section.split('.', 1)[0];
  switch (section) {
    case '2.1':
    case '2.6':
    case '2.7':
      return 'agentDiscovery';
    case '2.5':
      return 'securitySchemes';
    case '3.5':
      return 'grpcBinding';
    case '4.1':
      return 'taskState';
    case '4.3':
      return 'taskIds';
    case '4.4':
      return 'statusUpdateEvent';
    case '4.6':
      return 'extensions';
    case '6.2':
      return 'pushPayload';
    case '6.3':
    case '6.4':
      return 'pushSecurity';
    case '7.1':
      return 'jsonRpcErrors';
    case '7.2':
      return 'errorMapping';
    case '9.2':
      return 'cardInterfaces';
  }
  switch (major) {
    case '2':
      return 'agentCard';
    case '3':
      return rest ? 'restBinding' : grpc ? 'grpcBinding' : 'jsonRpcBinding';
    case '4':
      return 'dataModel';
    case '5':
      return 'streaming';
    case '6':
      return 'pushDelivery';
    case '7':
      return 'a2aErrors';
    case '8':
      if (rule.includes('content-type')) return rest ? 'restTransport' : 'jsonRpcTransport';
      if (rule.includes('media-type')) return 'restTransport';
      if (rule.includes('extensions')) return 'extensions';
      return 'versioning';
  }
  return undefined;
}

/** The generation an old label named: "(0.3 HTTP+JSON)", "(1.0)"; §3.1–§3.4 were each one generation's binding. */
function legacyGeneration(section: string, text: string): string | undefined {
  const named = /\((\d\.\d)\b/.exec(text)?.[1];
  if (named) return named;
  return { '3.1': '0.1', '3.2': '0.2', '3.3': '0.3', '3.4': '1.0' }[section];
}

function fromLegacy(label: string, hints: CitationHints): SpecRef {
  const generationHint = hints.generation;
  if (LEGACY_FEATURES.test(label)) return a2aRef('agentDiscovery', generationHint);
  const section = /§(\d+(?:\.\d+)?)/.exec(label)?.[1];
  if (!LEGACY_PROTOCOL.test(label) || section === undefined) return a2aSpecification(generationHint);
  const topic = legacyTopic(section, label, hints.rule ?? '');
  const generation = legacyGeneration(section, label) ?? generationHint;
  return topic ? a2aRef(topic, generation) : a2aSpecification(generation);
}

const JSON_RPC_SECTIONS: Readonly<Record<string, SpecRef>> = {
  '4': JSON_RPC.request,
  '4.2': JSON_RPC.parameters,
  '5': JSON_RPC.response,
  '5.1': JSON_RPC.error,
  '6': JSON_RPC.batch,
};
const RFC_8259_SECTIONS: Readonly<Record<string, SpecRef>> = {
  '2': RFC_8259.grammar,
  '4': RFC_8259.objects,
  '6': RFC_8259.numbers,
  '8.1': RFC_8259.encoding,
  '8.2': RFC_8259.unicode,
  '9': RFC_8259.parsers,
};

/** Public labels earlier versions wrote without a link. */
function fromOldPublic(label: string): SpecRef | undefined {
  const section = /§(\d+(?:\.\d+)*)$/.exec(label)?.[1];
  if (label === 'JSON-RPC 2.0') return JSON_RPC.specification;
  if (label.startsWith('JSON-RPC 2.0 §') && section) return JSON_RPC_SECTIONS[section];
  if (label === 'RFC 8259') return RFC_8259.grammar;
  if (label.startsWith('RFC 8259 §') && section) return RFC_8259_SECTIONS[section];
  if (label === 'WHATWG HTML §9.2.6') return WHATWG_SSE.interpretation;
  const schema = /^A2A (\d\.\d)[\d.]* JSON Schema \((.+)\)$/.exec(label);
  if (schema) return a2aRef(schema[2] === 'AgentCard' ? 'agentCard' : 'dataModel', schema[1]);
  return undefined;
}

/** Whether a label names a file of this project, so that what it cites depends on the hints. */
export function isLegacyLabel(spec: string): boolean {
  return LEGACY.test(spec);
}

/**
 * Labels seen and what they cite, by label and then link (or hints, for old labels): a report has few distinct
 * labels and may have a million findings. Bounded, so a file full of made-up labels cannot grow it without end.
 */
const seen = new Map<string, Map<string, SpecCitation>>();
let seenCount = 0;
const SEEN_MAX = 4096;

/**
 * The public citation for a finding's `spec` and `specUrl`: as carried when the label is public and the link one of
 * a public specification; mapped to the public reference when the label is an old one; the label alone otherwise.
 */
export function citationOf(
  spec: string | undefined,
  specUrl: string | undefined,
  hints: CitationHints = {},
): SpecCitation | undefined {
  if (spec === undefined || spec === '') return undefined;
  const legacy = LEGACY.test(spec);
  const second = legacy ? `${hints.generation ?? ''} ${hints.rule ?? ''}` : (specUrl ?? '');
  let byLabel = seen.get(spec);
  const known = byLabel?.get(second);
  if (known) return known;
  let citation: SpecCitation;
  if (legacy) citation = fromLegacy(spec, hints);
  else if (specUrl !== undefined && isSpecUrl(specUrl)) citation = { label: spec, url: specUrl };
  else citation = fromOldPublic(spec) ?? { label: spec };
  if (seenCount < SEEN_MAX) {
    if (!byLabel) seen.set(spec, (byLabel = new Map()));
    byLabel.set(second, citation);
    seenCount++;
  }
  return citation;
}
