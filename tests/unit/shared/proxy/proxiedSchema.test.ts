// A session file's proxied tags (PRX-1) are checked on open like the rest of a frame: a good tag is kept as it is,
// one of the wrong shape is refused with where it is, before a view could trip on it.

import { describe, expect, it } from 'vitest';
import { httpFrameSchema, sseFrameSchema } from '../../../../shared/session/frameSchema';

const proxied = {
  proxyId: 'p1',
  listenUrl: 'http://127.0.0.1:41001',
  upstream: 'http://127.0.0.1:9001',
  client: { address: '127.0.0.1', port: 51234, userAgent: 'a2a-js/1.3.0' },
  binding: 'JSONRPC',
  faults: [{ ruleId: 'slow', kind: 'delay-first-byte', detail: 'Delayed the first byte by 2000 ms' }],
};
const http = {
  kind: 'http',
  id: 'f1',
  source: 'proxy',
  timing: { start: 1 },
  request: { method: 'POST', url: 'http://127.0.0.1:41001/', headers: [] },
};
const sse = {
  kind: 'sse',
  id: 'e1',
  source: 'proxy',
  timing: { start: 2 },
  exchangeId: 'f1',
  seq: 0,
  offset: { start: 0, end: 8 },
  raw: 'data: 1\n\n',
  dispatched: true,
};

describe('proxied tag in a session file', () => {
  it('keeps a good tag on http and sse frames', () => {
    expect(httpFrameSchema.parse({ ...http, proxied })).toMatchObject({ proxied });
    expect(sseFrameSchema.parse({ ...sse, proxied })).toMatchObject({ proxied });
  });

  it.each([
    ['a client that is not an object', { ...proxied, client: 5 }, ['proxied', 'client']],
    [
      'a fault without words',
      { ...proxied, faults: [{ ruleId: 'x', kind: 'stall' }] },
      ['proxied', 'faults', 0, 'detail'],
    ],
    ['no upstream', { ...proxied, upstream: undefined }, ['proxied', 'upstream']],
  ])('refuses %s, saying where', (_label, tag, path) => {
    const parsed = httpFrameSchema.safeParse({ ...http, proxied: tag });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(path);
  });
});
