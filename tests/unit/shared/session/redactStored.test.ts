// Redacting an answer kept on disk (SEC-4): only its decodable text is in the frame, so redaction cleans that text
// and leaves the reference, size and empty bytes as they are, instead of rebuilding a body from the reduced text.

import { describe, expect, it } from 'vitest';
import { redactFrames } from '../../../../shared/session/redact';
import type { HttpFrame } from '../../../../shared/wire/frame';

describe('a stored body', () => {
  it('has secrets masked in its text and keeps its reference', () => {
    const text = JSON.stringify({
      result: { access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' },
    });
    const frame: HttpFrame = {
      kind: 'http',
      id: 'f',
      source: 'test',
      timing: { start: 0 },
      request: { method: 'POST', url: 'http://127.0.0.1/rpc', headers: [] },
      response: {
        status: 200,
        statusText: 'OK',
        httpVersion: '1.1',
        headers: [['Content-Type', 'application/json']],
        body: {
          base64: '',
          text,
          size: 50_000_000,
          utf8Valid: true,
          stored: { sha256: 'c'.repeat(64), text: 'reduced', strings: 1 },
        },
      },
    };
    const [clean] = redactFrames([frame]).frames as HttpFrame[];
    const body = clean!.response!.body;
    expect(body.text).not.toContain('eyJhbGciOiJIUzI1NiJ9');
    expect(body).toMatchObject({ base64: '', size: 50_000_000, stored: { sha256: 'c'.repeat(64) } });
  });
});
