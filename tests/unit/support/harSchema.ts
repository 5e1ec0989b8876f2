// The HAR 1.2 JSON schema from the har-schema package, ready to check an export against (unit and integration tests).

import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats)) as AddFormats;

/** har-schema's files are draft-06 schemas that name each other by `$id`; all are registered, then `har` is used. */
function harValidator(): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strictTypes: false });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
  addFormats(ajv);
  // Keywords har-schema uses that JSON Schema lacks: `optional` and `unique` (notes) and `min` (meant as `minimum`,
  // enforced here so the timings' -1 floor is checked).
  ajv.addKeyword({ keyword: 'optional' });
  ajv.addKeyword({ keyword: 'unique' });
  ajv.addKeyword({
    keyword: 'min',
    type: 'number',
    schemaType: 'number',
    validate: (min: number, data: number) => data >= min,
  });
  const schemas = require('har-schema') as Record<string, object>;
  for (const schema of Object.values(schemas)) ajv.addSchema(schema);
  return ajv.getSchema('har.json#')!;
}
const validateHar = harValidator();

export function schemaErrors(har: unknown): string[] {
  return validateHar(har)
    ? []
    : (validateHar.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}
