// The host's proxy methods (PRX-1) through the real createHost: the real engine proxies a 1.0 SDK agent, records a
// client's calls as tagged frames, puts fault rules in force while it runs (PRX-4) and says why a proxy did not
// start; with a fake engine the window hears of every start, change of rules and stop as a `proxies` event, and
// closing the host stops all.

import { afterEach, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import type { HostEvent, HostService } from '../../shared/host/hostApi';
import { connectInProcess } from '../../shared/host/inProcess';
import type { ProxyStatus } from '../../shared/proxy/proxyTypes';
import type { Frame, HttpFrame } from '../../shared/wire/frame';
import { peers } from '../peers';
import { runChecks } from '../../shared/checks/runChecks';
import { findingsBySide } from '../../shared/checks/findingSides';
import { fakeProxyEngine } from '../unit/support/fakeProxyEngine';
import { closedPort } from './support/localServer';

let host: HostService | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

/** Resolves with the next `proxies` event the connection hears. */
function nextProxiesEvent(connection: ReturnType<typeof connectInProcess>): Promise<ProxyStatus[]> {
  return new Promise((resolve) => {
    const stop = connection.onEvent((event: HostEvent) => {
      if (event.type !== 'proxies') return;
      stop();
      resolve(event.proxies);
    });
  });
}

describe('proxy methods without the engine', () => {
  it('refuses to start a proxy with a clear message and lists none', async () => {
    host = createHost({ edition: 'test', appVersion: '0.0.0-test' });
    const port = await closedPort();
    await expect(host.startProxy({ upstream: `http://127.0.0.1:${port}/` })).rejects.toThrow(/card/i);
    await expect(host.startProxy({ upstream: 'nope' })).rejects.toThrow('“nope” is not a URL');
    expect(await host.listProxies()).toEqual([]);
    expect(await host.stopProxy({ id: 'p1' })).toEqual({ stopped: false });
    await expect(host.setProxyFaultRules({ id: 'p1', rules: null })).rejects.toThrow(
      'No proxy p1 is running',
    );
  });

  it('proxies a live 1.0 agent: tagged frames, fault rules in force while it runs, refused bad rules', async () => {
    const peer = await peers['v1.0']();
    try {
      host = createHost({ edition: 'test', appVersion: '0.0.0-test' });
      const connection = connectInProcess(host);
      const frames: Frame[] = [];
      connection.onEvent((event) => {
        if (event.type === 'frames') frames.push(...event.frames);
      });
      const proxy = await connection.startProxy({ upstream: peer.cardUrl });
      expect(proxy).toMatchObject({ generation: '1.0', routePush: true, injectTrace: false, faultRules: 0 });
      const card = (await (await fetch(proxy.cardUrl)).json()) as {
        supportedInterfaces: Array<{ url: string }>;
      };
      const endpoint = card.supportedInterfaces.find((i) => i.url.startsWith(proxy.listenUrl))!.url;
      expect(await send(endpoint)).toHaveProperty('result');

      await expect(connection.setProxyFaultRules({ id: proxy.id, rules: [{ match: {} }] })).rejects.toThrow(
        'The fault rules were not applied:',
      );
      const rules = [
        { id: 'down', match: { operation: 'SendMessage' }, action: { kind: 'error', httpStatus: 503 } },
      ];
      expect(await connection.setProxyFaultRules({ id: proxy.id, rules })).toMatchObject({ faultRules: 1 });
      const refused = await send(endpoint);
      expect(refused).toHaveProperty('error');
      await connection.setProxyFaultRules({ id: proxy.id, rules: null });
      expect(await send(endpoint)).toHaveProperty('result');

      await waitFor(() => finalSends(frames).length === 3);
      const sends = finalSends(frames);
      expect(sends.every((frame) => frame.proxied?.proxyId === proxy.id)).toBe(true);
      expect(sends.map((frame) => frame.proxied?.faults?.map((fault) => fault.ruleId) ?? [])).toEqual([
        [],
        ['down'],
        [],
      ]);
      expect(sends[0]!.proxied?.client.userAgent).toBe('proxy-methods-test');
      expect(await connection.stopProxy({ id: proxy.id })).toEqual({ stopped: true });
      await expect(fetch(proxy.cardUrl)).rejects.toThrow();
    } finally {
      await peer.close();
    }
  });
});

describe('the caller judged on proxied traffic (PRX-3)', () => {
  it('a deliberately wrong client gets a finding on each of its mistakes', async () => {
    const peer = await peers['v1.0']();
    try {
      host = createHost({ edition: 'test', appVersion: '0.0.0-test' });
      const connection = connectInProcess(host);
      const frames: Frame[] = [];
      connection.onEvent((event) => {
        if (event.type === 'frames') frames.push(...event.frames);
      });
      const proxy = await connection.startProxy({ upstream: peer.cardUrl, routePush: false });
      const card = (await (await fetch(proxy.cardUrl)).json()) as {
        supportedInterfaces: Array<{ url: string }>;
      };
      const endpoint = card.supportedInterfaces.find((i) => i.url.startsWith(proxy.listenUrl))!.url;
      const call = (body: unknown, version: string | null = '1.0') =>
        rpcCall(endpoint, body, version === null ? {} : { 'A2A-Version': version });
      const message = (extra: Record<string, unknown> = {}) => ({
        messageId: `m-${Math.random()}`,
        role: 'ROLE_USER',
        parts: [{ text: 'hi' }],
        ...extra,
      });
      // A right call first, so the task ends and the wrong ones can be told apart.
      const done = (await call({
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: { message: message() },
      })) as {
        result: { task: { id: string } };
      };
      const taskId = done.result.task.id;
      await call({ jsonrpc: '2.0', id: 2, method: 'SendMessage', params: { message: message() } }, null);
      await call({
        jsonrpc: '2.0',
        id: 3.5,
        method: 'SendMessage',
        params: { message: 'hi' },
      });
      await call({ jsonrpc: '2.0', id: 4, method: 'SendMessage', params: { message: message({ taskId }) } });
      await call({
        jsonrpc: '2.0',
        id: 5,
        method: 'CreateTaskPushNotificationConfig',
        params: { taskId, url: '/hook' },
      });
      await waitFor(
        () => frames.filter((f) => f.kind === 'http' && f.proxied && f.state === 'done').length >= 6,
      );

      const report = runChecks({ frames, agents: [], cardFindings: [], appVersion: 'test' });
      const caller = findingsBySide(report.findings).caller;
      const checks = new Set(caller.map((finding) => finding.checkId));
      expect([...checks].sort()).toEqual([
        'caller.envelope',
        'caller.headers',
        'caller.push-config',
        'caller.schema',
        'caller.threading',
      ]);
      expect(caller.find((f) => f.checkId === 'caller.threading')?.message).toContain(
        `task ${taskId} after it ended`,
      );
      expect(caller.find((f) => f.checkId === 'caller.schema')?.message).toMatch(
        /^The caller's request is not a valid /,
      );
    } finally {
      await peer.close();
    }
  });
});

async function rpcCall(endpoint: string, body: unknown, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as unknown;
}

function finalSends(frames: readonly Frame[]): HttpFrame[] {
  return frames.filter(
    (frame): frame is HttpFrame =>
      frame.kind === 'http' &&
      frame.proxied !== undefined &&
      frame.state === 'done' &&
      /SendMessage/.test(frame.request.body?.text ?? ''),
  );
}

async function waitFor(ready: () => boolean): Promise<void> {
  // Frames reach the window in batches; each batch is a macrotask away.
  for (let i = 0; i < 500 && !ready(); i++) await new Promise((resolve) => setImmediate(resolve));
}

async function send(endpoint: string): Promise<Record<string, unknown>> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0', 'User-Agent': 'proxy-methods-test' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'SendMessage',
      params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
    }),
  });
  return (await response.json()) as Record<string, unknown>;
}

describe('proxy methods with an engine', () => {
  it('tells the window of each start, rules change and stop, and stops every proxy at close', async () => {
    const { engine, closedIds } = fakeProxyEngine();
    host = createHost({ edition: 'test', appVersion: '0.0.0-test', proxyEngine: engine });
    const connection = connectInProcess(host);

    let heard = nextProxiesEvent(connection);
    const a = await connection.startProxy({ upstream: 'http://127.0.0.1:9001/', injectTrace: true });
    expect((await heard).map((p) => p.id)).toEqual([a.id]);
    heard = nextProxiesEvent(connection);
    const b = await connection.startProxy({ upstream: 'http://127.0.0.1:9002/' });
    expect((await heard).map((p) => p.id)).toEqual([a.id, b.id]);
    await expect(connection.startProxy({ upstream: 'http://127.0.0.1:9001' })).rejects.toThrow(
      `A proxy for http://127.0.0.1:9001 is already running: give clients ${a.cardUrl}.`,
    );
    await expect(connection.setProxyFaultRules({ id: a.id, rules: [] })).rejects.toThrow(
      'Fault rules are not available in this build.',
    );

    heard = nextProxiesEvent(connection);
    expect(await connection.stopProxy({ id: a.id })).toEqual({ stopped: true });
    expect(await heard).toEqual([expect.objectContaining({ id: b.id, routePush: true, injectTrace: false })]);
    expect(await connection.listProxies()).toHaveLength(1);

    await host.close();
    host = undefined;
    expect(closedIds().sort()).toEqual([a.id, b.id]);
  });
});
