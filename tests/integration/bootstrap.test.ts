// The start's one host call (`bootstrap`): it answers what getInfo and the sidebar's four reads answer one by one,
// in-process and over the browser edition's HTTP API; a list that cannot be read fails alone, with the error its
// own call would give; a host that cannot describe itself makes the whole call fail, as getInfo would. The browser
// edition's page comes with the same answer, written after the head has gone out, and without one when the host
// cannot give it.

import http from 'node:http';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostBootstrap } from '../../electron/host/bootstrap';
import { createHost } from '../../electron/host/createHost';
import { startWebServer, type WebServer } from '../../electron/web/webServer';
import { dispatchHostCall } from '../../shared/host/dispatch';
import type { HostService } from '../../shared/host/hostApi';
import { connectInProcess } from '../../shared/host/inProcess';
import type { HostBootstrap } from '../../shared/host/bootstrap';
import { BOOTSTRAP_META, TOKEN_HEADER, TOKEN_META } from '../../shared/host/webBridge';
import { suiteTempDir, testTempDir } from '../unit/support/tempDir';

const info = {
  appName: 'Switchboard',
  appVersion: '1',
  edition: 'test' as const,
  platform: 'linux',
  arch: 'x64',
  nodeVersion: '20',
  secretStorage: 'memory' as const,
};

/** The five reads one by one, as the renderer made them before the bootstrap call. */
async function oneByOne(
  host: Pick<HostService, 'getInfo' | 'loadLibrary' | 'listSessions' | 'listMockAgents' | 'listProxies'>,
) {
  return {
    info: await host.getInfo(),
    library: { ok: true, value: await host.loadLibrary() },
    recentSessions: { ok: true, value: await host.listSessions() },
    mockAgents: { ok: true, value: await host.listMockAgents() },
    proxies: { ok: true, value: await host.listProxies() },
  };
}

describe('bootstrap, in-process', () => {
  it('answers what the five calls answer one by one', async () => {
    const dataDir = testTempDir('sb-boot-');
    const service = createHost({ edition: 'test', appVersion: '1', dataDir, record: false });
    try {
      const host = connectInProcess(service);
      // A library entry and a saved session, so the lists compared are not all empty.
      await host.saveLibrary({ entries: [{ url: 'http://127.0.0.1:1/', name: 'Kept agent' }] });
      writeFileSync(path.join(dataDir, 'kept.switchboard.json'), '{}');
      const boot = await host.bootstrap();
      expect(boot).toEqual(await oneByOne(host));
      expect(boot.library).toMatchObject({ ok: true, value: { entries: [{ name: 'Kept agent' }] } });
    } finally {
      await service.close();
    }
  });

  it('keeps a list that cannot be read to itself, with the error its own call gives', async () => {
    const failing = async (): Promise<never> => {
      throw new TypeError('The sessions folder cannot be read.');
    };
    const boot = await hostBootstrap({
      getInfo: async () => info,
      loadLibrary: async () => ({ entries: [] }),
      listSessions: failing,
      listMockAgents: async () => [],
      listProxies: async () => [],
    });
    expect(boot.info).toEqual(info);
    expect(boot.recentSessions).toEqual({
      ok: false,
      error: { name: 'TypeError', message: 'The sessions folder cannot be read.' },
    });
    expect(boot.library).toEqual({ ok: true, value: { entries: [] } });
    expect(boot.mockAgents).toEqual({ ok: true, value: [] });
  });

  it('fails as a whole when the host cannot describe itself, as getInfo would', async () => {
    const none = async () => [];
    const call = hostBootstrap({
      getInfo: async () => {
        throw new Error('The secrets vault could not be opened.');
      },
      loadLibrary: async () => ({ entries: [] }),
      listSessions: none,
      listMockAgents: none,
      listProxies: none,
    });
    await expect(call).rejects.toThrow('The secrets vault could not be opened.');
  });

  it('refuses arguments with a clear message', async () => {
    const service = createHost({ edition: 'test', appVersion: '1', record: false });
    try {
      const result = await dispatchHostCall(service, 'bootstrap', [{ all: true }]);
      expect(result).toMatchObject({ ok: false, error: { name: 'InvalidArguments' } });
      expect(result.ok ? '' : result.error.message).toMatch(/^bootstrap: /);
    } finally {
      await service.close();
    }
  });
});

describe('bootstrap, over the browser edition', () => {
  const tempDir = suiteTempDir('sb-boot-web-');
  let server: WebServer;
  let service: HostService;

  beforeAll(async () => {
    const rendererDir = tempDir();
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    service = createHost({
      edition: 'browser',
      appVersion: '1',
      dataDir: path.join(tempDir(), 'data'),
      record: false,
    });
    server = await startWebServer({ host: service, rendererDir });
  });

  afterAll(async () => {
    await server.close();
    await service.close();
  });

  /** A call as the page's HTTP bridge makes it. */
  async function call(method: string): Promise<unknown> {
    const origin = `http://127.0.0.1:${server.port}`;
    const reply = await fetch(`${origin}/api/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, [TOKEN_HEADER]: server.token },
      body: '[]',
    });
    expect(reply.status).toBe(200);
    return reply.json();
  }

  it('answers in one call what the five calls answer', async () => {
    const boot = (await call('bootstrap')) as { ok: true; value: Record<string, unknown> };
    expect(boot.ok).toBe(true);
    expect(boot.value).toEqual(await oneByOne(connectInProcess(service)));
    expect(boot.value.info).toMatchObject({ edition: 'browser' });
  });
});

/** The page's meta tag `name`, its content decoded as the HTML parser does for what pageBootstrap.ts escapes. */
function metaContent(page: string, name: string): string | undefined {
  const raw = new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(page)?.[1];
  const entities: Record<string, string> = {
    '&amp;': '&',
    '&quot;': '"',
    '&#39;': "'",
    '&lt;': '<',
    '&gt;': '>',
  };
  return raw?.replace(/&amp;|&quot;|&#39;|&lt;|&gt;/g, (entity) => entities[entity] ?? entity);
}

/** GET or HEAD of the page; `onFirstPart` sees the first chunk of the body as it arrives. */
function getPage(
  port: number,
  method: 'GET' | 'HEAD' = 'GET',
  onFirstPart?: (text: string) => void,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: '/' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!body) onFirstPart?.(chunk);
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('bootstrap, in the browser edition page', () => {
  const tempDir = suiteTempDir('sb-boot-page-');
  let rendererDir: string;
  let dataDir: string;

  beforeAll(() => {
    rendererDir = tempDir();
    dataDir = path.join(tempDir(), 'data');
    writeFileSync(
      path.join(rendererDir, 'index.html'),
      '<!doctype html><html><head><script type="module" src="./assets/app.js"></script></head><body></body></html>',
    );
  });

  /** A web server on a host whose bootstrap is replaced by `bootstrap`, for the duration of `use`. */
  async function withServer(
    bootstrap: ((host: HostService) => Promise<HostBootstrap>) | undefined,
    use: (server: WebServer, host: HostService) => Promise<void>,
  ): Promise<void> {
    const service = createHost({ edition: 'browser', appVersion: '1', dataDir, record: false });
    const host: HostService = bootstrap ? { ...service, bootstrap: () => bootstrap(service) } : service;
    const server = await startWebServer({ host, rendererDir });
    try {
      await use(server, service);
    } finally {
      await server.close();
      await service.close();
    }
  }

  it('carries what the API answers, beside the token', async () => {
    await withServer(undefined, async (server, service) => {
      await connectInProcess(service).saveLibrary({
        entries: [{ url: 'http://127.0.0.1:1/', name: 'An "agent" <b>&</b>' }],
      });
      const page = await getPage(server.port);
      expect(page.status).toBe(200);
      expect(metaContent(page.body, TOKEN_META)).toBe(server.token);
      const served = JSON.parse(metaContent(page.body, BOOTSTRAP_META) ?? 'null') as unknown;
      const origin = `http://127.0.0.1:${server.port}`;
      const reply = await fetch(`${origin}/api/bootstrap`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin, [TOKEN_HEADER]: server.token },
        body: '[]',
      });
      expect(served).toEqual(((await reply.json()) as { value: unknown }).value);
      expect(served).toMatchObject({ library: { value: { entries: [{ name: 'An "agent" <b>&</b>' }] } } });
    });
  });

  it('sends the head, script tag and token before the host has answered', async () => {
    let answer: (() => void) | undefined;
    const held = (service: HostService) =>
      new Promise<void>((resolve) => (answer = resolve)).then(() => service.bootstrap());
    await withServer(held, async (server) => {
      let first = '';
      const page = await getPage(server.port, 'GET', (text) => {
        first = text;
        answer?.();
      });
      expect(first).toContain('<script type="module" src="./assets/app.js"></script>');
      expect(first).toContain(`<meta name="${TOKEN_META}"`);
      expect(first).not.toContain(BOOTSTRAP_META);
      expect(page.body).toContain(`<meta name="${BOOTSTRAP_META}"`);
      expect(page.body.endsWith('</head><body></body></html>')).toBe(true);
    });
  });

  it('goes out without the answer when the host cannot give it, so the page asks itself', async () => {
    const failing = async (): Promise<never> => {
      throw new Error('The secrets vault could not be opened.');
    };
    await withServer(failing, async (server) => {
      const page = await getPage(server.port);
      expect(page.status).toBe(200);
      expect(metaContent(page.body, TOKEN_META)).toBe(server.token);
      expect(page.body).not.toContain(BOOTSTRAP_META);
    });
  });

  it('answers HEAD without a body and without asking the host', async () => {
    let asked = 0;
    const counting = (service: HostService) => {
      asked++;
      return service.bootstrap();
    };
    await withServer(counting, async (server) => {
      const page = await getPage(server.port, 'HEAD');
      expect([page.status, page.body, asked]).toEqual([200, '', 0]);
    });
  });
});
