// A check report from what the window holds: its frames, the card findings the host gives for each open agent's card,
// and probe results when there are some (CHK-1..CHK-5). The same runChecks the command line uses.

import type { AgentSummary } from '../../../shared/agent';
import { agentName } from '../../../shared/agentName';
import { runChecks } from '../../../shared/checks/runChecks';
import type { CheckReport, ProbeResult } from '../../../shared/checks/types';
import type { HostConnection } from '../../../shared/host-api';
import type { Frame } from '../../../shared/wire/frame';

export async function buildReport(
  host: Pick<HostConnection, 'checkCard' | 'getInfo'>,
  frames: readonly Frame[],
  agents: readonly AgentSummary[],
  probes: readonly ProbeResult[],
): Promise<CheckReport> {
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
  return runChecks({
    frames,
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
}
