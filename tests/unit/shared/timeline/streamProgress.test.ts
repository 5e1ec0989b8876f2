// MSG-9: the timeline counts a stream's events and remembers when the last one came, for the composer's status.

import { describe, expect, it } from 'vitest';
import type { HttpFrame, SseFrame } from '../../../../shared/wire/frame';
import { TimelineModel } from '../../../../shared/timeline/timelineModel';

const opened: HttpFrame = {
  kind: 'http',
  id: 'x1',
  rev: 2,
  state: 'streaming',
  source: 'address-bar',
  timing: { start: 1000 },
  request: { method: 'GET', url: 'http://127.0.0.1:9/events', headers: [] },
};

function block(id: string, at: number, dispatched: boolean): SseFrame {
  const raw = dispatched ? 'data: hi\n\n' : ': ping\n\n';
  return {
    kind: 'sse',
    id,
    exchangeId: 'x1',
    source: 'address-bar',
    timing: { start: at },
    seq: 0,
    offset: { start: 0, end: raw.length },
    raw,
    dispatched,
    ...(dispatched ? { event: { index: 0, type: 'message', data: 'hi' } } : { comments: ['ping'] }),
  };
}

describe('stream progress (MSG-9)', () => {
  it('is undefined for an exchange the timeline has not seen', () => {
    expect(new TimelineModel().streamProgress('nope')).toBeUndefined();
  });

  it('counts dispatched events only; a keep-alive neither counts nor moves the last event time', () => {
    const model = new TimelineModel();
    model.ingest([opened]);
    expect(model.streamProgress('x1')).toEqual({ events: 0 });
    model.ingest([block('e1', 1100, true), block('e2', 1200, true), block('k1', 1300, false)]);
    expect(model.streamProgress('x1')).toEqual({ events: 2, lastEventAt: 1200 });
  });
});
