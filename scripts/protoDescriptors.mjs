// Turns the vendored A2A protos into protobufjs JSON descriptors that the host's gRPC binding imports (WIRE-3), so the
// bundled app needs no .proto files at run time. The google/api imports carry HTTP annotations only, which gRPC does
// not use, so they are left unresolved; the google/protobuf types come from protobufjs's own copies.
//
//   node scripts/protoDescriptors.mjs            writes vendor/a2a-spec/*.proto.json
//   node scripts/protoDescriptors.mjs --check    fails when a written descriptor differs from a fresh one

import { readFileSync, writeFileSync } from 'node:fs';
import protobuf from 'protobufjs';

export const PROTOS = ['a2a-0.3.0.proto', 'a2a-1.0.1.proto'];

export function descriptorOf(protoText) {
  const root = new protobuf.Root();
  const parsed = protobuf.parse(protoText, root, { keepCase: false, alternateCommentMode: false });
  for (const file of parsed.imports ?? []) {
    const common = protobuf.common.get(file);
    if (common) root.addJSON(common.nested);
  }
  root.resolveAll();
  return root.toJSON({ keepComments: false });
}

const check = process.argv.includes('--check');
let stale = 0;
for (const name of PROTOS) {
  const text = readFileSync(`vendor/a2a-spec/${name}`, 'utf8');
  const json = `${JSON.stringify(descriptorOf(text))}\n`;
  const out = `vendor/a2a-spec/${name}.json`;
  if (check) {
    let current = '';
    try {
      current = readFileSync(out, 'utf8');
    } catch {
      // Not written yet: stale like any other difference.
    }
    if (current !== json) {
      stale += 1;
      console.error(`${out} is stale: run node scripts/protoDescriptors.mjs`);
    }
  } else {
    writeFileSync(out, json);
    console.log(`wrote ${out} (${json.length} bytes)`);
  }
}
process.exit(stale ? 1 : 0);
