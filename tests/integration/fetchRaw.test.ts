// The host's fetchRaw against real local servers: the frame holds what crossed the wire, and every failure is a
// labelled error (refused, DNS, TLS, each timeout phase, caps, cut-short responses).

import { afterEach, describe, expect, it } from 'vitest';
import type { LookupFunction } from 'node:net';
import { createHost } from '../../electron/host/createHost';
import type { HostEvent, RawRequest } from '../../shared/host/hostApi';
import { closedPort, startLocalServer, type LocalServer } from './support/localServer';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handler: Parameters<typeof startLocalServer>[0]): Promise<LocalServer> {
  const server = await startLocalServer(handler);
  servers.push(server);
  return server;
}

const host = createHost({ edition: 'test', appVersion: '9.9.9' });
const fetchRaw = (request: RawRequest) => host.fetchRaw(request);

describe('a completed exchange', () => {
  it('records status, raw header lines in order with duplicates, exact body and timing', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(201, 'Made It', [
        ['Content-Type', 'application/json'],
        ['Set-Cookie', 'a=1'],
        ['Set-Cookie', 'b=2'],
        ['X-Test', 'hello'],
      ]);
      res.end('{"greeting":"héllo"}');
    });
    const frame = await fetchRaw({ method: 'GET', url: `${server.url}/card?x=1`, source: 'test' });
    expect(frame.error).toBeUndefined();
    expect(frame.kind).toBe('http');
    expect(frame.source).toBe('test');
    expect(frame.response?.status).toBe(201);
    expect(frame.response?.statusText).toBe('Made It');
    expect(frame.response?.httpVersion).toBe('1.1');
    const names = frame.response!.headers.map(([name]) => name);
    expect(names.slice(0, 4)).toEqual(['Content-Type', 'Set-Cookie', 'Set-Cookie', 'X-Test']);
    expect(frame.response?.body.text).toBe('{"greeting":"héllo"}');
    expect(Buffer.from(frame.response!.body.base64, 'base64').toString('utf8')).toBe('{"greeting":"héllo"}');
    expect(frame.response?.body.size).toBe(Buffer.byteLength('{"greeting":"héllo"}'));
    expect(frame.response?.body.utf8Valid).toBe(true);
    const { start, connected, firstByte, end } = frame.timing;
    expect(start).toBeLessThanOrEqual(connected!);
    expect(connected).toBeLessThanOrEqual(firstByte!);
    expect(firstByte).toBeLessThanOrEqual(end!);
    expect(frame.remote).toEqual({ address: '127.0.0.1', port: server.port });
  });

  it('records exactly the header lines the server received, the host’s own included', async () => {
    let received: string[] = [];
    const server = await serve((req, res) => {
      received = req.rawHeaders;
      res.end();
    });
    const frame = await fetchRaw({
      method: 'POST',
      url: `${server.url}/rpc`,
      headers: [
        ['Content-Type', 'application/json'],
        ['X-Dup', '1'],
        ['X-Dup', '2'],
      ],
      body: { text: '{"jsonrpc":"2.0"}' },
    });
    const sent = frame.request.headers.flat();
    expect(received).toEqual(sent);
    expect(frame.request.headers).toContainEqual(['User-Agent', 'Switchboard/9.9.9']);
    expect(frame.request.headers).toContainEqual(['Content-Length', '17']);
    expect(frame.request.body?.text).toBe('{"jsonrpc":"2.0"}');
  });

  it('keeps binary bodies byte for byte, both ways', async () => {
    const bytes = Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x41]);
    let got = Buffer.alloc(0);
    const server = await serve((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        got = Buffer.concat(chunks);
        res.end(bytes);
      });
    });
    const frame = await fetchRaw({
      method: 'PUT',
      url: server.url,
      body: { base64: bytes.toString('base64') },
    });
    expect(got.equals(bytes)).toBe(true);
    expect(Buffer.from(frame.response!.body.base64, 'base64').equals(bytes)).toBe(true);
    expect(frame.response?.body.utf8Valid).toBe(false);
    expect(frame.response?.body.text).toContain('\uFFFD');
  });

  it('sends Content-Length: 0 for a bodiless POST rather than switching to chunked', async () => {
    let received: string[] = [];
    const server = await serve((req, res) => {
      received = req.rawHeaders;
      res.end();
    });
    const frame = await fetchRaw({ method: 'POST', url: server.url });
    expect(received).toEqual(frame.request.headers.flat());
    expect(frame.request.headers).toContainEqual(['Content-Length', '0']);
  });

  it('publishes the frame to event listeners in a batch', async () => {
    const server = await serve((_req, res) => res.end('ok'));
    const own = createHost({ edition: 'test', appVersion: '0' });
    const events: HostEvent[] = [];
    const stop = own.onEvent((event) => events.push(event));
    const [a, b] = await Promise.all([
      own.fetchRaw({ method: 'GET', url: server.url }),
      own.fetchRaw({ method: 'GET', url: server.url }),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    stop();
    const ids = events.flatMap((event) => (event.type === 'frames' ? event.frames.map((f) => f.id) : []));
    expect(ids.sort()).toEqual([a.id, b.id].sort());
    expect(events.length).toBeLessThanOrEqual(2);
    expect(a.id).not.toBe(b.id);
  });
});

describe('secret headers (MSG-8)', () => {
  it('marks the headers the editor called secret on the frame, so views mask them and exports redact them', async () => {
    const server = await serve((_req, res) => res.end('ok'));
    const frame = await fetchRaw({
      method: 'GET',
      url: `${server.url}/x`,
      headers: [
        ['X-API-Key', 'k-123'],
        ['X-Plain', 'p'],
      ],
      secretHeaders: ['X-API-Key'],
    });
    expect(frame.secrets).toEqual([{ in: 'request-header', name: 'X-API-Key' }]);
    const unmarked = await fetchRaw({ method: 'GET', url: `${server.url}/x` });
    expect(unmarked.secrets).toBeUndefined();
  });
});

describe('labelled failures', () => {
  it('connection refused', async () => {
    const port = await closedPort();
    const frame = await fetchRaw({ method: 'GET', url: `http://127.0.0.1:${port}/` });
    expect(frame.error).toMatchObject({ kind: 'refused', label: 'Connection refused', code: 'ECONNREFUSED' });
    expect(frame.error?.message).toContain(`127.0.0.1:${port}`);
    expect(frame.response).toBeUndefined();
    expect(frame.timing.end).toBeGreaterThanOrEqual(frame.timing.start);
  });

  it('DNS failure', async () => {
    const failingLookup: LookupFunction = (hostname, _options, callback) => {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      process.nextTick(() => callback(error, '', 4));
    };
    const dnsHost = createHost({ edition: 'test', appVersion: '0', lookup: failingLookup });
    const frame = await dnsHost.fetchRaw({ method: 'GET', url: 'http://agent.invalid/' });
    expect(frame.error).toMatchObject({ kind: 'dns', label: 'DNS lookup failed', code: 'ENOTFOUND' });
  });

  it('TLS failure (https to a plain HTTP port)', async () => {
    const server = await serve((_req, res) => res.end('plain'));
    const frame = await fetchRaw({ method: 'GET', url: `https://127.0.0.1:${server.port}/` });
    expect(frame.error?.kind).toBe('tls');
    expect(frame.error?.label).toBe('TLS failed');
  });

  it('a header Node cannot send is an invalid request, not a crash', async () => {
    const frame = await fetchRaw({ method: 'GET', url: 'http://127.0.0.1:9/', headers: [['X Key', 'v']] });
    expect(frame.error).toMatchObject({ kind: 'invalid-request', label: 'Invalid request' });
    expect(frame.error?.message).toMatch(
      /^The request cannot be sent: Header name must be a valid HTTP token/,
    );
    expect(frame.timing.end).toBeDefined();
  });

  it('connect timeout', async () => {
    const hangingLookup: LookupFunction = () => {};
    const slowHost = createHost({ edition: 'test', appVersion: '0', lookup: hangingLookup });
    const frame = await slowHost.fetchRaw({
      method: 'GET',
      url: 'http://agent.test/',
      timeouts: { connectMs: 50 },
    });
    expect(frame.error).toMatchObject({ kind: 'timeout', phase: 'connect', label: 'Timed out (connect)' });
  });

  it('first-byte timeout', async () => {
    const server = await serve(() => {
      /* accepts, never answers */
    });
    const frame = await fetchRaw({ method: 'GET', url: server.url, timeouts: { firstByteMs: 50 } });
    expect(frame.error).toMatchObject({ kind: 'timeout', phase: 'first-byte' });
    expect(frame.timing.connected).toBeDefined();
  });

  it('total timeout keeps what had arrived', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('partial');
    });
    const frame = await fetchRaw({ method: 'GET', url: server.url, timeouts: { totalMs: 150 } });
    expect(frame.error).toMatchObject({ kind: 'timeout', phase: 'total' });
    expect(frame.response?.status).toBe(200);
    expect(frame.response?.body.text).toBe('partial');
  });

  it('a body over the cap is cut and says so', async () => {
    const server = await serve((_req, res) => res.end('x'.repeat(100)));
    const frame = await fetchRaw({ method: 'GET', url: server.url, maxBodyBytes: 10 });
    expect(frame.error).toMatchObject({ kind: 'too-large', label: 'Body too large' });
    expect(frame.response?.body.size).toBe(10);
    expect(frame.response?.body.text).toBe('x'.repeat(10));
    expect(frame.response?.body.truncated?.limit).toBe(10);
    expect(frame.response?.body.truncated?.seen).toBeGreaterThan(10);
  });

  it('a response cut short is a reset, with the bytes that came', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Length': '100' });
      res.write('only this', () => res.socket?.destroy());
    });
    const frame = await fetchRaw({ method: 'GET', url: server.url });
    expect(frame.error?.kind).toBe('reset');
    expect(frame.response?.body.text).toBe('only this');
  });

  it.each([
    ['not a URL', 'not a url', /not a valid absolute URL/],
    ['a relative URL', '/path', /not a valid absolute URL/],
    ['another scheme', 'ftp://127.0.0.1/x', /Only http: and https:/],
    ['a file URL', 'file:///etc/passwd', /Only http: and https:/],
  ])('refuses %s before sending anything', async (_label, url, message) => {
    const frame = await fetchRaw({ method: 'GET', url });
    expect(frame.error?.kind).toBe('invalid-request');
    expect(frame.error?.message).toMatch(message);
    expect(frame.timing.end).toBeDefined();
  });
});
