// Honest detection (CARD-3) against a server that serves an A2A 0.1 card but answers every call 404, 405 or an HTML
// page: the outcome says so in words, further sends are held until the user sends anyway, the request editor is never
// held, and the checks report `frame.route-missing` with the transport section of the public specification.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationRequest } from '../../shared/host/agent';
import { runChecks } from '../../shared/checks/runChecks';
import { recordingHost } from './support/recordingHost';
import { startOffRouteAgent, type OffRouteAgent } from './support/offRouteAgent';

const recording = recordingHost();
const { host } = recording;
let agent: OffRouteAgent;
beforeAll(async () => {
  agent = await startOffRouteAgent();
});
afterAll(() => agent.close());

async function open(path: string): Promise<string> {
  const opened = await host.openAgent({ url: `${agent.url}${path}` });
  if (!opened.ok) throw new Error(opened.message);
  return opened.agent.id;
}

const send = (
  agentId: string,
  despiteMissingRoute?: boolean,
  operation: 'send' | 'stream' = 'send',
): OperationRequest => ({
  agentId,
  operation,
  input: { message: { parts: [{ kind: 'text', text: 'hello' }] }, blocking: true },
  ...(despiteMissingRoute !== undefined ? { despiteMissingRoute } : {}),
});

describe('a card whose endpoint answers 404 (CARD-3)', () => {
  let agentId: string;
  beforeAll(async () => {
    agentId = await open('/cards/my-agent');
  });

  it('says in words that the agent may not speak the generation, and which frame showed it', async () => {
    const outcome = await host.runOperation(send(agentId));
    expect(outcome.status).toBe('invalid');
    expect(outcome.message).toBe(
      "The card reads as A2A 0.1, but POST /api answered 404 Not Found: this agent may not speak A2A 0.1 over JSONRPC. Try the request editor with the card's credentials.",
    );
    expect(outcome.routeMissing).toEqual({ frameId: outcome.exchangeId });
    expect(agent.calls).toEqual(['POST /api']);
  });

  it('holds the next send on that interface, sending nothing, until the user sends anyway', async () => {
    const held = await host.runOperation(send(agentId, undefined, 'stream'));
    expect(held.status).toBe('refused');
    expect(held.message).toMatch(/^The card reads as A2A 0\.1, but POST \/api answered 404 Not Found/);
    expect(held.message).toMatch(/Nothing was sent: .* until you choose to send anyway\.$/);
    expect(held.exchangeId).toBeUndefined();
    expect(held.routeMissing?.frameId).toBeDefined();
    expect(agent.calls).toEqual(['POST /api']);

    const anyway = await host.runOperation(send(agentId, true));
    expect(anyway.status).toBe('invalid');
    expect(anyway.routeMissing).toEqual({ frameId: anyway.exchangeId });
    expect(agent.calls).toEqual(['POST /api', 'POST /api']);
  });

  it('never holds the request editor', async () => {
    const raw = await host.sendRaw({
      agentId,
      method: 'POST',
      url: '/tasks',
      headers: [['Content-Type', 'application/json']],
      body: '{}',
    });
    expect(raw.routeMissing).toBeUndefined();
    expect(agent.calls.at(-1)).toBe('POST /api/tasks');
  });

  it('is reported by the checks, citing the transport section of A2A 0.1', async () => {
    await recording.flush();
    const report = runChecks({
      frames: recording.frames(),
      agents: [
        {
          id: agentId,
          name: 'Tutorial REST agent',
          cardUrl: `${agent.url}/cards/my-agent`,
          generation: '0.1',
        },
      ],
      cardFindings: [],
      appVersion: '0',
    });
    const found = report.findings.filter((finding) => finding.checkId === 'frame.route-missing');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      severity: 'error',
      count: 2,
      spec: 'A2A 0.1 §3.2 Data Format',
      specUrl: 'https://github.com/a2aproject/A2A/blob/v0.1.0/docs/specification.md#32-data-format',
    });
    expect(found[0]!.message).toMatch(/^The card reads as A2A 0\.1, but POST \/api answered 404 Not Found/);
  });
});

describe('405 and HTML answers (CARD-3)', () => {
  it('names a 405 and an HTML page as what came back', async () => {
    const notAllowed = await host.runOperation(send(await open('/cards/not-allowed')));
    expect(notAllowed.message).toMatch(
      /^The card reads as A2A 0\.1, but POST \/not-allowed answered 405 Method Not/,
    );
    const html = await host.runOperation(send(await open('/cards/html-agent')));
    expect(html.message).toMatch(
      /^The card reads as A2A 0\.1, but POST \/html answered an HTML page \(HTTP 200 OK\)/,
    );
    expect(html.routeMissing).toBeDefined();
  });
});
