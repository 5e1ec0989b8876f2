// The top-level fields of an agent card per generation, from the AgentCard definition of each published schema
// (a unit test compares these lists with vendor/a2a-spec). Kept as data here so the renderer can lint a card
// without bundling the schemas.

import type { Generation } from '../a2a/generation';

const V0_1 = [
  'authentication',
  'capabilities',
  'defaultInputModes',
  'defaultOutputModes',
  'description',
  'documentationUrl',
  'name',
  'provider',
  'skills',
  'url',
  'version',
];
// The union over 0.2.0–0.2.6; fields that arrived within 0.2 (iconUrl, protocolVersion …) are not errors in a 0.2 card.
const V0_2 = [
  'additionalInterfaces',
  'capabilities',
  'defaultInputModes',
  'defaultOutputModes',
  'description',
  'documentationUrl',
  'iconUrl',
  'name',
  'preferredTransport',
  'protocolVersion',
  'provider',
  'security',
  'securitySchemes',
  'skills',
  'supportsAuthenticatedExtendedCard',
  'url',
  'version',
];
const V0_3 = [...V0_2, 'signatures'];
const V1_0 = [
  'capabilities',
  'defaultInputModes',
  'defaultOutputModes',
  'description',
  'documentationUrl',
  'iconUrl',
  'name',
  'provider',
  'securityRequirements',
  'securitySchemes',
  'signatures',
  'skills',
  'supportedInterfaces',
  'version',
];

export const cardFields: Readonly<Record<Generation, ReadonlySet<string>>> = {
  '0.1': new Set(V0_1),
  '0.2': new Set(V0_2),
  '0.3': new Set(V0_3),
  '1.0': new Set(V1_0),
};
