// Lint rules for agent cards (CARD-4), beyond what the schema says: URLs that are not http(s), where requests would
// really go, security
// requirements that name no scheme, skill modes outside the card's defaults, a missing protocolVersion, and fields
// the generation does not define (shown, never dropped).

import type { Detection } from '../a2a/detect';
import { isObject } from '../a2a/decodeContext';
import type { Finding } from '../wire/finding';
import { a2aRef, cite } from './specRefs';
import { cardFields } from './cardFields';
import { cardUrlFindings } from './cardUrls';
import { profileOf } from '../a2a/profile';

export interface LintOptions {
  /** Where the card was fetched from, to compare interface origins with. */
  cardUrl?: string;
}

export function lintCard(card: unknown, detection: Detection, options: LintOptions = {}): Finding[] {
  if (!isObject(card)) return [];
  const findings: Finding[] = [];
  // What a card declares and how clients use it: the discovery chapter of the card's generation.
  const spec = cite(a2aRef('agentDiscovery', detection.generation));
  const add = (rule: string, severity: Finding['severity'], message: string, pointer: string) =>
    findings.push({ rule, severity, message, pointer, ...spec });

  // Every URL the card gives is http(s): anything else is a link a client should not follow (cardUrls.ts).
  findings.push(...cardUrlFindings(card, detection));

  // Interfaces on another origin than the card: credentials given for the card's host would travel elsewhere (AUTH-5).
  const cardOrigin = origin(options.cardUrl);
  for (const iface of detection.interfaces) {
    const target = origin(iface.url);
    if (!target) {
      add(
        'card.interface-url',
        'error',
        `Interface URL ${JSON.stringify(iface.url)} is not an absolute URL.`,
        iface.pointer,
      );
    } else if (cardOrigin && target !== cardOrigin && iface.binding !== 'GRPC') {
      add(
        'card.interface-origin',
        'warning',
        `Requests for ${iface.bindingWire} go to ${target}, not to ${cardOrigin} where the card came from.`,
        iface.pointer,
      );
    }
  }

  const schemes = isObject(card.securitySchemes)
    ? new Set(Object.keys(card.securitySchemes))
    : new Set<string>();
  if (isObject(card.securitySchemes)) {
    for (const [name, scheme] of Object.entries(card.securitySchemes)) {
      const problem = schemeProblem(scheme, detection);
      if (problem)
        add(
          'card.scheme-shape',
          'error',
          `Security scheme "${name}" ${problem}`,
          `/securitySchemes/${escape(name)}`,
        );
    }
  }
  const checkRequirements = (requirements: unknown, pointer: string) => {
    if (!Array.isArray(requirements)) return;
    requirements.forEach((requirement, index) => {
      if (!isObject(requirement)) return;
      // 1.0: {"schemes": {"name": {"list": [...]}}}; ≤0.3: {"name": ["scope", ...]}.
      const named = isObject(requirement.schemes) ? requirement.schemes : requirement;
      const base = isObject(requirement.schemes) ? `${pointer}/${index}/schemes` : `${pointer}/${index}`;
      for (const name of Object.keys(named)) {
        if (!schemes.has(name)) {
          add(
            'card.undefined-scheme',
            'error',
            `The security requirement names "${name}", which securitySchemes does not define.`,
            `${base}/${escape(name)}`,
          );
        }
      }
    });
  };
  checkRequirements(card.security, '/security');
  checkRequirements(card.securityRequirements, '/securityRequirements');

  const defaultIn = strings(card.defaultInputModes);
  const defaultOut = strings(card.defaultOutputModes);
  if (Array.isArray(card.skills)) {
    card.skills.forEach((skill, index) => {
      if (!isObject(skill)) return;
      const pointer = `/skills/${index}`;
      checkRequirements(skill.security, `${pointer}/security`);
      checkRequirements(skill.securityRequirements, `${pointer}/securityRequirements`);
      for (const [key, defaults] of [
        ['inputModes', defaultIn],
        ['outputModes', defaultOut],
      ] as const) {
        const modes = strings(skill[key]);
        modes.forEach((mode, i) => {
          if (defaults.length > 0 && !defaults.includes(mode)) {
            add(
              'card.skill-modes',
              'info',
              `Skill "${typeof skill.name === 'string' ? skill.name : typeof skill.id === 'string' ? skill.id : index}" lists ${key.replace('Modes', '')} mode "${mode}", which is not among the card's defaults.`,
              `${pointer}/${key}/${i}`,
            );
          }
        });
      }
    });
  }

  if (profileOf(detection.generation).cardNamesProtocolVersion && card.protocolVersion === undefined) {
    add(
      'card.missing-protocol-version',
      'warning',
      'The card has no protocolVersion (required since 0.2.5), so clients must guess its generation.',
      '',
    );
  }

  // A superset card legitimately carries the 0.3 fields beside its 1.0 ones.
  const known = new Set(cardFields[detection.generation]);
  if (detection.superset) for (const field of cardFields['0.3']) known.add(field);
  for (const key of Object.keys(card)) {
    if (!known.has(key)) {
      add(
        'card.unknown-field',
        'info',
        `"${key}" is not a field of a ${detection.generation} card; it is kept and shown as the agent sent it.`,
        `/${escape(key)}`,
      );
    }
  }
  return findings;
}

const WRAPPED_SCHEMES = [
  'apiKeySecurityScheme',
  'httpAuthSecurityScheme',
  'oauth2SecurityScheme',
  'openIdConnectSecurityScheme',
  'mtlsSecurityScheme',
];
const TYPED_SCHEMES = ['apiKey', 'http', 'oauth2', 'openIdConnect', 'mutualTLS'];

/**
 * Why a security scheme has no form a client of this generation can read (docs/protocol.md#security-schemes), or
 * undefined.
 */
function schemeProblem(scheme: unknown, detection: Detection): string | undefined {
  if (!isObject(scheme)) return 'is not an object.';
  const wrapped = WRAPPED_SCHEMES.filter((key) => scheme[key] !== undefined);
  const typed = typeof scheme.type === 'string' && TYPED_SCHEMES.includes(scheme.type);
  // A superset card may use either form; a 1.0-only card needs the wrapped one, older cards the typed one.
  const form = profileOf(detection.generation).securitySchemeForm;
  if (detection.superset ? wrapped.length === 1 || typed : form === 'wrapped' ? wrapped.length === 1 : typed)
    return undefined;
  if (wrapped.length > 1) return `has several forms (${wrapped.join(', ')}); exactly one is allowed.`;
  const expected =
    form === 'wrapped' ? `one of ${WRAPPED_SCHEMES.join(', ')}` : `a "type" of ${TYPED_SCHEMES.join(', ')}`;
  return `has none of the forms a client can read: expected ${expected}, found ${
    Object.keys(scheme)
      .map((k) => `"${k}"`)
      .join(', ') || 'nothing'
  }.`;
}

function origin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? undefined : parsed.origin;
  } catch {
    return undefined;
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
