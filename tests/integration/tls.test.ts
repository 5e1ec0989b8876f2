// NET-1 against real servers: https servers on 127.0.0.1 with a private CA, with a self-signed certificate and
// requiring a client certificate (all made by openssl in this run), and a forward proxy written here. Each server is
// reachable only with the right setting, each wrong setting is a clear error, and the frame says what was used.

import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LookupFunction } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startExchange } from '../../electron/host/exchange';
import type { AgentConnection } from '../../shared/host/agent';
import type { HttpFrame } from '../../shared/wire/frame';
import { suiteTempDir } from '../unit/support/tempDir';
import { closedPort, startLocalServer, type LocalServer } from './support/localServer';
import { startTlsServer, type TlsServer } from './support/tlsServer';
import { makeTestCertificates, PFX_PASSPHRASE, type TestCertificates } from './support/testCertificates';
import { startTestProxy, type TestProxy } from './support/testProxy';

/** Every request gets the same small JSON answer: what matters here is whether the connection was made. */
const answerOk = (_req: IncomingMessage, res: ServerResponse) =>
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true }));

const tempDir = suiteTempDir('switchboard-tls-');
let certs: TestCertificates;
let privateCa: TlsServer;
let selfSigned: TlsServer;
let mutual: TlsServer;
let plain: LocalServer;

beforeAll(async () => {
  certs = makeTestCertificates(tempDir());
  const read = (file: string) => readFileSync(file);
  privateCa = await startTlsServer({ cert: read(certs.serverCert), key: read(certs.serverKey) }, answerOk);
  selfSigned = await startTlsServer(
    { cert: read(certs.selfSignedCert), key: read(certs.selfSignedKey) },
    answerOk,
  );
  mutual = await startTlsServer(
    {
      cert: read(certs.serverCert),
      key: read(certs.serverKey),
      ca: read(certs.clientCaCert),
      requestCert: true,
      rejectUnauthorized: true,
    },
    answerOk,
  );
  plain = await startLocalServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ path: req.url }));
  });
});

afterAll(async () => {
  await Promise.all([privateCa, selfSigned, mutual, plain].map((server) => server?.close()));
});

/** Every `.test` name is this machine, as the test proxy also has it. */
const toLocal = ((_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
}) as LookupFunction;

let ids = 0;
function send(
  url: string,
  connection?: AgentConnection,
  env: Record<string, string> = {},
): Promise<HttpFrame> {
  return startExchange(
    { method: 'GET', url },
    { nextId: () => `f${ids++}`, now: () => Date.now(), userAgent: 'tls-test', env, lookup: toLocal },
    {
      source: 'test',
      timeouts: { connectMs: 10_000, totalMs: 20_000 },
      readBody: () => ({ mode: 'buffer', maxBytes: 1024 * 1024 }),
      ...(connection ? { connection } : {}),
    },
  ).done;
}

function expectOk(frame: HttpFrame): void {
  expect(frame.error).toBeUndefined();
  expect(frame.response?.status).toBe(200);
}

describe('a server whose certificate a private CA issued', () => {
  it('is refused without the CA, with the fingerprint and how to trust it, and nothing is sent', async () => {
    const before = privateCa.requests.length;
    const frame = await send(`${privateCa.url}/plain`);
    expect(frame.error).toMatchObject({ kind: 'tls', label: 'Certificate not trusted' });
    expect(frame.error?.message).toContain(certs.serverFingerprint);
    expect(frame.error?.message).toMatch(/CA certificate that issued it.*accept this fingerprint/);
    expect(frame.connection?.tls).toMatchObject({ trust: 'untrusted', clientCertificate: false });
    expect(frame.connection?.tls?.chain[0]?.sha256).toBe(certs.serverFingerprint);
    expect(privateCa.requests.length).toBe(before);
  });

  it('is reached with the CA as a file, and the frame shows the chain and that the agent’s CA vouched', async () => {
    const frame = await send(`${privateCa.url}/with-ca`, { ca: certs.caCert });
    expectOk(frame);
    const tls = frame.connection?.tls;
    expect(tls?.trust).toBe('agent-ca');
    expect(tls?.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(tls?.cipher).toBeTruthy();
    expect(tls?.chain.map((cert) => cert.subject)).toEqual(['CN=127.0.0.1', 'CN=Switchboard Test CA']);
    expect(tls?.chain[0]).toMatchObject({
      issuer: 'CN=Switchboard Test CA',
      sha256: certs.serverFingerprint,
    });
    expect(tls?.chain[0]?.validTo).toMatch(/GMT$/);
  });

  it('is reached with the CA pasted as PEM text', async () => {
    expectOk(await send(`${privateCa.url}/pem`, { ca: readFileSync(certs.caCert, 'utf8') }));
  });

  it('is refused with another CA', async () => {
    const frame = await send(`${privateCa.url}/other-ca`, { ca: certs.clientCaCert });
    expect(frame.error?.label).toBe('Certificate not trusted');
  });

  it('says a CA file that cannot be read, or is not PEM, is unusable', async () => {
    const missing = `${certs.dir}/nowhere.pem`;
    const frame = await send(`${privateCa.url}/`, { ca: missing });
    expect(frame.error).toMatchObject({ kind: 'tls', label: 'CA certificate unusable' });
    expect(frame.error?.message).toContain(`The file "${missing}" cannot be read`);
    const notPem = await send(`${privateCa.url}/`, { ca: certs.clientPfx });
    expect(notPem.error?.message).toContain('is not a PEM file');
  });
});

describe('a server with a self-signed certificate', () => {
  it('is refused until its fingerprint is accepted', async () => {
    const refused = await send(`${selfSigned.url}/`);
    expect(refused.error?.label).toBe('Certificate not trusted');
    expect(refused.error?.message).toContain(certs.selfSignedFingerprint);
    const accepted = await send(`${selfSigned.url}/`, {
      acceptFingerprint: certs.selfSignedFingerprint.replace(/:/g, '').toLowerCase(),
    });
    expectOk(accepted);
    expect(accepted.connection?.tls).toMatchObject({ trust: 'accepted-fingerprint' });
    expect(accepted.connection?.tls?.verifyError).toBeTruthy();
  });

  it('says both fingerprints when the accepted one is another certificate’s', async () => {
    const frame = await send(`${selfSigned.url}/`, { acceptFingerprint: certs.serverFingerprint });
    expect(frame.error?.label).toBe('Certificate fingerprint differs');
    expect(frame.error?.message).toContain(certs.selfSignedFingerprint);
    expect(frame.error?.message).toContain(certs.serverFingerprint);
  });
});

describe('a server that requires a client certificate', () => {
  it('says so when none is set', async () => {
    const frame = await send(`${mutual.url}/`, { ca: certs.caCert });
    // The server's alert and its closing the connection race; either way the words name the missing certificate.
    expect(frame.error?.kind).toBe('tls');
    expect(frame.error?.message).toMatch(/client certificate \(mutual TLS\).*none is set for this agent/);
  });

  it('is reached with a PEM certificate and key', async () => {
    const frame = await send(`${mutual.url}/pem`, {
      ca: certs.caCert,
      cert: certs.clientCert,
      key: certs.clientKey,
    });
    expectOk(frame);
    expect(frame.connection?.tls?.clientCertificate).toBe(true);
    expect(mutual.requests).toContain('GET /pem (client switchboard-client)');
  });

  it('is reached with a PKCS#12 file and its passphrase', async () => {
    const connection = { ca: certs.caCert, pfx: certs.clientPfx, passphrase: PFX_PASSPHRASE };
    expectOk(await send(`${mutual.url}/pfx`, connection));
    expect(mutual.requests).toContain('GET /pfx (client switchboard-client)');
  });

  it('says a wrong or missing passphrase does not unlock the PKCS#12 file', async () => {
    const wrong = await send(`${mutual.url}/`, {
      ca: certs.caCert,
      pfx: certs.clientPfx,
      passphrase: 'nope',
    });
    expect(wrong.error?.label).toBe('Client certificate unusable');
    expect(wrong.error?.message).toContain('The passphrase does not unlock it');
    const none = await send(`${mutual.url}/`, { ca: certs.caCert, pfx: certs.clientPfx });
    expect(none.error?.message).toContain('protected by a passphrase, and none was given');
  });

  it('says the server refused a certificate from a CA it does not know', async () => {
    const frame = await send(`${mutual.url}/`, {
      ca: certs.caCert,
      cert: certs.strangerCert,
      key: certs.strangerKey,
    });
    expect(frame.error?.label).toBe('Client certificate refused');
    expect(frame.error?.message).toContain('refused the client certificate set for this agent');
  });

  it('says a certificate without its key, or a key that is not its own, is unusable', async () => {
    const alone = await send(`${mutual.url}/`, { ca: certs.caCert, cert: certs.clientCert });
    expect(alone.error?.message).toContain('needs its private key too');
    const mismatched = await send(`${mutual.url}/`, { cert: certs.clientCert, key: certs.strangerKey });
    expect(mismatched.error?.message).toContain('The key does not belong to the certificate');
  });
});

describe('proxies', () => {
  const proxies: TestProxy[] = [];
  afterEach(async () => {
    await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  });
  async function proxy(options?: { refuse?: boolean }): Promise<TestProxy> {
    const started = await startTestProxy(options);
    proxies.push(started);
    return started;
  }

  it('tunnels https through HTTPS_PROXY and says so in the frame', async () => {
    const through = await proxy();
    const frame = await send(
      `https://agent.test:${privateCa.port}/tunnel`,
      { ca: certs.caCert },
      {
        HTTPS_PROXY: through.url,
      },
    );
    expectOk(frame);
    expect(through.seen).toEqual([`CONNECT agent.test:${privateCa.port}`]);
    expect(frame.connection?.proxy).toEqual({ url: through.url, reason: 'HTTPS_PROXY', mode: 'tunnel' });
    expect(frame.connection?.tls?.trust).toBe('agent-ca');
  });

  it('sends HTTPS_PROXY’s credentials to the proxy only, and shows the proxy without them', async () => {
    const through = await proxy();
    const withUser = through.url.replace('http://', 'http://me:s3cret@');
    const frame = await send(
      `https://agent.test:${privateCa.port}/`,
      { ca: certs.caCert },
      { HTTPS_PROXY: withUser },
    );
    expectOk(frame);
    expect(through.auth).toEqual([`Basic ${Buffer.from('me:s3cret').toString('base64')}`]);
    expect(frame.connection?.proxy?.url).toBe(through.url);
    expect(JSON.stringify(frame)).not.toContain('s3cret');
  });

  it('forwards http through http_proxy in absolute form', async () => {
    const through = await proxy();
    const frame = await send(`http://agent.test:${plain.port}/forward?q=1`, undefined, {
      http_proxy: through.url,
    });
    expectOk(frame);
    expect(frame.response?.body.text).toBe('{"path":"/forward?q=1"}');
    expect(through.seen).toEqual([`GET http://agent.test:${plain.port}/forward?q=1`]);
    expect(frame.connection?.proxy).toMatchObject({ reason: 'http_proxy', mode: 'forward' });
  });

  it('is not used for NO_PROXY hosts, for this machine, or when the agent says none', async () => {
    const through = await proxy();
    const env = { HTTPS_PROXY: through.url, HTTP_PROXY: through.url, NO_PROXY: 'example.com,.test' };
    const matched = await send(`http://agent.test:${plain.port}/`, undefined, env);
    expectOk(matched);
    expect(matched.connection?.direct).toBe('NO_PROXY (example.com,.test) matches agent.test:' + plain.port);
    const loopback = await send(`${privateCa.url}/`, { ca: certs.caCert }, { HTTPS_PROXY: through.url });
    expectOk(loopback);
    expect(loopback.connection?.direct).toBe('127.0.0.1 is this machine, so HTTPS_PROXY is not used');
    const none = await send(
      `https://agent.test:${privateCa.port}/`,
      { ca: certs.caCert, proxy: 'none' },
      {
        HTTPS_PROXY: through.url,
      },
    );
    expectOk(none);
    expect(none.connection?.direct).toBe('the agent is set to use no proxy');
    expect(through.seen).toEqual([]);
  });

  it('uses the agent’s own proxy even for this machine, without any environment', async () => {
    const through = await proxy();
    const frame = await send(`${privateCa.url}/own`, { ca: certs.caCert, proxy: through.url });
    expectOk(frame);
    expect(through.seen).toEqual([`CONNECT 127.0.0.1:${privateCa.port}`]);
    expect(frame.connection?.proxy).toMatchObject({ reason: 'agent setting', mode: 'tunnel' });
  });

  it('names the proxy when it refuses the tunnel or cannot be reached', async () => {
    const refusing = await proxy({ refuse: true });
    const refused = await send(`${privateCa.url}/`, { proxy: refusing.url });
    expect(refused.error).toMatchObject({ kind: 'refused', label: 'Proxy refused' });
    expect(refused.error?.message).toBe(
      `The proxy ${refusing.url} refused the tunnel to 127.0.0.1:${privateCa.port}: HTTP 403 Forbidden`,
    );
    const gone = `http://127.0.0.1:${await closedPort()}`;
    const unreachable = await send(`${plain.url}/`, { proxy: gone });
    expect(unreachable.error).toMatchObject({ label: 'Proxy unreachable', code: 'ECONNREFUSED' });
    expect(unreachable.error?.message).toContain(`The proxy ${gone} cannot be reached`);
  });

  it('refuses a proxy URL it cannot use', async () => {
    const frame = await send(`http://agent.test:${plain.port}/`, undefined, {
      HTTP_PROXY: 'socks5://127.0.0.1:1080',
    });
    expect(frame.error).toMatchObject({ kind: 'invalid-request', label: 'Proxy setting invalid' });
    expect(frame.error?.message).toContain('only http:// proxies are');
  });
});
