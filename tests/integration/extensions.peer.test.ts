// Extensions against the SDK's 1.0 peer that declares a required one (CARD-5, WIRE-4): a message without it is
// refused by the agent and flagged on its frame (`frame.extensions-required`); with it set in the agent's settings,
// the request's A2A-Extensions header carries it, the agent echoes it, and the checks find nothing more to say.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extensionUris } from '../../shared/a2a/extensionList';
import { runChecks } from '../../shared/checks/runChecks';
import { startV10Peer } from '../peers/v10Peer';
import type { PeerHandle } from '../peers/types';
import { recordingHost } from './support/recordingHost';

const REQUIRED = 'urn:switchboard:test:required';
const OPTIONAL = 'urn:switchboard:test:optional';
const recording = recordingHost();
const { host } = recording;
let peer: PeerHandle;
let agentId: string;
beforeAll(async () => {
  peer = await startV10Peer({
    extensions: [
      { uri: REQUIRED, required: true, description: 'Needed for every message.' },
      { uri: OPTIONAL, required: false },
    ],
  });
  const opened = await host.openAgent({ url: peer.baseUrl });
  if (!opened.ok) throw new Error(opened.message);
  agentId = opened.agent.id;
});
afterAll(() => peer.close());

const hello = () =>
  host.runOperation({
    agentId,
    operation: 'send',
    input: { message: { parts: [{ kind: 'text', text: 'hello' }] }, blocking: true },
  });

function header(headers: ReadonlyArray<readonly [string, string]>, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
}

describe('a card with a required extension (CARD-5)', () => {
  it('a message without it is flagged on its frame, and the SDK refuses it', async () => {
    const outcome = await hello();
    expect(outcome.status).toBe('error');
    expect(outcome.message).toContain(REQUIRED);
    await recording.flush();
    const frame = recording.http(outcome.exchangeId!);
    expect(frame.findings).toContainEqual(
      expect.objectContaining({
        rule: 'extensions.required-not-requested',
        severity: 'warning',
        message: expect.stringContaining(
          `The card marks extension ${REQUIRED} as required, but the request's A2A-Extensions header did not ask for it`,
        ) as string,
        spec: 'A2A 1.0 §4.6 Extensions',
      }),
    );
  });

  it('with the extension in the settings, it is sent in A2A-Extensions and echoed', async () => {
    await host.configureAgent({ agentId, settings: { extensions: [REQUIRED, OPTIONAL] } });
    const outcome = await hello();
    expect(outcome.status).toBe('result');
    await recording.flush();
    const frame = recording.http(outcome.exchangeId!);
    expect(header(frame.request.headers, 'A2A-Extensions')).toBe(`${REQUIRED},${OPTIONAL}`);
    // The SDK writes one header line per activated extension; both lines are kept as they came.
    expect(extensionUris(frame.response!.headers)?.sort()).toEqual([OPTIONAL, REQUIRED]);
    expect(frame.findings?.some((f) => f.rule === 'extensions.required-not-requested')).toBe(false);
  });

  it('the checks report the one request that lacked it, and no unasked echo', async () => {
    const report = runChecks({
      frames: recording.frames(),
      agents: [{ id: agentId, name: 'peer', cardUrl: peer.cardUrl, generation: '1.0' }],
      cardFindings: [],
      appVersion: '0',
    });
    const required = report.findings.filter((f) => f.checkId === 'frame.extensions-required');
    expect(required).toHaveLength(1);
    expect(required[0]!.frameIds).toHaveLength(1);
    expect(report.findings.filter((f) => f.checkId === 'frame.extensions-unasked')).toEqual([]);
    expect(report.findings.filter((f) => f.checkId === 'frame.extensions-echo')).toEqual([]);
  });
});
