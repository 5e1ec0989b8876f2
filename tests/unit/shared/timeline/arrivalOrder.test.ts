// TL-7: timeline entries are kept in arrival order when push deliveries and stream events reach the model
// interleaved out of order, and the incremental insertion gives what a full stable sort would.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SseFrame, WebhookFrame } from '../../../../shared/wire/frame';
import { insertByArrival } from '../../../../shared/timeline/arrivalOrder';
import { TimelineModel } from '../../../../shared/timeline/timelineModel';

const T0 = 1_700_000_000_000;

function streamBlock(id: string, offsetMs: number): SseFrame {
  const raw = ': ping\n\n';
  return {
    kind: 'sse',
    id,
    exchangeId: 'x-stream',
    source: 'test',
    timing: { start: T0 + offsetMs },
    seq: 0,
    offset: { start: 0, end: raw.length },
    raw,
    dispatched: false,
    comments: ['ping'],
  };
}

function pushDelivery(id: string, offsetMs: number): WebhookFrame {
  return {
    kind: 'webhook',
    id,
    source: 'webhook',
    timing: { start: T0 + offsetMs },
    request: { method: 'POST', url: '/push/target-1', headers: [] },
    response: { status: 401, headers: [], body: { base64: '', text: '', size: 0, utf8Valid: true } },
    verdict: { accepted: false, status: 401, reason: 'no token', auth: 'none' },
  };
}

describe('timeline arrival order (TL-7)', () => {
  it('lists a push at +3510 ms after a stream event at +3496 ms that was ingested later', () => {
    const model = new TimelineModel();
    model.ingest([streamBlock('s1', 3000), pushDelivery('p1', 3510)]);
    model.ingest([streamBlock('s2', 3496), streamBlock('s3', 3600)]);
    model.ingest([pushDelivery('p2', 3100)]);
    expect(model.entries.map((e) => [e.id, e.at - T0])).toEqual([
      ['s1', 3000],
      ['p2', 3100],
      ['s2', 3496],
      ['p1', 3510],
      ['s3', 3600],
    ]);
    expect(model.insertions).toBe(2);
    expect(model.counts.push).toBe(2);
    expect(model.counts['keep-alive']).toBe(3);
  });

  it('keeps ingest order for entries that arrived at the same millisecond (a stable merge)', () => {
    const model = new TimelineModel();
    model.ingest([streamBlock('s1', 10), pushDelivery('p1', 20), streamBlock('s2', 20)]);
    model.ingest([pushDelivery('p2', 20), streamBlock('s0', 5)]);
    expect(model.entries.map((e) => e.id)).toEqual(['s0', 's1', 'p1', 's2', 'p2']);
    // Appending at the end is not an insertion; only s0 went before the end.
    expect(model.insertions).toBe(1);
  });

  it('gives what a full stable sort by arrival gives, for any interleaving (differential)', () => {
    const entry = fc.record({
      at: fc.integer({ min: 0, max: 50 }),
      source: fc.constantFrom('push', 'stream'),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 200 }), (items) => {
        const tagged = items.map((item, seq) => ({ ...item, seq }));
        const merged: typeof tagged = [];
        for (const item of tagged) insertByArrival(merged, item);
        // Array.prototype.sort is stable (ES2019), so this is the straightforward reference.
        const sorted = [...tagged].sort((a, b) => a.at - b.at);
        expect(merged.map((e) => e.seq)).toEqual(sorted.map((e) => e.seq));
      }),
      { numRuns: 300 },
    );
  });

  it('returns the index the entry went to', () => {
    const list = [{ at: 1 }, { at: 3 }, { at: 3 }, { at: 7 }];
    expect(insertByArrival(list, { at: 3 })).toBe(3);
    expect(insertByArrival(list, { at: 0 })).toBe(0);
    expect(insertByArrival(list, { at: 9 })).toBe(6);
    expect(list.map((e) => e.at)).toEqual([0, 1, 3, 3, 3, 7, 9]);
  });
});
