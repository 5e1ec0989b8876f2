// The command line against an agent whose card is at no well-known path and whose endpoint does not speak the card's
// generation: --card-path and card URLs without `.json` (CARD-1), and the route-missing words, hold and check
// (CARD-3), in a child process as a CI script would run them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../shared/checks/types';
import { bundleEntry } from './support/bundleEntry';
import { jsonLines, runCli } from './support/cliProcess';
import { startOffRouteAgent, type OffRouteAgent } from './support/offRouteAgent';

let cli: string;
let agent: OffRouteAgent;
beforeAll(async () => {
  [cli, agent] = await Promise.all([bundleEntry('electron/cli.ts'), startOffRouteAgent()]);
});
afterAll(() => agent?.close());

const run = (args: string[]) => runCli(cli, args);
const ROUTE_MISSING =
  "The card reads as A2A 0.1, but POST /api answered 404 Not Found: this agent may not speak A2A 0.1 over JSONRPC. Try the request editor with the card's credentials.";

describe('switchboard and a card at any location (CARD-1)', () => {
  it('card --card-path finds a card the well-known paths do not have', async () => {
    const found = await run(['card', agent.url, '--card-path', 'cards/my-agent', '--json']);
    expect(found.code).toBe(0);
    expect(jsonLines(found.stdout)[0]).toMatchObject({
      cardUrl: `${agent.url}/cards/my-agent`,
      generation: '0.1',
      name: 'Tutorial REST agent',
    });
    const without = await run(['card', agent.url, '--json']);
    expect(without.code).toBe(1);
    expect(jsonLines(without.stdout)[0]!.message).toMatch(/^No agent card found\. Tried:/);
  });

  it('card takes a URL without .json as the card when it answers one', async () => {
    const found = await run(['card', `${agent.url}/agent-card?v=2`, '--json']);
    expect(found.code).toBe(0);
    expect(jsonLines(found.stdout)[0]).toMatchObject({ cardUrl: `${agent.url}/agent-card?v=2` });
  });

  it('a URL given as --card-path is a usage error', async () => {
    const wrong = await run(['card', agent.url, '--card-path', 'http://elsewhere/card']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--card-path is a path on the agent's site, not a URL");
  });
});

describe('switchboard and an endpoint that does not speak the card (CARD-3)', () => {
  it('send says so in words and exits 1', async () => {
    const json = await run(['send', `${agent.url}/cards/my-agent`, 'hello', '--json']);
    expect(json.code).toBe(1);
    expect(jsonLines(json.stdout)[0]).toMatchObject({ status: 'invalid', message: ROUTE_MISSING });
    expect(jsonLines(json.stdout)[0]!.routeMissing).toBeDefined();
    const human = await run(['send', `${agent.url}/cards/my-agent`, 'hello']);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(ROUTE_MISSING);
  });

  it('check reports frame.route-missing and does not keep sending', async () => {
    const before = agent.calls.length;
    const checked = await run(['check', agent.url, '--card-path', 'cards/my-agent', '--no-probes', '--json']);
    expect(checked.code).toBe(1);
    const report = jsonLines(checked.stdout)[0] as unknown as CheckReport;
    const found = report.findings.find((finding) => finding.checkId === 'frame.route-missing');
    expect(found).toMatchObject({
      severity: 'error',
      message: ROUTE_MISSING,
      spec: 'A2A 0.1 §3.2 Data Format',
    });
    // The message went out once; the streamed one was held, and there was no task to read back.
    expect(agent.calls.slice(before)).toEqual(['POST /api']);
  });

  it('check with probes reports the interface once and says each probe was skipped', async () => {
    const before = agent.calls.length;
    const checked = await run(['check', agent.url, '--card-path', 'cards/my-agent', '--json']);
    expect(checked.code).toBe(1);
    const report = jsonLines(checked.stdout)[0] as unknown as CheckReport;
    const missing = report.findings.filter((finding) => finding.checkId === 'frame.route-missing');
    expect(missing).toHaveLength(1);
    expect(missing[0]!.message).toBe(ROUTE_MISSING);
    const evidence = missing[0]!.frameIds;
    expect(evidence).toHaveLength(1);
    expect(report.probes.length).toBeGreaterThan(5);
    for (const probe of report.probes) {
      expect(probe).toMatchObject({ status: 'skipped', frameIds: evidence, findings: [] });
      expect(probe.message).toMatch(/^skipped: route missing\. .*request editor/);
    }
    expect(report.summary.probesFailed).toBe(0);
    // One message, nothing after it: no stream, no task read back, no probe traffic.
    expect(agent.calls.slice(before)).toEqual(['POST /api']);
    const human = await run(['check', agent.url, '--card-path', 'cards/my-agent']);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain('skipped probe.streaming: skipped: route missing.');
  });
});
