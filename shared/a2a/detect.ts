// Tells a card's protocol generation and the interfaces it offers, with the reason in words (CARD-3), following the
// ordered rules of docs/protocol.md#telling-the-generation-from-a-card. Contradictions become warnings, never failures:
// the user can override both the generation and the interface (`chooseInterface`).

import { a2aRef, cite, type A2ATopic } from '../checks/specRefs';
import type { Finding } from '../wire/finding';
import { isObject } from './decodeContext';
import type { Binding, Generation } from './generation';

export interface CardInterface {
  url: string;
  /** The binding as the card spells it (JSONRPC, HTTP+JSON, GRPC, or a custom URI). */
  bindingWire: string;
  /** Set when the binding is one Switchboard speaks. */
  binding?: Binding;
  /** The generation this interface speaks. */
  generation: Generation;
  protocolVersion?: string;
  tenant?: string;
  /** Where in the card the interface was declared. */
  pointer: string;
}

export interface Detection {
  generation: Generation;
  /** How sure the rules are: 'guess' when no marker decided it. */
  confidence: 'certain' | 'likely' | 'guess';
  /** One sentence, e.g. "0.3: protocolVersion "0.3.0", with preferredTransport and additionalInterfaces". */
  reason: string;
  /** Every interface the card declares, preferred first. */
  interfaces: CardInterface[];
  /**
   * A 1.0 card that also carries the 0.3 fields (docs/protocol.md#card-fields-generation-by-generation): the agent
   * speaks both.
   */
  superset: boolean;
  findings: Finding[];
}

export interface DetectOptions {
  /** The well-known file that answered, when discovered (agent-card.json means 0.3 or later). */
  servedFrom?: string;
}

const OLD_MARKERS = [
  'securitySchemes',
  'security',
  'supportsAuthenticatedExtendedCard',
  'iconUrl',
  'preferredTransport',
];

export function detectCard(card: unknown, options: DetectOptions = {}): Detection | { error: string } {
  if (!isObject(card)) return { error: 'An agent card must be a JSON object.' };
  const findings: Finding[] = [];
  const warn = (rule: string, message: string, pointer = '', severity: Finding['severity'] = 'warning') =>
    findings.push({ rule, severity, message, pointer });

  let detection: Omit<Detection, 'findings'>;
  const supported = card.supportedInterfaces;
  if (Array.isArray(supported) && supported.length > 0) {
    detection = detect1_0(card, supported, warn);
  } else if (typeof card.protocolVersion === 'string' && card.protocolVersion !== '') {
    detection = detectByVersion(card, card.protocolVersion, warn);
  } else {
    const markers = OLD_MARKERS.filter((key) => card[key] !== undefined);
    const capabilities = isObject(card.capabilities) ? card.capabilities : {};
    if (capabilities.extensions !== undefined) markers.push('capabilities.extensions');
    if (markers.length > 0) {
      detection = {
        generation: '0.2',
        confidence: 'likely',
        reason: `0.2 (0.2.0–0.2.4): no protocolVersion, but ${markers.map((m) => `\`${m}\``).join(', ')}, which 0.1 did not have`,
        interfaces: legacyInterfaces(card, '0.2', warn),
        superset: false,
      };
    } else if (isObject(card.authentication) && Array.isArray(card.authentication.schemes)) {
      detection = {
        generation: '0.1',
        confidence: 'likely',
        reason: '0.1: `authentication.schemes` and none of the fields later generations added',
        interfaces: legacyInterfaces(card, '0.1', warn),
        superset: false,
      };
    } else {
      detection = {
        generation: '0.2',
        confidence: 'guess',
        reason:
          'no field tells the generation; guessing 0.2, the commonest shape without one — override if the agent disagrees',
        interfaces: legacyInterfaces(card, '0.2', warn),
        superset: false,
      };
    }
  }
  corroborate(card, detection, options, warn);
  // Cited once the generation is known: the card is read against that generation's specification.
  const generation = detection.generation;
  return {
    ...detection,
    findings: findings.map((finding) => ({ ...finding, ...cite(a2aRef(topicOf(finding.rule), generation)) })),
  };
}

/** The section a detection finding rests on: the card's interfaces, unless it is about a field or its path. */
function topicOf(rule: string): A2ATopic {
  if (rule === 'card.scheme-shape') return 'securitySchemes';
  if (rule === 'card.path-generation') return 'agentDiscovery';
  if (rule === 'card.renamed-field' || rule === 'card.removed-field' || rule === 'card.field-generation')
    return 'agentCard';
  return 'cardInterfaces';
}

type Warn = (rule: string, message: string, pointer?: string, severity?: Finding['severity']) => void;

function detect1_0(
  card: Record<string, unknown>,
  supported: unknown[],
  warn: Warn,
): Omit<Detection, 'findings'> {
  const interfaces: CardInterface[] = [];
  supported.forEach((entry, index) => {
    const pointer = `/supportedInterfaces/${index}`;
    if (!isObject(entry) || typeof entry.url !== 'string') {
      warn('card.interface', 'An interface needs a "url".', pointer, 'error');
      return;
    }
    const bindingWire = typeof entry.protocolBinding === 'string' ? entry.protocolBinding : '';
    if (!bindingWire) warn('card.interface', 'An interface needs a "protocolBinding".', pointer, 'error');
    const version = typeof entry.protocolVersion === 'string' ? entry.protocolVersion : undefined;
    if (!version)
      warn(
        'card.missing-protocol-version',
        'This interface does not say its protocolVersion; assuming 1.0.',
        pointer,
      );
    const item: CardInterface = {
      url: entry.url,
      bindingWire,
      generation: versionGeneration(version) ?? '1.0',
      pointer,
    };
    const binding = knownBinding(bindingWire);
    if (binding) item.binding = binding;
    if (version) item.protocolVersion = version;
    if (typeof entry.tenant === 'string' && entry.tenant) item.tenant = entry.tenant;
    interfaces.push(item);
  });
  const legacyFields = ['url', 'preferredTransport', 'protocolVersion', 'additionalInterfaces'].filter(
    (k) => card[k] !== undefined,
  );
  const superset = legacyFields.length > 0;
  const versions = [...new Set(interfaces.map((i) => i.generation))];
  const generation: Generation = versions.includes('1.0') || versions.length === 0 ? '1.0' : versions[0]!;
  let reason = `1.0: \`supportedInterfaces\` lists ${interfaces.length} interface${interfaces.length === 1 ? '' : 's'}`;
  if (versions.length > 1) reason += ` (protocol versions ${versions.join(' and ')})`;
  if (superset) {
    reason += `; it also carries the 0.3 fields ${legacyFields.map((f) => `\`${f}\``).join(', ')}, so it is a superset card and the agent speaks 0.3 too`;
  }
  return { generation, confidence: 'certain', reason, interfaces, superset };
}

function detectByVersion(
  card: Record<string, unknown>,
  version: string,
  warn: Warn,
): Omit<Detection, 'findings'> {
  const generation = versionGeneration(version);
  const extras = ['preferredTransport', 'additionalInterfaces'].filter((k) => card[k] !== undefined);
  if (!generation) {
    warn(
      'card.unknown-protocol-version',
      `protocolVersion ${JSON.stringify(version)} is not a version Switchboard knows; reading the card as 0.3.`,
      '/protocolVersion',
    );
    return {
      generation: '0.3',
      confidence: 'guess',
      reason: `unknown protocolVersion "${version}"; read as 0.3`,
      interfaces: legacyInterfaces(card, '0.3', warn),
      superset: false,
    };
  }
  if (generation === '1.0') {
    warn(
      'card.version-without-interfaces',
      'protocolVersion says 1.x but the card has no supportedInterfaces, which 1.0 requires.',
      '/protocolVersion',
    );
  }
  if (generation === '0.1') {
    warn(
      'card.version-field-in-0.1',
      'protocolVersion says 0.1, but 0.1 cards had no protocolVersion field.',
      '/protocolVersion',
      'info',
    );
  }
  const with_ = extras.length ? `, with ${extras.map((f) => `\`${f}\``).join(' and ')}` : '';
  return {
    generation,
    confidence: 'certain',
    reason: `${generation}: protocolVersion "${version}"${with_}`,
    interfaces: legacyInterfaces(card, generation, warn),
    superset: false,
  };
}

/**
 * `url` + `preferredTransport` (default JSONRPC), then `additionalInterfaces`, without repeats
 * (docs/protocol.md#card-fields-generation-by-generation).
 */
function legacyInterfaces(
  card: Record<string, unknown>,
  generation: Generation,
  warn: Warn,
): CardInterface[] {
  const interfaces: CardInterface[] = [];
  const add = (url: unknown, transport: unknown, pointer: string) => {
    if (typeof url !== 'string' || !url) return;
    const bindingWire = typeof transport === 'string' && transport ? transport : 'JSONRPC';
    if (interfaces.some((i) => i.url === url && i.bindingWire === bindingWire)) return;
    const item: CardInterface = { url, bindingWire, generation, pointer };
    const binding = knownBinding(bindingWire);
    if (binding) item.binding = binding;
    interfaces.push(item);
  };
  if (typeof card.url !== 'string' || !card.url)
    warn('card.interface', 'The card has no "url" to send requests to.', '/url', 'error');
  add(card.url, card.preferredTransport, '/url');
  if (Array.isArray(card.additionalInterfaces)) {
    card.additionalInterfaces.forEach((entry, index) => {
      if (isObject(entry)) add(entry.url, entry.transport, `/additionalInterfaces/${index}`);
    });
  }
  return interfaces;
}

function corroborate(
  card: Record<string, unknown>,
  detection: Omit<Detection, 'findings'>,
  options: DetectOptions,
  warn: Warn,
): void {
  const { generation, superset } = detection;
  const modern = generation === '1.0' && !superset;
  if (options.servedFrom?.endsWith('agent-card.json') && (generation === '0.1' || generation === '0.2')) {
    warn(
      'card.path-generation',
      `Served from agent-card.json, which generations before 0.3 did not use, yet the card reads as ${generation}.`,
    );
  }
  if (options.servedFrom?.endsWith('/agent.json') && generation === '1.0' && !superset) {
    warn(
      'card.path-generation',
      'Served from the old agent.json path, yet the card reads as 1.0.',
      '',
      'info',
    );
  }
  if (modern && card.security !== undefined) {
    warn(
      'card.renamed-field',
      '1.0 renamed "security" to "securityRequirements"; this card uses the old name.',
      '/security',
    );
  }
  if (modern && card.supportsAuthenticatedExtendedCard !== undefined) {
    warn(
      'card.renamed-field',
      '1.0 moved "supportsAuthenticatedExtendedCard" to capabilities.extendedAgentCard.',
      '/supportsAuthenticatedExtendedCard',
    );
  }
  const capabilities = isObject(card.capabilities) ? card.capabilities : {};
  if (generation !== '1.0' && capabilities.extendedAgentCard !== undefined) {
    warn(
      'card.field-generation',
      'capabilities.extendedAgentCard is a 1.0 field in a card that reads as older.',
      '/capabilities/extendedAgentCard',
    );
  }
  if (modern && capabilities.stateTransitionHistory !== undefined) {
    warn(
      'card.removed-field',
      'capabilities.stateTransitionHistory was removed in 1.0.',
      '/capabilities/stateTransitionHistory',
      'info',
    );
  }
  if ((generation === '0.1' || generation === '0.2') && card.signatures !== undefined) {
    warn(
      'card.field-generation',
      'Card signatures arrived in 0.3, yet the card reads as older.',
      '/signatures',
    );
  }
  if (isObject(card.securitySchemes)) {
    for (const [name, scheme] of Object.entries(card.securitySchemes)) {
      if (!isObject(scheme)) continue;
      const wrapped = Object.keys(scheme).some((key) => key.endsWith('SecurityScheme'));
      if (modern && typeof scheme.type === 'string' && !wrapped) {
        warn(
          'card.scheme-shape',
          `Security scheme "${name}" uses the ≤0.3 "type" form in a 1.0 card.`,
          `/securitySchemes/${escape(name)}`,
        );
      }
      if (generation !== '1.0' && wrapped) {
        warn(
          'card.scheme-shape',
          `Security scheme "${name}" uses the 1.0 wrapped form in a card that reads as ${generation}.`,
          `/securitySchemes/${escape(name)}`,
        );
      }
    }
  }
}

/** "0.3.0" → 0.3, "0.2.5" → 0.2, "1.0" → 1.0; patch numbers are ignored (1.0 §3.6). */
export function versionGeneration(version: string | undefined): Generation | undefined {
  if (!version) return undefined;
  const match = /^v?(\d+)\.(\d+)/.exec(version.trim());
  if (!match) return undefined;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  if (major >= 1) return '1.0';
  if (minor === 1) return '0.1';
  if (minor === 2) return '0.2';
  if (minor >= 3) return '0.3';
  return undefined;
}

function knownBinding(wire: string): Binding | undefined {
  const upper = wire.trim().toUpperCase();
  if (upper === 'JSONRPC' || upper === 'JSON-RPC') return 'JSONRPC';
  if (upper === 'HTTP+JSON' || upper === 'REST' || upper === 'HTTP') return 'HTTP+JSON';
  if (upper === 'GRPC') return 'GRPC';
  return undefined;
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

export interface InterfaceChoice {
  generation?: Generation;
  binding?: Binding;
}

/**
 * The interface to talk to: the card's preferred one, or the first matching the user's override. An override of
 * the generation alone re-reads the preferred interface as that generation (for cards that mislabel themselves).
 */
export function chooseInterface(
  detection: Detection,
  choice: InterfaceChoice = {},
): CardInterface | undefined {
  const usable = detection.interfaces.filter((i) => i.binding !== undefined);
  const matching = usable.filter(
    (i) =>
      (!choice.binding || i.binding === choice.binding) &&
      (!choice.generation || i.generation === choice.generation),
  );
  if (matching[0]) return matching[0];
  const byBinding = usable.filter((i) => !choice.binding || i.binding === choice.binding);
  if (choice.generation && byBinding[0]) return { ...byBinding[0], generation: choice.generation };
  return undefined;
}
