// The agent client against the hostile peer: one test per fault, each asserting the exact words a user sees and
// that no frame was lost (WIRE-5, WIRE-6, TASK-4).

import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import type { AgentSettingsChange, OperationOutcome } from '../../shared/host/agent';
import type { SendInput } from '../../shared/a2a/adapter';
import {
  SPLIT_UTF8_TEXT,
  startHostilePeer,
  type HostileFault,
  type HostilePeerHandle,
} from '../peers/hostilePeer';
import { expectStatus, expectTiledStream, recordingHost } from './support/recordingHost';
import { eventJson } from '../../shared/wire/eventJson';

const recording = recordingHost();
const { host } = recording;
let peer: HostilePeerHandle;
beforeAll(async () => {
  peer = await startHostilePeer();
});
afterAll(() => peer.close());

const input: SendInput = { message: { parts: [{ kind: 'text', text: 'hello' }] }, blocking: true };

async function agent(fault: HostileFault, settings: AgentSettingsChange = {}): Promise<string> {
  const result = await host.openAgent({ url: peer.agentUrl(fault), settings });
  if (!result.ok) throw new Error(result.message);
  return result.agent.id;
}

async function streamToEnd(agentId: string) {
  const outcome = await host.runOperation({ agentId, operation: 'stream', input });
  expectStatus(outcome, 'stream');
  const end = await host.awaitStream({ exchangeId: outcome.exchangeId! });
  await recording.flush();
  const exchange = recording.http(outcome.exchangeId!);
  return { outcome, end, exchange, events: recording.events(exchange.id) };
}

const target = () => new URL(peer.baseUrl).host;

describe('streams that break the rules keep every byte', () => {
  it('a connection dropped mid-stream: both events kept, then get and subscribe again, each visible', async () => {
    const { end, exchange, events } = await streamToEnd(await agent('drop-mid-stream'));
    expect(events.map((e) => e.a2a?.state)).toEqual(['submitted', 'working']);
    expect(exchange.error).toEqual({
      kind: 'reset',
      label: 'Connection reset',
      code: 'ECONNRESET',
      message: `${target()} closed the connection before the response was complete (${exchange.stream!.bytes} bytes of body received).`,
    });
    expect(exchange.stream).toMatchObject({ ended: 'error', events: 2 });
    expectTiledStream(exchange, events);
    expect(events.at(-1)!.offset.end).toBe(exchange.stream!.bytes);

    // Resync: the task was still working, so the client got it, then subscribed again.
    expect(end.resync?.get).toMatchObject({ status: 'result', taskId: 'task-drop' });
    expect(end.resync?.subscribe?.status).toBe('stream');
    const resubscribed = await host.awaitStream({ exchangeId: end.resync!.subscribe!.exchangeId! });
    expect(resubscribed.ended).toBe('complete');
    await recording.flush();
    expect(recording.http(end.resync!.get.exchangeId!).source).toBe('resync:get');
    const again = recording.http(end.resync!.subscribe!.exchangeId!);
    expect(again.source).toBe('resync:subscribe');
    expect(recording.events(again.id).at(-1)!.a2a?.state).toBe('completed');
  });

  it('CR-only line endings', async () => {
    const { end, exchange, events } = await streamToEnd(await agent('cr-only'));
    expect(end.ended).toBe('complete');
    expectTiledStream(exchange, events);
    expect(events).toHaveLength(3);
    for (const event of events) {
      expect(event.raw).toMatch(/\r\r$/);
      expect(event.raw).not.toContain('\n');
      expect(event.findings ?? []).toEqual([]);
    }
    expect(events.at(-1)!.a2a?.state).toBe('completed');
  });

  it('UTF-8 sequences and a CRLF split across chunks', async () => {
    const { exchange, events } = await streamToEnd(await agent('split-utf8'));
    expectTiledStream(exchange, events);
    expect(events.every((e) => !e.rawBase64 && !(e.findings ?? []).some((f) => f.severity === 'error'))).toBe(
      true,
    );
    expect(JSON.stringify(events.map((e) => eventJson(e)))).toContain(SPLIT_UTF8_TEXT);
    expect(events.some((e) => e.raw.includes(SPLIT_UTF8_TEXT))).toBe(true);
    expect(events.at(-1)!.a2a?.state).toBe('completed');
  });

  it('a data line that is not JSON is recorded and flagged, and the stream goes on', async () => {
    const { end, exchange, events } = await streamToEnd(await agent('non-json-data'));
    expect(end.ended).toBe('complete');
    expectTiledStream(exchange, events);
    expect(events).toHaveLength(3);
    const bad = events[1]!;
    expect(bad.event?.data).toBe('this is not json');
    expect(eventJson(bad)).toBeUndefined();
    expect(bad.jsonFromData).toBeUndefined();
    expect(bad.a2a).toBeUndefined();
    expect(bad.findings?.map((f) => [f.rule, f.severity])).toEqual([['json.invalid', 'error']]);
    expect(bad.findings?.[0]?.message).toBe(
      `The event data is not valid JSON. Invalid JSON at line 1, column 2: expected 'true', found 'h' — starts: "this is not json"`,
    );
    expect(events[2]!.a2a?.state).toBe('completed');
  });
});

describe('answers that are not A2A', () => {
  it('an HTML 502 page: its status and first KB', async () => {
    const outcome = await host.runOperation({ agentId: await agent('html-502'), operation: 'send', input });
    await recording.flush();
    const body = recording.http(outcome.exchangeId!).response!.body.text;
    expect(body.length).toBeGreaterThan(1024);
    expect(outcome).toMatchObject({ status: 'invalid' });
    expect(outcome.message).toBe(`HTTP 502 Bad Gateway (text/html): ${body.slice(0, 1024)}…`);
  });

  it('the wrong content type is flagged, and the JSON inside still read', async () => {
    const outcome = await host.runOperation({
      agentId: await agent('wrong-content-type'),
      operation: 'send',
      input,
    });
    expectStatus(outcome, 'result');
    expect(outcome.findings).toContainEqual(
      expect.objectContaining({
        rule: 'http.content-type',
        severity: 'warning',
        message: 'Expected application/json but the answer is text/plain.',
      }),
    );
    await recording.flush();
    expect(recording.http(outcome.exchangeId!).findings).toEqual(outcome.findings);
  });

  it('a JSON-RPC id mismatch is flagged, not dropped', async () => {
    const outcome = await host.runOperation({
      agentId: await agent('id-mismatch'),
      operation: 'send',
      input,
    });
    expectStatus(outcome, 'result');
    const mismatch = outcome.findings.find((f) => f.rule === 'jsonrpc.id-mismatch');
    expect(mismatch?.severity).toBe('error');
    expect(outcome.result?.type).toBe('task');
  });
});

describe('timeouts are distinct labelled errors', () => {
  it('connect: every discovery attempt says so', async () => {
    const hanging: LookupFunction = () => {};
    const slow = createHost({ edition: 'test', appVersion: '0', lookup: hanging });
    const result = await slow.openAgent({
      url: 'http://agent.test',
      settings: { timeouts: { connectMs: 50 } },
    });
    expect(result).toEqual({
      ok: false,
      attempts: [expect.any(String), expect.any(String)],
      message: [
        'No agent card found. Tried:',
        '• http://agent.test/.well-known/agent-card.json: Timed out (connect) — Gave up after 50 ms connecting.',
        '• http://agent.test/.well-known/agent.json: Timed out (connect) — Gave up after 50 ms connecting.',
      ].join('\n'),
    });
  });

  it('idle: a stream that goes silent', async () => {
    const id = await agent('hang', { timeouts: { idleMs: 300 }, resyncOnDrop: false });
    const { end, exchange, events } = await streamToEnd(id);
    expect(end.frameError).toEqual({
      kind: 'timeout',
      phase: 'idle',
      label: 'Timed out (idle)',
      message: 'Gave up after 300 ms waiting for more data (idle).',
    });
    expect(events).toHaveLength(1);
    expect(exchange.stream?.ended).toBe('error');
  });

  it('first byte: an agent that never answers', async () => {
    const id = await agent('hang-head', { timeouts: { firstByteMs: 200 } });
    const outcome = await host.runOperation({ agentId: id, operation: 'send', input });
    expect(outcome).toMatchObject({
      status: 'failed',
      message: 'Timed out (first-byte): Gave up after 200 ms waiting for the first byte of the response.',
      frameError: { kind: 'timeout', phase: 'first-byte' },
    });
  });

  it('total: the whole exchange', async () => {
    const id = await agent('hang-head', { timeouts: { firstByteMs: 60_000, totalMs: 200 } });
    const outcome = await host.runOperation({ agentId: id, operation: 'send', input });
    expect(outcome.message).toBe('Timed out (total): Gave up after 200 ms for the whole exchange.');
  });
});

describe('caps are configurable and reported', () => {
  it('a 100 MB body stops at the body cap, the first bytes kept', async () => {
    const stopped = peer.nextWriterStopped();
    const cap = 32 * 1024 * 1024;
    const outcome: OperationOutcome = await host.runOperation({
      agentId: await agent('huge-body', { limits: { maxBodyBytes: cap } }),
      operation: 'send',
      input,
    });
    expect(outcome).toMatchObject({
      status: 'failed',
      message: `Body too large: The response body passed the ${cap}-byte cap; the first ${cap} bytes are kept.`,
    });
    await recording.flush();
    const body = recording.http(outcome.exchangeId!).response!.body;
    expect(body.size).toBe(cap);
    expect(body.truncated?.limit).toBe(cap);
    expect(body.truncated!.seen).toBeGreaterThan(cap);
    expect((await stopped).reason).toBe('client-closed');
  });

  it('a never-ending line: the event cap skips it, the stream cap closes the stream', async () => {
    const id = await agent('endless-line', {
      limits: { maxEventBytes: 1024 * 1024, maxStreamBytes: 4 * 1024 * 1024 },
    });
    const { end, exchange, events } = await streamToEnd(id);
    expect(end.frameError).toEqual({
      kind: 'too-large',
      label: 'Stream too large',
      message: `The stream passed the ${4 * 1024 * 1024}-byte cap and was closed; every event before it is kept.`,
    });
    expect(events).toEqual([]);
    expect(exchange.findings?.map((f) => f.rule)).toEqual(['sse.event-too-large', 'sse.stream-too-large']);
    expect(exchange.stream?.bytes).toBeGreaterThanOrEqual(4 * 1024 * 1024);
  });
});

describe('redirects', () => {
  it('a card that redirects to another origin is not followed, and says so', async () => {
    const before = peer.requests.filter((r) => r.listener === 'other').length;
    const result = await host.openAgent({ url: peer.agentUrl('redirect') });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const other = `${peer.otherOrigin}/redirect/.well-known/agent-card.json`;
    // The URL as given is tried first, as a card under any name (CARD-1); it is not one here.
    expect(result.message.split('\n')[1]).toBe(`• ${peer.agentUrl('redirect')}: HTTP 404 Not Found`);
    expect(result.message.split('\n')[2]).toBe(
      `• ${peer.agentUrl('redirect')}/.well-known/agent-card.json: redirected to another origin (${other}); not followed — open that URL yourself if you trust it`,
    );
    expect(peer.requests.filter((r) => r.listener === 'other').length).toBe(before);
    await recording.flush();
    expect(recording.http(result.attempts[1]!).response?.status).toBe(302);
  });
});
