#!/usr/bin/env node
// The command line (`switchboard <command>`, CLI-1, docs/architecture.md#layers-and-folders): the same host as the app,
// driven from a terminal. Exit codes: 0 done, 1 failure or findings, 2 wrong words (message and usage on stderr), 3 the
// agent could not be reached. Text for people on stdout, `--json` for machines; progress and notes on stderr.

import type { HostService } from '../shared/host/hostApi';
import { APP_VERSION } from './appVersion';
import { cliUsage, EXIT, opt, parseCli, type CommandName, type Invocation } from './cli/args';
import { actsCommand } from './cli/actsCommand';
import { cardCommand, operationCommand } from './cli/agentCommands';
import { checkCommand } from './cli/checkCommand';
import { createOutput, type Output } from './cli/output';
import {
  checkSaveTarget,
  dropRecordingFolder,
  recordingFolder,
  saveRun,
  type SaveTarget,
} from './cli/saveRun';
import { exportCommand, mockCommand, replayCommand } from './cli/sessionCommands';
import { proxyCommand } from './cli/proxyCommand';
import type { Recorder } from './host/agent/recorder';
import type { PushService } from './host/push/pushService';
import { createHost } from './host/createHost';

type Runner = (host: HostService, inv: Invocation, out: Output) => Promise<number>;

/** The host's recorder, which `proxy` records through (the HostApi has no door for a proxy's frames). */
let hostRecorder: { recorder: Recorder; push: PushService } | undefined;

/** One runner per command in cli/args.ts; a command added there without a runner here does not compile. */
const runners: Record<CommandName, Runner> = {
  card: cardCommand,
  send: operationCommand,
  get: operationCommand,
  list: operationCommand,
  cancel: operationCommand,
  subscribe: operationCommand,
  // --acts runs the official conformance suite instead of Switchboard's own checks.
  check: (host, inv, out) =>
    '--acts' in inv.options ? actsCommand(host, inv, out) : checkCommand(host, inv, out, APP_VERSION),
  replay: replayCommand,
  mock: mockCommand,
  export: exportCommand,
  proxy: (_host, inv, out) => proxyCommand(hostRecorder, inv, out),
};

async function main(): Promise<number> {
  const parsed = parseCli(process.argv.slice(2));
  if ('error' in parsed) {
    console.error(`${parsed.error}\n\n${parsed.usage}`);
    return EXIT.usage;
  }
  if (parsed.command === 'help') {
    console.log(cliUsage(parsed.topic));
    return EXIT.ok;
  }
  if (parsed.command === 'version') {
    console.log(APP_VERSION);
    return EXIT.ok;
  }
  const dataDir = opt.text(parsed, '--data-dir');
  // Checked before anything is sent: a file that would be overwritten or cannot be written costs no request.
  const wanted = await checkSaveTarget(parsed);
  if (wanted && 'error' in wanted) {
    console.error(wanted.error);
    return EXIT.usage;
  }
  const save: SaveTarget | undefined = wanted ? { ...wanted, recordDir: await recordingFolder() } : undefined;
  // The command line keeps no recording of its own: its output is what it reports, and --save the run's file.
  const host = createHost({
    edition: 'cli',
    appVersion: APP_VERSION,
    record: save !== undefined,
    ...(save ? { recordDir: save.recordDir } : {}),
    ...(dataDir ? { dataDir } : {}),
    onRecorder: (recorder, push) => (hostRecorder = { recorder, push }),
  });
  const out = createOutput(opt.flag(parsed, '--json'));
  let code: number;
  try {
    code = await runners[parsed.command](host, parsed, out);
  } catch (error) {
    out.note(`switchboard ${parsed.command}: ${messageOf(error)}`);
    out.emit({ ok: false, message: messageOf(error) });
    code = EXIT.failed;
  }
  // A failed run is saved too: what went wrong is what a CI job most needs to keep.
  if (save && !(await saveRun(host, save, out))) code = EXIT.failed;
  await host
    .close()
    .catch((error: unknown) => console.error(`switchboard: shutting down: ${messageOf(error)}`));
  if (save) await dropRecordingFolder(save).catch(() => undefined);
  return code;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

void main().then(
  (code) => {
    process.exitCode = code;
    // Open sockets of a closed host must not keep a finished command alive.
    setTimeout(() => process.exit(code), 200).unref();
  },
  (error: unknown) => {
    console.error(`switchboard: ${messageOf(error)}`);
    process.exit(EXIT.failed);
  },
);
