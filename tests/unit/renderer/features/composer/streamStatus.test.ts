// MSG-9: what the composer says about the stream a send opened, open and after each way it can end.

import { describe, expect, it } from 'vitest';
import type { FrameError, HttpFrame, StreamSummary } from '../../../../../shared/wire/frame';
import { elapsed, streamStatus } from '../../../../../renderer/features/composer/streamStatus';

const T0 = 1_700_000_000_000;

function exchange(state: HttpFrame['state'], stream?: StreamSummary, error?: FrameError): HttpFrame {
  const frame: HttpFrame = {
    kind: 'http',
    id: 'x1',
    rev: state === 'done' ? 3 : 2,
    source: 'agent',
    timing: { start: T0, firstByte: T0 + 100 },
    request: { method: 'POST', url: 'http://127.0.0.1:9/', headers: [] },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [],
      body: { base64: '', text: '', size: 0, utf8Valid: true },
    },
  };
  if (state) frame.state = state;
  if (stream) frame.stream = stream;
  if (error) frame.error = error;
  return frame;
}

const summary = (events: number, ended: StreamSummary['ended']): StreamSummary => ({
  bytes: 100,
  events,
  emptyBlocks: 0,
  ...(ended ? { ended } : {}),
});

describe('stream status (MSG-9)', () => {
  it('while open, says how many events came and how long ago the last one did', () => {
    const status = streamStatus(exchange('streaming'), { events: 3, lastEventAt: T0 + 2_000 }, T0 + 6_500);
    expect(status).toEqual({ phase: 'open', text: 'Stream open (HTTP 200) · 3 events · last event 4 s ago' });
  });

  it('while open with no event yet, says how long ago it opened', () => {
    const status = streamStatus(exchange('streaming'), { events: 0 }, T0 + 1_100);
    expect(status.text).toBe('Stream open (HTTP 200) · no events yet · opened 1 s ago');
  });

  it('says how each stream ended, with the host count of events', () => {
    const progress = { events: 2, lastEventAt: T0 };
    expect(streamStatus(exchange('done', summary(5, 'complete')), progress, T0).text).toBe(
      'Stream complete, 5 events.',
    );
    expect(streamStatus(exchange('done', summary(1, 'closed-by-user')), progress, T0)).toEqual({
      phase: 'closed-by-you',
      text: 'Stream closed by you, 1 event.',
    });
    const timeout: FrameError = { kind: 'timeout', label: 'Timed out', message: 'idle for 30 s' };
    expect(streamStatus(exchange('done', summary(4, 'error'), timeout), progress, T0)).toEqual({
      phase: 'timed-out',
      text: 'Stream timed out, 4 events (Timed out).',
    });
    const reset: FrameError = { kind: 'reset', label: 'Connection reset', message: 'ECONNRESET' };
    expect(streamStatus(exchange('done', summary(7, 'error'), reset), progress, T0)).toEqual({
      phase: 'dropped',
      text: 'Stream dropped, 7 events (Connection reset).',
    });
  });

  it('formats elapsed time in whole seconds, then minutes', () => {
    expect(elapsed(-5)).toBe('0 s');
    expect(elapsed(59_999)).toBe('59 s');
    expect(elapsed(125_000)).toBe('2 min 5 s');
  });
});
