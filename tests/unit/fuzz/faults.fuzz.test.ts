// Fuzzing what PRX-4 reads and cuts (SEC-3): fault rules from any JSON (a rule file or the app's editor) never throw
// and are either good rules or sentences; the event splitter, on any bytes cut into any chunks, gives back exactly the
// bytes it was given (so a shaped stream without a fault on it is the agent's stream), the same units however the
// chunks fall; spoiling a unit never throws.

import fc from 'fast-check';
import { expect } from 'vitest';
import { corruptUnit } from '../../../shared/proxy/corruptUnit';
import { parseFaultRules } from '../../../shared/proxy/faultRules';
import { UnitSplitter, type UnitFraming } from '../../../shared/proxy/streamUnits';
import { fuzz } from './fuzzKit';

const kinds = ['delay-first-byte', 'delay-events', 'drop-stream', 'error', 'corrupt-event', 'stall', 'nap'];
const value = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1.5,
    2 ** 53,
    '',
    '2',
    'message/send',
    'GetTask',
    '__proto__',
    'garbage',
    null,
    true,
  ),
  fc.jsonValue({ maxDepth: 2 }),
);
const ruleish = fc.record(
  {
    id: value,
    enabled: value,
    times: value,
    match: fc.oneof(value, fc.record({ operation: value, taskId: value, text: value }, { requiredKeys: [] })),
    action: fc.oneof(
      value,
      fc.record(
        {
          kind: fc.constantFrom(...kinds),
          ms: value,
          afterEvents: value,
          httpStatus: value,
          jsonRpcCode: value,
          grpcCode: value,
          message: value,
          eventIndex: value,
          how: value,
          constructor: value,
        },
        { requiredKeys: ['kind'] },
      ),
    ),
  },
  { requiredKeys: [] },
);
const rulesInput = fc.oneof(
  fc.array(ruleish, { maxLength: 6 }).map((rules) => ({ rules })),
  fc.array(ruleish, { maxLength: 6 }),
  fc.jsonValue({ maxDepth: 4 }),
);

fuzz('fault rules from any JSON: good rules or sentences, never a throw', rulesInput, (input) => {
  const result = parseFaultRules(input);
  if (result.ok) {
    expect(structuredClone(result.rules)).toEqual(result.rules);
    return;
  }
  expect(result.errors.length).toBeGreaterThan(0);
  for (const error of result.errors) expect(error).toMatch(/^(Rule |Fault rules)[^\n]*\.$/s);
});

const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc
    .array(
      fc.constantFrom('data: {"a":1}', 'data:', ': c', '\n', '\r', '\r\n', 'x', '\u0000\u0000\u0000\u0003ab'),
      {
        maxLength: 40,
      },
    )
    .map((pieces) => new TextEncoder().encode(pieces.join(''))),
);
const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 });

function split(framing: UnitFraming, data: Uint8Array, at: readonly number[]) {
  const points = [...new Set(at.map((f) => Math.floor(f * data.length)))].sort((a, b) => a - b);
  const splitter = new UnitSplitter(framing);
  const units: number[][] = [];
  let from = 0;
  for (const point of [...points, data.length]) {
    for (const unit of splitter.push(data.slice(from, point))) units.push([...unit]);
    from = point;
  }
  return { units, rest: [...splitter.rest()] };
}

fuzz(
  'the event splitter gives back every byte, the same units however the chunks fall',
  fc.tuple(fc.constantFrom<UnitFraming>('sse', 'grpc'), bytes, cuts),
  ([framing, data, at]) => {
    const whole = split(framing, data, []);
    const chunked = split(framing, data, at);
    expect(chunked).toEqual(whole);
    expect([...whole.units.flat(), ...whole.rest]).toEqual([...data]);
    for (const unit of whole.units) {
      for (const how of ['truncate-json', 'garbage'] as const)
        expect(corruptUnit(Uint8Array.from(unit), framing, how)).toBeInstanceOf(Uint8Array);
    }
  },
);
