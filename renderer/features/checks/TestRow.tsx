// One conformance test in the results (CHK-6): passed, failed (with the step, what was expected and what came back,
// and a link to the exchange that failed), not run (with why) or a runner error, and its steps with the frames each
// made.

import type { TestOutcome, TestResult } from '../../../shared/acts/actsReport';
import { FrameLink } from '../../ui/FrameLink';

const RESULT_WORDS: Record<TestResult, string> = {
  pass: 'passed',
  fail: 'failed',
  skip: 'not run',
  error: 'runner error',
};

export function TestRow({ outcome }: { outcome: TestOutcome }) {
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
