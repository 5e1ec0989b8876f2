// `switchboard card` (CLI-1) with NET-1's options, in a child process: https agents behind a private CA, a
// self-signed certificate and mutual TLS (certificates made by openssl in this run), and a proxy that sees the
// traffic when HTTPS_PROXY or --proxy says so and not otherwise.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { suiteTempDir } from '../unit/support/tempDir';
import { bundleEntry } from './support/bundleEntry';
import { runCli } from './support/cliProcess';
import { serveExampleCard, startTlsServer, type TlsServer } from './support/tlsServer';
import { makeTestCertificates, PFX_PASSPHRASE, type TestCertificates } from './support/testCertificates';
import { startTestProxy, type TestProxy } from './support/testProxy';

const tempDir = suiteTempDir('sb-cli-tls-');
let cli: string;
let certs: TestCertificates;
let privateCa: TlsServer;
let selfSigned: TlsServer;
let mutual: TlsServer;

beforeAll(async () => {
  certs = makeTestCertificates(tempDir());
  const read = (file: string) => readFileSync(file);
  [cli, privateCa, selfSigned, mutual] = await Promise.all([
    bundleEntry('electron/cli.ts'),
    startTlsServer({ cert: read(certs.serverCert), key: read(certs.serverKey) }, serveExampleCard),
    startTlsServer({ cert: read(certs.selfSignedCert), key: read(certs.selfSignedKey) }, serveExampleCard),
    startTlsServer(
      {
        cert: read(certs.serverCert),
        key: read(certs.serverKey),
        ca: read(certs.clientCaCert),
        requestCert: true,
        rejectUnauthorized: true,
      },
      serveExampleCard,
    ),
  ]);
});
afterAll(async () => {
  await Promise.all([privateCa, selfSigned, mutual].map((server) => server?.close()));
});

/** The machine's own proxy settings never reach these runs; each test gives the ones it means. */
function run(args: string[], extra: NodeJS.ProcessEnv = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (/^(https?|no|all)_proxy$/i.test(name)) delete env[name];
  delete env.SWITCHBOARD_BEARER;
  return runCli(cli, args, { env: { ...env, ...extra } });
}

const local = (server: TlsServer) => `https://127.0.0.1:${server.port}`;

describe('TLS options', () => {
  it('--ca makes a private CA’s agent reachable; without it the fingerprint and the way out are printed', async () => {
    const refused = await run(['card', local(privateCa)]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(certs.serverFingerprint);
    const trusted = await run(['card', local(privateCa), '--ca', certs.caCert]);
    expect(trusted.stderr).toBe('');
    expect(trusted.stdout).toContain('Echo');
    expect(trusted.code).toBe(0);
  });

  it('--insecure-accept-fingerprint accepts the one self-signed certificate, and no other', async () => {
    const accepted = await run([
      'card',
      local(selfSigned),
      '--insecure-accept-fingerprint',
      certs.selfSignedFingerprint,
    ]);
    expect(accepted.code).toBe(0);
    const other = await run([
      'card',
      local(selfSigned),
      '--insecure-accept-fingerprint',
      certs.serverFingerprint,
    ]);
    expect(other.code).toBe(3);
    expect(other.stderr).toContain(
      `but the fingerprint accepted for this agent is ${certs.serverFingerprint}`,
    );
  });

  it('--pfx with --passphrase-env, and --cert with --key, pass mutual TLS; neither says what is missing', async () => {
    const pfx = ['--ca', certs.caCert, '--pfx', certs.clientPfx, '--passphrase-env', 'CLIENT_PASS'];
    const withPfx = await run(['card', local(mutual), ...pfx], { CLIENT_PASS: PFX_PASSPHRASE });
    expect(withPfx.code).toBe(0);
    const pem = ['--ca', certs.caCert, '--cert', certs.clientCert, '--key', certs.clientKey];
    expect((await run(['card', local(mutual), ...pem])).code).toBe(0);
    const none = await run(['card', local(mutual), '--ca', certs.caCert]);
    expect(none.code).toBe(3);
    expect(none.stderr).toMatch(/client certificate \(mutual TLS\).*none is set for this agent/);
  });

  it('refuses wrong words before anything is sent (exit 2)', async () => {
    const cases: Array<[string[], string]> = [
      [['--ca', path.join(certs.dir, 'missing.pem')], 'no readable file there'],
      [['--insecure-accept-fingerprint', 'abc'], 'takes a SHA-256 fingerprint'],
      [['--proxy', 'socks5://p:1'], 'takes an http:// proxy URL'],
      [['--cert', certs.clientCert], '--cert and --key go together'],
      [
        ['--pfx', certs.clientPfx, '--passphrase-env', 'NOT_SET_ANYWHERE'],
        'that environment variable is not set',
      ],
    ];
    for (const [args, words] of cases) {
      const result = await run(['card', local(privateCa), ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(words);
    }
  });
});

describe('proxies', () => {
  let proxy: TestProxy;
  beforeAll(async () => {
    proxy = await startTestProxy();
  });
  afterEach(() => {
    proxy.seen.length = 0;
  });
  afterAll(async () => {
    await proxy?.close();
  });
  const named = () => `https://agent.test:${privateCa.port}`;

  it('goes through HTTPS_PROXY from the environment, and not when --proxy none', async () => {
    const through = await run(['card', named(), '--ca', certs.caCert], { HTTPS_PROXY: proxy.url });
    expect(through.code).toBe(0);
    expect(proxy.seen).toEqual([`CONNECT agent.test:${privateCa.port}`]);
    proxy.seen.length = 0;
    await run(['card', named(), '--ca', certs.caCert, '--proxy', 'none'], { HTTPS_PROXY: proxy.url });
    expect(proxy.seen).toEqual([]);
  });

  it('goes through --proxy even for this machine, and never through an unset one', async () => {
    const own = await run(['card', local(privateCa), '--ca', certs.caCert, '--proxy', proxy.url]);
    expect(own.code).toBe(0);
    expect(proxy.seen).toEqual([`CONNECT 127.0.0.1:${privateCa.port}`]);
    proxy.seen.length = 0;
    expect((await run(['card', local(privateCa), '--ca', certs.caCert])).code).toBe(0);
    expect(proxy.seen).toEqual([]);
  });
});
