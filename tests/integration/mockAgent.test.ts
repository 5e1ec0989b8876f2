// The mock agent (SES-7) against the real thing: a session is recorded from a real peer, the peer is stopped, and
// the session is served as a mock. A second Switchboard host then inspects the mock with the same operations and
// must see the same tasks, states and artifacts; the official SDK client talks to it; what the session cannot answer
// gets a clear A2A error; and a stream is replayed byte for byte, with its pauses or with them cut short.

import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
} from '@a2a-js/sdk/client';
import { TaskState, type Task } from '@a2a-js/sdk';
import type { AgentSummary, OperationOutcome, OperationRequest } from '../../shared/host/agent';
import type { Binding, Generation } from '../../shared/a2a/generation';
import type { HostService } from '../../shared/host/hostApi';
import type { SessionAgent } from '../../shared/session/types';
import { TimelineModel } from '../../shared/timeline/timelineModel';
import type { Frame, HttpFrame, SseFrame } from '../../shared/wire/frame';
import { startMockAgent, type MockAgent } from '../../electron/host/session/mockAgent';
import { peers } from '../peers';
import type { PeerName } from '../peers';
import { expectStatus, recordingHost, type RecordingHost } from './support/recordingHost';
import { eventJson } from '../../shared/wire/eventJson';
import { sdkTextRequest } from './support/sdkMessages';

/** What a run of the script did, step by step, in words a comparison can hold: no ids, no times. */
interface StepSummary {
  step: string;
  status: OperationOutcome['status'];
  state?: string;
  artifacts?: string[];
  error?: string;
}

interface Run {
  steps: StepSummary[];
  taskIds: string[];
  streamId: string;
  /** Where the extended card's interfaces point. */
  extendedCardUrls: string[];
}

const text = (value: string, extra: { taskId?: string; contextId?: string } = {}) => ({
  parts: [{ kind: 'text' as const, text: value }],
  ...extra,
});

function summarize(step: string, outcome: OperationOutcome): StepSummary {
  const summary: StepSummary = { step, status: outcome.status };
  if (outcome.result?.type === 'task') {
    const task = outcome.result.task;
    summary.state = task.status.state;
    summary.artifacts = (task.artifacts ?? []).map((artifact) =>
      artifact.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.kind}]`)).join(''),
    );
  }
  if (outcome.error) summary.error = outcome.error.name;
  return summary;
}

/** Open agent, send (blocking), stream, a task that asks for input and is continued, get, and cancel. */
async function runScript(host: HostService, agentId: string): Promise<Run> {
  const call = (request: Omit<OperationRequest, 'agentId'>) =>
    host.runOperation({ ...request, agentId } as OperationRequest);
  const steps: StepSummary[] = [];
  const taskIds: string[] = [];

  const sent = await call({ operation: 'send', input: { message: text('hello there'), blocking: true } });
  steps.push(summarize('send', sent));
  taskIds.push(sent.taskId!);

  const streamed = await call({
    operation: 'stream',
    input: { message: text('hello stream'), blocking: true },
  });
  expectStatus(streamed, 'stream');
  const end = await host.awaitStream({ exchangeId: streamed.exchangeId! });
  steps.push({ step: `stream ended ${end.ended} after ${end.events} events`, status: streamed.status });

  const asked = await call({ operation: 'send', input: { message: text('need input'), blocking: true } });
  steps.push(summarize('ask', asked));
  taskIds.push(asked.taskId!);
  const answered = await call({
    operation: 'send',
    input: {
      message: text('blue, please', {
        taskId: asked.taskId!,
        ...(asked.contextId ? { contextId: asked.contextId } : {}),
      }),
      blocking: true,
    },
  });
  steps.push(summarize('answer', answered));

  steps.push(summarize('get', await call({ operation: 'get', input: { taskId: sent.taskId! } })));

  const slow = await call({ operation: 'send', input: { message: text('slow please'), blocking: false } });
  steps.push(summarize('slow', slow));
  taskIds.push(slow.taskId!);
  steps.push(summarize('cancel', await call({ operation: 'cancel', input: { taskId: slow.taskId! } })));

  // Clients such as the SDK's ask for the extended card whenever the card offers one.
  const extended = await call({ operation: 'extendedCard', input: {} });
  steps.push(summarize('extended card', extended));
  const card = extended.result?.type === 'card' ? extended.result.card : {};
  return { steps, taskIds, streamId: streamed.exchangeId!, extendedCardUrls: interfaceUrlsOf(card) };
}

function interfaceUrlsOf(card: unknown): string[] {
  const { url, additionalInterfaces, supportedInterfaces } = card as {
    url?: string;
    additionalInterfaces?: Array<{ url: string }>;
    supportedInterfaces?: Array<{ url: string }>;
  };
  return [
    ...(url ? [url] : []),
    ...(additionalInterfaces ?? []).map((i) => i.url),
    ...(supportedInterfaces ?? []).map((i) => i.url),
  ];
}

/** Every task the frames tell of: its states in order and its artifacts' text, as the timeline shows them. */
function tasksOf(frames: readonly Frame[]): Record<string, { states: string[]; artifacts: string[] }> {
  const model = new TimelineModel();
  model.ingest(frames);
  const out: Record<string, { states: string[]; artifacts: string[] }> = {};
  for (const task of model.taskList()) {
    out[task.id] = {
      states: task.states.map((mark) => mark.state),
      artifacts: task.artifacts.map((artifact) =>
        artifact.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.kind}]`)).join(''),
      ),
    };
  }
  return out;
}

function sessionAgent(agent: AgentSummary): SessionAgent {
  const card = JSON.parse(agent.cardText) as { name?: string };
  return {
    id: agent.id,
    name: card.name ?? 'agent',
    cardUrl: agent.cardUrl,
    origin: agent.origin,
    cardText: agent.cardText,
    generation: agent.generation,
  };
}

/** A host whose every published frame (every revision, as a journal keeps them) is kept in order. */
function journaledHost(): RecordingHost & { journal: Frame[] } {
  const recording = recordingHost();
  const journal: Frame[] = [];
  recording.host.onEvent((event) => {
    if (event.type === 'frames') journal.push(...structuredClone(event.frames));
  });
  return { ...recording, journal };
}

interface Recorded {
  journal: Frame[];
  agent: AgentSummary;
  run: Run;
  peerUrl: string;
}

async function recordSession(peer: PeerName, generation: Generation, binding: Binding): Promise<Recorded> {
  const handle = await peers[peer]();
  const recording = journaledHost();
  try {
    const opened = await recording.host.openAgent({
      url: handle.baseUrl,
      settings: { selection: { generation, binding } },
    });
    if (!opened.ok) throw new Error(opened.message);
    const run = await runScript(recording.host, opened.agent.id);
    await recording.flush();
    return { journal: recording.journal, agent: opened.agent, run, peerUrl: handle.baseUrl };
  } finally {
    await recording.host.close();
    await handle.close();
  }
}

const combos: Array<[PeerName, Generation, Binding]> = [
  ['v1.0', '1.0', 'JSONRPC'],
  ['v1.0', '1.0', 'HTTP+JSON'],
  ['v0.3', '0.3', 'JSONRPC'],
  ['v0.3', '0.3', 'HTTP+JSON'],
];

for (const [peer, generation, binding] of combos) {
  describe(`mock of a ${peer} session over ${binding}`, () => {
    let recorded: Recorded;
    let mock: MockAgent;
    beforeAll(async () => {
      // The peer is gone by the time the mock starts: everything the mock answers comes from the session.
      recorded = await recordSession(peer, generation, binding);
      mock = await startMockAgent({
        frames: recorded.journal,
        agents: [sessionAgent(recorded.agent)],
        timing: 'compressed',
      });
    });
    afterAll(() => mock?.close());

    it('records what the script expects of the real peer', () => {
      const states = Object.fromEntries(recorded.run.steps.map((s) => [s.step, s.state]));
      expect(states).toMatchObject({
        send: 'completed',
        ask: 'input-required',
        answer: 'completed',
        get: 'completed',
        // A non-blocking send answers at once: 1.0 still says submitted, 0.3 already working.
        slow: expect.stringMatching(/^(submitted|working)$/),
        cancel: 'canceled',
      });
      expect(recorded.run.steps.at(-1)).toMatchObject({ step: 'extended card', status: 'result' });
      expect(recorded.run.extendedCardUrls.length).toBeGreaterThan(0);
      for (const url of recorded.run.extendedCardUrls) expect(url.startsWith(recorded.peerUrl)).toBe(true);
    });

    it('a second Switchboard sees the same card, tasks, states and artifacts from the mock', async () => {
      const replay = journaledHost();
      try {
        const opened = await replay.host.openAgent({
          url: mock.url,
          settings: { selection: { generation, binding } },
        });
        if (!opened.ok) throw new Error(opened.message);
        const mockOrigin = new URL(mock.url).origin;
        expect(opened.agent.cardUrl).toBe(mock.cardUrl);
        expect(opened.agent.chosen?.url.startsWith(mockOrigin)).toBe(true);
        for (const found of opened.agent.interfaces) {
          expect(found.url).not.toContain(recorded.peerUrl);
          expect(found.url.startsWith(mockOrigin)).toBe(true);
        }
        // Only the interface URLs moved: the card is otherwise the recorded one.
        expect(opened.agent.cardText.replaceAll(mockOrigin, recorded.peerUrl)).toBe(recorded.agent.cardText);

        const run = await runScript(replay.host, opened.agent.id);
        expect(run.steps).toEqual(recorded.run.steps);
        expect(run.taskIds).toEqual(recorded.run.taskIds);
        // The extended card was recorded with the peer's URLs; the mock hands it out with its own.
        expect(run.extendedCardUrls).toEqual(
          recorded.run.extendedCardUrls.map((url) => url.replace(recorded.peerUrl, mockOrigin)),
        );
        await replay.flush();

        const before = tasksOf(recorded.journal);
        const after = tasksOf(replay.journal);
        expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
        expect(after).toEqual(before);
        expect(before[run.taskIds[1]!]!.states).toEqual(
          expect.arrayContaining(['input-required', 'completed']),
        );

        // The stream came back block for block, and the client found nothing wrong with the answers it got.
        const recordedStream = recorded.journal.filter(
          (f): f is SseFrame => f.kind === 'sse' && f.exchangeId === recorded.run.streamId,
        );
        const replayedStream = replay.events(run.streamId);
        expect(replayedStream.map((e) => eventJson(e))).toEqual(
          recordedStream.map((e) => withRpcId(eventJson(e), run, replay)),
        );
        const errors = replay
          .frames()
          .flatMap((f) => (f.kind === 'http' || f.kind === 'sse' ? (f.findings ?? []) : []))
          .filter((finding) => finding.severity === 'error');
        expect(errors).toEqual([]);
      } finally {
        await replay.host.close();
      }
    });

    it('answers a request the session has no recording for with a clear A2A error', async () => {
      const replay = recordingHost();
      try {
        const opened = await replay.host.openAgent({
          url: mock.url,
          settings: { selection: { generation, binding } },
        });
        if (!opened.ok) throw new Error(opened.message);
        const outcome = await replay.host.runOperation({
          agentId: opened.agent.id,
          operation: 'get',
          input: { taskId: 'never-recorded' },
        });
        expectStatus(outcome, 'error');
        expect(outcome.message).toContain('This mock agent replays a recorded session');
        expect(outcome.message).toContain('no recorded answer');
        expect(outcome.message).toContain('never-recorded');
        if (binding === 'JSONRPC') {
          // The method was recorded (for other tasks), so this is -32603, not "method not found".
          expect(outcome.error).toMatchObject({ code: -32603 });
        } else {
          await replay.flush();
          expect(replay.http(outcome.exchangeId!).response?.status).toBe(404);
        }
      } finally {
        await replay.host.close();
      }
    });
  });
}

/** The recorded event's JSON with the id the replaying client used (the mock puts the client's id in). */
function withRpcId(json: unknown, run: Run, replay: RecordingHost): unknown {
  if (typeof json !== 'object' || json === null || !('jsonrpc' in json)) return json;
  const sent = JSON.parse(replay.http(run.streamId).request.body!.text) as { id: unknown };
  return { ...json, id: sent.id };
}

describe('the official @a2a-js/sdk 1.3.0 client against a mock', () => {
  for (const binding of ['JSONRPC', 'HTTP+JSON'] as const) {
    it(`fetches the card, sends and streams over ${binding}`, async () => {
      const recorded = await recordSession('v1.0', '1.0', binding);
      const mock = await startMockAgent({
        frames: recorded.journal,
        agents: [sessionAgent(recorded.agent)],
        timing: 'compressed',
      });
      try {
        const factory = new ClientFactory(
          ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
            transports: [new JsonRpcTransportFactory(), new RestTransportFactory()],
            preferredTransports: [binding],
          }),
        );
        const client = await factory.createFromUrl(mock.url);
        const card = await client.getAgentCard();
        expect(card.name).toBe('Switchboard test peer (A2A 1.0)');
        expect(card.supportedInterfaces.map((i) => new URL(i.url).origin)).toEqual([
          new URL(mock.url).origin,
          new URL(mock.url).origin,
        ]);

        const result = await client.sendMessage(sdkTextRequest('hello there'));
        const task = result as Task;
        expect(task.id).toBe(recorded.run.taskIds[0]);
        expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
        expect(sdkText(task)).toBe('Echo: hello there');

        const kinds: string[] = [];
        let finalState: TaskState | undefined;
        let streamedText = '';
        for await (const event of client.sendMessageStream(sdkTextRequest('hello stream'))) {
          const payload = event.payload;
          if (!payload) continue;
          kinds.push(payload.$case);
          if (payload.$case === 'statusUpdate') finalState = payload.value.status?.state;
          if (payload.$case === 'artifactUpdate')
            for (const part of payload.value.artifact?.parts ?? [])
              if (part.content?.$case === 'text') streamedText += part.content.value;
        }
        expect(kinds[0]).toBe('task');
        expect(kinds).toContain('artifactUpdate');
        expect(finalState).toBe(TaskState.TASK_STATE_COMPLETED);
        expect(streamedText).toBe('Echo: hello stream');
      } finally {
        await mock.close();
      }
    });
  }
});

describe('a mock of a 0.3 session, for the SDK client in its 0.3 compat mode', () => {
  it('fetches the 0.3 card, sends and streams over JSON-RPC 0.3', async () => {
    const recorded = await recordSession('v0.3', '0.3', 'JSONRPC');
    const mock = await startMockAgent({
      frames: recorded.journal,
      agents: [sessionAgent(recorded.agent)],
      timing: 'compressed',
    });
    try {
      const legacyCompat = { enabled: true };
      const factory = new ClientFactory(
        ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
          transports: [new JsonRpcTransportFactory({ legacyCompat })],
          cardResolver: new DefaultAgentCardResolver({ legacyCompat }),
        }),
      );
      const client = await factory.createFromUrl(mock.url);
      const task = (await client.sendMessage(sdkTextRequest('hello there'))) as Task;
      expect(task.id).toBe(recorded.run.taskIds[0]);
      expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      expect(sdkText(task)).toBe('Echo: hello there');
      let streamedText = '';
      let finalState: TaskState | undefined;
      for await (const event of client.sendMessageStream(sdkTextRequest('hello stream'))) {
        if (event.payload?.$case === 'statusUpdate') finalState = event.payload.value.status?.state;
        if (event.payload?.$case === 'artifactUpdate')
          for (const part of event.payload.value.artifact?.parts ?? [])
            if (part.content?.$case === 'text') streamedText += part.content.value;
      }
      expect(finalState).toBe(TaskState.TASK_STATE_COMPLETED);
      expect(streamedText).toBe('Echo: hello stream');
    } finally {
      await mock.close();
    }
  });
});

describe("a mock of a compat agent's session", () => {
  it('serves the 1.0 card to requests with A2A-Version and the 0.3 one to requests without, both moved', async () => {
    const recorded = await recordSession('v1.0-compat', '1.0', 'JSONRPC');
    const mock = await startMockAgent({
      frames: recorded.journal,
      agents: [sessionAgent(recorded.agent)],
      timing: 'compressed',
    });
    try {
      const origin = new URL(mock.url).origin;
      const v1 = (await (await fetch(mock.cardUrl, { headers: { 'A2A-Version': '1.0' } })).json()) as {
        supportedInterfaces: Array<{ url: string }>;
        protocolVersion?: string;
      };
      expect(v1.protocolVersion).toBeUndefined();
      expect(v1.supportedInterfaces.every((i) => i.url.startsWith(`${origin}/a2a/`))).toBe(true);
      const legacy = (await (await fetch(mock.cardUrl)).json()) as {
        protocolVersion: string;
        url: string;
        supportedInterfaces: Array<{ url: string }>;
      };
      expect(legacy.protocolVersion).toBe('0.3');
      expect(legacy.url).toBe(`${origin}/a2a/jsonrpc`);
      expect(legacy.supportedInterfaces.every((i) => i.url.startsWith(`${origin}/a2a/`))).toBe(true);

      // The inspector finds the same agent, with its variant, on the mock.
      const inspector = recordingHost();
      try {
        const opened = await inspector.host.openAgent({ url: mock.url });
        if (!opened.ok) throw new Error(opened.message);
        expect(opened.agent.variants).toHaveLength(1);
        expect(opened.agent.variants[0]).toMatchObject({ a2aVersion: null, superset: true });
        expect(opened.agent.interfaces.map((i) => [i.generation, i.binding])).toEqual(
          recorded.agent.interfaces.map((i) => [i.generation, i.binding]),
        );
      } finally {
        await inspector.host.close();
      }
    } finally {
      await mock.close();
    }
  });
});

function sdkText(task: Task): string {
  return task.artifacts
    .flatMap((artifact) => artifact.parts)
    .map((part) => (part.content?.$case === 'text' ? part.content.value : ''))
    .join('');
}

describe('what the session cannot answer', () => {
  let recorded: Recorded;
  let mock: MockAgent;
  beforeAll(async () => {
    recorded = await recordSession('v1.0', '1.0', 'JSONRPC');
    mock = await startMockAgent({
      frames: recorded.journal,
      agents: [sessionAgent(recorded.agent)],
      timing: 'compressed',
    });
  });
  afterAll(() => mock?.close());

  it('a JSON-RPC method the session never used: -32601, with the id the client sent', async () => {
    const response = await fetch(`${new URL(mock.url).origin}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'q-7', method: 'ListTasks', params: {} }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 'q-7',
      error: {
        code: -32601,
        message:
          'This mock agent replays a recorded session, and the session has no recorded answer for "ListTasks" at POST /a2a/jsonrpc.',
      },
    });
  });

  it('a body that is not JSON on the JSON-RPC endpoint: -32700', async () => {
    const response = await fetch(`${new URL(mock.url).origin}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"jsonrpc": "2.0", oops',
    });
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32700);
    expect(body.error.message).toContain('is not JSON');
  });

  it('a path the session never visited: 404 in the 1.0 REST error shape', async () => {
    const response = await fetch(`${new URL(mock.url).origin}/a2a/rest/tasks/abc`, {
      headers: { 'A2A-Version': '1.0' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        code: 404,
        status: 'NOT_FOUND',
        message:
          'This mock agent replays a recorded session, and the session has no recorded answer for GET /a2a/rest/tasks/abc.',
      },
    });
  });

  it('a request recorded without an answer: -32603 saying what happened then', async () => {
    const frames = recorded.journal.map((frame) =>
      frame.kind === 'http' && frame.a2a?.operation === 'get'
        ? {
            ...frame,
            response: undefined,
            error: { kind: 'refused' as const, label: 'Connection refused', message: 'ECONNREFUSED' },
          }
        : frame,
    );
    const broken = await startMockAgent({
      frames,
      agents: [sessionAgent(recorded.agent)],
      timing: 'compressed',
    });
    try {
      const response = await fetch(`${new URL(broken.url).origin}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 4,
          method: 'GetTask',
          params: { id: recorded.run.taskIds[0] },
        }),
      });
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        id: 4,
        error: {
          code: -32603,
          message: `This mock agent replays a recorded session; when "GetTask" (task "${recorded.run.taskIds[0]}") at POST /a2a/jsonrpc was recorded, no answer came back (Connection refused: ECONNREFUSED).`,
        },
      });
    } finally {
      await broken.close();
    }
  });

  it('a recorded header Node cannot send again: a 500 that says so, and the mock keeps serving', async () => {
    const frames = recorded.journal.map((frame) =>
      frame.kind === 'http' && frame.a2a?.operation === 'get' && frame.response
        ? {
            ...frame,
            response: { ...frame.response, headers: [...frame.response.headers, ['X-Bad', 'a\nb']] },
          }
        : frame,
    ) as Frame[];
    const odd = await startMockAgent({
      frames,
      agents: [sessionAgent(recorded.agent)],
      timing: 'compressed',
    });
    try {
      const origin = new URL(odd.url).origin;
      const response = await fetch(`${origin}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 4,
          method: 'GetTask',
          params: { id: recorded.run.taskIds[0] },
        }),
      });
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message).toMatch(
        /^The mock agent could not replay this answer: its recorded status line or headers cannot be sent again \(/,
      );
      expect((await fetch(`${origin}/.well-known/agent-card.json`)).status).toBe(200);
    } finally {
      await odd.close();
    }
  });

  it('refuses a port in use, another host and an unknown timing, in words', async () => {
    const port = Number(new URL(mock.url).port);
    const agents = [sessionAgent(recorded.agent)];
    await expect(
      startMockAgent({ frames: recorded.journal, agents, timing: 'compressed', port }),
    ).rejects.toThrow(
      `Port ${port} on 127.0.0.1 is already in use; choose another port, or none for a free one.`,
    );
    await expect(
      startMockAgent({
        frames: recorded.journal,
        agents,
        timing: 'compressed',
        host: '0.0.0.0' as '127.0.0.1',
      }),
    ).rejects.toThrow('A mock agent listens on 127.0.0.1 only, not on 0.0.0.0.');
    await expect(
      startMockAgent({ frames: recorded.journal, agents, timing: 'fast' as 'original' }),
    ).rejects.toThrow('Mock timing is "original" or "compressed", not "fast".');
    await expect(startMockAgent({ frames: [], agents: [], timing: 'original' })).rejects.toThrow(
      'The session has no agent card to serve',
    );
  });

  it('refuses requests addressed to another host name (DNS rebinding), answers localhost', async () => {
    const { port } = new URL(mock.url);
    const ask = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port, path: '/.well-known/agent-card.json', headers: { Host: host } },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        request.end();
      });
    const refused = await ask(`evil.example:${port}`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({
      error: {
        status: 'PERMISSION_DENIED',
        message: `This mock agent replays a recorded session; it answers requests addressed to 127.0.0.1:${port} or localhost:${port}, not to "evil.example:${port}".`,
      },
    });
    expect((await ask(`LOCALHOST:${port}`)).status).toBe(200);
  });

  it('serves the card at both well-known paths', async () => {
    for (const path of ['/.well-known/agent-card.json', '/.well-known/agent.json']) {
      const response = await fetch(`${new URL(mock.url).origin}${path}`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { name: string }).name).toBe('Switchboard test peer (A2A 1.0)');
    }
  });
});

describe('stream timing', () => {
  let recorded: Recorded;
  let exchange: HttpFrame;
  let blocks: SseFrame[];
  beforeAll(async () => {
    recorded = await recordSession('v1.0', '1.0', 'JSONRPC');
    exchange = finalRevision(recorded.journal, recorded.run.streamId);
    blocks = recorded.journal.filter(
      (f): f is SseFrame => f.kind === 'sse' && f.exchangeId === recorded.run.streamId,
    );
    expect(blocks.length).toBeGreaterThanOrEqual(4);
  });

  /** The session with the stream's blocks `gapMs` apart, as if the agent had been that slow. */
  function slowed(gapMs: number): Frame[] {
    const start = exchange.timing.firstByte!;
    return recorded.journal.map((frame) => {
      if (frame.kind === 'sse' && frame.exchangeId === exchange.id)
        return { ...frame, timing: { start: start + (frame.seq + 1) * gapMs } };
      if (frame.kind === 'http' && frame.id === exchange.id)
        return { ...frame, timing: { ...frame.timing, end: start + (blocks.length + 1) * gapMs } };
      return frame;
    });
  }

  /** Sends the recorded stream request again, byte for byte, and reads the whole answer. */
  async function streamFrom(
    mock: MockAgent,
  ): Promise<{ body: string; ms: number; contentType: string | null }> {
    const started = performance.now();
    const response = await fetch(`${new URL(mock.url).origin}${new URL(exchange.request.url).pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'A2A-Version': '1.0' },
      body: exchange.request.body!.text,
    });
    const body = await response.text();
    return { body, ms: performance.now() - started, contentType: response.headers.get('content-type') };
  }

  it("'compressed' replays a stream recorded with minute-long gaps at once, byte for byte and in order", async () => {
    // Recorded over several minutes: a replay that kept the gaps would run into this test's time limit
    // (vitest.config.ts) and fail there, so no elapsed time is compared; speed is for `npm run bench`
    // (docs/architecture.md#tests).
    const mock = await startMockAgent({
      frames: slowed(60_000),
      agents: [sessionAgent(recorded.agent)],
      timing: 'compressed',
    });
    try {
      const { body, contentType } = await streamFrom(mock);
      expect(contentType).toBe('text/event-stream');
      // Same request id as recorded, so the stream is exactly the recorded bytes.
      expect(body).toBe(blocks.map((b) => b.raw).join(''));
    } finally {
      await mock.close();
    }
  });

  it("'original' keeps the recorded gaps between blocks", async () => {
    const gapMs = 60;
    const mock = await startMockAgent({
      frames: slowed(gapMs),
      agents: [sessionAgent(recorded.agent)],
      timing: 'original',
    });
    try {
      const { body, ms } = await streamFrom(mock);
      expect(body).toBe(blocks.map((b) => b.raw).join(''));
      // One gap before each block and one before the end; timers never fire early by more than a millisecond.
      expect(ms).toBeGreaterThanOrEqual((blocks.length + 1) * gapMs - blocks.length - 2);
    } finally {
      await mock.close();
    }
  });

  it('puts the client id into every event when it differs from the recorded one', async () => {
    const mock = await startMockAgent({
      frames: recorded.journal,
      agents: [sessionAgent(recorded.agent)],
      timing: 'compressed',
    });
    try {
      const request = JSON.parse(exchange.request.body!.text) as Record<string, unknown>;
      const response = await fetch(`${new URL(mock.url).origin}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({ ...request, id: 'client-id-1' }),
      });
      const events = (await response.text())
        .split('\n\n')
        .filter((block) => block.startsWith('data: '))
        .map((block) => JSON.parse(block.slice('data: '.length)) as Record<string, unknown>);
      expect(events.map((e) => e.id)).toEqual(blocks.map(() => 'client-id-1'));
      expect(events.map((e) => e.result)).toEqual(
        blocks.map((b) => (eventJson(b) as { result: unknown }).result),
      );
    } finally {
      await mock.close();
    }
  });

  it('holds open a stream the recording left open, until close() drops it', async () => {
    const held = recorded.journal.map((frame) =>
      frame.kind === 'http' && frame.id === exchange.id && frame.stream
        ? { ...frame, stream: { ...frame.stream, ended: 'closed-by-user' as const } }
        : frame,
    );
    const mock = await startMockAgent({
      frames: held,
      agents: [sessionAgent(recorded.agent)],
      timing: 'compressed',
    });
    const response = await fetch(`${new URL(mock.url).origin}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: exchange.request.body!.text,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    const expected = blocks.map((b) => b.raw).join('');
    while (seen.length < expected.length) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended before all blocks came');
      seen += decoder.decode(value, { stream: true });
    }
    expect(seen).toBe(expected);
    const next = reader.read().then(
      (result) => ({ ended: result.done }),
      () => ({ ended: true }),
    );
    await mock.close();
    expect(await next).toEqual({ ended: true });
  });
});

function finalRevision(frames: readonly Frame[], id: string): HttpFrame {
  const revisions = frames.filter((f): f is HttpFrame => f.kind === 'http' && f.id === id);
  return revisions.at(-1)!;
}
