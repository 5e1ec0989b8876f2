// "Run the conformance suite" on the Checks tab (CHK-6): the official A2A conformance tests (ACTS) against the active
// agent. The user picks suites, the strictest level to include, the interfaces (every one Switchboard speaks by
// default) and whether the agent implements ACTS's test behaviours; a progress bar and a Stop button follow the run;
// the results list each test by interface, then suite, as passed, failed (with what was expected and what came back,
// and links to the frames of the exchange that failed) or not run (with why), and download as ACTS's report, JSON or
// JUnit XML.

import { useEffect, useMemo, useState } from 'react';
import type { AgentSummary } from '../../../shared/host/agent';
import {
  interfaceKey,
  summarize,
  summaryLines,
  type TestOutcome,
  type TestResult,
} from '../../../shared/acts/actsReport';
import type { Level } from '../../../shared/acts/actsTypes';
import { useActiveAgent } from '../agents';
import { FrameLink } from '../../ui/FrameLink';
import { useActsStore } from './actsStore';
import { useActs } from './useActs';

const LEVEL_CHOICES: Array<{ level: Level; label: string }> = [
  { level: 'must', label: 'must only' },
  { level: 'should', label: 'must and should' },
  { level: 'may', label: 'every level' },
];

const RESULT_WORDS: Record<TestResult, string> = {
  pass: 'passed',
  fail: 'failed',
  skip: 'not run',
  error: 'runner error',
};

type Filter = 'problems' | 'pass' | 'skip' | 'all';

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
        <button
          type="button"
          disabled={!running || running.stopping}
          onClick={() => void actions.stop()}
          data-testid="acts-stop"
        >
          {running?.stopping ? 'Stopping…' : 'Stop'}
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
        <p role="status" data-testid="acts-running">
          <progress value={running.done} max={running.total} data-testid="acts-progress" /> {running.done} of{' '}
          {running.total} tests
          {running.stopping ? ' — stopping after the current step' : ''}
        </p>
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

function ActsChoices({ agent, disabled }: { agent: AgentSummary; disabled: boolean }) {
  const { catalog, choices, update } = useActsStore();
  const interfaces = useMemo(() => spokenInterfaces(agent), [agent]);
  const set = (change: Partial<typeof choices>) => update({ choices: { ...choices, ...change } });
  const chosenKey = (where: { url: string; generation: string; binding: string }) =>
    choices.interfaces.some(
      (c) => c.url === where.url && c.generation === where.generation && c.binding === where.binding,
    );
  return (
    <fieldset className="acts-choices" disabled={disabled} data-testid="acts-choices">
      <div>
        <span className="label">Suites</span>
        {catalog?.suites.map((suite) => (
          <label key={suite.id} title={suite.description}>
            <input
              type="checkbox"
              checked={choices.suites.includes(suite.id)}
              onChange={(event) =>
                set({
                  suites: event.target.checked
                    ? [...choices.suites, suite.id]
                    : choices.suites.filter((id) => id !== suite.id),
                })
              }
              data-testid="acts-suite"
              data-suite={suite.id}
            />
            {suite.name} <span className="muted">({suite.tests.length})</span>
          </label>
        ))}
        <span className="muted">{choices.suites.length === 0 ? 'none ticked: every suite' : ''}</span>
      </div>
      <div>
        <label>
          <span className="label">Levels</span>
          <select
            value={choices.level}
            onChange={(event) => set({ level: event.target.value as Level })}
            data-testid="acts-level"
          >
            {LEVEL_CHOICES.map((choice) => (
              <option key={choice.level} value={choice.level}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div>
        <span className="label">Interfaces</span>
        {interfaces.length === 0 && (
          <span className="error-text">The card declares no interface Switchboard speaks.</span>
        )}
        {interfaces.map((where) => (
          <label key={`${where.generation} ${where.binding} ${where.url}`}>
            <input
              type="checkbox"
              checked={chosenKey(where)}
              onChange={(event) =>
                set({
                  interfaces: event.target.checked
                    ? [...choices.interfaces, where]
                    : choices.interfaces.filter(
                        (c) =>
                          !(
                            c.url === where.url &&
                            c.generation === where.generation &&
                            c.binding === where.binding
                          ),
                      ),
                })
              }
              data-testid="acts-interface"
              data-binding={where.binding}
              data-generation={where.generation}
            />
            {where.binding} A2A {where.generation} <span className="muted">{where.url}</span>
          </label>
        ))}
        <span className="muted">{choices.interfaces.length === 0 ? 'none ticked: every one' : ''}</span>
      </div>
      <div>
        <label className="wraps">
          <input
            type="checkbox"
            checked={choices.behaviours}
            onChange={(event) => set({ behaviours: event.target.checked })}
            data-testid="acts-behaviours"
          />
          The agent implements the ACTS test behaviours (it acts on message prefixes such as{' '}
          <code>tck-complete-task</code>)
        </label>
      </div>
    </fieldset>
  );
}

/** The card's interfaces a run can use: a binding Switchboard speaks, each once. */
function spokenInterfaces(agent: AgentSummary) {
  const seen = new Set<string>();
  const out: Array<{
    url: string;
    generation: AgentSummary['generation'];
    binding: NonNullable<AgentSummary['interfaces'][number]['binding']>;
  }> = [];
  for (const where of agent.interfaces) {
    if (!where.binding) continue;
    const key = `${where.generation} ${where.binding} ${where.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ url: where.url, generation: where.generation, binding: where.binding });
  }
  return out;
}

function ActsResults({ outcomes }: { outcomes: readonly TestOutcome[] }) {
  const [filter, setFilter] = useState<Filter>('problems');
  const groups = useMemo(() => byInterface(outcomes), [outcomes]);
  const counts = useMemo(() => {
    const count = { problems: 0, pass: 0, skip: 0, all: outcomes.length };
    for (const outcome of outcomes) {
      if (outcome.result === 'pass') count.pass += 1;
      else if (outcome.result === 'skip') count.skip += 1;
      else count.problems += 1;
    }
    return count;
  }, [outcomes]);
  const shown = (outcome: TestOutcome) =>
    filter === 'all' ||
    (filter === 'problems'
      ? outcome.result === 'fail' || outcome.result === 'error'
      : outcome.result === filter);
  return (
    <div className="acts-results" data-testid="acts-results">
      <div className="acts-filter" role="group" aria-label="Show">
        {(
          [
            ['problems', `Failed (${counts.problems})`],
            ['pass', `Passed (${counts.pass})`],
            ['skip', `Not run (${counts.skip})`],
            ['all', `All (${counts.all})`],
          ] as Array<[Filter, string]>
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            className={filter === value ? 'selected' : ''}
            onClick={() => setFilter(value)}
            data-testid={`acts-filter-${value}`}
          >
            {label}
          </button>
        ))}
      </div>
      {groups.map((group) => {
        const summary = summarize(group.outcomes, 0);
        const visible = group.outcomes.filter(shown);
        return (
          <section
            key={group.key}
            className="acts-interface"
            data-testid="acts-summary"
            data-binding={group.where?.binding}
            data-generation={group.where?.generation}
            data-must-failed={summary.by_level.must.failed + summary.by_level.must.errors}
            data-passed={summary.passed}
          >
            <h4>
              {group.where ? `${group.where.binding} · A2A ${group.where.generation}` : 'Not run'}{' '}
              <span className="muted">{group.where?.url}</span>
            </h4>
            <pre className="acts-levels">{summaryLines(summary).join('\n')}</pre>
            {group.where?.view === 'translated' && (
              <p className="muted">
                Assertions read this interface’s answers decoded and written in A2A 1.0 names.
              </p>
            )}
            {bySuite(visible).map((suite) => (
              <div
                key={suite.id}
                className="acts-suite"
                data-testid="acts-suite-results"
                data-suite={suite.id}
              >
                <h5>
                  {suite.name}{' '}
                  <span className="muted">
                    {suite.passed} of {suite.outcomes.length} shown passed
                  </span>
                </h5>
                <ul>
                  {suite.outcomes.map((outcome) => (
                    <TestRow key={`${outcome.suiteId} ${outcome.id}`} outcome={outcome} />
                  ))}
                </ul>
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}

/** The tests of one interface by suite, in the order the suites ran. */
function bySuite(outcomes: readonly TestOutcome[]) {
  const suites = new Map<string, { id: string; name: string; passed: number; outcomes: TestOutcome[] }>();
  for (const outcome of outcomes) {
    let suite = suites.get(outcome.suiteId);
    if (!suite)
      suites.set(
        outcome.suiteId,
        (suite = { id: outcome.suiteId, name: outcome.suiteName, passed: 0, outcomes: [] }),
      );
    suite.outcomes.push(outcome);
    if (outcome.result === 'pass') suite.passed += 1;
  }
  return [...suites.values()];
}

function byInterface(outcomes: readonly TestOutcome[]) {
  const groups = new Map<string, { key: string; where: TestOutcome['interface']; outcomes: TestOutcome[] }>();
  for (const outcome of outcomes) {
    const key = outcome.interface ? interfaceKey(outcome.interface) : 'none';
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, where: outcome.interface, outcomes: [] }));
    group.outcomes.push(outcome);
  }
  return [...groups.values()];
}

function TestRow({ outcome }: { outcome: TestOutcome }) {
  const failure = outcome.failure;
  const stepFrames = outcome.steps.flatMap((step) => step.frameIds.map((id) => ({ id, step: step.id })));
  return (
    <li
      className={`acts-test ${outcome.result}`}
      data-testid="acts-test"
      data-id={outcome.id}
      data-result={outcome.result}
      data-level={outcome.level}
      data-transport={outcome.interface?.transport}
      data-generation={outcome.interface?.generation}
    >
      <span className={`acts-result ${outcome.result}`}>{RESULT_WORDS[outcome.result]}</span>{' '}
      <code>{outcome.id}</code> {outcome.name}{' '}
      <span className="muted">
        ({outcome.level}, {outcome.suiteName})
      </span>
      {outcome.skip_reason && (
        <div className="muted" data-testid="acts-skip-reason">
          {outcome.skip_reason}
        </div>
      )}
      {failure && (
        <div className="acts-failure" data-testid="acts-failure">
          <div>
            {failure.step_id && <span className="muted">step {failure.step_id}: </span>}
            {failure.message}
          </div>
          {failure.expected !== undefined && (
            <div>
              <span className="label">expected</span>{' '}
              <code data-testid="acts-expected">{failure.expected}</code>
            </div>
          )}
          {failure.actual !== undefined && (
            <div>
              <span className="label">actual</span> <code data-testid="acts-actual">{failure.actual}</code>
            </div>
          )}
          {outcome.failedFrameId && (
            <div>
              <span className="label">the exchange that failed</span>{' '}
              <FrameLink id={outcome.failedFrameId} testId="acts-failed-frame" />
            </div>
          )}
        </div>
      )}
      {outcome.result !== 'skip' && stepFrames.length > 0 && (
        <details className="acts-steps">
          <summary>
            {outcome.steps.length} step{outcome.steps.length === 1 ? '' : 's'}, {stepFrames.length} frame
            {stepFrames.length === 1 ? '' : 's'}
          </summary>
          <ol>
            {outcome.steps.map((step) => (
              <li key={step.id}>
                {step.id} <span className="muted">{RESULT_WORDS[step.result]}</span>
                {step.frameIds.slice(0, 20).map((id) => (
                  <FrameLink key={id} id={id} testId="acts-step-frame" />
                ))}
                {step.notes?.map((note) => (
                  <div key={note} className="muted">
                    {note}
                  </div>
                ))}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}
