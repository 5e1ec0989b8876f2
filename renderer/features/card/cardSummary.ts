// The readable parts of a card in any generation's shape (docs/protocol.md#card-fields-generation-by-generation), for
// the summary: identity, provider, capabilities, extensions, skills and whether an extended card is offered. Never
// throws on a strange card: what is missing or of the wrong type is left out, and the findings list says what is wrong.

export interface CardSkill {
  id: string;
  name: string;
  description?: string;
  tags: string[];
  examples: string[];
  inputModes: string[];
  outputModes: string[];
}

export interface CardExtension {
  uri: string;
  required: boolean;
  description?: string;
  /** `params` as the agent sent them (shown as JSON text). */
  params?: unknown;
}

/** A capability flag the card states, true or false (an absent flag is not listed). */
export interface CardCapability {
  name: string;
  on: boolean;
}

/** Where a card says it has an extended card (docs/protocol.md#extended-card), or absent when it does not. */
export type ExtendedCardOffer =
  { field: 'capabilities.extendedAgentCard' } | { field: 'supportsAuthenticatedExtendedCard' };

export interface CardSummary {
  name: string;
  description?: string;
  version?: string;
  /** 0.2.5–0.3 (and superset cards): the protocol version the card states. */
  protocolVersion?: string;
  documentationUrl?: string;
  iconUrl?: string;
  provider?: { organization?: string; url?: string };
  capabilities: CardCapability[];
  extensions: CardExtension[];
  defaultInputModes: string[];
  defaultOutputModes: string[];
  skills: CardSkill[];
  extendedCard?: ExtendedCardOffer;
}

/** The card's JSON value, or undefined when the text is not JSON (the findings list says why). */
export function parseCard(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function cardSummary(value: unknown): CardSummary {
  const card = isObject(value) ? value : {};
  const capabilities = isObject(card.capabilities) ? card.capabilities : {};
  const provider = isObject(card.provider) ? card.provider : undefined;
  const organization = provider ? str(provider.organization) : undefined;
  const providerUrl = provider ? str(provider.url) : undefined;

  const extendedCard: ExtendedCardOffer | undefined =
    capabilities.extendedAgentCard === true
      ? { field: 'capabilities.extendedAgentCard' }
      : card.supportsAuthenticatedExtendedCard === true
        ? { field: 'supportsAuthenticatedExtendedCard' }
        : undefined;

  return {
    name: str(card.name) ?? 'Unnamed agent',
    ...optional('description', str(card.description)),
    ...optional('version', str(card.version)),
    ...optional('protocolVersion', str(card.protocolVersion)),
    ...optional('documentationUrl', str(card.documentationUrl)),
    ...optional('iconUrl', str(card.iconUrl)),
    ...(organization || providerUrl
      ? {
          provider: {
            ...optional('organization', organization),
            ...optional('url', providerUrl),
          },
        }
      : {}),
    capabilities: Object.entries(capabilities)
      .filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean')
      .map(([name, on]) => ({ name, on })),
    extensions: (Array.isArray(capabilities.extensions) ? capabilities.extensions : [])
      .filter(isObject)
      .map((extension) => ({
        uri: str(extension.uri) ?? '(no uri)',
        required: extension.required === true,
        ...optional('description', str(extension.description)),
        ...(extension.params !== undefined ? { params: extension.params } : {}),
      })),
    defaultInputModes: strings(card.defaultInputModes),
    defaultOutputModes: strings(card.defaultOutputModes),
    skills: (Array.isArray(card.skills) ? card.skills : []).filter(isObject).map((skill, i) => ({
      id: str(skill.id) ?? `skill-${i}`,
      name: str(skill.name) ?? str(skill.id) ?? `Skill ${i + 1}`,
      ...optional('description', str(skill.description)),
      tags: strings(skill.tags),
      examples: strings(skill.examples),
      inputModes: strings(skill.inputModes),
      outputModes: strings(skill.outputModes),
    })),
    ...(extendedCard ? { extendedCard } : {}),
  };
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
