// Checks of the calling side (PRX-3): on traffic the recording proxy carried, what the caller sent is judged too —
// its envelope, its version and extension headers, which task it continues and its push configs — and only there.

import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../../shared/checks/catalog';
import { runChecks } from '../../../../shared/checks/runChecks';
import type { ProxiedInfo } from '../../../../shared/proxy/proxyTypes';
import type { Frame, HttpFrame } from '../../../../shared/wire/frame';
import { body, exchange, type ExchangeOptions } from '../../../fixtures/checks/frames';

const proxied: ProxiedInfo = {
  proxyId: 'p1',
  listenUrl: 'http://127.0.0.1:9000',
  upstream: 'http://127.0.0.1:9001',
  client: { address: '127.0.0.1', port: 50000, userAgent: 'orchestrator/1.0' },
  binding: 'JSONRPC',
};

function viaProxy(options: ExchangeOptions, requestBody?: unknown): HttpFrame {
  const frame = exchange(options);
  frame.proxied = proxied;
  if (requestBody !== undefined) frame.request.body = body(JSON.stringify(requestBody));
  return frame;
}

const report = (frames: Frame[]) => runChecks({ frames, agents: [], cardFindings: [], appVersion: 'x' });
const caller = (frames: Frame[]) => report(frames).findings.filter((f) => f.checkId.startsWith('caller.'));

const message = (extra: Record<string, unknown> = {}) => ({
  messageId: 'm2',
  role: 'ROLE_USER',
  parts: [{ text: 'again' }],
  ...extra,
});

describe('caller checks run only on proxied traffic', () => {
  it('leave Switchboard’s own calls alone and are not listed as run', () => {
    const own = exchange({ id: 'own', version: null });
    const result = report([own]);
    expect(result.findings.filter((f) => f.checkId.startsWith('caller.'))).toEqual([]);
    expect(result.checksRun.filter((id) => id.startsWith('caller.'))).toEqual([]);
  });

  it('a clean proxied call passes every caller check, and the checks are listed as run', () => {
    const result = report([viaProxy({ id: 'ok', answerTask: { id: 't', state: 'working' } })]);
    expect(result.findings.filter((f) => f.checkId.startsWith('caller.'))).toEqual([]);
    expect(result.checksRun).toEqual(expect.arrayContaining(['caller.envelope', 'caller.threading']));
  });
});

describe('envelope', () => {
  it('names each broken member with its pointer', () => {
    const frame = viaProxy({ id: 'bad' }, { jsonrpc: '1.0', params: [1], id: 1.5 });
    const found = caller([frame]);
    expect(found.map((f) => [f.checkId, f.severity, f.pointer])).toEqual([
      ['caller.envelope', 'error', '/jsonrpc'],
      ['caller.envelope', 'error', '/method'],
      ['caller.envelope', 'error', '/params'],
      ['caller.envelope', 'warning', '/id'],
    ]);
    expect(found[0]).toMatchObject({ frameIds: ['bad'], spec: 'JSON-RPC 2.0 §4 Request object' });
  });

  it('a request without an id is a notification, which gets no answer', () => {
    const frame = viaProxy({ id: 'n' }, { jsonrpc: '2.0', method: 'SendMessage', params: {} });
    expect(caller([frame])[0]?.message).toContain('no id, so it is a notification');
  });

  it('a body that is not JSON is said once', () => {
    const frame = viaProxy({ id: 'x' });
    frame.request.body = body('{oops');
    expect(caller([frame]).map((f) => f.message)).toEqual(['The caller’s JSON-RPC body is not JSON.']);
  });

  it('0.1 callers may leave out jsonrpc and id, as the 0.1 schema allows', () => {
    const frame = viaProxy(
      { id: 'old', generation: '0.1', operation: 'get', taskId: 't' },
      {
        method: 'tasks/get',
        params: { id: 't' },
      },
    );
    expect(caller([frame]).filter((f) => f.checkId === 'caller.envelope')).toEqual([]);
  });
});

describe('headers', () => {
  it('a 1.0 call without A2A-Version is taken for 0.3: a warning citing versioning', () => {
    const [found] = caller([viaProxy({ id: 'v', version: null })]);
    expect(found).toMatchObject({ checkId: 'caller.headers', severity: 'warning' });
    expect(found?.message).toBe('The caller sent no A2A-Version, so a 1.0 server takes the call for 0.3.');
    expect(found?.spec).toContain('Versioning');
  });

  it('the version may come as a query parameter instead', () => {
    const frame = viaProxy({ id: 'q', version: null, url: 'http://127.0.0.1:1/rpc?a2a-version=1.0' });
    expect(caller([frame])).toEqual([]);
  });

  it('a version that is not Major.Minor is an error', () => {
    expect(caller([viaProxy({ id: 'v', version: 'latest' })])[0]).toMatchObject({
      severity: 'error',
      message: 'The caller’s A2A-Version "latest" is not a Major.Minor version.',
    });
  });

  it('asking for extensions with another generation’s header', () => {
    const frame = viaProxy({ id: 'e', requestHeaders: [['X-A2A-Extensions', 'https://example.com/ext']] });
    expect(caller([frame]).map((f) => f.message)).toEqual([
      'The caller asked for extensions with X-A2A-Extensions; 1.0 reads A2A-Extensions.',
    ]);
  });
});

describe('task threading', () => {
  const ended = () => viaProxy({ id: 'first', answerTask: { id: 't', state: 'completed' } });
  const followUp = (extra: Record<string, unknown> = {}) =>
    viaProxy(
      { id: 'again', taskId: 't' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'SendMessage',
        params: { message: message({ taskId: 't', ...extra }) },
      },
    );

  it('a message to a task that had ended is an error naming the state', () => {
    const found = caller([ended(), followUp()]).filter((f) => f.checkId === 'caller.threading');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', frameIds: ['again'] });
    expect(found[0]?.message).toContain('after it ended (TASK_STATE_COMPLETED)');
  });

  it('continuing a task waiting for input is right', () => {
    const waiting = viaProxy({ id: 'first', answerTask: { id: 't', state: 'input-required' } });
    expect(caller([waiting, followUp({ contextId: 'c1' })])).toEqual([]);
  });

  it('continuing a task in another context is an error', () => {
    const waiting = viaProxy({ id: 'first', answerTask: { id: 't', state: 'input-required' } });
    const found = caller([waiting, followUp({ contextId: 'elsewhere' })]);
    expect(found.map((f) => f.message)).toEqual([
      'The caller continues task t in context elsewhere, but the task belongs to c1.',
    ]);
  });

  it('a task no recorded answer named is only a note (it may predate the recording)', () => {
    expect(caller([followUp()]).map((f) => [f.severity, f.message])).toEqual([
      ['info', 'The caller continues task t, which no recorded answer named.'],
    ]);
  });
});

describe('push configs', () => {
  const create = (config: Record<string, unknown>, generation = '1.0') =>
    viaProxy(
      { id: 'push', generation, operation: 'get' },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'CreateTaskPushNotificationConfig',
        params: { taskId: 't', ...config },
      },
    );
  const asSet = (frame: HttpFrame) => {
    frame.a2a!.operation = 'pushConfigSet';
    return frame;
  };

  it('a 1.0 config with a relative url, a numeric token and 0.x schemes', () => {
    const frame = asSet(create({ url: '/hook', token: 7, authentication: { schemes: ['Bearer'] } }));
    expect(caller([frame]).map((f) => [f.pointer, f.message])).toEqual([
      ['/params/url', 'The caller’s push config url "/hook" is not an absolute URL.'],
      ['/params/token', 'The caller’s push config has a token that is not a string.'],
      [
        '/params/authentication/scheme',
        'The caller’s push config authentication names no scheme (it has 0.x "schemes").',
      ],
    ]);
  });

  it('plain http to another machine is a warning; loopback is fine', () => {
    const far = asSet(create({ url: 'http://hooks.example.com/a2a', authentication: { scheme: 'Bearer' } }));
    const near = asSet(create({ url: 'http://127.0.0.1:8080/hook' }));
    expect(caller([far]).map((f) => f.severity)).toEqual(['warning']);
    expect(caller([near])).toEqual([]);
  });

  it('a 0.3 set call and a send that carries a config are read too', () => {
    const set = viaProxy(
      { id: 's', generation: '0.3', operation: 'get' },
      {
        jsonrpc: '2.0',
        id: 4,
        method: 'tasks/pushNotificationConfig/set',
        params: {
          taskId: 't',
          pushNotificationConfig: { url: 'ftp://x', authentication: { scheme: 'Bearer' } },
        },
      },
    );
    set.a2a!.operation = 'pushConfigSet';
    const send = viaProxy(
      { id: 'm', generation: '0.3' },
      {
        jsonrpc: '2.0',
        id: 5,
        method: 'message/send',
        params: {
          message: { kind: 'message', messageId: 'm', role: 'user', parts: [] },
          configuration: { pushNotificationConfig: {} },
        },
      },
    );
    expect(caller([set, send]).map((f) => [f.frameIds[0], f.pointer])).toEqual([
      ['s', '/params/pushNotificationConfig/url'],
      ['s', '/params/pushNotificationConfig/authentication/schemes'],
      ['m', '/params/configuration/pushNotificationConfig/url'],
    ]);
  });
});

describe('the request schema, checked by the host when the proxy records a request', () => {
  it('its findings on a proxied frame are the caller’s schema check', () => {
    const frame = viaProxy({
      id: 'schema',
      findings: [{ rule: 'caller.schema', severity: 'error', message: 'params/message: required' }],
    });
    expect(caller([frame]).map((f) => [f.checkId, f.message])).toEqual([
      ['caller.schema', 'params/message: required'],
    ]);
  });

  it('every caller check in the catalogue has a fixture here', () => {
    const ids = CHECKS.filter((check) => check.area === 'caller').map((check) => check.id);
    expect(ids).toEqual([
      'caller.envelope',
      'caller.schema',
      'caller.headers',
      'caller.threading',
      'caller.push-config',
    ]);
  });
});

describe('a report per side', () => {
  it('splits the findings into the agent’s and the caller’s, and JUnit gives the caller a suite', async () => {
    const { findingsBySide } = await import('../../../../shared/checks/findingSides');
    const { reportToJUnit } = await import('../../../../shared/checks/reportExport');
    const agentWrong = viaProxy({
      id: 'a',
      version: null,
      status: 500,
      answerTask: { id: 't', state: 'working' },
    });
    const result = report([agentWrong]);
    const sides = findingsBySide(result.findings);
    expect(sides.caller.map((f) => f.checkId)).toEqual(['caller.headers']);
    expect(sides.agent.length).toBeGreaterThan(0);
    expect(sides.agent.every((f) => !f.checkId.startsWith('caller.'))).toBe(true);
    expect(reportToJUnit(result)).toMatch(/<testsuite name="switchboard\.caller" tests="5" failures="1"/);
  });
});
