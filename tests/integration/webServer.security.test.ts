// The browser edition's server against requests a hostile page or local process could make: missing and wrong
// tokens, DNS rebinding (foreign Host), foreign or missing Origin, cross-site fetch metadata. The page's own
// requests, made the way the renderer makes them, are accepted.

import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { startWebServer, type WebServer } from '../../electron/web/webServer';
import { TOKEN_HEADER } from '../../shared/host/webBridge';
import { suiteTempDir } from '../unit/support/tempDir';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: WebServer;
let pageToken: string;
let origin: string;

function request(options: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        setHost: !options.headers?.Host,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The headers the renderer's HTTP bridge sends, as Chromium adds Origin and fetch metadata. */
function pageHeaders(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const headers: Record<string, string | undefined> = {
    Host: `127.0.0.1:${server.port}`,
    Origin: origin,
    'Sec-Fetch-Site': 'same-origin',
    'Content-Type': 'application/json',
    [TOKEN_HEADER]: pageToken,
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

const callApi = (method: string, headers: Record<string, string>, body = '[]') =>
  request({ method: 'POST', path: `/api/${method}`, headers, body });
const tempDir = suiteTempDir('sb-renderer-');

beforeAll(async () => {
  const rendererDir = tempDir();
  writeFileSync(
    path.join(rendererDir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  );
  mkdirSync(path.join(rendererDir, 'assets'));
  writeFileSync(path.join(rendererDir, 'assets', 'app-AbCd12_-.js'), 'export {};\n');
  writeFileSync(path.join(rendererDir, 'favicon.png'), 'png');
  server = await startWebServer({ host: createHost({ edition: 'browser', appVersion: '0' }), rendererDir });
  origin = `http://127.0.0.1:${server.port}`;
  const page = await request({ path: '/', headers: { Host: `127.0.0.1:${server.port}` } });
  pageToken = /<meta name="switchboard-token" content="([^"]+)">/.exec(page.body)?.[1] ?? '';
});

afterAll(() => server.close());

describe('the page', () => {
  it('is served with the token in a meta tag and strict security headers', async () => {
    const page = await request({ path: '/', headers: { Host: `localhost:${server.port}` } });
    expect(page.status).toBe(200);
    expect(pageToken).toBe(server.token);
    expect(Buffer.from(pageToken, 'base64url')).toHaveLength(32);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('lets the browser keep hashed build files for good, and ask again for others', async () => {
    const headers = { Host: `127.0.0.1:${server.port}` };
    const hashed = await request({ path: '/assets/app-AbCd12_-.js', headers });
    expect([hashed.status, hashed.body]).toEqual([200, 'export {};\n']);
    expect(hashed.headers['cache-control']).toBe('max-age=31536000, immutable');
    expect(hashed.headers['content-security-policy']).toContain("script-src 'self'");
    const plain = await request({ path: '/favicon.png', headers });
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('is refused to a foreign Host (DNS rebinding)', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${server.port}`,
      `127.0.0.1:${server.port + 1}`,
      `0.0.0.0:${server.port}`,
    ]) {
      const reply = await request({ path: '/', headers: { Host: host } });
      expect(reply.status, host).toBe(403);
      expect(reply.body).not.toContain(server.token);
    }
  });

  it('is never served with a token in a URL and refuses traversal', async () => {
    const reply = await request({
      path: '/..%2f..%2fetc%2fpasswd',
      headers: { Host: `127.0.0.1:${server.port}` },
    });
    expect(reply.status).toBe(404);
    expect(server.url).not.toContain(server.token);
  });

  it('binds 127.0.0.1 only', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
  });
});

describe('the API', () => {
  it("accepts the real page's requests", async () => {
    const reply = await callApi('getInfo', pageHeaders());
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({
      ok: true,
      value: { edition: 'browser', appName: 'Switchboard' },
    });
    const viaLocalhost = await callApi(
      'getInfo',
      pageHeaders({ Host: `localhost:${server.port}`, Origin: `http://localhost:${server.port}` }),
    );
    expect(viaLocalhost.status).toBe(200);
  });

  it.each([
    ['a missing token', { [TOKEN_HEADER]: undefined }, 401, /Missing token/],
    ['an empty token', { [TOKEN_HEADER]: '' }, 401, /Missing token/],
    ['a wrong token', { [TOKEN_HEADER]: 'A'.repeat(43) }, 401, /Wrong token/],
    ['a foreign Host (DNS rebinding)', { Host: `evil.example:${0}` }, 403, /Host not allowed/],
    ['a foreign Origin', { Origin: 'http://evil.example' }, 403, /Origin not allowed/],
    ['a look-alike Origin', { Origin: 'http://127.0.0.1.evil.example' }, 403, /Origin not allowed/],
    ['an Origin on another port', { Origin: 'http://127.0.0.1:1' }, 403, /Origin not allowed/],
    ['the null Origin (sandboxed frame, file page)', { Origin: 'null' }, 403, /Origin not allowed/],
    ['a missing Origin', { Origin: undefined }, 403, /Missing Origin/],
    ['cross-site fetch metadata', { 'Sec-Fetch-Site': 'cross-site' }, 403, /Cross-site/],
    ['a form post content type', { 'Content-Type': 'text/plain' }, 415, /application\/json/],
  ])('rejects %s', async (_label, overrides, status, message) => {
    const headers = pageHeaders(overrides as Record<string, string | undefined>);
    if (headers.Host === 'evil.example:0') headers.Host = `evil.example:${server.port}`;
    const reply = await callApi('getInfo', headers);
    expect(reply.status).toBe(status);
    expect(reply.body).toMatch(message);
    expect(reply.body).not.toContain('"ok":true');
  });

  it('rejects GET on API routes', async () => {
    const reply = await request({ method: 'GET', path: '/api/getInfo', headers: pageHeaders() });
    expect(reply.status).toBe(405);
  });

  it('answers bad calls with clear errors', async () => {
    expect((await callApi('noSuchMethod', pageHeaders())).status).toBe(404);
    expect((await callApi('__proto__', pageHeaders())).status).toBe(404);
    const notJson = await callApi('getInfo', pageHeaders(), '{oops');
    expect([notJson.status, notJson.body]).toEqual([400, 'The request body is not valid JSON.']);
    const notArray = await callApi('getInfo', pageHeaders(), '{}');
    expect(notArray.status).toBe(400);
    const badArgs = await callApi('fetchRaw', pageHeaders(), JSON.stringify([{ method: 'GET' }]));
    expect(JSON.parse(badArgs.body)).toMatchObject({ ok: false, error: { name: 'InvalidArguments' } });
  });

  it('streams host events as NDJSON to the page', async () => {
    const lines: string[] = [];
    const stream = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/api/events',
      headers: pageHeaders(),
    });
    const first = new Promise<void>((resolve) => {
      stream.on('response', (res) => {
        expect(res.headers['content-type']).toContain('application/x-ndjson');
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          lines.push(...chunk.split('\n').filter(Boolean));
          if (lines.some((line) => line.includes('"frames"'))) resolve();
        });
        void callApi('fetchRaw', pageHeaders(), JSON.stringify([{ method: 'GET', url: 'ftp://x/' }]));
      });
    });
    stream.end('{}');
    await first;
    stream.destroy();
    const event = JSON.parse(lines.find((line) => line.includes('"frames"'))!) as {
      frames: Array<{ request: { url: string } }>;
    };
    expect(event.frames[0]?.request.url).toBe('ftp://x/');
  });

  it('refuses the event stream without the token', async () => {
    const reply = await request({
      method: 'POST',
      path: '/api/events',
      headers: pageHeaders({ [TOKEN_HEADER]: undefined }),
      body: '{}',
    });
    expect(reply.status).toBe(401);
  });
});
