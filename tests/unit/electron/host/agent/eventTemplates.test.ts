// The event templates of the stream analysis (eventTemplates.ts): an event that is an earlier clean one's text with
// only a text part's content or metadata values changed is known without parsing; anything else is not a match. The
// analysis with templates gives, event for event, what the full analysis gives, and says "clean" only of data in
// which no secret hint is found.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GenerationAdapter } from '../../../../../shared/a2a/adapter';
import { v0_3JsonRpc } from '../../../../../shared/a2a/v0_3/jsonrpc';
import { v1JsonRpc } from '../../../../../shared/a2a/v1/jsonrpc';
import { v1Rest } from '../../../../../shared/a2a/v1/rest';
import { secretHint } from '../../../../../shared/session/secretPatterns';
import {
  EventTemplates,
  holesOf,
  numberEnd,
  stringEnd,
} from '../../../../../electron/host/agent/eventTemplates';
import { eventAnalyser } from '../../../../../electron/host/agent/streamAnalysis';
import { floodDatas, floodEvent, type FloodDialect } from '../../../support/shapeFlood';
import { STREAM_REQUEST } from '../../../support/recordStream';
import { countedAdapter } from '../../../support/countedAdapter';

const TEMPLATE =
  '{"a":"x","id":1,"metadata":{"n":1,"s":"v","deep":{"k":2}},"parts":[{"text":"hi"},{"text":""}],"ok":true}';

function templates(): EventTemplates<string> {
  const known = new EventTemplates<string>(() => true);
  known.add(TEMPLATE, 'known');
  return known;
}

describe('event templates', () => {
  it('cut a clean text where values may differ, and nowhere else', () => {
    const holes = holesOf(TEMPLATE)!;
    expect(holes.map((hole) => [hole.kind, TEMPLATE.slice(hole.start, hole.end), hole.path])).toEqual([
      ['number', '1', ['metadata', 'n']],
      ['string', 'v', ['metadata', 's']],
      ['number', '2', ['metadata', 'deep', 'k']],
      ['string', 'hi', ['parts', 0, 'text']],
      ['empty-string', '', ['parts', 1, 'text']],
    ]);
    expect(holesOf('{"a":1,}')).toBeUndefined();
    expect(holesOf('{"a":1} x')).toBeUndefined();
    expect(holesOf('{"metadata":{"n":1e5}}')).toBeUndefined();
  });

  it('match the same text with other values of the same kind in its holes', () => {
    const known = templates();
    for (const same of [
      TEMPLATE,
      TEMPLATE.replace('"n":1', '"n":-12.5').replace(
        '"text":"hi"',
        '"text":"line\\nnext \\"q\\" \\u00e9 🙂"',
      ),
      TEMPLATE.replace('"s":"v"', '"s":"w \\/ x"').replace('"k":2', '"k":0'),
    ]) {
      expect(known.match(same), same).toBe('known');
      expect(known.lastClean).toBe(true);
    }
  });

  it('do not match anything else', () => {
    const known = templates();
    for (const other of [
      TEMPLATE.replace('"a":"x"', '"a":"y"'),
      TEMPLATE.replace('"id":1', '"id":2'),
      TEMPLATE.replace('"id":1', '"id": 1'),
      TEMPLATE.replace('"n":1', '"n":"1"'),
      TEMPLATE.replace('"n":1', '"n":1e3'),
      TEMPLATE.replace('"n":1', '"n":1234567890123456'),
      TEMPLATE.replace('"n":1', '"n":01'),
      TEMPLATE.replace('"text":"hi"', '"text":""'),
      TEMPLATE.replace('"text":""', '"text":"x"'),
      TEMPLATE.replace('"text":"hi"', '"text":"\\ud83d\\ude42"'),
      TEMPLATE.replace('"text":"hi"', '"text":"\\x"'),
      TEMPLATE.replace('"text":"hi"', '"text":"a\u0001b"'),
      TEMPLATE.replace('"text":"hi"', '"text":"\ud800"'),
      TEMPLATE.replace('"ok":true', '"ok":false'),
      `${TEMPLATE} `,
      TEMPLATE.slice(0, -1),
    ])
      expect(known.match(other), other).toBeUndefined();
  });

  it('say a match is not clean when what changed looks like a secret', () => {
    const known = templates();
    for (const hinted of [
      TEMPLATE.replace('"text":"hi"', '"text":"my token"'),
      TEMPLATE.replace('"s":"v"', '"s":"https://u@h"'),
    ]) {
      expect(known.match(hinted)).toBe('known');
      expect(known.lastClean).toBe(false);
    }
  });

  it('are not made where the schema could tell two values of a kind apart', () => {
    const known = new EventTemplates<string>((path) => path.at(-1) !== 'k');
    known.add(TEMPLATE, 'known');
    expect(known.match(TEMPLATE)).toBeUndefined();
  });

  it('read strings and numbers as JSON.parse does, or not at all', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const text = `${JSON.stringify(value)},`;
        const end = stringEnd(text, 1);
        // A string JSON writes is read to its end unless it holds a surrogate of its own (escaped when alone).
        if (end >= 0) expect(JSON.parse(text.slice(0, end + 1))).toBe(value);
        else expect(/[\ud800-\udfff]/.test(value)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), (value) => {
        const text = `${JSON.stringify(value)}}`;
        const end = numberEnd(text, 0);
        if (end >= 0) expect(JSON.parse(text.slice(0, end))).toBe(JSON.parse(text.slice(0, -1)));
      }),
    );
  });
});

const dialects: Array<[FloodDialect, GenerationAdapter]> = [
  ['1.0 JSON-RPC', v1JsonRpc],
  ['1.0 REST', v1Rest],
  ['0.3 JSON-RPC', v0_3JsonRpc],
];

describe('eventAnalyser with templates', () => {
  it.each(dialects)('gives what the full analysis gives, event for event, for %s', (dialect, adapter) => {
    const { datas, errors } = floodDatas(dialect, 600);
    // Text and metadata of every kind, so that matches meet escapes, secrets' names and numbers of all sorts.
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc
              .string()
              .map((text) => floodEvent(dialect, { text: JSON.stringify(text).slice(1, -1), append: true })),
            fc
              .oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant('token'))
              .map((n) =>
                floodEvent(dialect, { status: 'TASK_STATE_WORKING', metadata: `{"n":${JSON.stringify(n)}}` }),
              ),
          ),
          { maxLength: 50 },
        ),
        (extra) => {
          const all = [...datas.slice(0, 20), ...extra, ...datas.slice(20)];
          const isError = (i: number) => i >= 20 + extra.length && errors.includes(i - extra.length);
          const counted = countedAdapter(adapter);
          const full = eventAnalyser(adapter, STREAM_REQUEST, { shapes: false, templates: false });
          const fast = eventAnalyser(counted.adapter, STREAM_REQUEST, { shapes: false });
          all.forEach((data, i) => {
            const { clean, ...result } = fast(data, isError(i));
            expect(result, data).toEqual(full(data, isError(i)));
            if (clean) expect(secretHint.test(data), data).toBe(false);
          });
          expect(counted.decodes()).toBeLessThan(all.length / 4);
        },
      ),
      { numRuns: 30 },
    );
  });
});
