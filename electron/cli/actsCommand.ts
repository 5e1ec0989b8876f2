// `switchboard check <url> --acts [suite…]` (CHK-6 on the command line): the official A2A conformance suite against
// an agent, on every interface it offers (or the --binding ones). Progress on stderr as each test finishes; the
// result by interface and level on stdout, every failed test with what was expected and what came back, and why
// each test that did not run did not. --report writes ACTS's own JSON report, --junit JUnit XML. Exit 1 when a
// must-level test failed (or the runner could not run one), as ACTS defines conformance.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Binding } from '../../shared/a2a/generation';
import {
  type ActsReport,
  actsToJUnit,
  generationSuffix,
  summaryLines,
  type TestOutcome,
} from '../../shared/acts/actsReport';
import type { ActsProgress, ActsRunResult, ActsRunStarted } from '../../shared/acts/actsRunTypes';
import type { Level } from '../../shared/acts/actsTypes';
import type { HostService } from '../../shared/host/hostApi';
import { EXIT, opt, type Invocation } from './args';
import { readActsFiles } from './actsFiles';
import { openFor } from './agentCommands';
import type { Output } from './output';

export async function actsCommand(host: HostService, inv: Invocation, out: Output): Promise<number> {
  const opened = await openFor(host, inv, out);
  if ('exit' in opened) return opened.exit;
  const { agent } = opened;
  const variables: Record<string, string> = {};
  for (const pair of opt.list(inv, '--var')) {
    const equals = pair.indexOf('=');
    variables[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  const own = opt.list(inv, '--acts-file');
  const documents = own.length > 0 ? await readActsFiles(own) : undefined;
  if (documents && !documents.ok) {
    out.note(`switchboard check --acts: ${documents.message}`);
    out.emit({ ok: false, message: documents.message });
    return EXIT.usage;
  }
  const suites = opt.list(inv, '--acts');
  const bindings = opt.list(inv, '--binding') as Binding[];
  let started: ActsRunStarted;
  try {
    started = await host.startActs({
      agentId: agent.id,
      ...(suites.length > 0 ? { suites } : {}),
      ...(bindings.length > 0 ? { bindings } : {}),
      level: (opt.text(inv, '--level') as Level | undefined) ?? 'may',
      behaviours: opt.flag(inv, '--behaviours'),
      ...(Object.keys(variables).length > 0 ? { variables } : {}),
      ...(documents?.ok ? { documents: { files: documents.files, entry: documents.entry } } : {}),
    });
  } catch (error) {
    // Unknown suites, no interface to run on: the user's words, said before anything was sent.
    out.note(`switchboard check --acts: ${(error as Error).message}`);
    out.emit({ ok: false, message: (error as Error).message });
    return EXIT.usage;
  }
  out.note(
    `Running ${started.planned} ACTS tests on ${started.interfaces
      .map((where) => `${where.binding} (A2A ${where.generation})`)
      .join(', ')} …`,
  );
  const stop = host.onEvent((event) => {
    if (event.type === 'acts' && event.progress.runId === started.runId) progress(event.progress, out);
  });
  const interrupt = () => {
    out.note('Stopping after the current step …');
    void host.stopActs({ runId: started.runId });
  };
  process.once('SIGINT', interrupt);
  let result: ActsRunResult;
  try {
    result = await host.awaitActs({ runId: started.runId });
  } finally {
    stop();
    process.off('SIGINT', interrupt);
  }

  const reportPath = opt.text(inv, '--report');
  if (reportPath) {
    for (const [file, report] of reportFiles(reportPath, result.reports))
      await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
    out.note(
      `ACTS report written to ${reportFiles(reportPath, result.reports)
        .map(([file]) => file)
        .join(', ')}.`,
    );
  }
  const junit = opt.text(inv, '--junit');
  if (junit) {
    await writeFile(junit, actsToJUnit(result.outcomes, result.finishedAt));
    out.note(`JUnit XML written to ${junit}.`);
  }
  out.emit(result);

  out.say(
    `${result.agentName}: ACTS ${result.actsVersion} (written for A2A ${result.specVersion})${result.stopped ? ' — stopped before the end' : ''}`,
  );
  for (const report of result.reports) {
    const where = `${report.environment.binding} A2A ${report.environment.a2a_generation} at ${report.environment.interface_url}`;
    out.say(`\n${where}`);
    for (const line of summaryLines(report.summary)) out.say(`  ${line}`);
  }
  const failed = result.outcomes.filter((outcome) => outcome.result === 'fail' || outcome.result === 'error');
  if (failed.length > 0) {
    out.say(`\nFailed (${failed.length}):`);
    for (const outcome of failed) for (const line of failureLines(outcome)) out.say(line);
  }
  const notRun = result.outcomes.filter((outcome) => outcome.result === 'skip');
  if (notRun.length > 0) {
    out.say(`\nNot run (${notRun.length}), by reason:`);
    const byReason = new Map<string, string[]>();
    for (const outcome of notRun) {
      const reason = outcome.skip_reason ?? 'not run';
      byReason.set(reason, [
        ...(byReason.get(reason) ?? []),
        `${outcome.id} (${outcome.interface?.transport ?? '?'})`,
      ]);
    }
    for (const [reason, tests] of byReason) out.say(`  ${reason}\n    ${unique(tests).join(', ')}`);
  }
  out.say(
    `\n${result.conforms ? 'Conformant: every must-level test that ran passed.' : 'Not conformant: a must-level test failed.'}`,
  );
  return result.conforms && !result.stopped ? EXIT.ok : EXIT.failed;
}

function progress(update: ActsProgress, out: Output): void {
  const outcome = update.outcome;
  if (!outcome) return;
  const where = outcome.interface ? `${outcome.interface.transport} ${outcome.interface.generation}` : '';
  const result = { pass: 'pass', fail: 'FAIL', skip: 'not run', error: 'ERROR' }[outcome.result];
  out.note(`[${update.done}/${update.total}] ${result.padEnd(7)} ${outcome.id} (${where})`);
}

function failureLines(outcome: TestOutcome): string[] {
  const where = outcome.interface
    ? `${outcome.interface.transport}, A2A ${outcome.interface.generation}`
    : '';
  const lines = [
    `  ${outcome.result === 'error' ? 'ERROR' : 'FAIL'} ${outcome.id} [${outcome.level}] ${outcome.name} (${where})`,
  ];
  const failure = outcome.failure;
  if (failure) {
    lines.push(`    ${failure.step_id ? `step ${failure.step_id}: ` : ''}${failure.message}`);
    if (failure.expected !== undefined) lines.push(`    expected: ${failure.expected}`);
    if (failure.actual !== undefined) lines.push(`    actual:   ${failure.actual}`);
  }
  if (outcome.failedFrameId) lines.push(`    frame: ${outcome.failedFrameId}`);
  return lines;
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

/** One file for one report; with several, each named after its interface beside the path given (ACTS §13.5). */
function reportFiles(given: string, reports: readonly ActsReport[]): Array<[string, ActsReport]> {
  if (reports.length === 1) return [[given, reports[0]!]];
  const dir = path.dirname(given);
  const base = path.basename(given, '.json');
  return reports.map((report) => {
    return [path.join(dir, `${base}-${report.transport}${generationSuffix(report)}.json`), report];
  });
}
