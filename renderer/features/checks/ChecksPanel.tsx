// The Checks panel (CHK-1..CHK-5): conformance findings for what this window holds, grouped by severity and then by
// check, each with its message, how many times it was seen (identical findings are one row, "×12"), check id, the
// public spec section as a link that opens outside the app, and links that open its frames. Checks run on demand (a
// run is linear in the frames, but findings should not jump while traffic flows); the panel says when frames
// arrived since. Probes run against the active agent only when asked, since they send traffic of their own. Below
// them, the official conformance suite (ConformanceSection.tsx).

import { useMemo, useState } from 'react';
import { checkById } from '../../../shared/checks/catalog';
import type { CheckFinding, CheckReport, ProbeResult } from '../../../shared/checks/types';
import { useAppStore } from '../../store/appStore';
import { useActiveAgent } from '../agents';
import { formatMs } from '../../ui/frameFormat';
import { SpecLink } from '../frames';
import { FrameLink } from '../../ui/FrameLink';
import { ProgressNotice } from '../../ui/ProgressNotice';
import { useChecksStore } from './checksStore';
import { ConformanceSection } from './ConformanceSection';
import { groupFindings, type CheckGroup, type SeverityGroup } from './groupFindings';
import { findingsBySide } from '../../../shared/checks/findingSides';
import { useChecks } from './useChecks';

const SEVERITY_WORDS = { error: 'Errors', warning: 'Warnings', info: 'Notes' } as const;
/** Findings of one check shown before "Show all": a long list is the same finding many times. */
const SHOWN = 50;
/** Frame links per finding at first; the rest are counted, and shown a hundred at a time on asking. */
const LINKS = 8;
const MORE_LINKS = 100;

export function ChecksPanel() {
  const actions = useChecks();
  const agent = useActiveAgent();
  const frameCount = useAppStore((state) => state.frames.length);
  const timeline = useAppStore((state) => state.timeline);
  const { report, ranAt, ranOn, busy, problem, probedAgent, probeRun, cancelled } = useChecksStore();
  // A new model means the store replaced its frames: the report is about frames this window no longer shows.
  const stale = ranOn !== null && ranOn !== timeline ? 'replaced' : Math.max(0, frameCount - ranAt);

  return (
    <div className="checks-panel" data-testid="checks-panel">
      <div className="checks-toolbar">
        <button
          type="button"
          onClick={() => void actions.run()}
          disabled={busy !== null}
          data-testid="checks-run"
        >
          {report ? 'Re-run checks' : 'Run checks'}
        </button>
        <button
          type="button"
          onClick={() => agent && void actions.probe(agent.id)}
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
          onClick={() => void actions.download('json')}
          data-testid="checks-export-json"
        >
          Export JSON
        </button>
        <button
          type="button"
          disabled={!report}
          onClick={() => void actions.download('junit')}
          data-testid="checks-export-junit"
        >
          Export JUnit XML
        </button>
      </div>
      {busy && (
        <p className="muted" role="status" data-testid="checks-busy">
          {busy === 'probes'
            ? 'Probing the agent: streaming, push, cancel, error codes and bindings, each within its time limit…'
            : 'Checking…'}
        </p>
      )}
      {probeRun && (
        <ProgressNotice
          testId="checks-progress"
          label="Running the probes"
          startedAt={probeRun.startedAt}
          onCancel={actions.cancelProbes}
          cancelling={probeRun.cancelling}
        />
      )}
      {cancelled && (
        <p className="muted" role="status" data-testid="checks-cancelled">
          {cancelled}
        </p>
      )}
      {problem && (
        <p className="error-text" role="alert" data-testid="checks-problem">
          {problem}
        </p>
      )}
      {!report && !busy && (
        <p className="empty-state" data-testid="checks-empty">
          Run the checks to see what the card, the frames and the task state machine say about conformance.
          Probes send their own requests to the active agent to test what its card declares.
        </p>
      )}
      {report && <ReportView report={report} stale={stale} probedAgent={probedAgent?.name ?? null} />}
      <ConformanceSection />
    </div>
  );
}

function ReportView({
  report,
  stale,
  probedAgent,
}: {
  report: CheckReport;
  /** Frames that arrived since the run, or 'replaced' when the window's frames were replaced. */
  stale: number | 'replaced';
  probedAgent: string | null;
}) {
  const { summary } = report;
  const distinct = summary.error + summary.warning + summary.info;
  const occurrences = summary.occurrences.error + summary.occurrences.warning + summary.occurrences.info;
  // Grouped once per report, not on every batch of frames that re-renders the panel.
  // The caller's findings (traffic through the recording proxy) are listed apart from the agent's (PRX-3).
  const sides = useMemo(() => {
    const { agent, caller } = findingsBySide(report.findings);
    return { agent: groupFindings(agent), caller: groupFindings(caller) };
  }, [report]);
  const groups = sides.agent;
  const agents = useMemo(() => new Map(report.agents.map((agent) => [agent.id, agent.name])), [report]);
  // Agents' generations by id, for the generation an old finding label did not say.
  const generations = useMemo(
    () => new Map(report.agents.map((agent) => [agent.id, agent.generation])),
    [report],
  );
  return (
    <div className="checks-report">
      <p
        data-testid="checks-summary"
        data-errors={summary.error}
        data-warnings={summary.warning}
        data-notes={summary.info}
        data-occurrences={occurrences}
      >
        {report.checksRun.length} checks ran: {count(summary.error, 'error')},{' '}
        {count(summary.warning, 'warning')}, {count(summary.info, 'note')}
        {report.probes.length > 0 && `; ${count(summary.probesFailed, 'probe')} failed`}.
        {occurrences > distinct && (
          <span className="muted"> Seen {occurrences} times in all; identical findings are shown once.</span>
        )}
        {stale !== 0 && (
          <span className="muted" data-testid="checks-stale">
            {' '}
            {stale === 'replaced'
              ? 'The window’s frames were replaced since (a session opened or a replay moved); re-run to check these.'
              : `${count(stale, 'frame')} arrived since; re-run to include them.`}
          </span>
        )}
      </p>
      {report.probes.length > 0 && <ProbeTable probes={report.probes} agent={probedAgent} />}
      {groups.length === 0 && sides.caller.length === 0 && (
        <p className="checks-clean" data-testid="checks-clean">
          Nothing found: every check that ran passed.
        </p>
      )}
      {sides.caller.length > 0 && <h3 data-testid="checks-side-agent">The agent’s side</h3>}
      {groups.map((group) => (
        <SeverityView
          key={group.severity}
          group={group}
          agents={agents.size > 1 ? agents : null}
          generations={generations}
        />
      ))}
      {sides.caller.length > 0 && (
        <section aria-labelledby="checks-caller-side" data-testid="checks-side-caller">
          <h3 id="checks-caller-side">The caller’s side (requests through the proxy)</h3>
          {sides.caller.map((group) => (
            <SeverityView
              key={group.severity}
              group={group}
              agents={agents.size > 1 ? agents : null}
              generations={generations}
            />
          ))}
        </section>
      )}
    </div>
  );
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function ProbeTable({ probes, agent }: { probes: ProbeResult[]; agent: string | null }) {
  return (
    <table className="probes" data-testid="probe-results">
      {agent && <caption>Probes of {agent}</caption>}
      <tbody>
        {probes.map((probe) => (
          <tr
            key={probe.probeId}
            data-testid="probe-result"
            data-status={probe.status}
            data-probe={probe.probeId}
          >
            <td className={`probe-status ${probe.status}`}>{probe.status}</td>
            <td>
              <ProbeName id={probe.probeId} />
            </td>
            <td>
              {probe.message}
              <FrameLinks frameIds={probe.frameIds} />
            </td>
            <td className="muted probe-time">{formatMs(probe.durationMs)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A probe's title and id, and the public section of what it tests (the catalogue's, for the default generation). */
function ProbeName({ id }: { id: string }) {
  const check = checkById(id);
  return (
    <>
      {check?.title ?? id} <code className="muted">{id}</code>
      {check && (
        <span className="muted">
          {' '}
          · <SpecLink spec={check.spec} specUrl={check.specUrl} rule={id} />
        </span>
      )}
    </>
  );
}

/** "(3)", or "(3, seen 40 times)" when identical findings were merged. */
function counted(distinct: number, occurrences: number): string {
  return occurrences > distinct ? `(${distinct}, seen ${occurrences} times)` : `(${distinct})`;
}

interface Lookups {
  /** Agent names, when the report is about more than one agent. */
  agents: Map<string, string> | null;
  generations: Map<string, string>;
}

function SeverityView({ group, agents, generations }: { group: SeverityGroup } & Lookups) {
  return (
    <section className={`checks-group ${group.severity}`} data-testid={`checks-${group.severity}`}>
      <h3>
        {SEVERITY_WORDS[group.severity]} {counted(group.count, group.occurrences)}
      </h3>
      {group.checks.map((check) => (
        <CheckView key={check.check.id} group={check} agents={agents} generations={generations} />
      ))}
    </section>
  );
}

function CheckView({ group, agents, generations }: { group: CheckGroup } & Lookups) {
  const [all, setAll] = useState(false);
  const { check, findings } = group;
  const shown = all ? findings : findings.slice(0, SHOWN);
  return (
    <div
      className="check-group"
      data-testid="check-group"
      data-check={check.id}
      data-count={findings.length}
      data-occurrences={group.occurrences}
    >
      <h4>
        {check.title} <span className="muted">{counted(findings.length, group.occurrences)}</span>
      </h4>
      <ul>
        {shown.map((finding, index) => (
          <FindingRow
            key={index}
            finding={finding}
            agent={agents && finding.agentId ? agents.get(finding.agentId) : undefined}
            generation={finding.agentId ? generations.get(finding.agentId) : undefined}
          />
        ))}
      </ul>
      {shown.length < findings.length && (
        <button type="button" className="link" onClick={() => setAll(true)} data-testid="check-show-all">
          Show all {findings.length}
        </button>
      )}
    </div>
  );
}

function FindingRow({
  finding,
  agent,
  generation,
}: {
  finding: CheckFinding;
  agent: string | undefined;
  generation: string | undefined;
}) {
  const times = finding.count ?? 1;
  return (
    <li className="check-finding" data-testid="check-finding" data-check={finding.checkId} data-count={times}>
      <span className="check-message">{finding.message}</span>{' '}
      {times > 1 && (
        <span className="finding-count" data-testid="finding-count" title={`Seen ${times} times`}>
          ×{times}
        </span>
      )}{' '}
      <span className="muted">
        <code>{finding.checkId}</code> ·{' '}
        <SpecLink
          spec={finding.spec}
          specUrl={finding.specUrl}
          generation={generation}
          rule={finding.checkId}
        />
        {finding.pointer ? ` · at ${finding.pointer}` : ''}
        {finding.taskId ? ` · task ${finding.taskId}` : ''}
        {agent ? ` · ${agent}` : ''}
      </span>
      <FrameLinks frameIds={finding.frameIds} />
    </li>
  );
}

/**
 * Links that select a frame and show it on the Frames tab; a frame this window does not hold is named, not linked.
 * A merged finding may name thousands of frames: the first few are shown, the rest a hundred at a time on asking.
 */
function FrameLinks({ frameIds }: { frameIds: readonly string[] }) {
  const [limit, setLimit] = useState(LINKS);
  if (frameIds.length === 0) return null;
  const more = frameIds.length - limit;
  return (
    <span className="check-frames">
      {frameIds.slice(0, limit).map((id) => (
        <FrameLink key={id} id={id} />
      ))}
      {more > 0 && (
        <button
          type="button"
          className="link"
          onClick={() => setLimit((shown) => shown + MORE_LINKS)}
          title={`Show ${Math.min(more, MORE_LINKS)} more of this finding’s frames`}
          data-testid="check-more-frames"
        >
          +{more} more
        </button>
      )}
    </span>
  );
}
