// The card's findings beside the editor (CARD-4), in text order: severity, where, what, the rule and the pointer.
// Clicking a placed finding asks the editor to reveal its line.

import type { Severity } from '../../../shared/wire/finding';
import type { PlacedFinding } from './findingPlacement';

export interface CardFindingsProps {
  placed: readonly PlacedFinding[];
  checking: boolean;
  checkError?: string | undefined;
  onReveal(line: number, column: number): void;
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function CardFindings({ placed, checking, checkError, onReveal }: CardFindingsProps) {
  if (checking) return <p className="muted card-findings-note">Checking…</p>;
  if (checkError) {
    return (
      <p className="error-text card-findings-note" role="alert" data-testid="card-check-error">
        The card could not be checked: {checkError}
      </p>
    );
  }
  if (placed.length === 0) {
    return (
      <p className="card-findings-note" data-testid="card-no-findings">
        No findings: the card follows its generation's schema and rules.
      </p>
    );
  }
  const ordered = [...placed].sort(
    (a, b) =>
      (a.range?.startLine ?? Infinity) - (b.range?.startLine ?? Infinity) ||
      (a.range?.startColumn ?? 0) - (b.range?.startColumn ?? 0) ||
      SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity],
  );
  return (
    <div className="card-findings-panel">
      <p className="muted" data-testid="card-findings-count">
        {countLine(placed)}
      </p>
      <ul className="card-findings" data-testid="card-findings">
        {ordered.map(({ finding, range }, i) => (
          <li
            key={i}
            data-testid="card-finding"
            data-severity={finding.severity}
            data-rule={finding.rule}
            {...(range ? { 'data-line': range.startLine } : {})}
          >
            <button
              type="button"
              className="card-finding"
              disabled={!range}
              title={range ? 'Show in the card' : 'This finding has no place in the text shown'}
              onClick={() => range && onReveal(range.startLine, range.startColumn)}
            >
              <span className={`severity ${finding.severity}`}>{finding.severity}</span>
              {range && (
                <span className="muted">
                  {' '}
                  line {range.startLine}:{range.startColumn}
                </span>
              )}{' '}
              <span className="card-finding-message">{finding.message}</span>{' '}
              <code className="muted">{finding.rule}</code>
              {finding.pointer !== undefined && finding.pointer !== '' && (
                <>
                  {' '}
                  <code className="muted">{finding.pointer}</code>
                </>
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function countLine(placed: readonly PlacedFinding[]): string {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const { finding } of placed) counts[finding.severity] += 1;
  const parts = [
    counts.error ? `${counts.error} error${counts.error === 1 ? '' : 's'}` : '',
    counts.warning ? `${counts.warning} warning${counts.warning === 1 ? '' : 's'}` : '',
    counts.info ? `${counts.info} note${counts.info === 1 ? '' : 's'}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}
