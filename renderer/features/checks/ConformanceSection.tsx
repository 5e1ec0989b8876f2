// "Run the conformance suite" on the Checks tab (CHK-6): the official A2A conformance tests (ACTS) against the active
// agent. The user picks suites, the strictest level to include, the interfaces (every one Switchboard speaks by
// default) and whether the agent implements ACTS's test behaviours; the shared progress notice (UX-5) follows the run;
// the results list each test by interface, then suite, as passed, failed (with what was expected and what came back,
// and links to the frames of the exchange that failed) or not run (with why), and download as ACTS's report, JSON or
// JUnit XML. The choices, the results and each test's row are their own components (ActsChoices.tsx,
// ActsResults.tsx, TestRow.tsx).

import { useEffect } from 'react';
import { useActiveAgent } from '../agents';
import { ActsChoices } from './ActsChoices';
import { ActsResults } from './ActsResults';
import { useActsStore } from './actsStore';
import { ProgressNotice } from '../../ui/ProgressNotice';
import { useActs } from './useActs';

export function ConformanceSection() {
  const actions = useActs();
  const agent = useActiveAgent();
  const { catalog, choices, running, result, problem } = useActsStore();
  useEffect(() => {
    void actions.loadCatalog();
  }, [actions]);
  const outcomes = running ? running.outcomes : (result?.outcomes ?? []);

  return (
    <section className="acts" data-testid="acts">
      <h3>Conformance suite (ACTS)</h3>
      <p className="muted">
        The official A2A conformance tests
        {catalog ? ` (ACTS ${catalog.actsVersion}, written for A2A ${catalog.specVersion})` : ''}, run against
        the active agent on each interface chosen, in that interface’s own generation and binding. They send
        requests of their own.
      </p>
      {!agent ? (
        <p className="empty-state" data-testid="acts-no-agent">
          Open an agent to run the conformance suite against it.
        </p>
      ) : (
        <ActsChoices agent={agent} disabled={running !== null} />
      )}
      <div className="checks-toolbar">
        <button
          type="button"
          className="primary"
          disabled={!agent || running !== null || !catalog}
          onClick={() => agent && void actions.start(agent.id)}
          data-testid="acts-run"
        >
          Run the conformance suite
        </button>
        <span className="spacer" />
        <button
          type="button"
          disabled={!result}
          onClick={() => actions.download('acts')}
          data-testid="acts-export-acts"
        >
          Export ACTS report
        </button>
        <button
          type="button"
          disabled={!result}
          onClick={() => actions.download('json')}
          data-testid="acts-export-json"
        >
          Export JSON
        </button>
        <button
          type="button"
          disabled={!result}
          onClick={() => actions.download('junit')}
          data-testid="acts-export-junit"
        >
          Export JUnit XML
        </button>
      </div>
      {running && (
        <ProgressNotice
          testId="acts-progress"
          label="Running the conformance suite"
          done={running.done}
          total={running.total}
          unit="tests"
          startedAt={running.startedAt}
          onCancel={() => void actions.stop()}
          cancelling={running.stopping}
        />
      )}
      {problem && (
        <p className="error-text" role="alert" data-testid="acts-problem">
          {problem}
        </p>
      )}
      {result && !running && (
        <p data-testid="acts-verdict" data-conforms={result.conforms} data-stopped={result.stopped}>
          {result.stopped ? 'Stopped before the end. ' : ''}
          {result.conforms
            ? 'Conformant: every must-level test that ran passed.'
            : 'Not conformant: a must-level test failed or could not run.'}{' '}
          <span className="muted">
            {result.agentName}, {Math.round(result.summary.duration_ms / 100) / 10} s
          </span>
        </p>
      )}
      {outcomes.length > 0 && <ActsResults outcomes={outcomes} />}
      {choices.behaviours === false &&
        result &&
        result.outcomes.some((outcome) => outcome.skip_reason?.includes('tck-')) && (
          <p className="muted" data-testid="acts-behaviours-hint">
            Tests that need the ACTS test behaviours were not run: tick “The agent implements the ACTS test
            behaviours” if it does.
          </p>
        )}
    </section>
  );
}
