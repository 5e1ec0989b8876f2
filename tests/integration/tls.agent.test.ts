// NET-1 through the host, as the app uses it: an agent whose card is served over mutual TLS behind a private CA is
// opened with its connection settings; the card's frame says how trust was reached; the PKCS#12 passphrase comes
// back to the renderer only as the placeholder, and no file the host writes (library, journal) holds it.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { SECRET_PLACEHOLDER } from '../../shared/host/agent';
import type { HttpFrame } from '../../shared/wire/frame';
import { suiteTempDir } from '../unit/support/tempDir';
import { serveExampleCard, startTlsServer, type TlsServer } from './support/tlsServer';
import { makeTestCertificates, PFX_PASSPHRASE, type TestCertificates } from './support/testCertificates';

const tempDir = suiteTempDir('sb-tls-agent-');
let certs: TestCertificates;
let server: TlsServer;
let port: number;

beforeAll(async () => {
  certs = makeTestCertificates(path.join(tempDir()));
  server = await startTlsServer(
    {
      cert: readFileSync(certs.serverCert),
      key: readFileSync(certs.serverKey),
      ca: readFileSync(certs.clientCaCert),
      requestCert: true,
      rejectUnauthorized: true,
    },
    serveExampleCard,
  );
  port = server.port;
});
afterAll(async () => {
  await server?.close();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

it('opens an mTLS agent with its settings, shows the chain, and never writes the passphrase', async () => {
  const dataDir = path.join(tempDir(), 'data');
  const host = createHost({ edition: 'test', appVersion: '0', dataDir });
  const frames: HttpFrame[] = [];
  const waiting: Array<() => void> = [];
  host.onEvent((event) => {
    if (event.type === 'frames')
      for (const frame of event.frames) if (frame.kind === 'http') frames.push(frame);
    for (const check of waiting) check();
  });
  /** The final revision of a frame, once the host has published it. */
  const finalFrame = (id: string | undefined) =>
    new Promise<HttpFrame>((resolve) => {
      const check = () => {
        const found = frames.find((frame) => frame.id === id && frame.state === 'done');
        if (found) resolve(found);
      };
      waiting.push(check);
      check();
    });
  const url = `https://127.0.0.1:${port}`;
  const connection = { ca: certs.caCert, pfx: certs.clientPfx, passphrase: PFX_PASSPHRASE };

  const without = await host.openAgent({ url, settings: { connection: { ca: certs.caCert } } });
  expect(without.ok).toBe(false);

  const opened = await host.openAgent({ url, settings: { connection } });
  if (!opened.ok) throw new Error(opened.message);
  expect(opened.agent.settings.connection).toEqual({ ...connection, passphrase: SECRET_PLACEHOLDER });
  const card = await finalFrame(opened.agent.cardFrameId);
  expect(card.connection?.tls).toMatchObject({ trust: 'agent-ca', clientCertificate: true });
  expect(card.connection?.tls?.chain[0]?.sha256).toBe(certs.serverFingerprint);

  // The renderer sends the placeholder back with a change; the passphrase in use stays the real one.
  const changed = await host.configureAgent({
    agentId: opened.agent.id,
    settings: { connection: { ...opened.agent.settings.connection!, proxy: 'none' } },
  });
  expect(changed.settings.connection?.passphrase).toBe(SECRET_PLACEHOLDER);

  await host.saveLibrary({ entries: [{ url, settings: { connection } }] });
  await host.close();
  const written = filesUnder(dataDir);
  const names = written.map((file) => path.relative(dataDir, file));
  expect(names).toContain('agents.json');
  expect(names.some((name) => name.startsWith('journal'))).toBe(true);
  expect(readFileSync(path.join(dataDir, 'agents.json'), 'utf8')).toContain('client.p12');
  for (const file of written) expect(readFileSync(file, 'utf8'), file).not.toContain(PFX_PASSPHRASE);
});

it('keeps a passphrase typed with the open in the vault, so the library entry (which has none) opens again', async () => {
  const host = createHost({ edition: 'test', appVersion: '0', dataDir: path.join(tempDir(), 'reopen') });
  const url = `https://127.0.0.1:${port}`;
  const entry = { ca: certs.caCert, pfx: certs.clientPfx };
  try {
    const opened = await host.openAgent({
      url,
      settings: { connection: { ...entry, passphrase: PFX_PASSPHRASE } },
    });
    if (!opened.ok) throw new Error(opened.message);
    // As the library keeps it: the card's URL and the connection without the passphrase.
    const again = await host.openAgent({ url: opened.agent.cardUrl, settings: { connection: entry } });
    if (!again.ok) throw new Error(again.message);
    expect(again.agent.settings.connection?.passphrase).toBe(SECRET_PLACEHOLDER);
  } finally {
    await host.close();
  }
});
