// The recording proxy is no open relay and keeps credentials to itself (PRX-1, SEC-2, SEC-3): it listens on 127.0.0.1
// only; an absolute-form target, CONNECT, a foreign Host and a path outside the upstream's interfaces are refused
// with a sentence and reach nothing (a canary server counts what arrives); user info in the upstream URL becomes an
// Authorization header upstream but never appears in the served card, the status or a saved session. Two proxies run
// side by side, and a proxy can serve a saved session in the upstream's place (PRX-5).

import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import type { Recorder } from '../../electron/host/agent/recorder';
import { startRecordingProxy } from '../../electron/host/proxy/recordingProxy';
import { LIVE_SESSION_ID } from '../../shared/host/hostApi';
import { peers, type PeerHandle } from '../peers';
import { testTempDir } from '../unit/support/tempDir';
import { keptFrames } from './support/proxyHarness';

let peer: PeerHandle;
let canary: Server;
let canaryHits = 0;
beforeAll(async () => {
  peer = await peers['v1.0']();
  canary = createServer((_req, res) => {
    canaryHits++;
    res.end('canary');
  });
  canary.on('connect', (_req, socket) => {
    canaryHits++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await peer.close();
  await new Promise((resolve) => canary.close(resolve));
});

const canaryPort = () => {
  const address = canary.address();
  return typeof address === 'object' && address ? address.port : 0;
};

/** Writes `text` on a fresh connection and reads everything until the server closes it. */
function rawExchange(port: number, text: string, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const rpc = (text: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'SendMessage',
    params: { message: { messageId: `m-${text}`, role: 'ROLE_USER', parts: [{ text }] } },
  });

describe('what the proxy refuses', () => {
  it('listens on 127.0.0.1 only and refuses absolute-form, CONNECT, foreign hosts and other paths', async () => {
    const kept = keptFrames();
    const proxy = await startRecordingProxy({ upstream: peer.baseUrl }, { recorder: kept.recorder });
    try {
      const { listenUrl } = proxy.status();
      const port = Number(new URL(listenUrl).port);
      expect(new URL(listenUrl).hostname).toBe('127.0.0.1');
      await expect(rawExchange(port, 'GET / HTTP/1.1\r\n\r\n', '::1')).rejects.toThrow();
      const canaryUrl = `http://127.0.0.1:${canaryPort()}/x`;
      const before = kept.all().length;

      const absolute = await rawExchange(
        port,
        `GET ${canaryUrl} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
      );
      expect(absolute).toMatch(/^HTTP\/1\.1 400/);
      expect(absolute).toContain('is not a path');

      const tunnel = await rawExchange(
        port,
        `CONNECT 127.0.0.1:${canaryPort()} HTTP/1.1\r\nHost: 127.0.0.1:${canaryPort()}\r\n\r\n`,
      );
      expect(tunnel).toMatch(/^HTTP\/1\.1 405/);
      expect(tunnel).toContain('CONNECT is not allowed');

      // fetch will not send another Host, so the request is written by hand.
      const body = rpc('hello');
      const foreign = await rawExchange(
        port,
        `POST /a2a/jsonrpc HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(foreign).toMatch(/^HTTP\/1\.1 421/);
      expect(foreign).toContain('Host not allowed');

      const elsewhere = await fetch(`${listenUrl}/admin/../../etc`, { method: 'GET' });
      expect(elsewhere.status).toBe(404);
      expect(await elsewhere.text()).toContain('is not on this proxy');

      expect(canaryHits).toBe(0);
      expect(kept.all().length).toBe(before);
      expect(proxy.status().exchanges).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('says clearly what is wrong with a bad upstream', async () => {
    const kept = keptFrames();
    await expect(startRecordingProxy({ upstream: 'not a url' }, { recorder: kept.recorder })).rejects.toThrow(
      /is not a URL/,
    );
    await expect(
      startRecordingProxy({ upstream: 'ftp://127.0.0.1/' }, { recorder: kept.recorder }),
    ).rejects.toThrow(/not ftp:/);
    await expect(
      startRecordingProxy({ upstream: `http://127.0.0.1:${canaryPort()}/` }, { recorder: kept.recorder }),
    ).rejects.toThrow(/card could not be read/);
    const proxy = await startRecordingProxy({ upstream: peer.baseUrl }, { recorder: kept.recorder });
    try {
      const port = Number(new URL(proxy.status().listenUrl).port);
      await expect(
        startRecordingProxy({ upstream: peer.baseUrl, port }, { recorder: kept.recorder }),
      ).rejects.toThrow(/is in use/);
    } finally {
      await proxy.close();
    }
  });
});

describe('credentials', () => {
  it('keeps user info out of the served card, the status and the saved session', async () => {
    const dataDir = testTempDir('sb-proxy-');
    let recorder: Recorder | undefined;
    const host = createHost({ edition: 'test', appVersion: '1', dataDir, onRecorder: (r) => (recorder = r) });
    const upstream = peer.baseUrl.replace('http://', 'http://someone:s3cret-pass@');
    const proxy = await startRecordingProxy({ upstream }, { recorder: recorder! });
    try {
      const { listenUrl, cardUrl, upstream: shown } = proxy.status();
      expect(shown).not.toContain('s3cret');
      const card = await (await fetch(cardUrl)).text();
      expect(card).not.toContain('s3cret');
      expect(card).not.toContain('someone');
      const answer = await fetch(`${listenUrl}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
        body: rpc('hello saved'),
      });
      expect(answer.status).toBe(200);
      await answer.text();
      const saved = await host.saveSession({ sessionId: LIVE_SESSION_ID, title: 'proxied' });
      const text = await readFile(saved.path, 'utf8');
      expect(text).toContain('hello saved');
      expect(text).not.toContain('s3cret');
      expect(text).not.toContain(Buffer.from('someone:s3cret-pass').toString('base64'));
    } finally {
      await proxy.close();
      await host.close();
    }
  });
});

describe('several proxies and a replaced upstream', () => {
  it('runs two proxies at once, each forwarding to its own upstream', async () => {
    const other = await peers['v0.3']();
    const kept = keptFrames();
    const first = await startRecordingProxy({ upstream: peer.baseUrl }, { recorder: kept.recorder });
    const second = await startRecordingProxy({ upstream: other.baseUrl }, { recorder: kept.recorder });
    try {
      expect(first.status().listenUrl).not.toBe(second.status().listenUrl);
      const one = await fetch(`${first.status().listenUrl}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
        body: rpc('to one'),
      });
      expect(one.status).toBe(200);
      await one.text();
      const v03 = {
        jsonrpc: '2.0',
        id: 2,
        method: 'message/send',
        params: {
          message: {
            kind: 'message',
            messageId: 'm-2',
            role: 'user',
            parts: [{ kind: 'text', text: 'two' }],
          },
        },
      };
      const two = await fetch(`${second.status().listenUrl}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(v03),
      });
      expect(((await two.json()) as { result: { status: { state: string } } }).result.status.state).toBe(
        'completed',
      );
      const byProxy = kept
        .proxied()
        .map((f) => [f.proxied?.proxyId, new URL(f.request.url).origin, f.a2a?.operation]);
      expect(byProxy).toEqual([
        [first.status().id, peer.baseUrl, 'send'],
        [second.status().id, other.baseUrl, 'send'],
      ]);
      expect([first.status().exchanges, second.status().exchanges]).toEqual([1, 1]);
    } finally {
      await first.close();
      await second.close();
      await other.close();
    }
  });

  it('serves a saved session in the upstream’s place (PRX-5)', async () => {
    const dataDir = testTempDir('sb-proxy-replace-');
    const recording = createHost({ edition: 'test', appVersion: '1', dataDir });
    let file: string;
    try {
      const opened = await recording.openAgent({ url: peer.baseUrl });
      if (!opened.ok) throw new Error(opened.message);
      const outcome = await recording.runOperation({
        agentId: opened.agent.id,
        operation: 'send',
        input: { message: { parts: [{ kind: 'text', text: 'hello there' }] }, blocking: true },
      });
      expect(outcome.status).toBe('result');
      file = (await recording.saveSession({ sessionId: LIVE_SESSION_ID, title: 'to replay' })).path;
    } finally {
      await recording.close();
    }
    const kept = keptFrames();
    const proxy = await startRecordingProxy(
      { upstream: peer.baseUrl, replaceWith: file },
      { recorder: kept.recorder },
    );
    try {
      expect(proxy.status().replacedBy).toMatch(/\.switchboard$/);
      const card = (await (await fetch(proxy.status().cardUrl)).json()) as {
        supportedInterfaces: { url: string }[];
      };
      for (const entry of card.supportedInterfaces)
        expect(new URL(entry.url).origin).toBe(proxy.status().listenUrl);
      const answer = await fetch(`${proxy.status().listenUrl}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
        body: rpc('hello there'),
      });
      const body = (await answer.json()) as { result?: { task?: { status?: { state?: string } } } };
      expect(body.result?.task?.status?.state).toBe('TASK_STATE_COMPLETED');
      const frame = kept.proxied().find((f) => f.a2a?.operation === 'send')!;
      expect(frame.proxied?.replacedBy).toBe(proxy.status().replacedBy);
      expect(new URL(frame.request.url).origin).not.toBe(peer.baseUrl);
    } finally {
      await proxy.close();
    }
    await expect(
      startRecordingProxy(
        { upstream: peer.baseUrl, replaceWith: `${file}.missing` },
        { recorder: kept.recorder },
      ),
    ).rejects.toThrow(/There is no file/);
  });
});
