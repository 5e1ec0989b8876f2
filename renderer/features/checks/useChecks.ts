// The Checks panel's actions (CHK-1..CHK-5): run the checks on what the window holds, probe an agent (which sends
// traffic of its own, so only when asked) and then check again with the probes' frames included, and download the
// report. Shared by the panel and the command palette; state lives in the checks store.

import { useMemo } from 'react';
import { agentName } from '../../../shared/agentName';
import { useHost } from '../../host/HostContext';
import { PROBE_CANCELLED_MESSAGE, type ProbeResult } from '../../../shared/checks/types';
import { useAppStore } from '../../store/appStore';
import { startCancellable } from '../../ui/cancellableOp';
import { downloadText } from '../../ui/fileText';
import { useChecksStore, type ChecksActions } from './checksStore';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Two animation frames: the store takes the host's frame batches once per animation frame. */
function framesSettled(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/** "Check run cancelled: 2 of 11 probes ran; the rest are listed as not run." */
function cancelledText(probes: readonly ProbeResult[]): string {
  const ran = probes.filter((probe) => probe.message !== PROBE_CANCELLED_MESSAGE).length;
  return `Check run cancelled: ${ran} of ${probes.length} probes ran; the rest are listed as not run.`;
}

export function useChecks(): ChecksActions {
  const host = useHost();
  return useMemo(() => {
    const store = useChecksStore.getState;
    const check = async () => {
      // The checks themselves (the catalogue and every rule) load on the first run, not with the first screen.
      const { buildReport } = await import('./buildReport');
      const { report, frameCount, timeline } = await buildReport(host, useAppStore.getState, store().probes);
      store().update({ report, ranAt: frameCount, ranOn: timeline });
    };
    return {
      async run() {
        if (store().busy) return;
        store().update({ busy: 'checks', problem: null });
        try {
          await check();
        } catch (error) {
          store().update({ problem: `The checks could not run: ${message(error)}` });
        } finally {
          store().update({ busy: null });
        }
      },
      async probe(agentId) {
        if (store().busy) return;
        const agent = useAppStore.getState().agents.find((a) => a.id === agentId);
        if (!agent) {
          store().update({ problem: 'That agent is no longer open; open it again to probe it.' });
          return;
        }
        const op = startCancellable(host);
        const probeRun = { startedAt: op.startedAt, cancel: op.cancel, cancelling: false };
        store().update({ busy: 'probes', problem: null, cancelled: null, probeRun });
        try {
          let probes;
          try {
            probes = await host.runProbes({ agentId, opId: op.opId });
          } catch (error) {
            store().update({ problem: `The probes could not run: ${message(error)}` });
            return;
          }
          // A cancelled run still answers: the probes that ran keep their verdicts, the rest are skipped.
          const cancelled = op.signal.aborted ? cancelledText(probes) : null;
          store().update({ probes, probedAgent: { id: agent.id, name: agentName(agent) }, cancelled });
          await framesSettled();
          await check();
        } catch (error) {
          store().update({ problem: `The checks could not run: ${message(error)}` });
        } finally {
          store().update({ busy: null, probeRun: null });
        }
      },
      cancelProbes() {
        const run = store().probeRun;
        if (!run || run.cancelling) return;
        store().update({ probeRun: { ...run, cancelling: true } });
        run.cancel();
      },
      async download(format) {
        const report = store().report;
        if (!report) return;
        const { reportToJson, reportToJUnit } = await import('../../../shared/checks/reportExport');
        if (format === 'json') downloadText('switchboard-checks.json', reportToJson(report));
        else downloadText('switchboard-checks.xml', reportToJUnit(report), 'application/xml');
      },
    };
  }, [host]);
}
