// `switchboard check <url>` (CHK-1..CHK-5 on the command line): a conformance run, printed by severity, written as
// JUnit XML when asked, exit 1 when anything of severity error was found (a failed probe included).

import { writeFile } from 'node:fs/promises';
import { reportToJUnit } from '../../shared/checks/reportExport';
import type { CheckFinding, CheckReport } from '../../shared/checks/types';
import type { HostService } from '../../shared/host/hostApi';
import type { Finding } from '../../shared/wire/finding';
import { EXIT, opt, type Invocation } from './args';
import { checkAgent } from '../host/checks/checkAgent';
import { settingsFrom } from './agentCommands';
import { checkSignatures, readJwksOption } from './cardSignatures';
import { citationText, type Output } from './output';

const HEADINGS = { error: 'Errors', warning: 'Warnings', info: 'Notes' } as const;

export async function checkCommand(
  host: HostService,
  inv: Invocation,
  out: Output,
  appVersion: string,
): Promise<number> {
  const settings = settingsFrom(inv);
  if ('error' in settings) {
    out.note(settings.error);
    return EXIT.usage;
  }
  const jwks = await readJwksOption(inv);
  if (jwks && 'error' in jwks) {
    out.note(jwks.error);
    return EXIT.usage;
  }
  const cardPath = opt.text(inv, '--card-path');
  const result = await checkAgent(host, inv.args.url!, {
    appVersion,
    ...(cardPath ? { cardPath } : {}),
    settings,
    probes: !opt.flag(inv, '--no-probes'),
    progress: (line) => out.note(line),
  });
  if (!result.ok) {
    out.note(`Could not open the agent: ${result.message}`);
    out.emit({ ok: false, unreachable: result.unreachable, message: result.message });
    return result.unreachable ? EXIT.unreachable : EXIT.failed;
  }
  const signature = await checkSignatures(host, inv, result.agent.cardText, jwks);
  const { lines, findings: signatureFindings, ...signed } = signature;
  // A signature that does not verify is a finding like any other (CARD-7): in the summary, the JUnit file, the exit.
  const report = withSignatureFindings(result.report, signatureFindings, result.agent.id);
  const junit = opt.text(inv, '--junit');
  if (junit) {
    await writeFile(junit, reportToJUnit(report));
    out.note(`JUnit XML written to ${junit}.`);
  }
  out.emit({ ...report, signature: { ...signed, findings: signatureFindings } });
  const agent = report.agents[0]!;
  out.say(`${agent.name} — A2A ${agent.generation}: ${report.checksRun.length} checks`);
  for (const line of lines) out.say(`  ${line}`);
  for (const probe of report.probes)
    out.say(`  ${probe.status.padEnd(7)} ${probe.probeId}: ${probe.message}`);
  const { error, warning, info, occurrences } = report.summary;
  const total = occurrences.error + occurrences.warning + occurrences.info;
  out.say(
    `${error} error${error === 1 ? '' : 's'}, ${warning} warning${warning === 1 ? '' : 's'}, ${info} note${info === 1 ? '' : 's'}` +
      (total > error + warning + info ? ` (${total} occurrences; identical findings are shown once).` : '.'),
  );
  // Grouped by severity, errors first, as the Checks panel shows them; each with the section it comes from.
  for (const severity of ['error', 'warning', 'info'] as const) {
    const group = report.findings.filter((finding) => finding.severity === severity);
    if (group.length === 0) continue;
    out.say(`${HEADINGS[severity]} (${group.length}):`);
    for (const finding of group) {
      const times = (finding.count ?? 1) > 1 ? ` ×${finding.count}` : '';
      const cited = citationText(
        finding.specUrl !== undefined
          ? { label: finding.spec, url: finding.specUrl }
          : { label: finding.spec },
      );
      // The task too: findings that differ only in their task are told apart (the panel shows it the same way).
      const task = finding.taskId !== undefined ? `; task ${finding.taskId}` : '';
      out.say(
        `  [${finding.checkId}] ${finding.message}${times} (${cited}${task}; frames ${finding.frameIds.join(', ') || '—'})`,
      );
    }
  }
  return error > 0 ? EXIT.failed : EXIT.ok;
}

/** The report with the signature's findings added as check `card-signature`, counted in its summary. */
function withSignatureFindings(
  report: CheckReport,
  findings: readonly Finding[],
  agentId: string,
): CheckReport {
  if (findings.length === 0) return report;
  const added: CheckFinding[] = findings.map((finding) => ({
    checkId: 'card-signature',
    severity: finding.severity,
    message: finding.message,
    spec: finding.spec ?? 'A2A 1.0 §8.4.3 Signature Verification',
    ...(finding.specUrl ? { specUrl: finding.specUrl } : {}),
    ...(finding.pointer ? { pointer: finding.pointer } : {}),
    frameIds: [],
    agentId,
  }));
  const summary = { ...report.summary, occurrences: { ...report.summary.occurrences } };
  for (const finding of added) {
    summary[finding.severity] += 1;
    summary.occurrences[finding.severity] += 1;
  }
  return {
    ...report,
    checksRun: [...report.checksRun, 'card-signature'],
    findings: [...added, ...report.findings],
    summary,
  };
}
