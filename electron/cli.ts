#!/usr/bin/env node
// The command line (`switchboard <command>`, DESIGN.md §2): the same host as the app, driven from a terminal. Exit
// codes: 0 done, 1 the work failed (the message is on stderr), 2 the words were wrong (message and usage on stderr).
// A long-running command prints what a script needs as one JSON line on stdout and talks to people on stderr.

import path from 'node:path';
import type { HostService } from '../shared/host-api';
import { APP_VERSION } from './appVersion';
import { cliUsage, parseCli, type CliCommand } from './cliArgs';
import { createHost } from './host/createHost';

type Runner<C extends CliCommand['command']> = (
  command: Extract<CliCommand, { command: C }>,
) => Promise<number>;

/** One runner per command in cliArgs.ts; a command added there without a runner here does not compile. */
const runners: { [C in CliCommand['command']]: Runner<C> } = {
  async help({ topic }) {
    console.log(cliUsage(topic));
    return 0;
  },
  async version() {
    console.log(APP_VERSION);
    return 0;
  },
  async mock({ sessionFile, port, timing, dataDir }) {
    // Serving a file records nothing worth keeping: no journal.
    const host = createHost({
      edition: 'cli',
      appVersion: APP_VERSION,
      record: false,
      ...(dataDir ? { dataDir } : {}),
    });
    let title: string;
    let url: string;
    try {
      const session = await host.openSession({ path: path.resolve(sessionFile) });
      for (const notice of session.notices) console.error(`Note: ${notice}`);
      const mock = await host.startMockAgent({ sessionId: session.sessionId, timing, port });
      process.stdout.write(`${JSON.stringify({ url: mock.url, cardUrl: mock.cardUrl })}\n`);
      title = session.title;
      url = mock.url;
    } catch (error) {
      console.error(`switchboard mock: ${messageOf(error)}`);
      await closeQuietly(host);
      return 1;
    }
    console.error(`Serving "${title}" as an A2A agent at ${url} (${timing} timing). Press Ctrl-C to stop.`);
    await stopSignal();
    await closeQuietly(host);
    return 0;
  },
};

async function main(): Promise<number> {
  const parsed = parseCli(process.argv.slice(2));
  if ('error' in parsed) {
    console.error(`${parsed.error}\n\n${parsed.usage}`);
    return 2;
  }
  // The table's type ties each command to its own runner; TypeScript cannot see that through the union here.
  const run = runners[parsed.command] as Runner<CliCommand['command']>;
  return run(parsed);
}

/** Resolves on the first SIGINT or SIGTERM; a second one while shutting down ends the process at once. */
function stopSignal(): Promise<void> {
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

async function closeQuietly(host: HostService): Promise<void> {
  try {
    await host.close();
  } catch (error) {
    console.error(`switchboard: shutting down: ${messageOf(error)}`);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

void main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`switchboard: ${messageOf(error)}`);
    process.exit(1);
  },
);
