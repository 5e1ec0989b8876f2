// The probes (CHK-4) against real agents: every probe on every interface of every generation's peer with its verdict
// asserted exactly, the broken peer failing exactly where it is broken, and the runner's promises kept: a probe's
// frames are real frames the host published (its own, not other traffic), its streams are closed, its push targets
// removed, the agent left on its interface, and a hanging agent turns into a verdict within the time limit.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentSummary } from '../../shared/host/agent';
import type { ProbeResult, ProbeStatus } from '../../shared/checks/types';
import type { Frame, HttpFrame, WebhookFrame } from '../../shared/wire/frame';
import { PROBE_IDS, runProbes } from '../../electron/host/checks/probes';
import { createHost } from '../../electron/host/createHost';
import { peers, type PeerHandle, type PeerName } from '../peers';
import { startBrokenPeer, type BrokenPeerHandle } from '../peers/brokenPeer';
import { startHostilePeer, type HostilePeerHandle } from '../peers/hostilePeer';
import { startLocalServer, type LocalServer } from './support/localServer';
import { peerInterfaces } from './support/peerInterfaces';

const host = createHost({ edition: 'test', appVersion: '0' });
/** Every frame the host published, newest revision of each. */
const published = new Map<string, Frame>();
host.onEvent((event) => {
  if (event.type !== 'frames') return;
  for (const frame of event.frames) {
    const before = published.get(frame.id);
    if (!before || (frame.kind === 'http' && (frame.rev ?? 0) >= ((before as HttpFrame).rev ?? 0)))
      published.set(frame.id, frame);
  }
});
afterAll(() => host.close());

/** Short waits keep the suite quick; local peers answer in milliseconds. */
const TIMEOUT_MS = 4000;

type Statuses = Record<(typeof PROBE_IDS)[number], ProbeStatus>;
/**
 * Where an interface differs from its peer's JSON-RPC verdicts: over 0.3 HTTP+JSON a historyLength of 0 cannot be sent
 * (the protobuf default), and a task of one message leaves no limit to test.
 */
const perBinding: Record<string, Partial<Statuses>> = {
  '0.3 HTTP+JSON': { 'probe.history-length': 'skipped' },
};

/** The first six probes, which the hand-written agents below were made to exercise. */
const FIRST_SIX = PROBE_IDS.slice(0, 6);

const all = (status: ProbeStatus, extra: Partial<Statuses> = {}): Statuses => ({
  ...(Object.fromEntries(PROBE_IDS.map((id) => [id, status])) as Statuses),
  ...extra,
});

/** What each peer really does, per tests/peers/README.md. */
const expected: Record<PeerName, Statuses> = {
  // One JSON-RPC interface; push deliveries signed with a JWT, checked against the peer's JWKS.
  'v0.1': all('passed', { 'probe.bindings-agree': 'skipped' }),
  // @a2a-js/sdk 0.2.5 declares push, accepts configs and never delivers; its card says 0.2.5 but it has no push config
  // list or delete; express answers a body that is not JSON with an HTML 400; it keeps the history whatever
  // historyLength says. Each probe fails, as it should.
  'v0.2': all('passed', {
    'probe.push': 'failed',
    'probe.bindings-agree': 'skipped',
    'probe.malformed-requests': 'failed',
    'probe.required-methods': 'failed',
    'probe.history-length': 'failed',
  }),
  // @a2a-js/sdk 0.3.14 returns the whole history for historyLength 0 (it slices the last -0 messages).
  'v0.3': all('passed', { 'probe.history-length': 'failed' }),
  'v1.0': all('passed'),
  'v1.0-compat': all('passed'),
};

const statuses = (results: ProbeResult[]) =>
  Object.fromEntries(results.map((result) => [result.probeId, result.status]));

async function open(url: string, selection: AgentSummary['settings']['selection'] = {}) {
  const opened = await host.openAgent({ url, settings: { selection } });
  if (!opened.ok) throw new Error(opened.message);
  return opened.agent;
}

/** The promises every probe run keeps, whatever the agent did. */
async function expectTidy(agent: AgentSummary, results: ProbeResult[]) {
  for (const result of results) {
    const label = `${result.probeId} (${result.status}: ${result.message})`;
    expect(result.message.length, label).toBeGreaterThan(0);
    expect(result.durationMs, label).toBeGreaterThanOrEqual(0);
    if (result.status === 'skipped' && /does not declare|declares one binding/.test(result.message)) {
      // Nothing declared, nothing sent.
      expect(result.frameIds, label).toEqual([]);
    } else {
      expect(result.frameIds.length, label).toBeGreaterThan(0);
    }
    for (const id of result.frameIds) {
      const frame = published.get(id);
      expect(frame, `${label}: frame ${id} was published`).toBeDefined();
      // Its own traffic only: exchanges with this agent, their events, deliveries for this agent.
      if (frame!.kind === 'http') {
        expect(frame!.a2a?.agentId ?? agent.id, label).toBe(agent.id);
        // Every stream a probe opened has ended.
        if (frame!.stream) expect(frame!.state, `${label}: stream ${id}`).toBe('done');
      }
      if (frame!.kind === 'webhook') expect(frame!.agentId, label).toBe(agent.id);
    }
    if (result.status === 'failed' || result.status === 'error') {
      expect(result.findings, label).toEqual([
        {
          checkId: result.probeId,
          severity: 'error',
          message: result.message,
          // The public section of the agent's generation (or of JSON-RPC 2.0), with its link.
          spec: expect.stringMatching(/^(A2A \d\.\d|JSON-RPC 2\.0) §\d+(\.\d+)* \S/),
          specUrl: expect.stringMatching(
            /^https:\/\/(github\.com\/a2aproject\/A2A\/blob\/v\d+\.\d+\.\d+\/docs\/specification\.md|www\.jsonrpc\.org\/specification)#/,
          ),
          frameIds: result.frameIds,
          agentId: agent.id,
        },
      ]);
    } else {
      expect(result.findings, label).toEqual([]);
    }
  }
  // No push target left behind, and the agent is back on the interface it was on.
  expect(await host.listPushTargets({ agentId: agent.id })).toEqual([]);
  const now = await host.configureAgent({ agentId: agent.id, settings: {} });
  expect(now.chosen).toEqual(agent.chosen);
}

for (const name of Object.keys(expected) as PeerName[]) {
  describe(`probes × ${name}`, () => {
    let peer: PeerHandle;
    beforeAll(async () => {
      peer = await peers[name]();
    });
    afterAll(() => peer.close());

    for (const [generation, binding] of peerInterfaces[name]) {
      it(`${generation} ${binding}: every probe gives the verdict the peer deserves`, async () => {
        const agent = await open(peer.baseUrl, { generation, binding });
        expect(agent.chosen).toMatchObject({ generation, binding });
        const results = await runProbes(host, agent, PROBE_IDS, { timeoutMs: TIMEOUT_MS });
        expect(statuses(results)).toEqual({ ...expected[name], ...perBinding[`${generation} ${binding}`] });
        await expectTidy(agent, results);
        const by = Object.fromEntries(results.map((result) => [result.probeId, result]));
        const rest = binding === 'HTTP+JSON';
        expect(by['probe.unknown-task']!.message).toBe(
          rest
            ? generation === '1.0'
              ? 'An unknown task got HTTP 404 with a google.rpc.Status body (NOT_FOUND).'
              : 'An unknown task got HTTP 404 with a JSON error body.'
            : 'An unknown task got JSON-RPC -32001 (TaskNotFoundError).',
        );
        expect(by['probe.unsupported-method']!.message).toBe(
          rest
            ? 'An unknown path got HTTP 404.'
            : 'An unknown method got JSON-RPC -32601 (MethodNotFoundError).',
        );
        expect(by['probe.cancel']!.message).toMatch(/^Task \S+ was working, and cancel made it canceled\.$/);
        expect(by['probe.streaming']!.message).toMatch(
          /^The agent streamed \d+ events and closed the stream\.$/,
        );
        const push = by['probe.push']!;
        const deliveries = push.frameIds
          .map((id) => published.get(id))
          .filter(
            (frame): frame is WebhookFrame => frame?.kind === 'webhook' && frame.request.method === 'POST',
          );
        if (push.status === 'passed') {
          expect(deliveries.length).toBeGreaterThan(0);
          expect(deliveries.every((frame) => frame.verdict.accepted)).toBe(true);
          // 0.1 proves itself with a JWT (docs/protocol.md#what-the-agent-sends); the others echo the config's token.
          expect(new Set(deliveries.map((frame) => frame.verdict.auth))).toEqual(
            new Set([generation === '0.1' ? 'jwt' : 'token']),
          );
        } else {
          expect(push.message).toBe(
            'The card declares push notifications, but no delivery arrived within 4 s.',
          );
          expect(deliveries).toEqual([]);
        }
        const agree = by['probe.bindings-agree']!;
        if (agree.status === 'passed') {
          expect(agree.message).toMatch(
            new RegExp(`^${peerInterfaces[name].length} bindings gave the same result: completed: `),
          );
        }
      });
    }
  });
}

describe('probes × the broken peer', () => {
  let peer: BrokenPeerHandle;
  beforeAll(async () => {
    peer = await startBrokenPeer();
  });
  afterAll(() => peer.close());

  it('fails exactly where the peer is broken, each finding naming its section', async () => {
    const agent = await open(peer.baseUrl);
    const results = await runProbes(host, agent, FIRST_SIX, { timeoutMs: 1500 });
    expect(statuses(results)).toEqual({
      'probe.streaming': 'failed',
      'probe.push': 'failed',
      'probe.cancel': 'skipped',
      'probe.unknown-task': 'failed',
      'probe.unsupported-method': 'failed',
      'probe.bindings-agree': 'skipped',
    });
    await expectTidy(agent, results);
    const by = Object.fromEntries(results.map((result) => [result.probeId, result]));
    expect(by['probe.streaming']!.message).toMatch(
      /^The card declares streaming, but a streaming request got no event stream: /,
    );
    expect(by['probe.streaming']!.findings[0]!.spec).toBe('A2A 1.0 §3.1.2 Send Streaming Message');
    expect(by['probe.push']!.message).toBe(
      'The card declares push notifications, but no delivery arrived within 1.5 s.',
    );
    expect(by['probe.push']!.findings[0]!.spec).toBe('A2A 1.0 §3.5.3 Push Notification Delivery');
    // Its "stream" is one plain JSON answer with the task already completed: nothing is running to cancel.
    expect(by['probe.cancel']!.message).toMatch(
      /^Task \S+ was already completed before it could be canceled\.$/,
    );
    expect(by['probe.unknown-task']!.message).toMatch(
      /^An unknown task should get JSON-RPC -32001 \(TaskNotFoundError\); it got error -32603 \(HTTP 200\): /,
    );
    expect(by['probe.unknown-task']!.findings[0]).toMatchObject({
      spec: 'A2A 1.0 §5.4 Error Code Mappings',
      specUrl: 'https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#54-error-code-mappings',
    });
    expect(by['probe.unsupported-method']!.message).toBe(
      'An unknown method should get JSON-RPC -32601 (MethodNotFoundError); it got error -32600 (HTTP 200): Invalid request..',
    );
    expect(by['probe.unsupported-method']!.findings[0]!.spec).toBe('A2A 1.0 §9.5 Error Handling');
  });

  it('the host answers runProbes with the same verdicts', async () => {
    const agent = await open(peer.baseUrl);
    const results = await host.runProbes({
      agentId: agent.id,
      probes: ['probe.unknown-task', 'probe.unsupported-method', 'probe.cancel'],
    });
    expect(results.map((result) => [result.probeId, result.status])).toEqual([
      ['probe.unknown-task', 'failed'],
      ['probe.unsupported-method', 'failed'],
      ['probe.cancel', 'skipped'],
    ]);
  });
});

/**
 * A 1.0 agent with two faces, for the two probes no peer fails: its JSON-RPC and REST interfaces answer the same
 * message with different text, it shrugs off a cancel (the task stays working), and its REST 404s are not
 * google.rpc.Status bodies. Everything else it gets right, and it declares neither streaming nor push.
 */
async function startTwoFacedAgent(): Promise<LocalServer> {
  const working = new Set<string>();
  let next = 0;
  const task = (id: string, state: string, text?: string) => ({
    id,
    contextId: 'ctx',
    status: { state },
    ...(text ? { artifacts: [{ artifactId: 'answer', parts: [{ text }] }] } : {}),
  });
  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const path = req.url ?? '';
    if (path === '/.well-known/agent-card.json') {
      return reply(res, 200, {
        name: 'Two-faced agent',
        description: 'Says different things on its two bindings and ignores cancels.',
        supportedInterfaces: [
          { url: `${server.url}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
          { url: `${server.url}/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
        ],
        version: '1.0.0',
        capabilities: { streaming: false, pushNotifications: false },
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [{ id: 'talk', name: 'Talk', description: 'Talks.', tags: ['test'] }],
      });
    }
    if (path === '/rest/message:send')
      return reply(res, 200, { task: task(`t${next++}`, 'TASK_STATE_COMPLETED', 'Hello from REST') });
    if (path.startsWith('/rest/')) {
      // The 0.3 SDKs' shape, not 1.0's google.rpc.Status.
      return reply(res, 404, { message: `Nothing at ${path}` });
    }
    const call = JSON.parse(text) as { id: number; method: string; params: Record<string, unknown> };
    const result = (value: unknown) => reply(res, 200, { jsonrpc: '2.0', id: call.id, result: value });
    const id = String(call.params?.id ?? '');
    switch (call.method) {
      case 'SendMessage': {
        const config = call.params.configuration as { returnImmediately?: boolean } | undefined;
        if (!config?.returnImmediately)
          return result({ task: task(`t${next++}`, 'TASK_STATE_COMPLETED', 'Hello from JSON-RPC') });
        const taskId = `t${next++}`;
        working.add(taskId);
        return result({ task: task(taskId, 'TASK_STATE_WORKING') });
      }
      case 'GetTask':
      case 'CancelTask':
        if (working.has(id)) return result(task(id, 'TASK_STATE_WORKING'));
        return reply(res, 200, {
          jsonrpc: '2.0',
          id: call.id,
          error: { code: -32001, message: 'Task not found' },
        });
      default:
        return reply(res, 200, {
          jsonrpc: '2.0',
          id: call.id,
          error: { code: -32601, message: 'Method not found' },
        });
    }
  };
  const server = await startLocalServer((req, res) => void handle(req, res));
  return server;
}

describe('probes × an agent whose bindings disagree and that ignores cancels', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startTwoFacedAgent();
  });
  afterAll(() => server.close());

  it('fails probe.cancel and probe.bindings-agree, and only those', async () => {
    const agent = await open(server.url);
    expect(agent.chosen).toMatchObject({ generation: '1.0', binding: 'JSONRPC' });
    const results = await runProbes(host, agent, FIRST_SIX, { timeoutMs: TIMEOUT_MS });
    expect(statuses(results)).toEqual({
      'probe.streaming': 'skipped',
      'probe.push': 'skipped',
      'probe.cancel': 'failed',
      'probe.unknown-task': 'passed',
      'probe.unsupported-method': 'passed',
      'probe.bindings-agree': 'failed',
    });
    await expectTidy(agent, results);
    const by = Object.fromEntries(results.map((result) => [result.probeId, result]));
    expect(by['probe.streaming']!.message).toBe('The card does not declare streaming.');
    expect(by['probe.push']!.message).toBe('The card does not declare push notifications.');
    expect(by['probe.cancel']!.message).toMatch(
      /^Task t\d+ was working; cancel answered with the task working\.$/,
    );
    expect(by['probe.cancel']!.findings[0]!.spec).toBe('A2A 1.0 §3.1.5 Cancel Task');
    expect(by['probe.bindings-agree']!.message).toBe(
      'The bindings disagree: JSONRPC 1.0 → completed: Hello from JSON-RPC; HTTP+JSON 1.0 → completed: Hello from REST.',
    );
    // Both sends are the probe's frames, one per binding.
    const sends = by['probe.bindings-agree']!.frameIds.map((id) => published.get(id)).filter(
      (frame): frame is HttpFrame => frame?.kind === 'http',
    );
    expect(sends.map((frame) => frame.a2a?.binding)).toEqual(['JSONRPC', 'HTTP+JSON']);
  });

  it('on its REST interface, a 404 for an unknown task without a google.rpc.Status body fails', async () => {
    const agent = await open(server.url, { binding: 'HTTP+JSON' });
    const results = await runProbes(host, agent, ['probe.unknown-task', 'probe.unsupported-method'], {
      timeoutMs: TIMEOUT_MS,
    });
    expect(results.map((result) => [result.status, result.message])).toEqual([
      [
        'failed',
        'An unknown task got HTTP 404, but its body is not a google.rpc.Status error ({"error":{"code":404,"status":"NOT_FOUND",…}}).',
      ],
      ['passed', 'An unknown path got HTTP 404.'],
    ]);
    expect(results[0]!.findings[0]!.spec).toBe('A2A 1.0 §11.6 Error Handling');
    await expectTidy(agent, results);
  });
});

// These agents never finish, so only the probes' own deadlines end these tests: each message below is written by the
// deadline that fired, naming the limit that ended the probe, and a missing deadline would run into the test's time
// limit (vitest.config.ts). Elapsed time is not compared: that is for benchmarks (docs/architecture.md#tests).
describe('probes × agents that hang', () => {
  let peer: HostilePeerHandle;
  beforeAll(async () => {
    peer = await startHostilePeer();
  });
  afterAll(() => peer.close());

  it('a stream that never ends fails within the limit, and is closed', async () => {
    const agent = await open(peer.agentUrl('hang'));
    const [result] = await runProbes(host, agent, ['probe.streaming'], { timeoutMs: 400 });
    expect(result).toMatchObject({
      status: 'failed',
      message: 'The card declares streaming, but the stream did not finish within 400 ms.',
    });
    await expectTidy(agent, [result!]);
    const stream = result!.frameIds.map((id) => published.get(id)).find((f) => f?.kind === 'http');
    expect(stream).toMatchObject({ state: 'done', stream: { ended: 'closed-by-user' } });
  });

  it('a cancel that is never answered makes the probe an error within its limit, its stream closed', async () => {
    const agent = await open(peer.agentUrl('hang'));
    const [result] = await runProbes(host, agent, ['probe.cancel'], { timeoutMs: 400 });
    expect(result).toMatchObject({ status: 'error', message: 'The probe did not finish within 1.2 s.' });
    await expectTidy(agent, [result!]);
  });

  it('an agent that never answers at all makes every probe an error within its limit', async () => {
    const agent = await open(peer.agentUrl('hang-head'));
    const results = await runProbes(host, agent, ['probe.unknown-task', 'probe.unsupported-method'], {
      timeoutMs: 300,
    });
    expect(results.map((result) => [result.status, result.message])).toEqual([
      ['error', 'The probe did not finish within 900 ms.'],
      ['error', 'The probe did not finish within 900 ms.'],
    ]);
    // The requests went out (and are recorded, pending) even though no answer came.
    await expectTidy(agent, results);
  });
});

describe('the runner', () => {
  let peer: PeerHandle;
  beforeAll(async () => {
    peer = await peers['v1.0']();
  });
  afterAll(() => peer.close());

  it('counts only its own traffic, not another agent’s at the same time', async () => {
    const probed = await open(peer.baseUrl);
    const other = await open(peer.baseUrl);
    const [results, busy] = await Promise.all([
      runProbes(host, probed, ['probe.streaming', 'probe.unknown-task'], { timeoutMs: TIMEOUT_MS }),
      host.runOperation({
        agentId: other.id,
        operation: 'stream',
        input: { message: { parts: [{ kind: 'text', text: 'hello alongside' }] }, blocking: false },
      }),
    ]);
    expect(busy.status).toBe('stream');
    await host.awaitStream({ exchangeId: busy.exchangeId! });
    expect(statuses(results)).toEqual({ 'probe.streaming': 'passed', 'probe.unknown-task': 'passed' });
    const mine = new Set(results.flatMap((result) => result.frameIds));
    expect(mine.has(busy.exchangeId!)).toBe(false);
    await expectTidy(probed, results);
  });

  it('refuses unknown probe names and a time limit that is not positive, plainly', async () => {
    const agent = await open(peer.baseUrl);
    await expect(runProbes(host, agent, ['probe.streaming', 'probe.nope'])).rejects.toThrow(
      `There is no probe called probe.nope; the probes are ${PROBE_IDS.join(', ')}.`,
    );
    await expect(runProbes(host, agent, ['probe.streaming'], { timeoutMs: 0 })).rejects.toThrow(
      "A probe's time limit must be a positive number of ms, not 0.",
    );
  });
});
