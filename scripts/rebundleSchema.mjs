// Re-bundles the A2A 1.0 JSON Schema so a validator can use it (docs/protocol.md#sources): the published file keys its
// definitions by spaced titles ("Agent Card") while its $refs name per-message files
// ("lf.a2a.v1.AgentCard.jsonschema.json"). Each $ref is pointed at its definition, and the per-definition
// $schema keywords (not allowed below a schema resource's root) are dropped.
//
// Why re-bundle rather than derive a schema from the proto: the generated schema already carries the proto's field
// types, enums, oneofs and the snake_case aliases ProtoJSON readers accept, and validating every generation with
// one engine (Ajv) keeps findings uniform. The proto stays the normative source; where the two disagree the
// decoders follow the proto, and the schema finding is reported as such.
//
// Usage: node scripts/rebundleSchema.mjs <in.schema.json> <out.schema.json>
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('Usage: node scripts/rebundleSchema.mjs <in.schema.json> <out.schema.json>');
  process.exit(2);
}
const schema = JSON.parse(readFileSync(input, 'utf8'));
const byCompactName = new Map(
  Object.keys(schema.definitions).map((name) => [name.replace(/\s+/g, '').toLowerCase(), name]),
);
const unresolved = new Set();

function rewrite(node) {
  if (Array.isArray(node)) return node.map(rewrite);
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.endsWith('.jsonschema.json')) {
      const message = value
        .replace(/\.jsonschema\.json$/, '')
        .split('.')
        .pop()
        .toLowerCase();
      const name = byCompactName.get(message);
      if (!name) unresolved.add(value);
      out.$ref = name ? `#/definitions/${name.replace(/~/g, '~0').replace(/\//g, '~1')}` : value;
    } else {
      out[key] = rewrite(value);
    }
  }
  return out;
}

const definitions = {};
for (const [name, definition] of Object.entries(schema.definitions)) {
  const { $schema: _ignored, ...rest } = definition;
  definitions[name] = rewrite(rest);
}
if (unresolved.size > 0) {
  console.error(`Unresolved references: ${[...unresolved].join(', ')}`);
  process.exit(1);
}
const bundled = {
  $schema: schema.$schema,
  title: `${schema.title} (re-bundled by scripts/rebundleSchema.mjs)`,
  description: schema.description,
  version: schema.version,
  definitions,
};
writeFileSync(output, `${JSON.stringify(bundled, null, 2)}\n`);
console.log(`Wrote ${output}: ${Object.keys(definitions).length} definitions.`);
