// Redaction (SES-6, AUTH-4): every kind of secret a session can hold is removed from frames and agent settings,
// each removal is listed by name, kind and length, and the redacted frames still say one consistent thing (an SSE
// frame's raw text, data and JSON agree; a body's base64, text and size agree).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentSettingsChange } from '../../../../shared/host/agent';
import { bytesLeave, redactAgents, redactFrame, redactFrames } from '../../../../shared/session/redact';
import { secretHint, secretKeyKind } from '../../../../shared/session/secretPatterns';
import type { RedactionItem, SessionAgent } from '../../../../shared/session/types';
import type { BodyBytes, Frame, HttpFrame, SseFrame, WebhookFrame } from '../../../../shared/wire/frame';
import { SECRET_MASK } from '../../../../shared/wire/secretMask';
import { parseSseText } from '../../../../shared/wire/sse';
import { eventJson } from '../../../../shared/wire/eventJson';

function body(text: string): BodyBytes {
  const bytes = Buffer.from(text, 'utf8');
  return { base64: bytes.toString('base64'), text, size: bytes.length, utf8Valid: true };
}

function binaryBody(bytes: Buffer): BodyBytes {
  return {
    base64: bytes.toString('base64'),
    text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
    size: bytes.length,
    utf8Valid: false,
  };
}

function jwt(subject: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: subject, iat: 1700000000 })}.c2lnbmF0dXJlLW9mLSR7c3ViamVjdH0`;
}

/** Every string a frame holds, with each base64 body and raw block decoded too, to search for secrets in. */
function everything(frames: readonly Frame[]): string {
  const decoded: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if ((key === 'base64' || key === 'rawBase64') && typeof item === 'string') {
          decoded.push(Buffer.from(item, 'base64').toString('latin1'));
        }
        walk(item);
      }
    }
  };
  walk(frames);
  return JSON.stringify(frames) + decoded.join('\n');
}

const rpcUrl = 'https://agent.example/a2a';
const base = { source: 'test', timing: { start: 1_700_000_000_000, end: 1_700_000_000_050 } };

const secrets = {
  bearer: 'bearer-token-4711',
  basicPassword: 'basic-pass-0815',
  apiKeyHeader: 'api-key-header-123',
  apiKeyQuery: 'api-key-query-456',
  apiKeyCookie: 'api-key-cookie-789',
  sessionCookie: 'session-cookie-abc',
  setCookie: 'set-cookie-def',
  urlPassword: 'url-pass-ghi',
  clientSecret: 'client-secret-jkl',
  accessToken: 'access-token-mno',
  refreshToken: 'refresh-token-pqr',
  pushToken: 'push-token-stu',
  pushCredentials: 'push-credentials-vwx',
  notificationToken: 'notification-token-yz1',
  customHeader: 'custom-header-secret-234',
  proxyPassword: 'proxy-secret-567',
  sseJwt: jwt('sse-subject'),
  bodyJwt: jwt('body-subject'),
  webhookJwt: jwt('webhook-subject'),
};
const basicValue = Buffer.from(`alice:${secrets.basicPassword}`).toString('base64');

const agentCall: HttpFrame = {
  ...base,
  kind: 'http',
  id: 'f-call',
  request: {
    method: 'POST',
    url: `https://alice:${secrets.urlPassword}@agent.example/a2a?api_key=${secrets.apiKeyQuery}&mode=x`,
    headers: [
      ['Content-Type', 'application/json'],
      ['Authorization', `Bearer ${secrets.bearer}`],
      ['X-API-Key', secrets.apiKeyHeader],
      ['X-Tenant-Password', secrets.customHeader],
      ['Cookie', `apikey=${secrets.apiKeyCookie}; sid=${secrets.sessionCookie}`],
      ['Proxy-Authorization', `Basic ${Buffer.from(`p:${secrets.proxyPassword}`).toString('base64')}`],
    ],
    body: body('{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"parts":[]}}}'),
  },
  response: {
    status: 200,
    statusText: 'OK',
    httpVersion: '1.1',
    headers: [
      ['Content-Type', 'application/json'],
      ['Set-Cookie', `session=${secrets.setCookie}; Path=/; HttpOnly`],
    ],
    body: body(
      `{"jsonrpc":"2.0","id":1,"result":{"kind":"message","parts":[{"kind":"text","text":"your id: ${secrets.bodyJwt}"}]}}`,
    ),
  },
  secrets: [
    { in: 'request-header', name: 'Authorization' },
    { in: 'request-header', name: 'X-API-Key' },
    { in: 'request-header', name: 'X-Tenant-Password' },
    { in: 'query', name: 'api_key' },
    { in: 'cookie', name: 'apikey' },
  ],
};

const basicCall: HttpFrame = {
  ...base,
  kind: 'http',
  id: 'f-basic',
  request: { method: 'GET', url: `${rpcUrl}/card`, headers: [['Authorization', `Basic ${basicValue}`]] },
  secrets: [{ in: 'request-header', name: 'Authorization' }],
  error: { kind: 'refused', label: 'Refused', message: 'connect ECONNREFUSED' },
};

const tokenRequest: HttpFrame = {
  ...base,
  kind: 'http',
  id: 'f-oauth',
  request: {
    method: 'POST',
    url: 'https://auth.example/token',
    headers: [['Content-Type', 'application/x-www-form-urlencoded']],
    body: body(`grant_type=client_credentials&client_id=app&client_secret=${secrets.clientSecret}`),
  },
  response: {
    status: 200,
    statusText: 'OK',
    httpVersion: '1.1',
    headers: [['Content-Type', 'application/json']],
    body: body(
      JSON.stringify({
        access_token: secrets.accessToken,
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: secrets.refreshToken,
      }),
    ),
  },
  secrets: [
    { in: 'response-json', pointer: '/access_token' },
    { in: 'response-json', pointer: '/refresh_token' },
    { in: 'form', name: 'client_secret' },
  ],
};

const pushSet: HttpFrame = {
  ...base,
  kind: 'http',
  id: 'f-push',
  request: {
    method: 'POST',
    url: rpcUrl,
    headers: [['Content-Type', 'application/json']],
    body: body(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tasks/pushNotificationConfig/set',
        params: {
          taskId: 't1',
          pushNotificationConfig: {
            url: 'http://127.0.0.1:9/hook',
            token: secrets.pushToken,
            authentication: { schemes: ['Bearer'], credentials: secrets.pushCredentials },
          },
        },
      }),
    ),
  },
  response: {
    status: 200,
    statusText: 'OK',
    httpVersion: '1.1',
    headers: [['Content-Type', 'application/json']],
    // The agent echoes the config, token included: no mark points at it, the key name finds it.
    body: body(
      `{"jsonrpc":"2.0","id":2,"result":{"taskId":"t1","pushNotificationConfig":{"token":"${secrets.pushToken}"}}}`,
    ),
  },
  a2a: { agentId: 'a1', operation: 'pushConfigSet', generation: '0.3', binding: 'JSONRPC' },
  secrets: [
    { in: 'request-json', key: 'token' },
    { in: 'request-json', key: 'credentials' },
  ],
};

const streamCall: HttpFrame = {
  ...base,
  kind: 'http',
  id: 'f-stream',
  request: { method: 'POST', url: rpcUrl, headers: [['Accept', 'text/event-stream']], body: body('{}') },
  response: {
    status: 200,
    statusText: 'OK',
    httpVersion: '1.1',
    headers: [['Content-Type', 'text/event-stream']],
    body: body(''),
  },
  stream: { bytes: 100, events: 1, emptyBlocks: 0, ended: 'complete' },
};

const sseData = JSON.stringify({
  jsonrpc: '2.0',
  id: 3,
  result: {
    kind: 'artifact-update',
    artifact: { parts: [{ kind: 'text', text: `token ${secrets.sseJwt} here` }] },
  },
});
const sseEvent: SseFrame = {
  kind: 'sse',
  id: 'f-sse',
  exchangeId: 'f-stream',
  source: 'test',
  timing: { start: 1_700_000_000_020 },
  seq: 0,
  offset: { start: 0, end: Buffer.byteLength(`event: message\ndata: ${sseData}\n\n`) },
  raw: `event: message\ndata: ${sseData}\n\n`,
  dispatched: true,
  event: { index: 0, type: 'message', data: sseData },
  json: JSON.parse(sseData) as unknown,
  a2a: { item: 'artifact-update' },
};

const webhook: WebhookFrame = {
  kind: 'webhook',
  id: 'f-hook',
  source: 'webhook',
  timing: { start: 1_700_000_000_030 },
  request: {
    method: 'POST',
    url: '/push/target-1',
    headers: [
      ['Host', '127.0.0.1:9'],
      ['Content-Type', 'application/json'],
      ['X-A2A-Notification-Token', secrets.notificationToken],
      ['Authorization', `Bearer ${secrets.webhookJwt}`],
    ],
    body: body('{"kind":"status-update","taskId":"t1","status":{"state":"working"}}'),
  },
  response: { status: 200, headers: [], body: body('') },
  verdict: {
    accepted: true,
    status: 200,
    reason: 'Accepted: X-A2A-Notification-Token matched',
    auth: 'token',
  },
};

const allFrames: Frame[] = [agentCall, basicCall, tokenRequest, pushSet, streamCall, sseEvent, webhook];

function item(frameId: string, where: RedactionItem['where'], name: string, kind: RedactionItem['kind']) {
  return expect.objectContaining({ frameId, where, name, kind });
}

describe('redactFrames: every kind of secret', () => {
  const result = redactFrames(allFrames);

  it('leaves none of the secret values anywhere in the frames, decoded bodies included', () => {
    const text = everything(result.frames);
    for (const [name, value] of Object.entries(secrets)) {
      expect(text.includes(value), `${name} is still in the frames`).toBe(false);
    }
    expect(text.includes(basicValue)).toBe(false);
  });

  it('lists each removal with the right place and kind, and never the value', () => {
    expect(result.items).toEqual(
      expect.arrayContaining([
        item('f-call', 'url', 'userinfo', 'url-credentials'),
        item('f-call', 'query', 'api_key', 'api-key'),
        item('f-call', 'request-header', 'Authorization', 'authorization'),
        item('f-call', 'request-header', 'X-API-Key', 'api-key'),
        item('f-call', 'request-header', 'X-Tenant-Password', 'password'),
        item('f-call', 'request-header', 'Proxy-Authorization', 'authorization'),
        item('f-call', 'cookie', 'apikey', 'api-key'),
        item('f-call', 'cookie', 'sid', 'cookie'),
        item('f-call', 'response-header', 'Set-Cookie', 'cookie'),
        item('f-call', 'response-body', '/result/parts/0/text', 'jwt'),
        item('f-basic', 'request-header', 'Authorization', 'authorization'),
        item('f-oauth', 'form', 'client_secret', 'client-secret'),
        item('f-oauth', 'response-body', '/access_token', 'token'),
        item('f-oauth', 'response-body', '/refresh_token', 'token'),
        item('f-push', 'request-body', '/params/pushNotificationConfig/token', 'push-secret'),
        item(
          'f-push',
          'request-body',
          '/params/pushNotificationConfig/authentication/credentials',
          'push-secret',
        ),
        item('f-push', 'response-body', '/result/pushNotificationConfig/token', 'push-secret'),
        item('f-sse', 'sse', '/result/artifact/parts/0/text', 'jwt'),
        item('f-hook', 'request-header', 'X-A2A-Notification-Token', 'push-secret'),
        item('f-hook', 'request-header', 'Authorization', 'push-secret'),
      ]),
    );
    expect(result.items).toHaveLength(20);
    const lengths = Object.fromEntries(result.items.map((i) => [`${i.frameId} ${i.name}`, i.length]));
    expect(lengths['f-call Authorization']).toBe(secrets.bearer.length);
    expect(lengths['f-call userinfo']).toBe(secrets.urlPassword.length);
    expect(lengths['f-oauth /access_token']).toBe(secrets.accessToken.length);
    expect(lengths['f-sse /result/artifact/parts/0/text']).toBe(secrets.sseJwt.length);
    expect(lengths['f-basic Authorization']).toBe(basicValue.length);
    const values = new Set(Object.values(secrets));
    for (const entry of result.items)
      for (const field of Object.values(entry)) expect(values.has(String(field))).toBe(false);
  });

  it('keeps what is not secret: scheme words, names, other parameters and members', () => {
    const [call, basic, oauth, push] = result.frames as HttpFrame[];
    expect(call!.request.url).toBe(
      `https://alice:${SECRET_MASK}@agent.example/a2a?api_key=${SECRET_MASK}&mode=x`,
    );
    expect(call!.request.headers).toContainEqual(['Authorization', `Bearer ${SECRET_MASK}`]);
    expect(call!.request.headers).toContainEqual(['Cookie', `apikey=${SECRET_MASK}; sid=${SECRET_MASK}`]);
    expect(call!.request.headers).toContainEqual(['Content-Type', 'application/json']);
    expect(call!.response!.headers).toContainEqual([
      'Set-Cookie',
      `session=${SECRET_MASK}; Path=/; HttpOnly`,
    ]);
    expect(basic!.request.headers).toEqual([['Authorization', `Basic ${SECRET_MASK}`]]);
    expect(oauth!.request.body!.text).toBe(
      `grant_type=client_credentials&client_id=app&client_secret=${SECRET_MASK}`,
    );
    expect(JSON.parse(oauth!.response!.body.text)).toEqual({
      access_token: SECRET_MASK,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: SECRET_MASK,
    });
    expect(JSON.parse(push!.request.body!.text)).toMatchObject({
      params: {
        pushNotificationConfig: {
          url: 'http://127.0.0.1:9/hook',
          token: SECRET_MASK,
          authentication: { schemes: ['Bearer'], credentials: SECRET_MASK },
        },
      },
    });
  });

  it('rebuilds changed bodies: base64, text and size agree', () => {
    for (const frame of result.frames) {
      if (frame.kind === 'sse') continue;
      for (const part of [frame.request.body, frame.response?.body]) {
        if (!part) continue;
        const bytes = Buffer.from(part.base64, 'base64');
        expect(bytes.toString('utf8')).toBe(part.text);
        expect(part.size).toBe(bytes.length);
        expect(part.utf8Valid).toBe(true);
      }
    }
  });

  it('keeps an SSE frame consistent: raw parses to the data, json is the data parsed', () => {
    const sse = result.frames.find((frame): frame is SseFrame => frame.kind === 'sse')!;
    const parsed = parseSseText(sse.raw);
    expect(parsed.events).toHaveLength(1);
    expect(parsed.events[0]!.data).toBe(sse.event!.data);
    expect(sse.json).toEqual(JSON.parse(sse.event!.data));
    expect(sse.event!.data).toContain(`token ${SECRET_MASK} here`);
    // Recorded span and summary stay as they were on the wire.
    expect(sse.offset).toEqual(sseEvent.offset);
    expect(sse.a2a).toEqual(sseEvent.a2a);
  });

  it('keeps a live frame’s jsonFromData mark: its value is the cleaned data, parsed', () => {
    const { json: _json, ...rest } = sseEvent;
    const out = redactFrame({ ...rest, jsonFromData: true }).frame as SseFrame;
    expect(out.event!.data).toContain(`token ${SECRET_MASK} here`);
    expect(out.jsonFromData).toBe(true);
    expect(out).not.toHaveProperty('json');
    expect(eventJson(out)).toEqual(JSON.parse(out.event!.data));
  });

  it('does not touch its input, and gives back frames with nothing secret as the same objects', () => {
    const before = structuredClone(allFrames);
    const again = redactFrames(allFrames);
    expect(allFrames).toEqual(before);
    expect(again.frames[4]).toBe(streamCall);
    expect(again.frames[0]).not.toBe(agentCall);
  });

  it('finds nothing more in frames it already redacted (the journal, then a save)', () => {
    const twice = redactFrames(result.frames);
    expect(twice.items).toEqual([]);
    expect(twice.frames).toEqual(result.frames);
  });

  it('redacts one frame at a time the same way (the journal path)', () => {
    const one = redactFrame(agentCall);
    expect(one.frame).toEqual(result.frames[0]);
    expect(one.items).toEqual(result.items.filter((entry) => entry.frameId === 'f-call'));
  });
});

describe('redactFrames: where secrets hide', () => {
  const http = (
    request: Partial<HttpFrame['request']>,
    response?: Partial<NonNullable<HttpFrame['response']>>,
  ): HttpFrame => ({
    ...base,
    kind: 'http',
    id: 'h',
    request: { method: 'GET', url: rpcUrl, headers: [], ...request },
    ...(response
      ? {
          response: {
            status: 200,
            statusText: 'OK',
            httpVersion: '1.1',
            headers: [],
            body: body(''),
            ...response,
          },
        }
      : {}),
  });

  it('masks a URL: a lone token as user info, secret query and fragment parameters, a JWT in the path', () => {
    const token = jwt('path');
    const { frames, items } = redactFrames([
      http({ url: `https://ghp_abc@host.example/files/${token}/x?access_token=a1&q=ok#id_token=z9&state=s` }),
    ]);
    expect((frames[0] as HttpFrame).request.url).toBe(
      `https://${SECRET_MASK}@host.example/files/${SECRET_MASK}/x?access_token=${SECRET_MASK}&q=ok#id_token=${SECRET_MASK}&state=s`,
    );
    expect(items.map((i) => [i.where, i.name, i.kind, i.length])).toEqual([
      ['url', 'userinfo', 'url-credentials', 7],
      ['url', 'path', 'jwt', token.length],
      ['query', 'access_token', 'token', 2],
      ['query', 'id_token', 'token', 2],
    ]);
  });

  it('masks credentials in a redirect Location and a JWT in any other header', () => {
    const token = jwt('hdr');
    const { frames, items } = redactFrames([
      http(
        { headers: [['X-Trace', `t=${token}`]] },
        { status: 302, headers: [['Location', 'https://app.example/cb?code=c0de&state=1']] },
      ),
    ]);
    const frame = frames[0] as HttpFrame;
    expect(frame.request.headers).toEqual([['X-Trace', `t=${SECRET_MASK}`]]);
    expect(frame.response!.headers).toEqual([
      ['Location', `https://app.example/cb?code=${SECRET_MASK}&state=1`],
    ]);
    expect(items.map((i) => [i.where, i.name, i.kind])).toEqual([
      ['request-header', 'X-Trace', 'jwt'],
      ['response-header', 'Location', 'token'],
    ]);
  });

  it('leaves an agent card alone: OAuth flows named "password", apiKey schemes, tokenUrl', () => {
    const card = JSON.stringify({
      name: 'Agent',
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        oauth: {
          type: 'oauth2',
          flows: { password: { tokenUrl: 'https://auth.example/token', scopes: {} } },
        },
      },
    });
    const frame = http({}, { headers: [['Content-Type', 'application/json']], body: body(card) });
    const { frames, items } = redactFrames([frame]);
    expect(items).toEqual([]);
    expect(frames[0]).toBe(frame);
  });

  it('cleans a JSON body cut short at a cap, and one nested far deeper than any parser allows', () => {
    const cut = body('{"result":{"access_token":"abcdef12345');
    cut.truncated = { limit: 38, seen: 500 };
    const deep = `${'['.repeat(200_000)}{"password":"hunter2"}${']'.repeat(200_000)}`;
    const { frames, items } = redactFrames([
      http({}, { headers: [['Content-Type', 'application/json']], body: cut }),
      {
        ...http({ method: 'POST', headers: [['Content-Type', 'application/json']], body: body(deep) }),
        id: 'h2',
      },
    ]);
    const first = (frames[0] as HttpFrame).response!.body;
    expect(first.text).toBe(`{"result":{"access_token":${JSON.stringify(SECRET_MASK)}`);
    expect(first.truncated).toEqual({ limit: 38, seen: 500 });
    const second = (frames[1] as HttpFrame).request.body!.text;
    expect(second.includes('hunter2')).toBe(false);
    expect(second.length).toBe(deep.length - 'hunter2'.length + JSON.stringify(SECRET_MASK).length - 2);
    expect(items.map((i) => [i.kind, i.length])).toEqual([
      ['token', 'abcdef12345'.length],
      ['password', 7],
    ]);
    expect(items[1]!.name).toBe(`${'/0'.repeat(200_000)}/password`);
  });

  it('edits a body that is not UTF-8 byte for byte: JSON keys go, other bytes stay; binary keeps its length', () => {
    const json = Buffer.concat([
      Buffer.from('{"note":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('","password":"s3cret"}'),
    ]);
    const token = jwt('bin');
    const proto = Buffer.concat([
      Buffer.from([0x0a, token.length, 0xff, 0xfe]),
      Buffer.from(token),
      Buffer.from([0x00, 0x80]),
    ]);
    const { frames, items } = redactFrames([
      http({}, { headers: [['Content-Type', 'application/json']], body: binaryBody(json) }),
      { ...http({}, { headers: [['Content-Type', 'application/grpc']], body: binaryBody(proto) }), id: 'h2' },
    ]);
    const cleanJson = Buffer.from((frames[0] as HttpFrame).response!.body.base64, 'base64');
    expect(cleanJson).toEqual(
      Buffer.concat([
        Buffer.from('{"note":"caf'),
        Buffer.from([0xe9]),
        Buffer.from(`","password":${JSON.stringify(SECRET_MASK)}}`),
      ]),
    );
    expect((frames[0] as HttpFrame).response!.body.utf8Valid).toBe(false);
    const cleanProto = Buffer.from((frames[1] as HttpFrame).response!.body.base64, 'base64');
    expect(cleanProto.length).toBe(proto.length);
    expect(cleanProto.subarray(0, 4)).toEqual(proto.subarray(0, 4));
    expect(cleanProto.subarray(4, 4 + token.length).toString()).toBe('*'.repeat(token.length));
    expect(cleanProto.subarray(-2)).toEqual(Buffer.from([0x00, 0x80]));
    expect(items.map((i) => [i.where, i.kind])).toEqual([
      ['response-body', 'password'],
      ['response-body', 'jwt'],
    ]);
  });

  it('catches a JWT outside any JSON string in a body labelled JSON', () => {
    const token = jwt('html');
    const page = `<html><body>session ${token}</body></html>`;
    const { frames, items } = redactFrames([
      http({}, { status: 502, headers: [['Content-Type', 'application/json']], body: body(page) }),
    ]);
    expect((frames[0] as HttpFrame).response!.body.text).toBe(
      `<html><body>session ${SECRET_MASK}</body></html>`,
    );
    expect(items).toEqual([
      { frameId: 'h', where: 'response-body', name: 'body', kind: 'jwt', length: token.length },
    ]);
  });

  it('masks a marked custom header whose name says nothing, and nothing else in an ordinary exchange', () => {
    const frame: HttpFrame = {
      ...http({
        headers: [
          ['X-Tenant', 'acme-secret-1'],
          ['Accept', 'application/json'],
        ],
      }),
      secrets: [{ in: 'request-header', name: 'x-tenant' }],
    };
    const { frames, items } = redactFrames([frame]);
    expect((frames[0] as HttpFrame).request.headers).toEqual([
      ['X-Tenant', SECRET_MASK],
      ['Accept', 'application/json'],
    ]);
    expect(items).toEqual([
      { frameId: 'h', where: 'request-header', name: 'X-Tenant', kind: 'api-key', length: 13 },
    ]);
  });
});

describe('redactFrames: SSE blocks', () => {
  const sse = (raw: string, extra: Partial<SseFrame> = {}): SseFrame => {
    const parsed = parseSseText(raw);
    const event = parsed.events[0];
    return {
      kind: 'sse',
      id: 's',
      exchangeId: 'x',
      source: 'test',
      timing: { start: 1 },
      seq: 0,
      offset: { start: 0, end: Buffer.byteLength(raw) },
      raw,
      dispatched: event !== undefined,
      ...(event
        ? {
            event: {
              index: event.index,
              type: event.type,
              data: event.data,
              ...(event.id !== undefined ? { id: event.id } : {}),
            },
          }
        : {}),
      ...extra,
    };
  };

  it('rewrites multi-line data with CRLF endings and keeps the lines around it', () => {
    const raw =
      'id: 7\r\nevent: update\r\ndata: {"result":\r\ndata:  {"token":"abc123",\r\ndata: "x":1}}\r\n\r\n';
    const frame = sse(raw, { json: { result: { token: 'abc123', x: 1 } } });
    const { frames, items } = redactFrames([frame]);
    const clean = frames[0] as SseFrame;
    expect(clean.raw).toBe(
      `id: 7\r\nevent: update\r\ndata: {"result":\r\ndata:  {"token":${JSON.stringify(SECRET_MASK)},\r\ndata: "x":1}}\r\n\r\n`,
    );
    const reparsed = parseSseText(clean.raw).events[0]!;
    expect(reparsed.data).toBe(clean.event!.data);
    expect(reparsed.id).toBe('7');
    expect(clean.json).toEqual({ result: { token: SECRET_MASK, x: 1 } });
    expect(items).toEqual([{ frameId: 's', where: 'sse', name: '/result/token', kind: 'token', length: 6 }]);
  });

  it('masks JWTs in comments and ids, and keeps the comments list in step', () => {
    const token = jwt('comment');
    const raw = `: session ${token}\nid: ${token}\ndata: plain text\n\n`;
    const frame = sse(raw, { comments: [` session ${token}`] });
    const { frames, items } = redactFrames([frame]);
    const clean = frames[0] as SseFrame;
    expect(clean.raw).toBe(`: session ${SECRET_MASK}\nid: ${SECRET_MASK}\ndata: plain text\n\n`);
    expect(clean.comments).toEqual([` session ${SECRET_MASK}`]);
    expect(clean.event!.id).toBe(SECRET_MASK);
    expect(clean.event!.data).toBe('plain text');
    expect(items.map((i) => i.name)).toEqual(['comment', 'id']);
  });

  it('edits a block kept as bytes (not UTF-8) in its bytes, and keeps rawBase64 for what is still not UTF-8', () => {
    const token = jwt('bytes');
    const bytes = Buffer.concat([
      Buffer.from('data: {"t":"'),
      Buffer.from([0xff]),
      Buffer.from(`","jwt":"${token}"}\n\n`),
    ]);
    const raw = new TextDecoder().decode(bytes);
    const frame = sse(raw, { rawBase64: bytes.toString('base64') });
    const { frames, items } = redactFrames([frame]);
    const clean = frames[0] as SseFrame;
    const cleanBytes = Buffer.from(clean.rawBase64!, 'base64');
    expect(cleanBytes).toEqual(
      Buffer.concat([
        Buffer.from('data: {"t":"'),
        Buffer.from([0xff]),
        Buffer.from(`","jwt":"${SECRET_MASK}"}\n\n`),
      ]),
    );
    expect(clean.raw).toBe(new TextDecoder().decode(cleanBytes));
    expect(parseSseText(clean.raw).events[0]!.data).toBe(clean.event!.data);
    expect(items).toEqual([{ frameId: 's', where: 'sse', name: '/jwt', kind: 'jwt', length: token.length }]);
  });

  it('returns an event with nothing secret in it as the same object, without parsing it', () => {
    const frame = sse('data: {"kind":"status-update","status":{"state":"working"}}\n\n');
    expect(redactFrames([frame]).frames[0]).toBe(frame);
  });
});

describe('redactAgents', () => {
  const agent = (
    id: string,
    settings?: AgentSettingsChange,
    cardUrl = 'https://agent.example/card',
  ): SessionAgent => ({
    id,
    name: `Agent ${id}`,
    cardUrl,
    origin: 'https://agent.example',
    cardText: '{}',
    generation: '1.0',
    ...(settings ? { settings } : {}),
  });

  it('blanks the secret of every auth type and every secret custom header, and lists each', () => {
    const agents = [
      agent('a', { auth: { type: 'apiKey', location: 'header', name: 'X-API-Key', value: 'k-123' } }),
      agent('b', { auth: { type: 'bearer', token: 'tok-4567' } }),
      agent('c', { auth: { type: 'basic', username: 'alice', password: 'pw-89' } }),
      agent('d', {
        auth: {
          type: 'oauth2-client-credentials',
          tokenUrl: 'https://auth.example/token',
          clientId: 'app',
          clientSecret: 'cs-0000',
        },
        headers: [
          { name: 'X-Tenant', value: 'tenant-secret', secret: true },
          { name: 'X-Trace', value: 'visible' },
          { name: 'Authorization', value: 'Bearer forgot-to-mark' },
        ],
      }),
      agent('e', undefined, 'https://bob:hunter2@agent.example/card'),
    ];
    const before = structuredClone(agents);
    const { agents: clean, items } = redactAgents(agents);
    expect(agents).toEqual(before);
    expect(clean[0]!.settings!.auth).toEqual({
      type: 'apiKey',
      location: 'header',
      name: 'X-API-Key',
      value: '',
    });
    expect(clean[1]!.settings!.auth).toEqual({ type: 'bearer', token: '' });
    expect(clean[2]!.settings!.auth).toEqual({ type: 'basic', username: 'alice', password: '' });
    expect(clean[3]!.settings!.auth).toMatchObject({ clientId: 'app', clientSecret: '' });
    expect(clean[3]!.settings!.headers).toEqual([
      { name: 'X-Tenant', value: '', secret: true },
      { name: 'X-Trace', value: 'visible' },
      { name: 'Authorization', value: '' },
    ]);
    expect(clean[4]!.cardUrl).toBe(`https://bob:${SECRET_MASK}@agent.example/card`);
    expect(items.map((i) => [i.where, i.name, i.kind, i.length])).toEqual([
      ['agent-settings', 'Agent a: auth.value', 'api-key', 5],
      ['agent-settings', 'Agent b: auth.token', 'token', 8],
      ['agent-settings', 'Agent c: auth.password', 'password', 5],
      ['agent-settings', 'Agent d: auth.clientSecret', 'client-secret', 7],
      ['agent-settings', 'Agent d: header X-Tenant', 'api-key', 13],
      ['agent-settings', 'Agent d: header Authorization', 'authorization', 21],
      ['url', 'Agent e: cardUrl userinfo', 'url-credentials', 7],
    ]);
    expect(items.every((i) => i.frameId === undefined)).toBe(true);
  });

  it('blanks the host placeholder without listing it, and returns agents without secrets as they are', () => {
    const hidden = agent('a', { auth: { type: 'bearer', token: SECRET_MASK } });
    const plain = agent('b', { auth: { type: 'none' } });
    const { agents, items } = redactAgents([hidden, plain]);
    expect(agents[0]!.settings!.auth).toEqual({ type: 'bearer', token: '' });
    expect(agents[1]).toBe(plain);
    expect(items).toEqual([]);
  });
});

describe('redactFrames: JSON bodies of any shape (property)', () => {
  /** What redaction should make of a JSON value: string and number members with a secret key masked, at any depth. */
  function expected(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(expected);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [
          key,
          secretKeyKind(key) && (typeof item === 'string' || typeof item === 'number')
            ? SECRET_MASK
            : expected(item),
        ]),
      );
    }
    return value;
  }

  const secretKey = fc.constantFrom(
    'token',
    'access_token',
    'client_secret',
    'password',
    'apiKey',
    'credentials',
  );

  it('masks exactly the secret members, keeps every other value, and leaves valid JSON', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.array(
          fc.tuple(
            secretKey,
            fc.string({ minLength: 1 }).map((text) => `S!${text}`),
          ),
          { maxLength: 3 },
        ),
        fc.constantFrom(undefined, 2, '\t'),
        (value, secretsToAdd, indent) => {
          const document = { value, list: secretsToAdd.map(([key, secret]) => ({ [key]: secret, keep: 1 })) };
          const text = JSON.stringify(document, null, indent);
          const frame: HttpFrame = {
            ...base,
            kind: 'http',
            id: 'p',
            request: { method: 'GET', url: rpcUrl, headers: [] },
            response: {
              status: 200,
              statusText: 'OK',
              httpVersion: '1.1',
              headers: [['Content-Type', 'application/json']],
              body: body(text),
            },
          };
          const clean = (redactFrames([frame]).frames[0] as HttpFrame).response!.body;
          expect(JSON.parse(clean.text)).toEqual(expected(JSON.parse(text)));
          for (const [, secret] of secretsToAdd)
            expect(clean.text.includes(JSON.stringify(secret))).toBe(false);
          expect(Buffer.from(clean.base64, 'base64').toString('utf8')).toBe(clean.text);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('bytesLeave', () => {
  const samples = [
    '{"n":1,"text":"plain words"}',
    '{"access_TOKEN":"x"}',
    '{"Api-Key":"x"}',
    '{"note":"voir https://user:pw@example.com"}',
    // U+00E0 is C3 A0 in UTF-8, and A0 read as Latin-1 is a space: a userinfo the text has must still be caught.
    '{"url":"https://à@example.com"}',
    '{"jwt":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"}',
    '{"text":"déjà vu — 雨 🌧 ſecret K"}',
    '{"privateKey":"x","code_verifier":"y","AUTHORISATION":"z","assertion":"w","passwd":"v"}',
  ];

  it('says yes only of bytes in which the text-level test finds nothing', () => {
    for (const text of samples) {
      const latin1 = Buffer.from(`data: ${text}\n\n`).toString('latin1');
      if (secretHint.test(text)) expect(bytesLeave(latin1), text).toBe(false);
    }
    expect(bytesLeave(Buffer.from('data: {"n":1,"text":"plain words"}\n\n').toString('latin1'))).toBe(true);
    expect(bytesLeave(Buffer.from('{"url":"https://à@example.com"}').toString('latin1'))).toBe(false);
  });

  it('never says yes where the text-level test says maybe, for any text (property)', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.constantFrom('://', '@', 'ToKeN', 'eyJ', 'api_key', 'à', '\u00a0', 'Pass', ' ', '"'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        if (secretHint.test(text)) expect(bytesLeave(Buffer.from(text).toString('latin1'))).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
