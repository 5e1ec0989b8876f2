// Any card location (CARD-1): a URL is the card when its answer looks like one, whatever its path or extension; a
// custom card path is tried after the well-known ones; JSON that is not a card is said to be so.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingHost } from './support/recordingHost';
import { startOffRouteAgent, type OffRouteAgent } from './support/offRouteAgent';

const recording = recordingHost();
const { host } = recording;
let agent: OffRouteAgent;
beforeAll(async () => {
  agent = await startOffRouteAgent();
});
afterAll(() => agent.close());

describe('a card under any name (CARD-1)', () => {
  it('takes a URL without an extension as the card when its answer is one', async () => {
    const opened = await host.openAgent({ url: `${agent.url}/cards/my-agent` });
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.agent.cardUrl).toBe(`${agent.url}/cards/my-agent`);
    expect(opened.agent.generation).toBe('0.1');
    expect(opened.attempts).toHaveLength(1);
  });

  it('keeps the query of the card URL', async () => {
    const opened = await host.openAgent({ url: `${agent.url}/agent-card?v=2` });
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.agent.cardUrl).toBe(`${agent.url}/agent-card?v=2`);
    await recording.flush();
    expect(recording.http(opened.attempts[0]!).request.url).toBe(`${agent.url}/agent-card?v=2`);
  });

  it('finds the card at a custom path once the well-known paths fail', async () => {
    const opened = await host.openAgent({ url: agent.url, cardPath: 'cards/my-agent' });
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.agent.cardUrl).toBe(`${agent.url}/cards/my-agent`);
    expect(opened.attempts).toHaveLength(3);
  });

  it('says when the URL answers JSON that is not a card, then tries the well-known paths', async () => {
    const opened = await host.openAgent({ url: `${agent.url}/health` });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.message).toContain(
      `${agent.url}/health: JSON, but not an agent card (no name beside url, supportedInterfaces or skills)`,
    );
    expect(opened.message).toContain(`${agent.url}/health/.well-known/agent-card.json: HTTP 404 Not Found`);
    expect(opened.attempts).toHaveLength(5);
  });
});
