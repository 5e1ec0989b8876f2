// The words of the command line (`switchboard <command> …`), parsed without side effects so they can be tested.
// Commands live in one table: a later command is one more entry here (its usage and its parser) and one runner in
// cli.ts, which the compiler holds to the names listed here.

import type { MockTiming } from '../shared/session/types';

export type CliCommand =
  | { command: 'help'; topic?: string }
  | { command: 'version' }
  | { command: 'mock'; sessionFile: string; port: number; timing: MockTiming; dataDir?: string };

export type CliParse = CliCommand | { error: string; usage: string };

interface CommandSpec {
  name: Exclude<CliCommand['command'], 'help' | 'version'>;
  /** One line for the command list. */
  summary: string;
  usage: string;
  /** Parses the words after the command's name. */
  parse(argv: readonly string[]): CliCommand | { error: string };
}

const MOCK_USAGE = `Usage: switchboard mock <session-file> [--port N] [--timing original|compressed] [--data-dir DIR]

Serves a saved session (or a HAR file) as an A2A agent on 127.0.0.1, so an A2A client can be tested against a
known run. Prints one JSON line {"url":…,"cardUrl":…} and runs until Ctrl-C.

  --port N          listen on 127.0.0.1:N (default: a free port)
  --timing T        original: keep the recorded pauses (default); compressed: cut them to ~20 ms
  --data-dir DIR    Switchboard's data folder (default: the per-user one)
  --help            show this text`;

const TIMINGS: readonly MockTiming[] = ['original', 'compressed'];

const mockCommand: CommandSpec = {
  name: 'mock',
  summary: 'serve a recorded session as an A2A agent on 127.0.0.1',
  usage: MOCK_USAGE,
  parse(argv) {
    const files: string[] = [];
    let port = 0;
    let timing: MockTiming = 'original';
    let dataDir: string | undefined;
    let optionsEnded = false;
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i]!;
      if (optionsEnded || !arg.startsWith('-') || arg === '-') {
        files.push(arg);
        continue;
      }
      if (arg === '--') {
        optionsEnded = true;
        continue;
      }
      if (arg === '--help' || arg === '-h') return { command: 'help', topic: 'mock' };
      const [name, inline] = splitOption(arg);
      if (name !== '--port' && name !== '--timing' && name !== '--data-dir')
        return { error: `Unknown option ${JSON.stringify(arg)} for "mock".` };
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') return { error: `${name} needs a value.` };
      if (name === '--port') {
        const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
        if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
          return { error: `--port needs a whole number from 0 to 65535, not ${JSON.stringify(value)}.` };
        port = parsed;
      } else if (name === '--timing') {
        const found = TIMINGS.find((t) => t === value);
        if (!found) return { error: `--timing is "original" or "compressed", not ${JSON.stringify(value)}.` };
        timing = found;
      } else {
        dataDir = value;
      }
    }
    if (files.length === 0)
      return { error: 'Name the session file to serve: switchboard mock <session-file>.' };
    if (files.length > 1)
      return {
        error: `"mock" serves one session file; got ${files.length}: ${files.map((f) => JSON.stringify(f)).join(', ')}.`,
      };
    return {
      command: 'mock',
      sessionFile: files[0]!,
      port,
      timing,
      ...(dataDir !== undefined ? { dataDir } : {}),
    };
  },
};

const COMMANDS: readonly CommandSpec[] = [mockCommand];

/** The overview: what the tool is, and every command with one line. */
export function cliUsage(topic?: string): string {
  const spec = COMMANDS.find((command) => command.name === topic);
  if (spec) return spec.usage;
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return `Usage: switchboard <command> [options]

Switchboard, an inspector for Agent2Agent (A2A) agents, on the command line.

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n')}

  switchboard <command> --help   more about one command
  switchboard --version          the version`;
}

/** Parses `process.argv.slice(2)`. An error comes with the usage that fits it (the command's, else the overview). */
export function parseCli(argv: readonly string[]): CliParse {
  const [first, ...rest] = argv;
  if (first === undefined) return { error: 'No command given.', usage: cliUsage() };
  if (first === '--help' || first === '-h') return { command: 'help' };
  if (first === 'help') {
    const topic = rest[0];
    if (topic === undefined) return { command: 'help' };
    if (!COMMANDS.some((command) => command.name === topic))
      return { error: `There is no command ${JSON.stringify(topic)}.`, usage: cliUsage() };
    return { command: 'help', topic };
  }
  if (first === '--version' || first === '-v') return { command: 'version' };
  const spec = COMMANDS.find((command) => command.name === first);
  if (!spec) {
    const what = first.startsWith('-') ? 'option' : 'command';
    return { error: `Unknown ${what} ${JSON.stringify(first)}.`, usage: cliUsage() };
  }
  const parsed = spec.parse(rest);
  return 'error' in parsed ? { error: parsed.error, usage: spec.usage } : parsed;
}

/** `--name=value` → ['--name', 'value']; `--name` → ['--name', undefined]. */
function splitOption(arg: string): [string, string | undefined] {
  const equals = arg.indexOf('=');
  return equals === -1 ? [arg, undefined] : [arg.slice(0, equals), arg.slice(equals + 1)];
}
