// The simplified REST agent (not A2A) driven through the host's address-bar fetch and the raw request editor's send:
// a task created, streamed as generic SSE events with their JSON, answered from input_required and completed; the
// timeline reads its task as "not A2A". The peer's own rules (API key, bodies, routes) are checked first.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawRequest } from '../../shared/host/hostApi';
import { runChecks } from '../../shared/checks/runChecks';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import { eventJson } from '../../shared/wire/eventJson';
import type { HttpFrame } from '../../shared/wire/frame';
import { SIMPLE_REST_PEER, startSimpleRestPeer, type SimpleRestPeerHandle } from '../peers/simpleRestPeer';
import { expectStatus, expectTiledStream, recordingHost } from './support/recordingHost';

let peer: SimpleRestPeerHandle;
beforeAll(async () => {
  peer = await startSimpleRestPeer();
});
afterAll(async () => {
  await peer.close();
});

const key: [string, string] = [SIMPLE_REST_PEER.header, SIMPLE_REST_PEER.apiKey];
const json: [string, string] = ['Content-Type', 'application/json'];

function bodyOf(frame: HttpFrame): { id: string; status: { state: string } } {
  return JSON.parse(frame.response!.body.text) as { id: string; status: { state: string } };
}

describe('the simple REST peer itself', () => {
  it('serves a pre-0.2 card with apikey authentication at /.well-known/agent.json', async () => {
    const card = (await (await fetch(peer.cardUrl)).json()) as Record<string, unknown>;
    expect(card).toMatchObject({
      name: 'Simple REST agent',
      url: peer.baseUrl,
      capabilities: { streaming: true },
      authentication: { schemes: ['apikey'] },
    });
  });

  it('refuses a missing or wrong key with 401 and a JSON error', async () => {
    for (const headers of [{}, { 'X-API-Key': 'wrong' }] as Array<Record<string, string>>) {
      const res = await fetch(`${peer.baseUrl}/tasks`, { method: 'POST', headers, body: '{"message":"hi"}' });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'unauthorized', message: 'Send a valid X-API-Key header.' });
    }
  });

  it('says what is wrong with a bad body, an unknown task, a wrong method and an answer out of turn', async () => {
    const headers = { 'X-API-Key': SIMPLE_REST_PEER.apiKey };
    const bad = await fetch(`${peer.baseUrl}/tasks`, { method: 'POST', headers, body: '{"text":"hi"}' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'The body must be {"message": "<text>"}.',
    );
    const unknown = await fetch(`${peer.baseUrl}/tasks/nope`, { headers });
    expect([unknown.status, await unknown.json()]).toEqual([
      404,
      { error: 'task_not_found', message: 'No task nope.' },
    ]);
    const wrongMethod = await fetch(`${peer.baseUrl}/tasks`, { headers });
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'POST']);
    const created = await fetch(`${peer.baseUrl}/tasks`, {
      method: 'POST',
      headers,
      body: '{"message":"hi"}',
    });
    const task = (await created.json()) as { id: string };
    const fetched = (await (await fetch(`${peer.baseUrl}/tasks/${task.id}`, { headers })).json()) as {
      status: { state: string };
    };
    expect(fetched.status.state).toBe('completed');
    const late = await fetch(`${peer.baseUrl}/tasks/${task.id}/messages`, {
      method: 'POST',
      headers,
      body: '{"message":"blue"}',
    });
    expect([late.status, ((await late.json()) as { message: string }).message]).toEqual([
      409,
      'The task is completed, not input_required.',
    ]);
  });
});

describe('through the address bar (fetchRaw)', () => {
  it('creates a task, streams it as events, answers input_required, and the task completes', async () => {
    const recorded = recordingHost();
    const send = (request: RawRequest) => recorded.host.fetchRaw(request);
    const created = await send({
      method: 'POST',
      url: `${peer.baseUrl}/tasks`,
      headers: [key, json],
      body: { text: '{"message":"please ask me something"}' },
    });
    expect(created.response?.status).toBe(201);
    const taskId = bodyOf(created).id;

    const opened = peer.nextStreamOpened();
    const streaming = send({ method: 'GET', url: `${peer.baseUrl}/tasks/${taskId}/stream`, headers: [key] });
    expect(await opened).toEqual({ method: 'GET', path: `/tasks/${taskId}/stream` });
    await peer.taskReached(taskId, 'input_required');
    const answered = await send({
      method: 'POST',
      url: `${peer.baseUrl}/tasks/${taskId}/messages`,
      headers: [key, json],
      body: { text: '{"message":"blue"}' },
    });
    expect(answered.response?.status).toBe(200);
    const stream = await streaming;
    await recorded.flush();

    expect(stream.error).toBeUndefined();
    expect(stream.stream).toMatchObject({ events: 5, ended: 'complete' });
    // The exact bytes stay in the body too, as every buffered answer's do.
    expect(stream.response?.body.size).toBe(stream.stream?.bytes);
    expect(stream.response?.body.text).toContain('event: snapshot\nid: 1\ndata: {');
    const events = recorded.events(stream.id);
    expectTiledStream(recorded.http(stream.id), events);
    expect(events.map((e) => e.event?.type)).toEqual(['snapshot', 'status', 'status', 'status', 'status']);
    expect(events.map((e) => e.event?.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(events.map((e) => (eventJson(e) as { status: { state: string } }).status.state)).toEqual([
      'submitted',
      'working',
      'input_required',
      'working',
      'completed',
    ]);
    // Generic events: no A2A reading, and no finding (least of all "not valid JSON").
    expect(events.every((e) => e.a2a === undefined && e.findings === undefined)).toBe(true);
    expect(events.every((e) => e.timing.start >= stream.timing.start)).toBe(true);

    const model = new TimelineModel();
    model.ingest(recorded.frames());
    const task = model.tasks.get(taskId);
    expect(task?.notA2A).toBe(true);
    expect(task?.states.map((s) => s.stateWire)).toEqual([
      'submitted',
      'working',
      'input_required',
      'working',
      'completed',
    ]);
    expect(task?.artifacts.map((a) => a.name)).toEqual(['answer']);
    // The checks find nothing wrong with traffic that never claimed to be A2A, least of all invalid JSON.
    const report = runChecks({ frames: recorded.frames(), agents: [], cardFindings: [], appVersion: '0' });
    expect(report.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    const eventEntries = model.entries.filter((e) => e.exchangeId === stream.id && e.kind === 'event');
    expect(eventEntries.map((e) => e.label)[0]).toBe('event snapshot · task submitted (not A2A)');
    expect(eventEntries.some((e) => e.severity !== undefined)).toBe(false);
  });
});

describe("a stream past the address bar's body cap", () => {
  it('stops at the cap as a buffered body does, keeping the bytes and the events before it', async () => {
    const recorded = recordingHost();
    const created = await recorded.host.fetchRaw({
      method: 'POST',
      url: `${peer.baseUrl}/tasks`,
      headers: [key, json],
      body: { text: '{"message":"hello"}' },
    });
    const url = `${peer.baseUrl}/tasks/${bodyOf(created).id}/stream`;
    const frame = await recorded.host.fetchRaw({ method: 'GET', url, headers: [key], maxBodyBytes: 100 });
    await recorded.flush();
    expect(frame.error).toMatchObject({ kind: 'too-large', label: 'Body too large' });
    expect(frame.response?.body).toMatchObject({ size: 100, truncated: { limit: 100 } });
    expect(frame.stream?.ended).toBe('error');
    expect(recorded.events(frame.id).every((e) => e.offset.end <= frame.stream!.bytes)).toBe(true);
  });
});

describe('through the raw request editor (sendRaw) with the card opened', () => {
  it('reads the stream of a raw request as generic events, never as invalid JSON', async () => {
    const recorded = recordingHost();
    const { host } = recorded;
    const opened = await host.openAgent({ url: peer.cardUrl });
    if (!opened.ok) throw new Error(opened.message);
    const agentId = opened.agent.id;
    const created = await host.sendRaw({
      agentId,
      method: 'POST',
      url: `${peer.baseUrl}/tasks`,
      headers: [key, json],
      body: '{"message":"hello there"}',
    });
    expectStatus(created, 'result');
    await recorded.flush();
    const createdFrame = recorded.http(created.exchangeId!);
    const taskId = bodyOf(createdFrame).id;

    const outcome = await host.sendRaw({
      agentId,
      method: 'GET',
      url: `tasks/${taskId}/stream`,
      headers: [key],
    });
    expectStatus(outcome, 'stream');
    expect(outcome.findings).toEqual([]);
    const end = await host.awaitStream({ exchangeId: outcome.exchangeId! });
    expect(end).toMatchObject({ ended: 'complete', events: 3 });
    await recorded.flush();
    const frame = recorded.http(outcome.exchangeId!);
    expect(frame.findings ?? []).toEqual([]);
    expect(frame.a2a).toMatchObject({ agentId, operation: 'raw', outcome: 'stream' });
    const events = recorded.events(frame.id);
    expect(events.map((e) => (eventJson(e) as { status: { state: string } }).status.state)).toEqual([
      'submitted',
      'working',
      'completed',
    ]);

    const model = new TimelineModel();
    model.ingest(recorded.frames());
    const task = model.tasks.get(taskId);
    expect(task).toMatchObject({ agentId, notA2A: true });
    expect(task?.states.at(-1)?.state).toBe('completed');
    expect(task?.artifacts[0]?.parts).toMatchObject([{ kind: 'text', text: 'Echo: hello there' }]);
  });
});
