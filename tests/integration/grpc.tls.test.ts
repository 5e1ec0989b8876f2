// NET-1 over gRPC (WIRE-3): a grpc-js server on 127.0.0.1 over TLS answering the 1.0 GetTask, with certificates made
// by openssl in this run. The agent's CA, client certificate (PEM and PKCS#12) and accepted fingerprint reach the
// gRPC channel, each wrong or missing setting is a clear error, and the frame says which trust and proxy applied.

import type { Server } from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcExchange } from '../../electron/host/grpc/grpcExchange';
import type { ExchangeTimeouts } from '../../electron/host/exchange';
import type { AgentConnection } from '../../shared/host/agent';
import type { HttpFrame } from '../../shared/wire/frame';
import { suiteTempDir } from '../unit/support/tempDir';
import { startTestProxy } from './support/testProxy';
import { GET_TASK_PATH, startTlsGetTaskServer } from './support/tlsGetTaskServer';
import { makeTestCertificates, PFX_PASSPHRASE, type TestCertificates } from './support/testCertificates';

const tempDir = suiteTempDir('switchboard-grpc-tls-');
let certs: TestCertificates;
const servers: Server[] = [];

/** A server answering GetTask with a fixed task, over TLS with the given key pair (and client CA for mTLS). */
async function startServer(cert: string, key: string, clientCa?: string): Promise<number> {
  const { server, port } = await startTlsGetTaskServer({ cert, key, ...(clientCa ? { clientCa } : {}) });
  servers.push(server);
  return port;
}

let privateCa: number;
let selfSigned: number;
let mutual: number;

beforeAll(async () => {
  certs = makeTestCertificates(tempDir());
  privateCa = await startServer(certs.serverCert, certs.serverKey);
  selfSigned = await startServer(certs.selfSignedCert, certs.selfSignedKey);
  mutual = await startServer(certs.serverCert, certs.serverKey, certs.clientCaCert);
});

afterAll(() => {
  for (const server of servers) server.forceShutdown();
});

let ids = 0;
function getTask(
  port: number,
  connection?: AgentConnection,
  host = '127.0.0.1',
  timeouts: ExchangeTimeouts = { totalMs: 20_000 },
): Promise<HttpFrame> {
  return startGrpcExchange(
    {
      method: 'POST',
      url: `https://${host}:${port}${GET_TASK_PATH}`,
      body: { text: JSON.stringify({ id: 't-1' }) },
    },
    { nextId: () => `g${ids++}`, now: () => Date.now(), userAgent: 'grpc-tls-test', env: {} },
    {
      source: 'test',
      timeouts,
      readBody: () => ({ mode: 'buffer', maxBytes: 1024 * 1024 }),
      ...(connection ? { connection } : {}),
    },
  ).done;
}

function expectTask(frame: HttpFrame): void {
  expect(frame.error).toBeUndefined();
  expect(frame.response?.body.text).toContain('"t-1"');
}

describe('gRPC over TLS with a private CA', () => {
  it('fails without the CA, naming what to set', async () => {
    const frame = await getTask(privateCa);
    expect(frame.error).toMatchObject({ kind: 'tls', label: 'Certificate not trusted' });
    expect(frame.error!.message).toMatch(/CA certificate that issued it/);
    expect(frame.connection?.tls?.trust).toBe('untrusted');
  });

  it('works with the agent’s CA, and the frame says the agent’s CA was the trust', async () => {
    const frame = await getTask(privateCa, { ca: certs.caCert });
    expectTask(frame);
    expect(frame.connection).toMatchObject({ tls: { trust: 'agent-ca', clientCertificate: false } });
    expect(frame.connection?.tls?.chain.map((cert) => cert.sha256)).toContain(certs.serverFingerprint);
  });

  it('says clearly when the CA file cannot be read', async () => {
    const frame = await getTask(privateCa, { ca: `${certs.dir}/missing.pem` });
    expect(frame.error).toMatchObject({ kind: 'tls', label: 'CA certificate unusable' });
  });
});

describe('gRPC with mutual TLS', () => {
  it('fails without a client certificate', async () => {
    const frame = await getTask(mutual, { ca: certs.caCert });
    expect(frame.error).toMatchObject({ kind: 'tls' });
    expect(frame.error!.message).toMatch(/client certificate/);
  });

  it('works with a PEM certificate and key', async () => {
    const frame = await getTask(mutual, { ca: certs.caCert, cert: certs.clientCert, key: certs.clientKey });
    expectTask(frame);
    expect(frame.connection?.tls?.clientCertificate).toBe(true);
  });

  it('works with a PKCS#12 file and its passphrase', async () => {
    const frame = await getTask(mutual, {
      ca: certs.caCert,
      pfx: certs.clientPfx,
      passphrase: PFX_PASSPHRASE,
    });
    expectTask(frame);
  });

  it('refuses a client certificate from a CA the server does not know, naming it', async () => {
    const frame = await getTask(mutual, {
      ca: certs.caCert,
      cert: certs.strangerCert,
      key: certs.strangerKey,
    });
    expect(frame.error).toMatchObject({ kind: 'tls', label: 'Client certificate refused' });
    expect(frame.connection?.tls?.clientCertificate).toBe(true);
  });
});

describe('gRPC with an accepted fingerprint', () => {
  // The self-signed certificate names only 127.0.0.1: trusted as its own CA, it verifies, and `localhost` differs.
  it('works with the right fingerprint for a certificate whose name differs', async () => {
    const connection = { ca: certs.selfSignedCert, acceptFingerprint: certs.selfSignedFingerprint };
    expectTask(await getTask(selfSigned, connection, 'localhost'));
  });

  it('fails with a wrong fingerprint, naming the fingerprint setting', async () => {
    const connection = { ca: certs.selfSignedCert, acceptFingerprint: certs.serverFingerprint };
    const frame = await getTask(selfSigned, connection, 'localhost');
    expect(frame.error).toMatchObject({ kind: 'tls', label: 'Certificate fingerprint differs' });
    expect(frame.error!.message).toContain(certs.serverFingerprint);
  });

  it('works with the right fingerprint for a self-signed certificate, and the frame shows the chain', async () => {
    const frame = await getTask(selfSigned, { acceptFingerprint: certs.selfSignedFingerprint });
    expectTask(frame);
    expect(frame.connection?.tls).toMatchObject({ trust: 'accepted-fingerprint', protocol: 'TLSv1.3' });
    expect(frame.connection?.tls?.chain[0]?.sha256).toBe(certs.selfSignedFingerprint);
  });

  it('fails with a wrong fingerprint for a self-signed certificate', async () => {
    const frame = await getTask(selfSigned, { acceptFingerprint: certs.serverFingerprint });
    expect(frame.error).toMatchObject({ kind: 'tls', label: 'Certificate fingerprint differs' });
    expect(frame.response).toBeUndefined();
  });
});

describe('gRPC and proxies', () => {
  it('tunnels through the agent’s proxy URL, and the frame names it', async () => {
    const proxy = await startTestProxy();
    try {
      const frame = await getTask(privateCa, { ca: certs.caCert, proxy: proxy.url });
      expectTask(frame);
      expect(frame.connection?.proxy).toMatchObject({ reason: 'agent setting', mode: 'tunnel' });
      // One tunnel for the probe handshake, one for grpc-js's own connection.
      expect(proxy.seen).toEqual([`CONNECT 127.0.0.1:${privateCa}`, `CONNECT 127.0.0.1:${privateCa}`]);
    } finally {
      await proxy.close();
    }
  });

  it('says clearly when the agent’s proxy URL is not one', async () => {
    const frame = await getTask(privateCa, { ca: certs.caCert, proxy: 'socks5://127.0.0.1:9' });
    expect(frame.error).toMatchObject({ kind: 'invalid-request', label: 'Proxy setting invalid' });
  });

  it('with proxy none, says so on the frame', async () => {
    const frame = await getTask(privateCa, { ca: certs.caCert, proxy: 'none' });
    expectTask(frame);
    expect(frame.connection?.direct).toMatch(/no proxy/);
  });
});

describe('a TLS server that never speaks HTTP/2', () => {
  it('ends the probe at the connect limit', async () => {
    const sockets = new Set<tls.TLSSocket>();
    const silent = tls.createServer({
      cert: readFileSync(certs.serverCert),
      key: readFileSync(certs.serverKey),
    });
    silent.on('secureConnection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const frame = await getTask(port, { ca: certs.caCert }, '127.0.0.1', {
        connectMs: 200,
        totalMs: 20_000,
      });
      expect(frame.error).toMatchObject({ kind: 'timeout', phase: 'connect' });
      expect(frame.connection?.tls?.trust).toBe('agent-ca');
    } finally {
      await new Promise<void>((resolve) => {
        silent.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    }
  });
});
