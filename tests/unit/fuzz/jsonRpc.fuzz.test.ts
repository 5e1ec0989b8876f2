// Fuzzing the JSON-RPC checks (SEC-3): requests, responses and error objects of every generation, and REST error
// bodies, from mutated real envelopes. Each returns a kind and findings for anything at all; none throws.

import fc from 'fast-check';
import type { Generation } from '../../../shared/a2a/generation';
import type { Finding } from '../../../shared/wire/finding';
import { errorInfoReasonsIn } from '../../../shared/wire/errorFindings';
import { checkJsonRpcRequest, checkJsonRpcResponse, inspectJsonRpcError } from '../../../shared/wire/jsonRpc';
import { describeRestError } from '../../../shared/wire/restErrors';
import { expectFindings, expectPortable } from './findings';
import { fuzz } from './fuzzKit';
import { hostileValue, jsonInput } from './jsonMutations';
import { allSeeds } from './seeds';

const generations: Generation[] = ['0.1', '0.2', '0.3', '1.0'];
const generation = fc.constantFrom(...generations);
const envelope = jsonInput(allSeeds());
const kinds = new Set(['request', 'notification', 'success', 'error', 'invalid']);

fuzz('JSON-RPC requests', fc.tuple(envelope, generation), ([value, gen]) => {
  const check = checkJsonRpcRequest(value, gen);
  if (!kinds.has(check.kind)) throw new Error(`kind ${check.kind}`);
  expectFindings(check.findings);
  expectPortable(check);
});

fuzz(
  'JSON-RPC responses',
  fc.tuple(
    envelope,
    generation,
    fc.option(fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), { nil: undefined }),
  ),
  ([value, gen, expectedId]) => {
    const check = checkJsonRpcResponse(value, {
      generation: gen,
      ...(expectedId !== undefined ? { expectedId } : {}),
    });
    if (!kinds.has(check.kind)) throw new Error(`kind ${check.kind}`);
    expectFindings(check.findings);
    expectPortable(check);
  },
);

fuzz('JSON-RPC error objects', fc.tuple(fc.oneof(envelope, hostileValue), generation), ([value, gen]) => {
  const findings: Finding[] = [];
  const details = inspectJsonRpcError(value, gen, '/error', findings);
  expectFindings(findings);
  expectPortable(details);
  expectPortable(errorInfoReasonsIn(value));
});

fuzz(
  'REST error bodies',
  fc.tuple(fc.integer({ min: 0, max: 999 }), fc.oneof(envelope, fc.constant(undefined)), generation),
  ([status, body, gen]) => {
    const described = describeRestError(status, body, gen);
    expectFindings(described.findings);
    expectPortable(described);
  },
);
