// The host's other agent entry points: a card pasted or opened from a file, a request typed by hand, and the agent
// library on disk.

import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { peers } from '../peers';
import type { PeerHandle } from '../peers/types';
import { expectStatus, recordingHost } from './support/recordingHost';
import { testTempDir } from '../unit/support/tempDir';

const recording = recordingHost();
const { host } = recording;
let peer: PeerHandle;
let cardText: string;
beforeAll(async () => {
  peer = await peers['v1.0']();
  cardText = await (await fetch(peer.cardUrl, { headers: { 'A2A-Version': '1.0' } })).text();
});
afterAll(() => peer.close());

describe('a card opened from text (CARD-2)', () => {
  it('needs no request to open, and then talks to the interface the card names', async () => {
    const before = recording.frames().length;
    const opened = await host.openCard({ text: cardText, name: 'agent-card.json' });
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.agent).toMatchObject({ generation: '1.0', cardUrl: 'file:///agent-card.json' });
    expect(opened.agent.cardFrameId).toBeUndefined();
    await recording.flush();
    expect(recording.frames().length).toBe(before);
    const outcome = await host.runOperation({
      agentId: opened.agent.id,
      operation: 'send',
      input: { message: { parts: [{ kind: 'text', text: 'hello file' }] }, blocking: true },
    });
    expectStatus(outcome, 'result');
  });

  it('says why text is not a card', async () => {
    expect(await host.openCard({ text: '{"name":', name: 'broken.json' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^broken\.json is not JSON: Invalid JSON at line 1, column 9/),
    });
    expect(await host.openCard({ text: '[1]', name: 'list.json' })).toEqual({
      ok: false,
      attempts: [],
      message: 'list.json: An agent card must be a JSON object.',
    });
  });
});

describe('a request typed by hand (MSG-8)', () => {
  let agentId: string;
  beforeAll(async () => {
    const opened = await host.openAgent({ url: peer.baseUrl });
    if (!opened.ok) throw new Error(opened.message);
    agentId = opened.agent.id;
  });

  it('invalid JSON goes out as typed, and the error of the agent comes back with its code named', async () => {
    const outcome = await host.sendRaw({
      agentId,
      method: 'POST',
      url: '',
      headers: [
        ['Content-Type', 'application/json'],
        ['A2A-Version', '1.0'],
      ],
      body: '{"jsonrpc":"2.0","id":1,"method":',
    });
    expect(outcome.status).toBe('error');
    expect(outcome.error).toMatchObject({ code: -32700 });
    expect(outcome.message).toMatch(/^The agent answered with an error -32700 JSONParseError/);
    await recording.flush();
    const frame = recording.http(outcome.exchangeId!);
    expect(frame.request.body?.text).toBe('{"jsonrpc":"2.0","id":1,"method":');
    expect(frame.a2a?.operation).toBe('raw');
  });

  it('headers the user marked secret are marked on the frame', async () => {
    const outcome = await host.sendRaw({
      agentId,
      method: 'POST',
      url: '',
      headers: [
        ['Content-Type', 'application/json'],
        ['X-Session-Key', 'sk-1'],
      ],
      body: '{}',
      secretHeaders: ['X-Session-Key'],
    });
    await recording.flush();
    const frame = recording.http(outcome.exchangeId!);
    expect(frame.secrets).toContainEqual({ in: 'request-header', name: 'X-Session-Key' });
  });

  it('a hand-typed operation is recognised and decoded as that operation', async () => {
    const sent = await host.runOperation({
      agentId,
      operation: 'send',
      input: { message: { parts: [{ kind: 'text', text: 'hello' }] }, blocking: true },
    });
    const outcome = await host.sendRaw({
      agentId,
      method: 'POST',
      url: '',
      headers: [
        ['Content-Type', 'application/json'],
        ['A2A-Version', '1.0'],
      ],
      body: JSON.stringify({ jsonrpc: '2.0', id: 'mine', method: 'GetTask', params: { id: sent.taskId } }),
    });
    expectStatus(outcome, 'result');
    expect(outcome).toMatchObject({ taskId: sent.taskId, result: { type: 'task' } });
  });
});

describe('the agent library on disk', () => {
  it('saves without secrets, loads back, and keeps an unreadable file aside', async () => {
    const dataDir = testTempDir('switchboard-library-');
    const local = createHost({ edition: 'test', appVersion: '0', dataDir });
    expect(await local.loadLibrary()).toEqual({ entries: [] });
    const entries = [
      {
        url: peer.baseUrl,
        name: 'peer',
        settings: {
          auth: { type: 'bearer' as const, token: 'very-secret' },
          headers: [
            { name: 'X-Key', value: 'also-secret', secret: true },
            { name: 'X-Trace', value: 'visible' },
          ],
          timeouts: { idleMs: 5000 },
        },
      },
    ];
    expect(await local.saveLibrary({ entries })).toEqual({ saved: 1 });
    const text = await readFile(path.join(dataDir, 'agents.json'), 'utf8');
    expect(text).not.toContain('very-secret');
    expect(text).not.toContain('also-secret');
    expect(await local.loadLibrary()).toEqual({
      entries: [
        {
          ...entries[0],
          settings: {
            ...entries[0]!.settings,
            auth: { type: 'bearer', token: '' },
            headers: [
              { name: 'X-Key', value: '', secret: true },
              { name: 'X-Trace', value: 'visible' },
            ],
          },
        },
      ],
    });

    await writeFile(path.join(dataDir, 'agents.json'), '{"format":"something else"}');
    const broken = await local.loadLibrary();
    expect(broken.entries).toEqual([]);
    expect(broken.problem).toMatch(
      /^The agent library was not valid \(This is not a Switchboard agent library\.\); it was kept as /,
    );
    expect((await readdir(dataDir)).some((f) => f.startsWith('agents.json.unreadable-'))).toBe(true);
  });
});
