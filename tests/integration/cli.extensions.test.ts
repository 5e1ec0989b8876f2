// Extensions on the command line (CARD-5) against the SDK's 1.0 peer declaring a required one: without --extension
// the agent refuses the message and the finding is printed; with it the message goes through, and `check` finds no
// request that lacked it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../shared/checks/types';
import { startV10Peer } from '../peers/v10Peer';
import type { PeerHandle } from '../peers/types';
import { bundleEntry } from './support/bundleEntry';
import { jsonLines, runCli } from './support/cliProcess';

const REQUIRED = 'urn:switchboard:test:required';
let cli: string;
let peer: PeerHandle;
beforeAll(async () => {
  [cli, peer] = await Promise.all([
    bundleEntry('electron/cli.ts'),
    startV10Peer({ extensions: [{ uri: REQUIRED, required: true }] }),
  ]);
});
afterAll(() => peer?.close());

describe('switchboard --extension (CARD-5)', () => {
  it('send without the required extension: refused, and the finding says which one', async () => {
    const run = await runCli(cli, ['send', peer.baseUrl, 'hello']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`The card marks extension ${REQUIRED} as required`);
  });

  it('send with it: the message goes through', async () => {
    const run = await runCli(cli, ['send', peer.baseUrl, 'hello', '--extension', REQUIRED, '--json']);
    expect(run.code).toBe(0);
    expect(jsonLines(run.stdout)[0]).toMatchObject({ status: 'result' });
  });

  it('check with it: no request lacked a required extension', async () => {
    const run = await runCli(cli, ['check', peer.baseUrl, '--extension', REQUIRED, '--no-probes', '--json']);
    const report = jsonLines(run.stdout)[0] as unknown as CheckReport;
    expect(report.findings.filter((f) => f.checkId === 'frame.extensions-required')).toEqual([]);
    expect(report.findings.filter((f) => f.checkId === 'frame.extensions-unasked')).toEqual([]);
  });
});
