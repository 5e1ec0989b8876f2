// Reads a card's security schemes in every generation's shape into one list, so the auth form can offer what the agent
// declares (AUTH-2). Shapes (docs/protocol.md#security-schemes): 0.1 `authentication.schemes` names; 0.2–0.3 OpenAPI
// objects discriminated by `type`; 1.0 proto oneofs discriminated by the member name (`apiKeySecurityScheme` …); and
// the `{"scheme":{"$case":…,"value":…}}` form @a2a-js/sdk 1.3.0 serves by mistake. Unknown shapes are kept, not
// dropped.

import { a2aRef, cite, type Citation } from '../checks/specRefs';
import type { Finding } from '../wire/finding';
import { isObject } from './decodeContext';
import { ownValue } from '../ownValue';

export type ApiKeyLocation = 'header' | 'query' | 'cookie';

export interface OAuthFlow {
  tokenUrl?: string;
  authorizationUrl?: string;
  refreshUrl?: string;
  deviceAuthorizationUrl?: string;
  scopes: Record<string, string>;
}

export type SecuritySchemeInfo =
  | { kind: 'apiKey'; location: ApiKeyLocation; paramName: string }
  | { kind: 'http'; scheme: string; bearerFormat?: string }
  | { kind: 'oauth2'; flows: Record<string, OAuthFlow>; metadataUrl?: string }
  | { kind: 'openIdConnect'; url: string }
  | { kind: 'mutualTLS' }
  | { kind: 'unknown' };

export type SecurityScheme = SecuritySchemeInfo & {
  /** The key in `securitySchemes` (0.1: the scheme name itself). */
  name: string;
  description?: string;
  /** Where the scheme was declared, as a JSON pointer into the card. */
  pointer: string;
};

export interface CardSecurity {
  schemes: SecurityScheme[];
  /** Alternatives (OR) of scheme sets (AND), by scheme name; empty when the card states none. */
  requirements: string[][];
  findings: Finding[];
}

const ONEOF_KINDS: Record<string, SecuritySchemeInfo['kind']> = {
  apiKeySecurityScheme: 'apiKey',
  httpAuthSecurityScheme: 'http',
  oauth2SecurityScheme: 'oauth2',
  openIdConnectSecurityScheme: 'openIdConnect',
  mtlsSecurityScheme: 'mutualTLS',
};

/**
 * `generation`: the card's, to cite its specification's section on security schemes; without it the card's own
 * shape says (1.0 lists supportedInterfaces, 0.1 has `authentication` and no securitySchemes).
 */
export function readCardSecurity(card: unknown, generation?: string): CardSecurity {
  const findings: Finding[] = [];
  const schemes: SecurityScheme[] = [];
  if (!isObject(card)) return { schemes, requirements: [], findings };
  const spec = cite(a2aRef('securitySchemes', generation ?? generationOfShape(card)));
  const finding: SchemeFinding = (rule, message, pointer) => schemeFinding(rule, message, pointer, spec);

  const declared = card.securitySchemes;
  if (isObject(declared)) {
    for (const [name, value] of Object.entries(declared)) {
      const pointer = `/securitySchemes/${escape(name)}`;
      const scheme = readScheme(name, value, pointer, findings, finding);
      schemes.push(scheme);
    }
  } else if (isObject(card.authentication) && Array.isArray(card.authentication.schemes)) {
    card.authentication.schemes.forEach((value, index) => {
      if (typeof value === 'string') schemes.push(fromSchemeName(value, `/authentication/schemes/${index}`));
    });
  }

  return { schemes, requirements: readRequirements(card), findings };
}

type SchemeFinding = (rule: string, message: string, pointer: string) => Finding;

function readScheme(
  name: string,
  value: unknown,
  pointer: string,
  findings: Finding[],
  finding: SchemeFinding,
): SecurityScheme {
  const unknown: SecurityScheme = { kind: 'unknown', name, pointer };
  if (!isObject(value)) {
    findings.push(finding('card.security-scheme', `Security scheme "${name}" is not an object.`, pointer));
    return unknown;
  }
  let kind: SecuritySchemeInfo['kind'] | undefined;
  let body: Record<string, unknown> = value;
  if (typeof value.type === 'string') {
    kind = openApiKind(value.type);
  } else if (isObject(value.scheme) && typeof value.scheme.$case === 'string') {
    // @a2a-js/sdk 1.3.0 writes its in-memory oneof; the lint `card.scheme-shape` reports it, we still read it.
    kind = ownValue(ONEOF_KINDS, value.scheme.$case);
    body = isObject(value.scheme.value) ? value.scheme.value : {};
  } else {
    const member = Object.keys(value).find((key) => Object.hasOwn(ONEOF_KINDS, key));
    if (member) {
      kind = ONEOF_KINDS[member];
      body = isObject(value[member]) ? value[member] : {};
    }
  }
  const description = typeof body.description === 'string' ? body.description : undefined;
  const base = { name, pointer, ...(description !== undefined ? { description } : {}) };
  switch (kind) {
    case 'apiKey': {
      const where = String(body.location ?? body.in ?? '').toLowerCase();
      const location: ApiKeyLocation =
        where === 'query' || where === 'cookie' || where === 'header' ? where : 'header';
      if (location !== where) {
        findings.push(
          finding(
            'card.security-scheme',
            `API key scheme "${name}" has no valid location (${JSON.stringify(where)}); assuming a header.`,
            pointer,
          ),
        );
      }
      return { ...base, kind, location, paramName: typeof body.name === 'string' ? body.name : '' };
    }
    case 'http': {
      const scheme = typeof body.scheme === 'string' ? body.scheme : '';
      return {
        ...base,
        kind,
        scheme: scheme.toLowerCase(),
        ...(typeof body.bearerFormat === 'string' ? { bearerFormat: body.bearerFormat } : {}),
      };
    }
    case 'oauth2':
      return {
        ...base,
        kind,
        flows: readFlows(body.flows),
        ...(typeof body.oauth2MetadataUrl === 'string' ? { metadataUrl: body.oauth2MetadataUrl } : {}),
      };
    case 'openIdConnect':
      return { ...base, kind, url: typeof body.openIdConnectUrl === 'string' ? body.openIdConnectUrl : '' };
    case 'mutualTLS':
      return { ...base, kind };
    default:
      findings.push(
        finding(
          'card.security-scheme',
          `Security scheme "${name}" has a shape no generation defines.`,
          pointer,
        ),
      );
      return { ...unknown, ...base };
  }
}

function openApiKind(type: string): SecuritySchemeInfo['kind'] | undefined {
  switch (type) {
    case 'apiKey':
      return 'apiKey';
    case 'http':
      return 'http';
    case 'oauth2':
      return 'oauth2';
    case 'openIdConnect':
      return 'openIdConnect';
    case 'mutualTLS':
      return 'mutualTLS';
    default:
      return undefined;
  }
}

function readFlows(flows: unknown): Record<string, OAuthFlow> {
  const out: Record<string, OAuthFlow> = {};
  if (!isObject(flows)) return out;
  // 1.0 wraps the flow in a oneof member like every other oneof, the SDK as {$case, value}; both name the flow.
  const entries =
    isObject(flows.flow) && typeof flows.flow.$case === 'string'
      ? [[flows.flow.$case, flows.flow.value] as const]
      : Object.entries(flows);
  for (const [flowName, flow] of entries) {
    if (!isObject(flow)) continue;
    const scopes: Record<string, string> = {};
    if (isObject(flow.scopes)) {
      for (const [scope, text] of Object.entries(flow.scopes)) scopes[scope] = String(text);
    }
    const read = (key: string) => (typeof flow[key] === 'string' ? { [key]: flow[key] } : {});
    out[flowName] = {
      scopes,
      ...read('tokenUrl'),
      ...read('authorizationUrl'),
      ...read('refreshUrl'),
      ...read('deviceAuthorizationUrl'),
    };
  }
  return out;
}

/** 0.1 names schemes in words ("Bearer", "Basic", "ApiKey"); the key's place is not stated, so a header is assumed. */
function fromSchemeName(value: string, pointer: string): SecurityScheme {
  const lower = value.toLowerCase();
  if (lower === 'bearer' || lower === 'basic') return { kind: 'http', scheme: lower, name: value, pointer };
  if (lower === 'apikey' || lower === 'api-key' || lower === 'api_key') {
    return { kind: 'apiKey', location: 'header', paramName: 'X-API-Key', name: value, pointer };
  }
  if (lower === 'oauth2' || lower === 'oauth') return { kind: 'oauth2', flows: {}, name: value, pointer };
  return { kind: 'unknown', name: value, pointer };
}

/** ≤0.3 `security: [{name: scopes}]`; 1.0 `securityRequirements: [{schemes: {name: {list: scopes}}}]`. */
function readRequirements(card: Record<string, unknown>): string[][] {
  const out: string[][] = [];
  const list = Array.isArray(card.securityRequirements) ? card.securityRequirements : card.security;
  if (!Array.isArray(list)) return out;
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const names = isObject(entry.schemes) ? Object.keys(entry.schemes) : Object.keys(entry);
    out.push(names);
  }
  return out;
}

function schemeFinding(rule: string, message: string, pointer: string, spec: Citation): Finding {
  return { rule, severity: 'warning', message, pointer, ...spec };
}

function generationOfShape(card: Record<string, unknown>): string {
  if (Array.isArray(card.supportedInterfaces)) return '1.0';
  if (isObject(card.authentication) && card.securitySchemes === undefined) return '0.1';
  return '0.3';
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
