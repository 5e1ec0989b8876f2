// The Checks panel (CHK-1..CHK-5): conformance findings for what this window holds, grouped by severity, each with
// its check, spec section and links to its frames. Checks run on demand (a run is linear in the frames, but a
// million of them is still work, and findings should not jump while traffic flows); the panel says when frames
// arrived since. Probes run against the active agent only when asked, since they send traffic of their own.

import { useState } from 'react';
import type { CheckFinding, CheckReport, ProbeResult } from '../../../shared/checks/types';
import type { Severity } from '../../../shared/wire/finding';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { downloadText } from '../agents/fileText';
import { useActiveAgent } from '../agents/useAgentActions';
import { buildReport } from './buildReport';

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
const SEVERITY_WORDS: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', info: 'Notes' };

export function ChecksPanel() {
  const host = useHost();
  const agent = useActiveAgent();
  const frameCount = useAppStore((state) => state.frames.length);
  const [report, setReport] = useState<CheckReport | null>(null);
  const [ranAt, setRanAt] = useState(0);
  const [probes, setProbes] = useState<ProbeResult[]>([]);
  const [busy, setBusy] = useState<'checks' | 'probes' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (withProbes = probes) => {
    setBusy('checks');
    setProblem(null);
    try {
      const state = useAppStore.getState();
      setReport(await buildReport(host, state.frames, state.agents, withProbes));
      setRanAt(state.frames.length);
    } catch (error) {
      setProblem(`The checks could not run: ${(error as Error).message}`);
    } finally {
      setBusy(null);
    }
  };
  const probe = async () => {
    if (!agent) return;
    setBusy('probes');
    setProblem(null);
    try {
      const results = await host.runProbes({ agentId: agent.id });
      setProbes(results);
      await run(results);
    } catch (error) {
      setProblem(`The probes could not run: ${(error as Error).message}`);
      setBusy(null);
    }
  };

  return (
    <div className="checks-panel" data-testid="checks-panel">
      <div className="checks-toolbar">
        <button type="button" onClick={() => void run()} disabled={busy !== null} data-testid="checks-run">
          {report ? 'Re-run checks' : 'Run checks'}
        </button>
        <button
          type="button"
          onClick={() => void probe()}
          disabled={busy !== null || !agent}
          title={agent ? 'Sends test traffic to the active agent' : 'Open an agent first'}
          data-testid="checks-probe"
        >
          Run probes{agent ? ' on the active agent' : ''}
        </button>
        <span className="spacer" />
        <button
          type="button"
          disabled={!report}
          onClick={() => report && void exportReport(report, 'json')}
          data-testid="checks-export-json"
        >
          Export JSON
        </button>
        <button
          type="button"
          disabled={!report}
          onClick={() => report && void exportReport(report, 'junit')}
          data-testid="checks-export-junit"
        >
          Export JUnit XML
        </button>
      </div>
      {busy && <p className="muted">{busy === 'probes' ? 'Probing the agent…' : 'Checking…'}</p>}
      {problem && (
        <p className="error-text" role="alert" data-testid="checks-problem">
          {problem}
        </p>
      )}
      {!report && !busy && (
        <p className="empty-state">
          Run the checks to see what the card, the frames and the task state machine say about conformance.
        </p>
      )}
      {report && <ReportView report={report} stale={frameCount - ranAt} />}
    </div>
  );
}

async function exportReport(report: CheckReport, format: 'json' | 'junit') {
  const { reportToJson, reportToJUnit } = await import('../../../shared/checks/reportExport');
  if (format === 'json') downloadText('switchboard-checks.json', reportToJson(report));
  else downloadText('switchboard-checks.xml', reportToJUnit(report), 'application/xml');
}

function ReportView({ report, stale }: { report: CheckReport; stale: number }) {
  const { summary } = report;
  return (
    <div className="checks-report">
      <p data-testid="checks-summary" data-errors={summary.error} data-warnings={summary.warning}>
        {report.checksRun.length} checks ran: {summary.error} error{summary.error === 1 ? '' : 's'},{' '}
        {summary.warning} warning{summary.warning === 1 ? '' : 's'}, {summary.info} note
        {summary.info === 1 ? '' : 's'}.
        {stale > 0 && <span className="muted"> {stale} frames arrived since; re-run to include them.</span>}
      </p>
      {report.probes.length > 0 && (
        <table className="probes" data-testid="probe-results">
          <tbody>
            {report.probes.map((probe) => (
              <tr
                key={probe.probeId}
                data-testid="probe-result"
                data-status={probe.status}
                data-probe={probe.probeId}
              >
                <td className={`probe-status ${probe.status}`}>{probe.status}</td>
                <td>
                  <code>{probe.probeId}</code>
                </td>
                <td>{probe.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {SEVERITIES.map((severity) => {
        const found = report.findings.filter((f) => f.severity === severity);
        if (found.length === 0) return null;
        return (
          <section key={severity} className={`checks-group ${severity}`} data-testid={`checks-${severity}`}>
            <h3>
              {SEVERITY_WORDS[severity]} ({found.length})
            </h3>
            <ul>
              {found.map((finding, index) => (
                <FindingRow key={index} finding={finding} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function FindingRow({ finding }: { finding: CheckFinding }) {
  const selectFrame = useAppStore((state) => state.selectFrame);
  const setTab = useAppStore((state) => state.setActiveTab);
  const known = useAppStore((state) => state.frameIndex);
  const open = (id: string) => {
    selectFrame(id);
    setTab('frames');
  };
  return (
    <li className="check-finding" data-testid="check-finding" data-check={finding.checkId}>
      <span className="check-message">{finding.message}</span>{' '}
      <span className="muted">
        <code>{finding.checkId}</code> · {finding.spec}
        {finding.pointer ? ` · at ${finding.pointer}` : ''}
      </span>
      {finding.frameIds.length > 0 && (
        <span className="check-frames">
          {finding.frameIds.slice(0, 8).map((id, index) => (
            <button
              key={id}
              type="button"
              className="link"
              disabled={!known.has(id)}
              onClick={() => open(id)}
              data-testid="check-frame-link"
            >
              frame {index + 1}
            </button>
          ))}
          {finding.frameIds.length > 8 && <span className="muted"> +{finding.frameIds.length - 8} more</span>}
        </span>
      )}
    </li>
  );
}
