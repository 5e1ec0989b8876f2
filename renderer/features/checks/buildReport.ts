// A check report from what the window holds: its frames (with the timeline model the store already keeps for them),
// the card findings the host gives for each open agent's card, and probe results when there are some (CHK-1..CHK-5).
// The same runChecks the command line uses.

import type { AgentSummary } from '../../../shared/host/agent';
import { agentName } from '../../../shared/agentName';
import { runChecks } from '../../../shared/checks/runChecks';
import type { CheckReport, ProbeResult } from '../../../shared/checks/types';
import type { HostConnection } from '../../../shared/host/hostApi';
import type { TimelineModel } from '../../../shared/timeline/timelineModel';
import type { Frame } from '../../../shared/wire/frame';

export interface WindowFrames {
  frames: readonly Frame[];
  agents: readonly AgentSummary[];
  /** The model fed exactly `frames`. */
  timeline: TimelineModel;
}

/**
 * `read` is called twice: for the agents before the host checks their cards, and for the frames after, in one
 * synchronous step, so the frames and the model (which keeps growing while the host answers) agree.
 */
export async function buildReport(
  host: Pick<HostConnection, 'checkCard' | 'getInfo'>,
  read: () => WindowFrames,
  probes: readonly ProbeResult[],
): Promise<{ report: CheckReport; frameCount: number; timeline: TimelineModel }> {
  const agents = read().agents;
  const [info, cardFindings] = await Promise.all([
    host.getInfo(),
    Promise.all(
      agents.map(async (agent) => ({
        agentId: agent.id,
        ...(agent.cardFrameId ? { frameId: agent.cardFrameId } : {}),
        findings: (await host.checkCard({ text: agent.cardText, cardUrl: agent.cardUrl })).findings,
      })),
    ),
  ]);
  const { frames, timeline } = read();
  const report = runChecks({
    frames,
    timeline,
    agents: agents.map((agent) => ({
      id: agent.id,
      name: agentName(agent),
      cardUrl: agent.cardUrl,
      generation: agent.generation,
    })),
    cardFindings,
    probes,
    appVersion: info.appVersion,
  });
  return { report, frameCount: frames.length, timeline };
}
