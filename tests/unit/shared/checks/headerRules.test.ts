// Header checks of docs/protocol.md#versions-headers-and-content-types (CHK-2): the A2A-Version a request names and
// what the answer makes of it, the 1.0 media type of REST answers and push deliveries, pushes that are not JSON, and
// extensions echoed back.

import { describe, expect, it } from 'vitest';
import { MAX_GATHERED_FRAMES } from '../../../../shared/checks/frameChecks';
import { requestedVersion } from '../../../../shared/checks/headerRules';
import { runChecks } from '../../../../shared/checks/runChecks';
import type { Frame } from '../../../../shared/wire/frame';
import { exchange, push, type ExchangeOptions } from '../../../fixtures/checks/frames';

const findings = (frames: Frame[], checkId: string) =>
  runChecks({ frames, agents: [], cardFindings: [], appVersion: 'x' }).findings.filter(
    (f) => f.checkId === checkId,
  );

describe('A2A-Version', () => {
  const refused = (options: Partial<ExchangeOptions> = {}) =>
    exchange({
      id: 'h',
      outcome: 'error',
      responseText:
        '{"jsonrpc":"2.0","id":1,"error":{"code":-32009,"message":"no","data":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"VERSION_NOT_SUPPORTED"}]}}',
      ...options,
    });

  it('refusing 1.0 on an interface that declares 1.0 is an error', () => {
    expect(findings([refused()], 'frame.a2a-version')).toEqual([
      expect.objectContaining({
        severity: 'error',
        frameIds: ['h'],
        spec: 'A2A 1.0 §3.6 Versioning',
        specUrl: 'https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#36-versioning',
        message:
          'The agent refused A2A-Version 1.0 (VersionNotSupportedError), but the interface this request went to declares protocol version 1.0.',
      }),
    ]);
  });

  it('the version may come as a query parameter, and a REST refusal names it by reason', () => {
    const rest = exchange({
      id: 'r',
      binding: 'HTTP+JSON',
      version: null,
      url: 'http://127.0.0.1:1/tasks/t?A2A-Version=1.0',
      operation: 'get',
      status: 400,
      outcome: 'error',
      responseText:
        '{"error":{"code":400,"status":"FAILED_PRECONDITION","message":"no","details":[{"reason":"VERSION_NOT_SUPPORTED"}]}}',
    });
    expect(requestedVersion(rest)).toBe('1.0');
    expect(findings([rest], 'frame.a2a-version')).toHaveLength(1);
  });

  it('refusing a request that named no version is right: absent means 0.3', () => {
    expect(findings([refused({ version: null })], 'frame.a2a-version')).toEqual([]);
  });

  it('-32009 from a 0.x agent meant something else (0.1 prose): not a version refusal', () => {
    expect(findings([refused({ generation: '0.3' })], 'frame.a2a-version')).toEqual([]);
  });

  it('a 1.0 call without the header answered as 1.0: a warning (the agent must treat it as 0.3)', () => {
    const frame = exchange({ id: 'h', version: null, answerTask: { id: 't', state: 'completed' } });
    expect(findings([frame], 'frame.a2a-version')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringContaining('The 1.0 call SendMessage carried no A2A-Version'),
      }),
    ]);
    const empty = exchange({ id: 'e', version: '', answerTask: { id: 't', state: 'completed' } });
    expect(findings([empty], 'frame.a2a-version')).toHaveLength(1);
  });

  it('a 1.0 call without the header that was refused as 0.3 (-32601) is what the spec asks for', () => {
    const frame = exchange({
      id: 'h',
      version: null,
      outcome: 'error',
      responseText: '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}',
    });
    expect(findings([frame], 'frame.a2a-version')).toEqual([]);
  });

  it('a version no A2A release has, carried on with: a warning; the 1.1 draft and refusals are fine', () => {
    const odd = exchange({ id: 'odd', version: '9.9', answerTask: { id: 't', state: 'completed' } });
    expect(findings([odd], 'frame.a2a-version')).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringContaining('A2A-Version 9.9') }),
    ]);
    const draft = exchange({ id: 'd', version: '1.1', answerTask: { id: 't', state: 'completed' } });
    expect(findings([draft, refused({ id: 'r', version: '9.9' })], 'frame.a2a-version')).toEqual([]);
  });

  it('reads the header in any case, trimmed, before the query', () => {
    const frame = exchange({ id: 'h', version: null, url: 'http://x/rpc?a2a-version=0.3' });
    expect(requestedVersion(frame)).toBe('0.3');
    frame.request.headers.push(['a2a-version', ' 1.0 ']);
    expect(requestedVersion(frame)).toBe('1.0');
    expect(requestedVersion(exchange({ id: 'n', version: null }))).toBeUndefined();
  });
});

describe('1.0 media types', () => {
  const rest = (id: string, contentType: string, options: Partial<ExchangeOptions> = {}) =>
    exchange({
      id,
      binding: 'HTTP+JSON',
      url: 'http://127.0.0.1:1/message:send',
      responseHeaders: [['Content-Type', contentType]],
      responseText: '{"task":{"id":"t","contextId":"c","status":{"state":"TASK_STATE_COMPLETED"}}}',
      ...options,
    });

  it('REST answers labelled application/json: one note per agent, counting and naming them', () => {
    const frames = [rest('a', 'application/json'), rest('b', 'application/json; charset=utf-8')];
    expect(findings(frames, 'frame.media-type')).toEqual([
      {
        checkId: 'frame.media-type',
        severity: 'info',
        message:
          '2 A2A 1.0 REST answers are labelled application/json; 1.0 asks for application/a2a+json (clients accept both).',
        spec: 'A2A 1.0 §11.1 Protocol Requirements',
        specUrl:
          'https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#111-protocol-requirements',
        count: 1,
        frameIds: ['a', 'b'],
        agentId: 'a1',
      },
    ]);
  });

  it(`names at most ${MAX_GATHERED_FRAMES} frames and says so`, () => {
    const frames = Array.from({ length: MAX_GATHERED_FRAMES + 5 }, (_, i) =>
      rest(`r${i}`, 'application/json'),
    );
    const [found] = findings(frames, 'frame.media-type');
    expect(found?.frameIds).toHaveLength(MAX_GATHERED_FRAMES);
    expect(found?.message).toMatch(/^105 A2A 1\.0 REST answers .* The first 100 are listed\.$/);
  });

  it('not for application/a2a+json, 0.3 REST, JSON-RPC or error answers', () => {
    const frames = [
      rest('a', 'application/a2a+json'),
      rest('b', 'application/json', { generation: '0.3' }),
      exchange({ id: 'c' }),
      rest('d', 'application/json', { status: 404, outcome: 'error' }),
    ];
    expect(findings(frames, 'frame.media-type')).toEqual([]);
  });

  it('1.0 push deliveries labelled application/json: a note; 0.3 ones are JSON by their spec', () => {
    const frames = [
      push({ id: 'p1', taskId: 't', state: 'working', contentType: 'application/json' }),
      push({ id: 'p2', taskId: 't', state: 'working', contentType: 'application/json', generation: '0.3' }),
      push({ id: 'p3', taskId: 't', state: 'working' }),
    ];
    expect(findings(frames, 'frame.media-type')).toEqual([
      expect.objectContaining({
        message:
          '1 A2A 1.0 push delivery is labelled application/json; the 1.0 spec sends application/a2a+json.',
        frameIds: ['p1'],
      }),
    ]);
  });
});

describe('pushes that are not JSON', () => {
  it('a delivery refused for its content type is a content-type warning; one refused for its token is not', () => {
    const frames = [
      push({ id: 'p1', taskId: 't', state: 'working', contentType: 'text/plain', accepted: false }),
      push({ id: 'p2', taskId: 't', state: 'working', accepted: false, status: 401 }),
    ];
    expect(findings(frames, 'frame.content-type')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        frameIds: ['p1'],
        message:
          'A push delivery came as text/plain; deliveries are application/json or application/a2a+json, so the webhook refused it.',
      }),
    ]);
  });
});

describe('extensions', () => {
  it('0.3 names the header X-A2A-Extensions; an echo under that name counts', () => {
    const frame = exchange({
      id: 'h',
      generation: '0.3',
      requestHeaders: [['X-A2A-Extensions', 'urn:a']],
      responseHeaders: [
        ['Content-Type', 'application/json'],
        ['x-a2a-extensions', 'urn:a'],
      ],
    });
    expect(findings([frame], 'frame.extensions-echo')).toEqual([]);
  });

  it('an error answer activates nothing, so it need not echo', () => {
    const frame = exchange({ id: 'h', requestHeaders: [['A2A-Extensions', 'urn:a']], status: 400 });
    expect(findings([frame], 'frame.extensions-echo')).toEqual([]);
  });

  it('an answer that does not echo names the extensions asked for', () => {
    const frame = exchange({ id: 'h', requestHeaders: [['A2A-Extensions', 'urn:a, urn:b']] });
    expect(findings([frame], 'frame.extensions-echo')[0]?.message).toContain('(urn:a, urn:b)');
  });
});
