// The rules a frame or an event broke (FRM-6), each with its severity, rule id and the public section the rule comes
// from, as a link. Messages are text nodes: a finding can quote what the agent sent.

import type { Finding } from '../../../shared/wire/finding';
import { SpecLink } from './SpecLink';

export function FindingsList({
  findings,
  testId,
  generation,
}: {
  findings: readonly Finding[];
  testId: string;
  /** The generation of the exchange, for findings saved with an old label that did not say it. */
  generation?: string | undefined;
}) {
  if (findings.length === 0) return null;
  return (
    <ul className="frame-findings" data-testid={testId}>
      {findings.map((finding, index) => (
        <li key={index} className="frame-finding" data-severity={finding.severity} data-rule={finding.rule}>
          <span className={`severity ${finding.severity}`}>{finding.severity}</span>{' '}
          <code className="rule">{finding.rule}</code> <span>{finding.message}</span>
          {finding.pointer !== undefined && finding.pointer !== '' && (
            <span className="muted"> at {finding.pointer}</span>
          )}
          {finding.spec && (
            <span className="muted">
              {' '}
              (
              <SpecLink
                spec={finding.spec}
                specUrl={finding.specUrl}
                generation={generation}
                rule={finding.rule}
              />
              )
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
