// A conformance run's results (CHK-6): by interface, then by suite in the order they ran, each interface with its
// summary by level, filtered to the failed tests first; passed, not run or all on request.

import { useMemo, useState } from 'react';
import { interfaceKey, summarize, summaryLines, type TestOutcome } from '../../../shared/acts/actsReport';
import { TestRow } from './TestRow';

type Filter = 'problems' | 'pass' | 'skip' | 'all';

export function ActsResults({ outcomes }: { outcomes: readonly TestOutcome[] }) {
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
