// Masking a frame's secrets (AUTH-1, FRM-1): each kind of SecretMark hides exactly its value and nothing else, a
// frame without marks is shown in clear, and hostile or malformed text never breaks the masking.

import { describe, expect, it } from 'vitest';
import type { BodyBytes, HttpFrame, SecretMark } from '../../../../shared/wire/frame';
import {
  maskExchange,
  maskedHeaderValue,
  maskFormText,
  maskJsonKeys,
  maskJsonPointers,
  maskUrl,
  SECRET_MASK,
} from '../../../../shared/wire/secretMask';

const M = SECRET_MASK;

function body(text: string): BodyBytes {
  return {
    base64: Buffer.from(text).toString('base64'),
    text,
    size: Buffer.byteLength(text),
    utf8Valid: true,
  };
}

describe('headers', () => {
  const marks: SecretMark[] = [
    { in: 'request-header', name: 'Authorization' },
    { in: 'request-header', name: 'x-api-key' },
    { in: 'cookie', name: 'session' },
  ];

  it('masks a marked header whole, case-insensitively, keeping only an Authorization scheme', () => {
    expect(maskedHeaderValue('authorization', 'Bearer abc.def', marks)).toBe(`Bearer ${M}`);
    expect(maskedHeaderValue('Authorization', 'Basic dTpw', marks)).toBe(`Basic ${M}`);
    expect(maskedHeaderValue('Authorization', 'abc', marks)).toBe(M);
    expect(maskedHeaderValue('X-API-Key', 'Bearer looks-like-a-scheme', marks)).toBe(M);
    expect(maskedHeaderValue('Content-Type', 'application/json', marks)).toBeUndefined();
  });

  it('masks only the marked cookie in a Cookie header', () => {
    expect(maskedHeaderValue('Cookie', 'a=1; session=s3cret; b=2', marks)).toBe(`a=1; session=${M}; b=2`);
    expect(maskedHeaderValue('cookie', 'sessionx=1; a=session', marks)).toBeUndefined();
  });
});

describe('query and form', () => {
  it('masks the value of a marked query parameter, however it is encoded, and keeps the rest', () => {
    const marks: SecretMark[] = [{ in: 'query', name: 'api key' }];
    expect(maskUrl('http://a.test/p?x=1&api+key=K&api%20key=K2&y=api+key#api+key=z', marks)).toBe(
      `http://a.test/p?x=1&api+key=${M}&api%20key=${M}&y=api+key#api+key=z`,
    );
    expect(maskUrl('http://a.test/p', marks)).toBe('http://a.test/p');
    expect(maskUrl('http://a.test/p?api+key=%E0%A4%A', marks)).toBe(`http://a.test/p?api+key=${M}`);
  });

  it('masks a marked form field', () => {
    expect(
      maskFormText('client_id=me&client_secret=a%26b=c&scope=x', [{ in: 'form', name: 'client_secret' }]),
    ).toBe(`client_id=me&client_secret=${M}&scope=x`);
  });
});

describe('JSON', () => {
  it('masks every member with a marked key at any depth, keeping the exact text around it', () => {
    const text = '{ "token" : "t1",\n  "list": [{"token": {"nested": "t2"}}, "token"],\n  "tokens": 3 }';
    expect(maskJsonKeys(text, ['token'])).toBe(
      `{ "token" : "${M}",\n  "list": [{"token": "${M}"}, "token"],\n  "tokens": 3 }`,
    );
  });

  it('masks values at pointers, only where they exist', () => {
    const text = '{"access_token":"AT","refresh_token":null,"nested":{"a/b":[1,"x"]}}';
    expect(maskJsonPointers(text, ['/access_token', '/missing', '/nested/a~1b/1'])).toBe(
      `{"access_token":"${M}","refresh_token":null,"nested":{"a/b":[1,"${M}"]}}`,
    );
  });

  it('leaves text that is not JSON alone, and survives deep nesting', () => {
    expect(maskJsonKeys('{"token":', ['token'])).toBe('{"token":');
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    expect(maskJsonKeys(deep, ['token'])).toBe(deep);
  });
});

describe('maskExchange', () => {
  const frame = (secrets?: SecretMark[]): HttpFrame => ({
    kind: 'http',
    id: 'f1',
    source: 'test',
    timing: { start: 0 },
    request: {
      method: 'POST',
      url: 'http://a.test/rpc?key=K',
      headers: [
        ['Authorization', 'Bearer T'],
        ['Content-Type', 'application/json'],
      ],
      body: body('{"pushNotificationConfig":{"token":"PT"}}'),
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [['Content-Type', 'application/json']],
      body: body('{"access_token":"AT","expires_in":60}'),
    },
    ...(secrets ? { secrets } : {}),
  });

  it('shows a frame without marks in clear', () => {
    const shown = maskExchange(frame());
    expect(shown.url).toBe('http://a.test/rpc?key=K');
    expect(shown.requestHeaders).toEqual([
      ['Authorization', 'Bearer T'],
      ['Content-Type', 'application/json'],
    ]);
    expect(shown.requestBody).toBe('{"pushNotificationConfig":{"token":"PT"}}');
    expect(shown.responseBody).toBe('{"access_token":"AT","expires_in":60}');
  });

  it('masks every marked place of a frame', () => {
    const shown = maskExchange(
      frame([
        { in: 'request-header', name: 'authorization' },
        { in: 'query', name: 'key' },
        { in: 'request-json', key: 'token' },
        { in: 'response-json', pointer: '/access_token' },
      ]),
    );
    expect(shown.url).toBe(`http://a.test/rpc?key=${M}`);
    expect(shown.requestHeaders[0]).toEqual(['Authorization', `Bearer ${M}`]);
    expect(shown.requestBody).toBe(`{"pushNotificationConfig":{"token":"${M}"}}`);
    expect(shown.responseBody).toBe(`{"access_token":"${M}","expires_in":60}`);
    expect(JSON.stringify(shown)).not.toMatch(/"T"|Bearer T|=K\b|"PT"|"AT"/);
  });
});
