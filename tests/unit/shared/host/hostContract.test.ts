// The host contract and the pieces every transport is derived from: the name list, the proxy, dispatch with
// argument validation, and the in-process connection.

import { describe, expect, it, vi } from 'vitest';
import {
  hostEventTypes,
  hostMethodNames,
  type HostApi,
  type HostEvent,
  type HostEventType,
  type HostService,
} from '../../../../shared/host/hostApi';
import { dispatchHostCall } from '../../../../shared/host/dispatch';
import { connectInProcess } from '../../../../shared/host/inProcess';
import { createHostProxy, HostCallError } from '../../../../shared/host/proxy';
import { hostArgSchemas } from '../../../../shared/host/schemas';
import type { HttpFrame } from '../../../../shared/wire/frame';

const frame: HttpFrame = {
  kind: 'http',
  id: 'f1',
  source: 'test',
  timing: { start: 1, end: 2 },
  request: { method: 'GET', url: 'http://127.0.0.1/', headers: [] },
};

function fakeHost(): HostService & { emit(event: HostEvent): void } {
  const listeners = new Set<(event: HostEvent) => void>();
  return {
    getInfo: vi.fn(async () => ({
      appName: 'Switchboard',
      appVersion: '1',
      edition: 'test' as const,
      platform: 'linux',
      arch: 'x64',
      nodeVersion: '20',
      secretStorage: 'memory' as const,
    })),
    fetchRaw: vi.fn(async () => frame),
    ...agentMethodsNotUsedHere(),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {},
    announceOpen(path) {
      for (const listener of listeners) listener({ type: 'open-session', path });
    },
    emit(event) {
      for (const listener of listeners) listener(event);
    },
  };
}

/** The agent client's methods are covered by the integration tests; here they only have to exist. */
function agentMethodsNotUsedHere() {
  const unused = async (): Promise<never> => {
    throw new Error('not used in this test');
  };
  return {
    bootstrap: unused,
    openAgent: unused,
    configureAgent: unused,
    trustOrigin: unused,
    runOperation: unused,
    closeStream: unused,
    awaitStream: unused,
    resyncTask: unused,
    forgetAgent: unused,
    checkCard: unused,
    checkRequestBody: unused,
    openCard: unused,
    sendRaw: unused,
    openSession: unused,
    readSessionFrames: unused,
    readSessionRows: unused,
    findSessionRow: unused,
    listSessionTasks: unused,
    readSessionTask: unused,
    searchSession: unused,
    cancelSearch: unused,
    cancelOperation: unused,
    readStoredBytes: unused,
    openExternally: unused,
    unlockSecrets: unused,
    startSignIn: unused,
    awaitSignIn: unused,
    tokenStatus: unused,
    signOut: unused,
    closeSession: unused,
    saveSession: unused,
    exportSession: unused,
    listSessions: unused,
    resendSession: unused,
    startMockAgent: unused,
    stopMockAgent: unused,
    listMockAgents: unused,
    runProbes: unused,
    actsCatalog: unused,
    startActs: unused,
    awaitActs: unused,
    stopActs: unused,
    loadLibrary: unused,
    saveLibrary: unused,
    startDemoAgent: unused,
    createPushTarget: unused,
    listPushTargets: unused,
    deletePushTarget: unused,
    webhookStatus: unused,
    setWebhookListener: unused,
    startProxy: unused,
    stopProxy: unused,
    listProxies: unused,
    setProxyFaultRules: unused,
  };
}

describe('contract', () => {
  it('lists each method once, each with an argument schema', () => {
    expect(new Set(hostMethodNames).size).toBe(hostMethodNames.length);
    expect(Object.keys(hostArgSchemas).sort()).toEqual([...hostMethodNames].sort());
  });

  it('builds a proxy with exactly the contract methods, as own plain functions', () => {
    const proxy = createHostProxy(async () => ({ ok: true, value: null }));
    expect(Object.keys(proxy).sort()).toEqual([...hostMethodNames].sort());
    for (const name of hostMethodNames) expect(typeof proxy[name]).toBe('function');
  });

  it('turns an error envelope into a HostCallError with the remote name', async () => {
    const proxy = createHostProxy(async () => ({
      ok: false,
      error: { name: 'InvalidArguments', message: 'bad' },
    }));
    await expect(proxy.getInfo()).rejects.toMatchObject({
      name: 'HostCallError',
      remoteName: 'InvalidArguments',
      message: 'bad',
    });
    const garbage = createHostProxy(async () => 'nonsense' as never);
    await expect(garbage.getInfo()).rejects.toBeInstanceOf(HostCallError);
  });
});

describe('dispatchHostCall', () => {
  it('calls the host with validated arguments', async () => {
    const host = fakeHost();
    const result = await dispatchHostCall(host, 'fetchRaw', [{ method: 'GET', url: 'http://127.0.0.1/' }]);
    expect(result).toEqual({ ok: true, value: frame });
    expect(host.fetchRaw).toHaveBeenCalledWith({ method: 'GET', url: 'http://127.0.0.1/' });
  });

  it.each(['__proto__', 'constructor', 'toString', 'onEvent', 'hasOwnProperty', '', 42, null])(
    'refuses %j, which is not a contract method',
    async (method) => {
      const result = await dispatchHostCall(fakeHost(), method, []);
      expect(result).toMatchObject({ ok: false, error: { name: 'UnknownMethod' } });
    },
  );

  it.each([
    ['no arguments', []],
    ['not an array', { method: 'GET' }],
    ['an extra argument', [{ method: 'GET', url: 'http://x/' }, 1]],
    ['a method with CRLF', [{ method: 'GET\r\n', url: 'http://x/' }]],
    ['a header value with LF', [{ method: 'GET', url: 'http://x/', headers: [['X-A', 'a\nb']] }]],
    ['a header name with a space', [{ method: 'GET', url: 'http://x/', headers: [['X A', 'b']] }]],
    ['an unknown field', [{ method: 'GET', url: 'http://x/', evil: true }]],
    ['a negative timeout', [{ method: 'GET', url: 'http://x/', timeouts: { totalMs: -1 } }]],
    ['a body that is both', [{ method: 'POST', url: 'http://x/', body: { text: 'a', base64: 'YQ==' } }]],
    ['bad base64', [{ method: 'POST', url: 'http://x/', body: { base64: '!!' } }]],
    ['a secret header name with a space', [{ method: 'GET', url: 'http://x/', secretHeaders: ['X A'] }]],
  ])('refuses fetchRaw with %s, saying why', async (_label, args) => {
    const host = fakeHost();
    const result = await dispatchHostCall(host, 'fetchRaw', args);
    expect(result).toMatchObject({ ok: false, error: { name: 'InvalidArguments' } });
    if (!result.ok) expect(result.error.message).toMatch(/^fetchRaw: /);
    expect(host.fetchRaw).not.toHaveBeenCalled();
  });

  it('accepts a valid operation for every agent method', async () => {
    const calls: Array<[string, unknown[]]> = [
      [
        'openAgent',
        [{ url: 'http://x/', settings: { timeouts: { idleMs: 5 }, auth: { type: 'bearer', token: 't' } } }],
      ],
      [
        'configureAgent',
        [{ agentId: 'a', settings: { selection: { generation: '0.3', binding: 'HTTP+JSON' } } }],
      ],
      ['trustOrigin', [{ agentId: 'a', origin: 'https://auth.example' }]],
      [
        'runOperation',
        [
          {
            agentId: 'a',
            operation: 'send',
            input: { message: { parts: [{ kind: 'data', data: { a: 1 } }] }, blocking: false },
          },
        ],
      ],
      ['runOperation', [{ agentId: 'a', operation: 'extendedCard', input: {} }]],
      ['closeStream', [{ exchangeId: 'e' }]],
      ['awaitStream', [{ exchangeId: 'e' }]],
      ['resyncTask', [{ agentId: 'a', taskId: 't' }]],
      ['forgetAgent', [{ agentId: 'a' }]],
      ['startProxy', [{ upstream: 'http://127.0.0.1:9/', port: 0, injectTrace: true, routePush: false }]],
      ['startProxy', [{ upstream: 'http://127.0.0.1:9/', replaceWith: '/tmp/run.switchboard' }]],
      ['stopProxy', [{ id: 'p1' }]],
      ['listProxies', []],
      ['setProxyFaultRules', [{ id: 'p1', rules: [{ kind: 'error', status: 503 }] }]],
      ['setProxyFaultRules', [{ id: 'p1', rules: null }]],
      ['signOut', [{ agentId: 'a', revokeAt: 'https://auth.example' }]],
    ];
    for (const [method, args] of calls) {
      const result = await dispatchHostCall(fakeHost(), method, args);
      // The fake's agent methods throw "not used": reaching them proves the arguments passed validation.
      expect(result, method).toEqual({
        ok: false,
        error: { name: 'Error', message: 'not used in this test' },
      });
    }
  });

  it.each([
    ['an unknown operation', 'runOperation', [{ agentId: 'a', operation: 'delete', input: {} }]],
    [
      'send without blocking',
      'runOperation',
      [{ agentId: 'a', operation: 'send', input: { message: { parts: [] } } }],
    ],
    [
      'a part of unknown kind',
      'runOperation',
      [{ agentId: 'a', operation: 'send', input: { message: { parts: [{ kind: 'x' }] }, blocking: true } }],
    ],
    ['get without a task id', 'runOperation', [{ agentId: 'a', operation: 'get', input: {} }]],
    [
      'a custom header with CRLF',
      'configureAgent',
      [{ agentId: 'a', settings: { headers: [{ name: 'X', value: 'a\r\nb' }] } }],
    ],
    [
      'a Basic user name with a colon',
      'configureAgent',
      [{ agentId: 'a', settings: { auth: { type: 'basic', username: 'a:b', password: '' } } }],
    ],
    ['an unknown auth type', 'openAgent', [{ url: 'http://x/', settings: { auth: { type: 'magic' } } }]],
    ['a zero timeout', 'openAgent', [{ url: 'http://x/', settings: { timeouts: { idleMs: 0 } } }]],
    ['a proxy without an upstream', 'startProxy', [{ port: 1 }]],
    ['a proxy on a port past 65535', 'startProxy', [{ upstream: 'http://x/', port: 70_000 }]],
    ['a proxy with an unknown option', 'startProxy', [{ upstream: 'http://x/', bind: '0.0.0.0' }]],
    ['stopping a proxy without an id', 'stopProxy', [{}]],
    ['fault rules over 256 KiB', 'setProxyFaultRules', [{ id: 'p1', rules: ['x'.repeat(300 * 1024)] }]],
    ['revoking at a URL with a path', 'signOut', [{ agentId: 'a', revokeAt: 'https://auth.example/revoke' }]],
    ['revoking at no URL', 'signOut', [{ agentId: 'a', revokeAt: 'elsewhere' }]],
  ])('refuses %s', async (_label, method, args) => {
    const result = await dispatchHostCall(fakeHost(), method, args);
    expect(result).toMatchObject({ ok: false, error: { name: 'InvalidArguments' } });
    if (!result.ok) expect(result.error.message.startsWith(`${method}: `)).toBe(true);
  });

  it('says in words why a proxy was refused', async () => {
    const port = await dispatchHostCall(fakeHost(), 'startProxy', [{ upstream: 'http://x/', port: 1.5 }]);
    expect(port).toMatchObject({ ok: false, error: { message: expect.stringContaining('whole number') } });
    const empty = await dispatchHostCall(fakeHost(), 'startProxy', [{ upstream: '' }]);
    expect(empty).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('card URL or its base') },
    });
    const big = await dispatchHostCall(fakeHost(), 'setProxyFaultRules', [
      { id: 'p', rules: 'x'.repeat(300_000) },
    ]);
    expect(big).toMatchObject({ ok: false, error: { message: expect.stringContaining('256 KiB') } });
  });

  it('says what revokeAt must be', async () => {
    const result = await dispatchHostCall(fakeHost(), 'signOut', [
      { agentId: 'a', revokeAt: 'https://x.example/r' },
    ]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toContain(
        'revokeAt must be an origin such as https://auth.example, with no path.',
      );
    }
  });

  it('wraps a thrown error instead of letting it escape', async () => {
    const host = fakeHost();
    host.getInfo = async () => {
      throw new RangeError('boom');
    };
    expect(await dispatchHostCall(host, 'getInfo', [])).toEqual({
      ok: false,
      error: { name: 'RangeError', message: 'boom' },
    });
  });
});

describe('in-process connection', () => {
  it('round-trips calls and events through JSON', async () => {
    const host = fakeHost();
    const connection: HostApi & { onEvent: HostService['onEvent'] } = connectInProcess(host);
    expect(await connection.fetchRaw({ method: 'GET', url: 'http://127.0.0.1/' })).toEqual(frame);
    const events: HostEvent[] = [];
    const stop = connection.onEvent((event) => events.push(event));
    host.emit({ type: 'frames', frames: [frame] });
    stop();
    host.emit({ type: 'frames', frames: [frame] });
    expect(events).toEqual([{ type: 'frames', frames: [frame] }]);
    const first = events[0]!;
    expect(first.type === 'frames' && first.frames[0]).not.toBe(frame);
  });

  it('lists every event type, and relays one of each', () => {
    // A new event in the union without a sample here does not compile; one missing from the list fails below.
    const oneOfEach: { [T in HostEventType]: Extract<HostEvent, { type: T }> } = {
      frames: { type: 'frames', frames: [frame] },
      'open-session': { type: 'open-session', path: '/tmp/run.switchboard' },
      acts: { type: 'acts', progress: { runId: 'r', done: 1, total: 2 } },
      search: {
        type: 'search',
        progress: {
          searchId: 's',
          hits: [{ index: 0, frameId: 'f1', fields: [], count: 0 }],
          scanned: 1,
          total: 1,
          done: true,
        },
      },
      proxies: { type: 'proxies', proxies: [] },
      progress: { type: 'progress', progress: { opId: 'op-1', done: 10, total: 20, unit: 'bytes' } },
      'session-index': {
        type: 'session-index',
        progress: { sessionId: 's-1', indexed: 10, estimated: 40, bytesRead: 100, bytes: 400, done: false },
      },
      'session-details': {
        type: 'session-details',
        details: { sessionId: 's-1', title: 'Run', agents: [], frameCount: 40, endedAt: 2, notices: [] },
      },
    };
    expect(Object.keys(oneOfEach).sort()).toEqual([...hostEventTypes].sort());
    expect(new Set(hostEventTypes).size).toBe(hostEventTypes.length);
    const host = fakeHost();
    const events: HostEvent[] = [];
    connectInProcess(host).onEvent((event) => events.push(event));
    for (const event of Object.values(oneOfEach)) host.emit(event);
    expect(events).toEqual(Object.values(oneOfEach));
  });
});
