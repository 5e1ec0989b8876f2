// The route-missing classifier (CARD-3): which answers to an A2A operation say that the card's generation is not
// spoken there (404, 405, an HTML page, a success that is not JSON), and which do not (A2A results and errors, hand-
// typed requests, gRPC, an optional extended card, empty bodies, server errors).

import { describe, expect, it } from 'vitest';
import { routeMissing, routeMissingMessage } from '../../../../shared/a2a/routeMissing';
import type { FrameA2A, HeaderList, HttpFrame } from '../../../../shared/wire/frame';

function body(text: string) {
  const size = new TextEncoder().encode(text).length;
  return { base64: btoa(text), text, size, utf8Valid: true };
}

function frame(
  status: number,
  statusText: string,
  text: string,
  contentType: string,
  a2a: Partial<FrameA2A> = {},
  source = 'agent:send',
): HttpFrame {
  const headers: HeaderList = contentType ? [['Content-Type', contentType]] : [];
  return {
    kind: 'http',
    id: 'f1',
    source,
    timing: { start: 0 },
    request: { method: 'post', url: 'http://127.0.0.1:9/api?x=1', headers: [] },
    response: { status, statusText, httpVersion: '1.1', headers, body: body(text) },
    a2a: {
      agentId: 'a1',
      operation: 'send',
      generation: '0.1',
      binding: 'JSONRPC',
      outcome: 'invalid',
      ...a2a,
    },
  };
}

describe('routeMissing', () => {
  it('reads 404 and 405 as a missing route, naming the call and the answer', () => {
    expect(routeMissing(frame(404, 'Not Found', '{"detail":"Not Found"}', 'application/json'))).toEqual({
      call: 'POST /api?x=1',
      answer: '404 Not Found',
      generation: '0.1',
      binding: 'JSONRPC',
    });
    expect(routeMissing(frame(405, 'Method Not Allowed', '', ''))?.answer).toBe('405 Method Not Allowed');
    expect(routeMissing(frame(404, '', '<html><body>nope</body></html>', ''))?.answer).toBe(
      '404 with an HTML page',
    );
  });

  it('reads an HTML page or a non-JSON success as a missing route', () => {
    expect(routeMissing(frame(200, 'OK', '<p>hi</p>', 'text/html; charset=utf-8'))?.answer).toBe(
      'an HTML page (HTTP 200 OK)',
    );
    expect(routeMissing(frame(200, 'OK', '  <!DOCTYPE html><title>x</title>', 'text/plain'))?.answer).toBe(
      'an HTML page (HTTP 200 OK)',
    );
    expect(routeMissing(frame(200, 'OK', 'welcome', 'text/plain'))?.answer).toBe(
      'HTTP 200 OK with a body that is not JSON',
    );
  });

  it('leaves A2A answers, hand-typed requests, gRPC, extended cards and other failures alone', () => {
    const notFound = (a2a: Partial<FrameA2A>, source?: string) =>
      routeMissing(frame(404, 'Not Found', '{}', 'application/json', a2a, source));
    expect(notFound({ outcome: 'error', binding: 'HTTP+JSON' })).toBeUndefined();
    expect(notFound({ outcome: 'result' })).toBeUndefined();
    expect(notFound({}, 'agent:raw')).toBeUndefined();
    expect(notFound({ binding: 'GRPC' })).toBeUndefined();
    expect(notFound({ operation: 'extendedCard' })).toBeUndefined();
    expect(routeMissing(frame(200, 'OK', '', 'application/json'))).toBeUndefined();
    expect(routeMissing(frame(200, 'OK', 'data: {}\n\n', 'text/event-stream'))).toBeUndefined();
    expect(routeMissing(frame(500, 'Internal Server Error', 'boom', 'text/plain'))).toBeUndefined();
    expect(routeMissing(frame(413, 'Payload Too Large', '<html></html>', 'text/html'))).toBeUndefined();
    expect(routeMissing(frame(200, 'OK', '{"jsonrpc":"2.0"}', 'application/json'))).toBeUndefined();
    const failed = frame(404, 'Not Found', '', '');
    delete failed.response;
    expect(routeMissing(failed)).toBeUndefined();
  });
});

describe('routeMissingMessage', () => {
  it('says what the card reads as, what came back and what to try', () => {
    expect(
      routeMissingMessage({
        call: 'POST /',
        answer: '404 Not Found',
        generation: '0.3',
        binding: 'HTTP+JSON',
      }),
    ).toBe(
      "The card reads as A2A 0.3, but POST / answered 404 Not Found: this agent may not speak A2A 0.3 over HTTP+JSON. Try the request editor with the card's credentials.",
    );
  });
});
