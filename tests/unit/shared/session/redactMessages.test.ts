// Secrets that hide outside headers and known keys (review of issue 7): credentials in URL values inside JSON bodies
// (a push config's url), URLs quoted in error messages, JWTs in finding messages and in an SSE event's type.

import { describe, expect, it } from 'vitest';
import { redactFrames } from '../../../../shared/session/redact';
import type { HttpFrame, SseFrame } from '../../../../shared/wire/frame';

const body = (text: string) => ({
  base64: Buffer.from(text).toString('base64'),
  text,
  size: Buffer.byteLength(text),
  utf8Valid: true,
});
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib2IifQ.c2lnbmF0dXJlLXZhbHVl';

describe('secrets outside headers and known keys', () => {
  it('a URL value in a JSON body loses its user info and secret parameters', () => {
    const text = JSON.stringify({
      params: { config: { url: 'https://u:pw123@hook.example/cb?access_token=QQQ&x=1' } },
    });
    const frame: HttpFrame = {
      kind: 'http',
      id: 'h',
      source: 'agent:pushConfigSet',
      timing: { start: 1 },
      request: {
        method: 'POST',
        url: 'http://127.0.0.1/rpc',
        headers: [['Content-Type', 'application/json']],
        body: body(text),
      },
    };
    const { frames, items } = redactFrames([frame]);
    const out = JSON.stringify(frames);
    expect(out).not.toContain('pw123');
    expect(out).not.toContain('QQQ');
    expect(out).toContain('x=1');
    expect(items.map((item) => item.kind).sort()).toEqual(['token', 'url-credentials']);
  });

  it('an error message quoting a URL with credentials, and a finding quoting a JWT', () => {
    const frame: HttpFrame = {
      kind: 'http',
      id: 'h',
      source: 'address-bar',
      timing: { start: 1 },
      request: { method: 'GET', url: 'http://bob:pw123@127.0.0.1:1/x', headers: [] },
      error: {
        kind: 'refused',
        label: 'Connection refused',
        message: 'Could not reach http://bob:pw123@127.0.0.1:1/x?api_key=KKK',
      },
      findings: [{ rule: 'json.invalid', severity: 'error', message: `Unexpected token near ${jwt}` }],
    };
    const out = JSON.stringify(redactFrames([frame]).frames);
    expect(out).not.toContain('pw123');
    expect(out).not.toContain('KKK');
    expect(out).not.toContain(jwt);
  });

  it("an SSE event's type carrying a JWT", () => {
    const raw = `event: ${jwt}\ndata: {}\n\n`;
    const frame: SseFrame = {
      kind: 'sse',
      id: 's',
      exchangeId: 'h',
      source: 'agent:stream',
      timing: { start: 1 },
      seq: 0,
      offset: { start: 0, end: raw.length },
      raw,
      dispatched: true,
      event: { index: 0, type: jwt, data: '{}' },
      json: {},
    };
    const out = JSON.stringify(redactFrames([frame]).frames);
    expect(out).not.toContain(jwt);
  });
});
