// Validates an agent card against the JSON Schema of its generation (CARD-4), each finding at a JSON pointer.
// It runs in the host, not in shared/: Ajv compiles schemas into functions with `new Function`, which the
// renderer's Content-Security-Policy (no 'unsafe-eval') forbids. The renderer asks the host and gets findings.
//
// Which schema: 0.1 → 0.1.0; 0.2 → the card's own protocolVersion when it names a published 0.2.x schema, else
// 0.2.4 (the last 0.2 schema without a required protocolVersion); 0.3 → 0.3.0; 1.0 → 1.0.1, re-bundled
// (scripts/rebundleSchema.mjs says why).

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Detection } from '../../shared/a2a/detect';
import { a2aRef, cite, type Citation } from '../../shared/checks/specRefs';
import type { Finding } from '../../shared/wire/finding';
import v010 from '../../vendor/a2a-spec/a2a-0.1.0.schema.json' with { type: 'json' };
import v020 from '../../vendor/a2a-spec/a2a-0.2.0.schema.json' with { type: 'json' };
import v021 from '../../vendor/a2a-spec/a2a-0.2.1.schema.json' with { type: 'json' };
import v022 from '../../vendor/a2a-spec/a2a-0.2.2.schema.json' with { type: 'json' };
import v023 from '../../vendor/a2a-spec/a2a-0.2.3.schema.json' with { type: 'json' };
import v024 from '../../vendor/a2a-spec/a2a-0.2.4.schema.json' with { type: 'json' };
import v025 from '../../vendor/a2a-spec/a2a-0.2.5.schema.json' with { type: 'json' };
import v026 from '../../vendor/a2a-spec/a2a-0.2.6.schema.json' with { type: 'json' };
import v030 from '../../vendor/a2a-spec/a2a-0.3.0.schema.json' with { type: 'json' };
import v101 from '../../vendor/a2a-spec/a2a-1.0.1.bundled.schema.json' with { type: 'json' };
import { ownValue } from '../../shared/ownValue';
import type { Generation } from '../../shared/a2a/generation';

// ajv-formats is CommonJS with a default export; under ESM interop it can arrive wrapped once more.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats)) as AddFormats;

interface SchemaChoice {
  version: string;
  schema: object;
  cardRef: string;
  draft2020: boolean;
}

const ZERO_TWO: Record<string, object> = {
  '0.2.0': v020,
  '0.2.1': v021,
  '0.2.2': v022,
  '0.2.3': v023,
  '0.2.4': v024,
  '0.2.5': v025,
  '0.2.6': v026,
};

// 0.3 fields a superset card carries beside its 1.0 ones (docs/protocol.md#card-fields-generation-by-generation):
// expected there, not errors.
const SUPERSET_FIELDS = new Set([
  'url',
  'preferredTransport',
  'protocolVersion',
  'additionalInterfaces',
  'security',
  'supportsAuthenticatedExtendedCard',
]);

export function chooseCardSchema(detection: Pick<Detection, 'generation'>, card: unknown): SchemaChoice {
  // Only a string: String() of a hostile object (one whose toString is null) throws.
  const declared =
    typeof card === 'object' &&
    card !== null &&
    'protocolVersion' in card &&
    typeof card.protocolVersion === 'string'
      ? card.protocolVersion
      : '';
  return SCHEMAS[detection.generation](declared);
}

/** The schema of each generation; 0.2 had one per release, chosen by the `protocolVersion` the card names. */
const SCHEMAS: Record<Generation, (declared: string) => SchemaChoice> = {
  '0.1': () => ({ version: '0.1.0', schema: v010, cardRef: '#/$defs/AgentCard', draft2020: false }),
  '0.2': (declared) => {
    const version = ownValue(ZERO_TWO, declared) ? declared : '0.2.4';
    return { version, schema: ZERO_TWO[version]!, cardRef: '#/definitions/AgentCard', draft2020: false };
  },
  '0.3': () => ({ version: '0.3.0', schema: v030, cardRef: '#/definitions/AgentCard', draft2020: false }),
  '1.0': () => ({ version: '1.0.1', schema: v101, cardRef: '#/definitions/Agent%20Card', draft2020: true }),
};

const compiled = new Map<string, ValidateFunction>();

function validatorFor(choice: SchemaChoice): ValidateFunction {
  const cached = compiled.get(choice.version);
  if (cached) return cached;
  const ajv = choice.draft2020
    ? new Ajv2020({ strict: false, allErrors: true })
    : new Ajv({ strict: false, allErrors: true });
  addFormats(ajv as Ajv);
  ajv.addSchema(choice.schema, choice.version);
  const validate = ajv.getSchema(`${choice.version}${choice.cardRef}`);
  if (!validate)
    throw new Error(`The ${choice.version} schema has no AgentCard definition at ${choice.cardRef}.`);
  compiled.set(choice.version, validate);
  return validate;
}

export function validateCardSchema(
  card: unknown,
  detection: Pick<Detection, 'generation' | 'superset'>,
): Finding[] {
  const choice = chooseCardSchema(detection, card);
  const validate = validatorFor(choice);
  if (validate(card)) return [];
  // The schema is the published one of the card's version; what it describes is the generation's AgentCard section.
  const spec = cite(a2aRef('agentCard', detection.generation));
  return (validate.errors ?? [])
    .filter((error) => error.keyword !== 'if')
    .map((error) => toFinding(error, spec, detection.superset));
}

function toFinding(error: ErrorObject, spec: Citation, superset: boolean): Finding {
  const at = error.instancePath || '';
  const field = at ? `"${at}"` : 'The card';
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const missing = String(params.missingProperty);
    return {
      rule: 'card.schema',
      severity: 'error',
      message: `${at ? `${field} is missing` : 'The card is missing'} the required field "${missing}".`,
      pointer: `${at}/${escape(missing)}`,
      ...spec,
    };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = String(params.additionalProperty);
    const pointer = `${at}/${escape(extra)}`;
    if (superset && at === '' && SUPERSET_FIELDS.has(extra)) {
      return {
        rule: 'card.superset-field',
        severity: 'info',
        message: `"${extra}" is a 0.3 field, expected in a superset card that also serves 0.3 clients.`,
        pointer,
        ...spec,
      };
    }
    return {
      rule: 'card.unknown-field',
      severity: 'warning',
      message: `"${extra}" is not a field of this generation's card; it is kept and shown, but clients will ignore it.`,
      pointer,
      ...spec,
    };
  }
  if (error.keyword === 'enum') {
    const allowed = (params.allowedValues as unknown[] | undefined)?.map((v) => JSON.stringify(v)).join(', ');
    return {
      rule: 'card.schema',
      severity: 'error',
      message: `${field} must be one of ${allowed}.`,
      pointer: at,
      ...spec,
    };
  }
  return {
    rule: 'card.schema',
    severity: 'error',
    message: `${field} ${error.message ?? 'is invalid'}.`,
    pointer: at,
    ...spec,
  };
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
