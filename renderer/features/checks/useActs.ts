// The conformance suite's actions (CHK-6): load the catalogue, start a run on an agent with the choices made, follow
// its progress (the host tells each finished test as an `acts` event, heard whether or not the panel is on screen),
// stop it, and download its result as ACTS's own report, as Switchboard's JSON, or as JUnit XML.

import { useMemo } from 'react';
import { useHost } from '../../host/HostContext';
import { downloadText } from '../../ui/fileText';
import { useActsStore, type ActsActions } from './actsStore';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function useActs(): ActsActions {
  const host = useHost();
  return useMemo(() => {
    const store = useActsStore.getState;
    return {
      async loadCatalog() {
        if (store().catalog) return;
        try {
          store().update({ catalog: await host.actsCatalog() });
        } catch (error) {
          store().update({ problem: `The conformance suite could not be loaded: ${message(error)}` });
        }
      },

      async start(agentId) {
        if (store().running) return;
        const { choices } = store();
        store().update({ problem: null });
        let started;
        try {
          started = await host.startActs({
            agentId,
            level: choices.level,
            behaviours: choices.behaviours,
            ...(choices.suites.length > 0 ? { suites: choices.suites } : {}),
            ...(choices.interfaces.length > 0 ? { interfaces: choices.interfaces } : {}),
          });
        } catch (error) {
          store().update({ problem: `The conformance suite could not start: ${message(error)}` });
          return;
        }
        const { runId, planned } = started;
        store().update({
          running: {
            runId,
            agentId,
            done: 0,
            total: planned,
            outcomes: [],
            stopping: false,
            startedAt: Date.now(),
          },
        });
        const stop = host.onEvent((event) => {
          if (event.type !== 'acts' || event.progress.runId !== runId) return;
          const running = store().running;
          if (!running || running.runId !== runId) return;
          const { done, total, outcome } = event.progress;
          store().update({
            running: {
              ...running,
              done,
              total,
              outcomes: outcome ? [...running.outcomes, outcome] : running.outcomes,
            },
          });
        });
        try {
          const result = await host.awaitActs({ runId });
          store().update({ result, running: null });
        } catch (error) {
          store().update({ problem: `The conformance run failed: ${message(error)}`, running: null });
        } finally {
          stop();
        }
      },

      async stop() {
        const running = store().running;
        if (!running || running.stopping) return;
        store().update({ running: { ...running, stopping: true } });
        try {
          // The run's id is its opId: the same cancel as every other long operation (UX-5).
          await host.cancelOperation({ opId: running.runId });
        } catch (error) {
          store().update({ problem: `The run could not be stopped: ${message(error)}` });
        }
      },

      download(format) {
        const result = store().result;
        if (!result) return;
        const stamp = result.finishedAt.replace(/[-:]/g, '').replace(/\.\d+/, '');
        if (format === 'junit') {
          // The JUnit writer comes with the report catalogue, which the first screen does not need: loaded here.
          import('../../../shared/acts/actsReport')
            .then(({ actsToJUnit }) =>
              downloadText(
                `acts-${stamp}.xml`,
                actsToJUnit(result.outcomes, result.finishedAt),
                'application/xml',
              ),
            )
            .catch((error: unknown) =>
              store().update({ problem: `The report could not be written: ${message(error)}` }),
            );
        } else if (format === 'json') {
          downloadText(`switchboard-acts-${stamp}.json`, `${JSON.stringify(result, null, 2)}\n`);
        } else {
          // ACTS's report names one transport; a run on several interfaces is several reports (ACTS §13).
          const reports = result.reports.length === 1 ? result.reports[0] : result.reports;
          downloadText(`acts-report-${stamp}.json`, `${JSON.stringify(reports, null, 2)}\n`);
        }
      },
    };
  }, [host]);
}
