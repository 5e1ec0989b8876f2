// Secrets across runs (AUTH-4), the whole way: a desktop host with the OS cipher (a stand-in for safeStorage) keeps
// the bearer token a user set, the library file and the secrets file hold it in no readable form, and the next run
// opens the agent from the library with its token, which the SDK agent accepts. A host without the cipher (the
// browser edition) keeps secrets in memory only, so the next run asks again, unless the user opts into a file
// encrypted with a passphrase, which the next run opens only with that passphrase.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { SECRET_PLACEHOLDER, type AgentSummary, type LibraryEntry } from '../../shared/host/agent';
import { AUTH_PEER, startAuthPeer, type AuthPeerHandle } from '../peers/authPeer';
import { fakeCipher } from '../unit/support/fakeCipher';
import { testTempDir } from '../unit/support/tempDir';

let peer: AuthPeerHandle;
beforeAll(async () => {
  peer = await startAuthPeer();
});
afterAll(() => peer.close());

const hello = { message: { parts: [{ kind: 'text' as const, text: 'hello' }] }, blocking: true };

/** The library entry the renderer writes for an agent (libraryEntries.ts), from what the host let it see. */
function entryOf(agent: AgentSummary): LibraryEntry {
  return {
    url: agent.cardUrl,
    name: 'bearer agent',
    settings: { auth: agent.settings.auth, headers: agent.settings.headers },
  };
}

function hostIn(dataDir: string, keychain: boolean) {
  return createHost({
    edition: keychain ? 'desktop' : 'browser',
    appVersion: '0',
    dataDir,
    record: false,
    ...(keychain ? { secretCipher: async () => fakeCipher() } : {}),
  });
}

/** Opens the bearer agent and gives it its token, as a user would in the settings. */
async function openWithToken(host: ReturnType<typeof hostIn>): Promise<AgentSummary> {
  const opened = await host.openAgent({ url: peer.agentUrl('bearer') });
  if (!opened.ok) throw new Error(opened.message);
  return host.configureAgent({
    agentId: opened.agent.id,
    settings: { auth: { type: 'bearer', token: AUTH_PEER.bearerToken } },
  });
}

/** Opens the agent from the library as the window does on start, and sends it a message. */
async function reopenAndSend(host: ReturnType<typeof hostIn>, entry: LibraryEntry) {
  const reopened = await host.openAgent({ url: entry.url, settings: entry.settings! });
  if (!reopened.ok) throw new Error(reopened.message);
  return host.runOperation({ agentId: reopened.agent.id, operation: 'send', input: hello });
}

it('with the OS keychain, a token set in one run is used in the next, and no file holds it readably', async () => {
  const dataDir = testTempDir('switchboard-keychain-');
  const first = hostIn(dataDir, true);
  expect((await first.getInfo()).secretStorage).toBe('os-keychain');
  const configured = await openWithToken(first);
  expect(configured.settings.auth).toEqual({ type: 'bearer', token: SECRET_PLACEHOLDER });
  await first.saveLibrary({ entries: [entryOf(configured)] });
  await first.close();
  for (const file of ['agents.json', 'secrets.json'])
    expect(readFileSync(path.join(dataDir, file), 'utf8')).not.toContain(AUTH_PEER.bearerToken);

  const next = hostIn(dataDir, true);
  const [entry] = (await next.loadLibrary()).entries;
  expect(entry?.settings?.auth).toEqual({ type: 'bearer', token: '' });
  const outcome = await reopenAndSend(next, entry!);
  expect(outcome.status).toBe('result');
  expect(peer.requests.at(-1)).toMatchObject({ agent: 'bearer', authorized: true });

  // Typed again by its base URL, the agent still finds its token under its card's URL.
  const byUrl = await next.openAgent({ url: peer.agentUrl('bearer') });
  if (!byUrl.ok) throw new Error(byUrl.message);
  const again = await next.runOperation({ agentId: byUrl.agent.id, operation: 'send', input: hello });
  expect(again.status).toBe('result');
  expect(peer.requests.at(-1)).toMatchObject({ agent: 'bearer', authorized: true });
  await next.close();
});

it('without it (the browser edition), secrets stay in memory: the next run asks again', async () => {
  const dataDir = testTempDir('switchboard-memory-');
  const first = hostIn(dataDir, false);
  expect((await first.getInfo()).secretStorage).toBe('memory');
  const configured = await openWithToken(first);
  await first.saveLibrary({ entries: [entryOf(configured)] });
  await first.close();

  const next = hostIn(dataDir, false);
  const [entry] = (await next.loadLibrary()).entries;
  const refused = await reopenAndSend(next, entry!);
  expect(refused.status).toBe('invalid');
  expect(peer.requests.at(-1)).toMatchObject({ agent: 'bearer', authorized: false });
  await next.close();
});

it('without a keychain, a passphrase file keeps them: locked in the next run until the passphrase opens it', async () => {
  const dataDir = testTempDir('switchboard-passphrase-');
  const first = hostIn(dataDir, false);
  // Typed before the file exists: moved into it when the user opts in.
  const configured = await openWithToken(first);
  expect(await first.unlockSecrets({ passphrase: 'correct horse battery' })).toEqual({ created: true });
  expect((await first.getInfo()).secretStorage).toBe('passphrase-file');
  await first.saveLibrary({ entries: [entryOf(configured)] });
  await first.close();
  expect(readFileSync(path.join(dataDir, 'secrets.locked.json'), 'utf8')).not.toContain(
    AUTH_PEER.bearerToken,
  );

  const next = hostIn(dataDir, false);
  expect(await next.getInfo()).toMatchObject({ secretStorage: 'memory', secretFileLocked: true });
  await expect(next.unlockSecrets({ passphrase: 'wrong horse battery' })).rejects.toThrow(
    'The passphrase does not open the saved secrets.',
  );
  expect(await next.unlockSecrets({ passphrase: 'correct horse battery' })).toEqual({ created: false });
  const info = await next.getInfo();
  expect(info.secretStorage).toBe('passphrase-file');
  expect(info.secretFileLocked).toBeUndefined();
  const [entry] = (await next.loadLibrary()).entries;
  const outcome = await reopenAndSend(next, entry!);
  expect(outcome.status).toBe('result');
  expect(peer.requests.at(-1)).toMatchObject({ agent: 'bearer', authorized: true });
  await next.close();

  const keychain = hostIn(testTempDir('switchboard-keychain-'), true);
  await expect(keychain.unlockSecrets({ passphrase: 'correct horse battery' })).rejects.toThrow(
    'Secrets are already kept in the OS keychain.',
  );
  await keychain.close();
});
