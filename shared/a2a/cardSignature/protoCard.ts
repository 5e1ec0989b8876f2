// What a card looks like after a round trip through the 1.0 AgentCard proto type, as the 1.x SDKs sign it
// (@a2a-js/sdk 1.x: AgentCard.fromJSON then toJSON; a2a-python 1.x: the message then MessageToDict): members the
// type does not have vanish, a oneof keeps only the member it reads, and fields at their default (an empty string,
// false, an empty list) are left out unless the proto marks them optional. The field list below is data from
// a2a-1.0.1.proto (../shared/a2a/spec), by JSON name.

import { isObject } from '../decodeContext';

type Scalar = 'string' | 'bool' | 'optional-string' | 'optional-bool' | 'struct';
type Field =
  | Scalar
  | { message: string }
  | { repeated: 'string' | { message: string } }
  | { map: 'string' | { message: string } };

const m = (message: string) => ({ message });

const MESSAGES: Record<string, Record<string, Field>> = {
  AgentCard: {
    name: 'string',
    description: 'string',
    supportedInterfaces: { repeated: m('AgentInterface') },
    provider: m('AgentProvider'),
    version: 'string',
    documentationUrl: 'optional-string',
    capabilities: m('AgentCapabilities'),
    securitySchemes: { map: m('SecurityScheme') },
    securityRequirements: { repeated: m('SecurityRequirement') },
    defaultInputModes: { repeated: 'string' },
    defaultOutputModes: { repeated: 'string' },
    skills: { repeated: m('AgentSkill') },
    signatures: { repeated: m('AgentCardSignature') },
    iconUrl: 'optional-string',
  },
  AgentInterface: { url: 'string', protocolBinding: 'string', tenant: 'string', protocolVersion: 'string' },
  AgentProvider: { url: 'string', organization: 'string' },
  AgentCapabilities: {
    streaming: 'optional-bool',
    pushNotifications: 'optional-bool',
    extensions: { repeated: m('AgentExtension') },
    extendedAgentCard: 'optional-bool',
  },
  AgentExtension: { uri: 'string', description: 'string', required: 'bool', params: 'struct' },
  AgentSkill: {
    id: 'string',
    name: 'string',
    description: 'string',
    tags: { repeated: 'string' },
    examples: { repeated: 'string' },
    inputModes: { repeated: 'string' },
    outputModes: { repeated: 'string' },
    securityRequirements: { repeated: m('SecurityRequirement') },
  },
  AgentCardSignature: { protected: 'string', signature: 'string', header: 'struct' },
  StringList: { list: { repeated: 'string' } },
  SecurityRequirement: { schemes: { map: m('StringList') } },
  // Oneofs: the first member present is the one read.
  SecurityScheme: {
    apiKeySecurityScheme: m('APIKeySecurityScheme'),
    httpAuthSecurityScheme: m('HTTPAuthSecurityScheme'),
    oauth2SecurityScheme: m('OAuth2SecurityScheme'),
    openIdConnectSecurityScheme: m('OpenIdConnectSecurityScheme'),
    mtlsSecurityScheme: m('MutualTlsSecurityScheme'),
  },
  APIKeySecurityScheme: { description: 'string', location: 'string', name: 'string' },
  HTTPAuthSecurityScheme: { description: 'string', scheme: 'string', bearerFormat: 'string' },
  OAuth2SecurityScheme: { description: 'string', flows: m('OAuthFlows'), oauth2MetadataUrl: 'string' },
  OpenIdConnectSecurityScheme: { description: 'string', openIdConnectUrl: 'string' },
  MutualTlsSecurityScheme: { description: 'string' },
  OAuthFlows: {
    authorizationCode: m('AuthorizationCodeOAuthFlow'),
    clientCredentials: m('ClientCredentialsOAuthFlow'),
    implicit: m('ImplicitOAuthFlow'),
    password: m('PasswordOAuthFlow'),
    deviceCode: m('DeviceCodeOAuthFlow'),
  },
  AuthorizationCodeOAuthFlow: {
    authorizationUrl: 'string',
    tokenUrl: 'string',
    refreshUrl: 'string',
    scopes: { map: 'string' },
    pkceRequired: 'bool',
  },
  ClientCredentialsOAuthFlow: { tokenUrl: 'string', refreshUrl: 'string', scopes: { map: 'string' } },
  ImplicitOAuthFlow: { authorizationUrl: 'string', refreshUrl: 'string', scopes: { map: 'string' } },
  PasswordOAuthFlow: { tokenUrl: 'string', refreshUrl: 'string', scopes: { map: 'string' } },
  DeviceCodeOAuthFlow: {
    deviceAuthorizationUrl: 'string',
    tokenUrl: 'string',
    refreshUrl: 'string',
    scopes: { map: 'string' },
  },
};

const ONEOFS = new Set(['SecurityScheme', 'OAuthFlows']);

/** The card as the 1.0 proto type keeps it. */
export function asProtoCard(card: unknown): Record<string, unknown> {
  return readMessage(card, 'AgentCard');
}

function readMessage(value: unknown, name: string): Record<string, unknown> {
  const fields = MESSAGES[name]!;
  const out: Record<string, unknown> = {};
  if (!isObject(value)) return out;
  for (const [key, field] of Object.entries(fields)) {
    if (value[key] === undefined || value[key] === null) continue;
    const read = readField(value[key], field);
    if (read !== undefined) out[key] = read;
    if (ONEOFS.has(name) && read !== undefined) break;
  }
  return out;
}

/** One field as its type reads it and writes it back; undefined when it would not be written (its default). */
function readField(value: unknown, field: Field): unknown {
  if (field === 'string') return text(value) || undefined;
  if (field === 'optional-string') return text(value);
  if (field === 'bool') return value ? true : undefined;
  if (field === 'optional-bool') return Boolean(value);
  if (field === 'struct') return isObject(value) ? value : undefined;
  if ('message' in field) return readMessage(value, field.message);
  if ('repeated' in field) {
    if (!Array.isArray(value) || value.length === 0) return undefined;
    const item = field.repeated;
    return value.map((v) => (item === 'string' ? text(v) : readMessage(v, item.message)));
  }
  if (!isObject(value)) return undefined;
  const entries = Object.entries(value).map(([k, v]) => [
    k,
    field.map === 'string' ? text(v) : readMessage(v, field.map.message),
  ]);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** A scalar as the type's reader turns it into a string: String() of it (a list joins with commas), except that an
 * object String() cannot convert is taken as empty where the SDK would throw. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    return '';
  }
}
