// AUTH-4 and SES-6 on a real run: every kind of secret the app handles (API keys in a header, a query and a cookie,
// bearer and basic credentials, a secret custom header, an OAuth client secret and the tokens it returns, a push
// config's token and credentials, and the notification token of webhook deliveries) crosses the wire; the journal on
// disk holds none of them, the saved session and both exports hold none of them, and the review lists each kind.
// An export with redaction turned off does hold them, so the check is not vacuous.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { journalDir } from '../../electron/host/session/recording';
import type { AgentAuth } from '../../shared/host/agent';
import { LIVE_SESSION_ID, type HostService } from '../../shared/host/hostApi';
import type { WebhookFrame } from '../../shared/wire/frame';
import { AUTH_PEER, startAuthPeer, type AuthAgentName, type AuthPeerHandle } from '../peers/authPeer';
import { peers, type PeerHandle } from '../peers';
import { startTokenEndpoint, type TokenEndpointHandle } from '../peers/tokenEndpoint';
import { suiteTempDir } from '../unit/support/tempDir';

const CLIENT = { clientId: 'switchboard-client', clientSecret: 'client-secret-5e9a' };
const PUSH_CREDENTIALS = 'push-credentials-77aa';
let dataDir: string;
let host: HostService;
let authPeer: AuthPeerHandle;
let tokens: TokenEndpointHandle;
let pushPeer: PeerHandle;
let notificationToken: string;
const published: string[] = [];

const hello = { message: { parts: [{ kind: 'text' as const, text: 'hello' }] }, blocking: true };

async function run(
  name: AuthAgentName,
  auth?: AgentAuth,
  headers?: Array<{ name: string; value: string; secret: boolean }>,
) {
  const opened = await host.openAgent({
    url: authPeer.agentUrl(name),
    settings: { ...(auth ? { auth } : {}), ...(headers ? { headers } : {}) },
  });
  if (!opened.ok) throw new Error(opened.message);
  // The token endpoint is on another origin: the user agrees first (AUTH-5).
  if (auth?.type === 'oauth2-client-credentials') {
    await host.trustOrigin({ agentId: opened.agent.id, origin: new URL(auth.tokenUrl).origin });
  }
  const outcome = await host.runOperation({ agentId: opened.agent.id, operation: 'send', input: hello });
  expect(outcome.status, `${name}: ${outcome.message}`).toBe('result');
}
const tempDir = suiteTempDir('sb-secrets-');

beforeAll(async () => {
  dataDir = tempDir();
  host = createHost({ edition: 'test', appVersion: '1', dataDir });
  host.onEvent((event) => {
    if (event.type === 'frames') published.push(JSON.stringify(event.frames));
  });
  tokens = await startTokenEndpoint({ ...CLIENT, expiresInSeconds: 3600 });
  authPeer = await startAuthPeer({ tokenEndpoint: tokens });
  await run('apikey-header', {
    type: 'apiKey',
    location: 'header',
    name: 'X-API-Key',
    value: AUTH_PEER.apiKey,
  });
  await run('apikey-query', { type: 'apiKey', location: 'query', name: 'api_key', value: AUTH_PEER.apiKey });
  await run('apikey-cookie', {
    type: 'apiKey',
    location: 'cookie',
    name: 'session',
    value: AUTH_PEER.apiKey,
  });
  await run('bearer', { type: 'bearer', token: AUTH_PEER.bearerToken });
  await run('basic', { type: 'basic', username: AUTH_PEER.basicUser, password: AUTH_PEER.basicPassword });
  await run('custom-header', undefined, [
    { name: 'X-Switchboard-Custom', value: AUTH_PEER.customHeaderValue, secret: true },
  ]);
  await run('oauth', {
    type: 'oauth2-client-credentials',
    tokenUrl: tokens.tokenUrl,
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    clientAuth: 'body',
  });

  // A push config with a token and credentials, and deliveries that carry the token back.
  pushPeer = await peers['v1.0']();
  const opened = await host.openAgent({ url: pushPeer.baseUrl });
  if (!opened.ok) throw new Error(opened.message);
  const target = await host.createPushTarget({ agentId: opened.agent.id, mode: 'token' });
  notificationToken = target.token;
  const delivered = new Promise<void>((resolve) => {
    const stop = host.onEvent((event) => {
      if (event.type !== 'frames') return;
      const done = event.frames.some(
        (frame): frame is WebhookFrame => frame.kind === 'webhook' && frame.a2a?.state === 'completed',
      );
      if (done) {
        stop();
        resolve();
      }
    });
  });
  const sent = await host.runOperation({
    agentId: opened.agent.id,
    operation: 'send',
    input: { ...hello, blocking: false, pushNotification: { url: target.url, token: target.token } },
  });
  await host.runOperation({
    agentId: opened.agent.id,
    operation: 'pushConfigSet',
    input: {
      taskId: sent.taskId!,
      config: {
        id: 'second',
        url: target.url,
        token: target.token,
        authSchemes: ['Bearer'],
        credentials: PUSH_CREDENTIALS,
      },
    },
  });
  await delivered;
});

afterAll(async () => {
  await pushPeer?.close();
  await authPeer?.close();
  await tokens?.close();
  await host?.close();
});

function secrets(): Record<string, string> {
  return {
    apiKey: AUTH_PEER.apiKey,
    bearer: AUTH_PEER.bearerToken,
    basicHeader: Buffer.from(`${AUTH_PEER.basicUser}:${AUTH_PEER.basicPassword}`).toString('base64'),
    custom: AUTH_PEER.customHeaderValue,
    clientSecret: CLIENT.clientSecret,
    accessToken: tokens.issued[0]!,
    notificationToken,
    pushCredentials: PUSH_CREDENTIALS,
  };
}

function leaks(text: string): string[] {
  return Object.entries(secrets())
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name);
}

it('the run really carried every secret (the test is not vacuous)', () => {
  expect(tokens.issued.length).toBeGreaterThan(0);
  // The frames the host published in memory (what the renderer shows, masked until revealed) hold them all.
  expect(leaks(published.join('\n')).sort()).toEqual(Object.keys(secrets()).sort());
});

it('the journal on disk holds no secret', async () => {
  const dir = journalDir(dataDir);
  const [name] = (await readdir(dir)).filter((file) => file.endsWith('.ndjson'));
  await host.openSession({ path: LIVE_SESSION_ID }); // flushes the journal
  expect(leaks(await readFile(path.join(dir, name!), 'utf8'))).toEqual([]);
});

it('the saved session and both exports hold none, and the review lists every kind', async () => {
  const saved = await host.saveSession({ sessionId: LIVE_SESSION_ID });
  expect(leaks(await readFile(saved.path, 'utf8'))).toEqual([]);
  for (const format of ['har', 'session'] as const) {
    const exported = await host.exportSession({ sessionId: LIVE_SESSION_ID, format });
    expect(leaks(exported.text), format).toEqual([]);
    // The review names what was taken out, recorded when the journal was written.
    const kinds = new Set(exported.redactions.map((item) => `${item.kind} in ${item.where}`));
    for (const kind of [
      'api-key in request-header',
      'api-key in query',
      'api-key in cookie',
      'authorization in request-header',
      'client-secret in form',
      'token in response-body',
      'push-secret in request-body',
      'push-secret in request-header',
    ]) {
      expect(kinds, `${format}: ${kind}`).toContain(kind);
    }
    const custom = exported.redactions.find((item) => item.name === 'X-Switchboard-Custom');
    expect(custom).toMatchObject({ where: 'request-header', length: AUTH_PEER.customHeaderValue.length });
    expect(exported.redactions.every((item) => item.length > 0)).toBe(true);
  }
  expect(saved.redactions.length).toBeGreaterThan(5);
});
