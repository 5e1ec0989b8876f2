// The commands on saved sessions (SES-4, SES-5, SES-7 on the command line): replay (show it, or re-send it to a live
// agent and diff), export (HAR 1.2, redacted), mock (serve it until Ctrl-C).

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HostService } from '../../shared/host/hostApi';
import { digestRun } from '../../shared/session/runDigest';
import type { Frame } from '../../shared/wire/frame';
import type { MockTiming } from '../../shared/session/types';
import { EXIT, opt, type Invocation } from './args';
import { openFor } from './agentCommands';
import type { Output } from './output';

async function openSession(host: HostService, inv: Invocation, out: Output) {
  const summary = await host.openSession({ path: path.resolve(inv.args.session!) });
  for (const notice of summary.notices) out.note(`Note: ${notice}`);
  return summary;
}

async function allFrames(host: HostService, sessionId: string): Promise<Frame[]> {
  const frames: Frame[] = [];
  for (;;) {
    const page = await host.readSessionFrames({ sessionId, from: frames.length, count: 10_000 });
    frames.push(...page.frames);
    if (frames.length >= page.total || page.frames.length === 0) return frames;
  }
}

export async function replayCommand(host: HostService, inv: Invocation, out: Output): Promise<number> {
  const summary = await openSession(host, inv, out);
  const against = opt.text(inv, '--against');
  if (!against) {
    const digest = digestRun(await allFrames(host, summary.sessionId));
    out.emit({ session: summary, steps: digest.steps });
    out.say(`${summary.title}: ${summary.frameCount} frames, ${digest.steps.length} requests`);
    for (const agent of summary.agents)
      out.say(`  Agent ${agent.name} (A2A ${agent.generation}) ${agent.cardUrl}`);
    digest.steps.forEach((step, index) => {
      const states = step.states.length > 0 ? ` · ${step.states.join(' → ')}` : '';
      const error = step.error ? ` · error ${step.error.code ?? ''} ${step.error.message}` : '';
      out.say(`  ${index + 1}. ${step.operation}${states}${error}`);
    });
    return EXIT.ok;
  }
  const opened = await openFor(host, { ...inv, args: { ...inv.args, url: against } }, out);
  if ('exit' in opened) return opened.exit;
  out.note(`Re-sending ${summary.title} to ${against} …`);
  const result = await host.resendSession({ sessionId: summary.sessionId, agentId: opened.agent.id });
  out.emit(result);
  for (const step of result.steps)
    out.say(`  ${step.index}. ${step.operation}: ${step.status} — ${step.message}`);
  if (result.differences.length === 0) out.say('No differences (ids and times aside).');
  for (const difference of result.differences) out.say(`  ${difference.message}`);
  return result.differences.length > 0 ? EXIT.failed : EXIT.ok;
}

export async function exportCommand(host: HostService, inv: Invocation, out: Output): Promise<number> {
  const target = opt.text(inv, '--har');
  if (!target) {
    out.note('"export" needs --har F: where to write the HAR file.');
    return EXIT.usage;
  }
  const summary = await openSession(host, inv, out);
  const exported = await host.exportSession({ sessionId: summary.sessionId, format: 'har' });
  await writeFile(target, exported.text);
  out.emit({
    path: path.resolve(target),
    bytes: Buffer.byteLength(exported.text),
    redactions: exported.redactions,
  });
  out.say(`Wrote ${target} (${summary.frameCount} frames).`);
  out.say(
    exported.redactions.length === 0
      ? 'No secrets to redact.'
      : `Redacted ${exported.redactions.length} secret value${exported.redactions.length === 1 ? '' : 's'}:`,
  );
  for (const item of exported.redactions)
    out.say(`  ${item.kind} in ${item.where}: ${item.name} (${item.length} characters)`);
  return EXIT.ok;
}

export async function mockCommand(host: HostService, inv: Invocation, out: Output): Promise<number> {
  const summary = await openSession(host, inv, out);
  const timing = (opt.text(inv, '--timing') ?? 'original') as MockTiming;
  const port = opt.number(inv, '--port');
  const mock = await host.startMockAgent({
    sessionId: summary.sessionId,
    timing,
    ...(port !== undefined ? { port } : {}),
  });
  // The one line a script waits for, whatever the output mode.
  process.stdout.write(`${JSON.stringify({ url: mock.url, cardUrl: mock.cardUrl })}\n`);
  out.note(
    `Serving "${summary.title}" as an A2A agent at ${mock.url} (${timing} timing). Press Ctrl-C to stop.`,
  );
  await stopSignal();
  return EXIT.ok;
}

/** Resolves on the first SIGINT or SIGTERM; a second one while shutting down ends the process at once. */
export function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.removeListener('SIGINT', stop);
      process.removeListener('SIGTERM', stop);
      process.once('SIGINT', () => process.exit(130));
      process.once('SIGTERM', () => process.exit(143));
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
