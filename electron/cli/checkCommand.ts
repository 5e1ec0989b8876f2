// `switchboard check <url>` (CHK-1..CHK-5 on the command line): a conformance run, printed by severity, written as
// JUnit XML when asked, exit 1 when anything of severity error was found (a failed probe included).

import { writeFile } from 'node:fs/promises';
import { reportToJUnit } from '../../shared/checks/reportExport';
import type { HostService } from '../../shared/host/hostApi';
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
  const { report } = result;
  const junit = opt.text(inv, '--junit');
  if (junit) {
    await writeFile(junit, reportToJUnit(report));
    out.note(`JUnit XML written to ${junit}.`);
  }
  const signature = await checkSignatures(host, inv, result.agent.cardText, jwks);
  const { lines, findings: signatureFindings, ...signed } = signature;
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
  // A signature that does not verify is an error like any other (CARD-7).
  const badSignature = signatureFindings.some((finding) => finding.severity === 'error');
  return error > 0 || badSignature ? EXIT.failed : EXIT.ok;
}
