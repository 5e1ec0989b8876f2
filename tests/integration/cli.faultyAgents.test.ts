// `switchboard check` against agents that are each wrong in one way (tests/peers/faultyPeer.ts), as CI would run it:
// the agent that does everything right passes on both of its bindings and exits 0; every other one exits 1 with
// exactly the findings of its fault, each naming the public section it rests on, with a link.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../shared/checks/types';
import { startFaultyPeer, type FaultyAgent, type FaultyPeerHandle } from '../peers/faultyPeer';
import { bundleEntry } from './support/bundleEntry';
import { jsonLines, runCli } from './support/cliProcess';

let cli: string;
let peer: FaultyPeerHandle;

beforeAll(async () => {
  [cli, peer] = await Promise.all([bundleEntry('electron/cli.ts'), startFaultyPeer()]);
});
afterAll(() => peer?.close());

async function check(agent: FaultyAgent, binding: 'JSONRPC' | 'HTTP+JSON') {
  const run = await runCli(cli, ['check', peer.agentUrl(agent), '--json', '--binding', binding]);
  const report = jsonLines(run.stdout)[0] as unknown as CheckReport;
  const errors = report.findings.filter((finding) => finding.severity === 'error');
  return {
    code: run.code,
    report,
    errors,
    checks: [...new Set(errors.map((finding) => finding.checkId))].sort(),
  };
}

/** What each fault must be found as, and nothing more. */
const FOUND_AS: Array<[FaultyAgent, 'JSONRPC' | 'HTTP+JSON', string[], RegExp]> = [
  // The lenient agent echoes the object id it was sent, which is its envelope fault too.
  [
    'lenient-envelope',
    'JSONRPC',
    ['frame.jsonrpc', 'probe.malformed-requests'],
    /should get -32700; it got InternalError/,
  ],
  [
    'no-cancel',
    'JSONRPC',
    ['probe.required-methods'],
    /requires a method the agent does not have: CancelTask/,
  ],
  ['ignores-history', 'JSONRPC', ['probe.history-length'], /historyLength 0 returned 2 history messages/],
  ['reopens-terminal', 'JSONRPC', ['probe.terminal-followup'], /which had completed, was taken/],
  [
    'wrong-cancel-codes',
    'JSONRPC',
    ['probe.cancel-errors'],
    /should get TaskNotCancelableError; it got the task, completed/,
  ],
  [
    'rest-statuses',
    'HTTP+JSON',
    [
      'probe.cancel-errors',
      'probe.malformed-requests',
      'probe.required-methods',
      'probe.terminal-followup',
      'probe.unknown-task',
    ],
    /HTTP 500/,
  ],
  [
    'unsafe-card-urls',
    'JSONRPC',
    ['card.urls'],
    /documentationUrl "javascript:alert\(document.cookie\)" uses the javascript: scheme/,
  ],
];

describe('check × agents wrong in one way', () => {
  it('the agent without a fault passes on both bindings and exits 0', async () => {
    for (const binding of ['JSONRPC', 'HTTP+JSON'] as const) {
      const { code, errors, report } = await check('correct', binding);
      expect(
        errors.map((finding) => finding.message),
        binding,
      ).toEqual([]);
      expect(report.summary.warning, binding).toBe(0);
      expect(code, binding).toBe(0);
      expect(report.probes.filter((probe) => probe.status === 'failed')).toEqual([]);
    }
  }, 60_000);

  for (const [agent, binding, checks, message] of FOUND_AS) {
    it(`${agent}: found as ${checks.join(', ')}, with public sections; exit 1`, async () => {
      const found = await check(agent, binding);
      expect(found.code).toBe(1);
      expect(found.checks).toEqual([...checks].sort());
      expect(found.errors.map((finding) => finding.message).join('\n')).toMatch(message);
      for (const finding of found.errors) {
        expect(finding.specUrl, finding.message).toMatch(
          /^https:\/\/(github\.com\/a2aproject\/A2A\/blob\/v\d+\.\d+\.\d+\/docs\/specification\.md|www\.jsonrpc\.org\/specification)#/,
        );
        expect(finding.spec).not.toMatch(/PROTOCOL|FEATURES|DESIGN/);
      }
    }, 60_000);
  }

  it('rest-statuses is right over JSON-RPC: the fault is its HTTP statuses alone', async () => {
    const { code, errors } = await check('rest-statuses', 'JSONRPC');
    expect(errors).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);
});
