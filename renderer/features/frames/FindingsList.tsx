// The rules a frame or an event broke (FRM-6), each with its severity, rule id and where the rule comes from.
// Messages are text nodes: a finding can quote what the agent sent.

import type { Finding } from '../../../shared/wire/finding';

export function FindingsList({ findings, testId }: { findings: readonly Finding[]; testId: string }) {
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
          {finding.spec && <span className="muted"> ({finding.spec})</span>}
        </li>
      ))}
    </ul>
  );
}
