// The words of the command line (`switchboard <command> …`, CLI-1), parsed without side effects so they can be
// tested. Every command is one entry in a table: its positional words, its options and its help page; the parser
// and the help text both come from that table, so they cannot disagree.

import { bindings, generations } from '../../shared/a2a/generation';
import { connectionOptions } from './connectionOptions';
import { buildListTasksInput } from '../../shared/a2a/listTasksQuery';

export type CommandName =
  | 'card'
  | 'send'
  | 'get'
  | 'list'
  | 'cancel'
  | 'subscribe'
  | 'check'
  | 'replay'
  | 'mock'
  | 'export'
  | 'proxy';

/** `words`: the option and the words after it that pass its check (`--acts core-operations streaming`). */
type OptionKind = 'flag' | 'text' | 'number' | 'list' | 'words';

/** Says what is wrong with a value, in words for the user, or nothing when it is fine. */
type Check = (value: string, name: string) => string | undefined;

export interface OptionSpec {
  name: string;
  kind: OptionKind;
  /** The value's name in the help (`--port N`). */
  value?: string;
  help: string;
  choices?: readonly string[];
  range?: [number, number];
  /** Checked while parsing, so a wrong value exits 2 before anything is sent. */
  check?: Check;
  /** An option the command cannot do without (`export --har F`). */
  required?: boolean;
  /** `words` options: how many words at least (0: it may stand alone, as a flag). */
  minWords?: number;
}

export interface PositionalSpec {
  name: string;
  help: string;
  optional?: boolean;
  check?: Check;
}

export interface CommandSpec {
  name: CommandName;
  summary: string;
  positionals: readonly PositionalSpec[];
  options: readonly OptionSpec[];
  /** What the command does, for its help page. */
  about: string;
}

export interface Invocation {
  command: CommandName;
  args: Record<string, string>;
  options: Record<string, string | number | boolean | string[]>;
}

export type CliParse =
  | { command: 'help'; topic?: string }
  | { command: 'version' }
  | Invocation
  | { error: string; usage: string };

export const EXIT = { ok: 0, failed: 1, usage: 2, unreachable: 3, interrupted: 130 } as const;

// Values checked before any request: a typo is a usage error (exit 2), not something for the agent to answer.

const httpUrl: Check = (value, name) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name} must be an http:// or https:// URL, not ${JSON.stringify(value)}.`;
  }
  return url.protocol === 'http:' || url.protocol === 'https:'
    ? undefined
    : `${name} must be an http:// or https:// URL, not ${JSON.stringify(value)}.`;
};

// RFC 9110 §5.1: a field name is a token.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

const headerLine: Check = (value, name) => {
  const colon = value.indexOf(':');
  const field = colon === -1 ? '' : value.slice(0, colon).trim();
  if (!HEADER_NAME.test(field)) return `${name} needs 'Name: value', not ${JSON.stringify(value)}.`;
  return /[\r\n]/.test(value) ? `${name} ${field} must be one line.` : undefined;
};

const jsonText: Check = (value, name) => {
  try {
    JSON.parse(value);
    return undefined;
  } catch (error) {
    return `${name} is not JSON: ${(error as Error).message}`;
  }
};

/**
 * Task states as Switchboard names them (docs/protocol.md#task-states-and-roles); `list --status` takes these or the
 * 1.0 wire names.
 */
export const TASK_STATES = [
  'submitted',
  'working',
  'input-required',
  'auth-required',
  'completed',
  'canceled',
  'failed',
  'rejected',
] as const;

/** `input-required` → `TASK_STATE_INPUT_REQUIRED`, the spelling ListTasks filters by (A2A 1.0, ProtoJSON). */
export function wireTaskState(state: string): string {
  return state.startsWith('TASK_STATE_') ? state : `TASK_STATE_${state.toUpperCase().replace(/-/g, '_')}`;
}

const taskState: Check = (value, name) =>
  TASK_STATES.some((state) => state === value || wireTaskState(state) === value)
    ? undefined
    : `${name} is one of ${TASK_STATES.join(', ')} (or TASK_STATE_…), not ${JSON.stringify(value)}.`;

const statusAfter: Check = (value) => {
  const built = buildListTasksInput({ statusAfter: value });
  return 'error' in built ? built.error : undefined;
};

/** An extension URI goes into a comma-separated header: one token, no commas or line breaks. */
const extensionUri: Check = (value, name) =>
  /^[^\s,]+$/.test(value)
    ? undefined
    : `${name} takes one URI without spaces or commas, not ${JSON.stringify(value)}.`;

/** A path on the agent's site, not a URL of its own: a full URL is given as the agent's URL instead. */
const cardPathText: Check = (value, name) => {
  if (value.trim() === '') return `${name} needs a path such as cards/agent.json.`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value.trim()) || value.trim().startsWith('//'))
    return `${name} is a path on the agent's site, not a URL (${JSON.stringify(value)}); give a card's URL as the URL.`;
  return /[\r\n]/.test(value) ? `${name} must be one line.` : undefined;
};

const json: OptionSpec = { name: '--json', kind: 'flag', help: 'print JSON for machines instead of text' };
const agentOptions: readonly OptionSpec[] = [
  json,
  ...connectionOptions,
  {
    name: '--header',
    kind: 'list',
    value: "'Name: value'",
    help: 'send a header with every request (repeatable)',
    check: headerLine,
  },
  {
    name: '--bearer',
    kind: 'text',
    value: 'TOKEN',
    help: 'send Authorization: Bearer TOKEN (or set SWITCHBOARD_BEARER)',
  },
  {
    name: '--timeout',
    kind: 'number',
    value: 'MS',
    help: 'give up on a request after MS milliseconds',
    range: [1, 86_400_000],
  },
  {
    name: '--trust-origin',
    kind: 'list',
    value: 'ORIGIN',
    help: "let credentials go to this origin too, when the card's interfaces are elsewhere (repeatable)",
    check: httpUrl,
  },
  {
    name: '--extension',
    kind: 'list',
    value: 'URI',
    help: "ask for this extension in the generation's extensions header with every request (repeatable)",
    check: extensionUri,
  },
  {
    name: '--card-path',
    kind: 'text',
    value: 'PATH',
    help: "look for the card at PATH (relative to the URL) after the well-known paths, e.g. 'cards/agent'",
    check: cardPathText,
  },
  {
    name: '--binding',
    kind: 'text',
    value: 'BINDING',
    help: `talk over this binding (${bindings.join(', ')}) rather than the card's preferred one`,
    check: oneOf(bindings),
  },
  {
    name: '--generation',
    kind: 'text',
    value: 'VERSION',
    help: `speak this A2A generation (${generations.join(', ')}) when the card offers it`,
    check: oneOf(generations),
  },
];

/** An ACTS suite id is kebab-case (`core-operations`); anything else after --acts is not one (a URL, say). */
const suiteId: Check = (value, name) =>
  /^[a-z][a-z0-9-]*$/.test(value)
    ? undefined
    : `${name} names suites such as core-operations, not ${JSON.stringify(value)}.`;

const variable: Check = (value, name) =>
  /^[A-Za-z_$][\w$.-]*=/.test(value) ? undefined : `${name} needs NAME=VALUE, not ${JSON.stringify(value)}.`;

function oneOf(values: readonly string[]): Check {
  return (value, name) =>
    values.includes(value)
      ? undefined
      : `${name} is one of ${values.join(', ')}, not ${JSON.stringify(value)}.`;
}
const dataDir: OptionSpec = {
  name: '--data-dir',
  kind: 'text',
  value: 'DIR',
  help: "Switchboard's data folder (default: the per-user one)",
};
/** CLI-1: a run kept as a session file the app opens (the same format and redaction as its own). */
const saveOptions: readonly OptionSpec[] = [
  {
    name: '--save',
    kind: 'text',
    value: 'F',
    help: 'also write the run to F as a .switchboard session, secrets redacted (the app opens it)',
  },
  { name: '--force', kind: 'flag', help: 'with --save: overwrite F when it exists' },
];
/** CARD-7 on the command line: the keys a signed card is verified with. */
const signatureOptions: readonly OptionSpec[] = [
  {
    name: '--jwks',
    kind: 'text',
    value: 'F',
    help: "verify the card's signatures with the key set (JWKS) in F",
  },
  {
    name: '--fetch-jwks',
    kind: 'flag',
    help: "verify the card's signatures with the key set its jku names, fetched (https, or http on loopback)",
  },
];
const url: PositionalSpec = { name: 'url', help: "the agent's base URL or its card's URL", check: httpUrl };
const taskId = { name: 'task-id', help: 'the task' };
const session = {
  name: 'session',
  help: 'a saved session (.switchboard), a HAR file or a recording journal',
};

const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'card',
    summary: "fetch an agent's card, summarise it and check it",
    positionals: [url],
    options: [...agentOptions, ...signatureOptions],
    about:
      'Discovers the card (well-known paths, or the URL as given), prints what it declares and its findings, and whether it is signed and by which key (kid, alg, jku). With --jwks F or --fetch-jwks the signatures are verified as the app verifies them; one that does not verify is an error (exit 1).',
  },
  {
    name: 'send',
    summary: 'send a message (text, files, data) and print the answer',
    positionals: [url, { name: 'text', help: 'the message text' }],
    options: [
      ...agentOptions,
      { name: '--stream', kind: 'flag', help: 'stream the answer (events printed as they arrive)' },
      { name: '--file', kind: 'list', value: 'F', help: 'attach a file, sent inline (repeatable)' },
      { name: '--data', kind: 'text', value: 'JSON', help: 'attach a data part', check: jsonText },
      { name: '--task-id', kind: 'text', value: 'ID', help: 'continue this task' },
      { name: '--context-id', kind: 'text', value: 'ID', help: 'send in this context' },
      ...saveOptions,
    ],
    about:
      'Sends one message and prints the task or message that comes back; with --stream, every event as it arrives (with --json, one JSON line per event and a last {"end": …} line). A file is sent inline, with its name and a media type guessed from its extension.',
  },
  {
    name: 'get',
    summary: 'get a task',
    positionals: [url, taskId],
    options: [
      ...agentOptions,
      { name: '--history', kind: 'number', value: 'N', help: 'history length', range: [0, 1_000_000] },
    ],
    about: 'Gets a task and prints its state, artifacts and history.',
  },
  {
    name: 'list',
    summary: 'list tasks (A2A 1.0)',
    positionals: [url],
    options: [
      ...agentOptions,
      { name: '--context-id', kind: 'text', value: 'ID', help: 'only tasks in this context' },
      {
        name: '--status',
        kind: 'text',
        value: 'STATE',
        help: 'only tasks in this state (working, input-required, completed …)',
        check: taskState,
      },
      {
        name: '--page-size',
        kind: 'number',
        value: 'N',
        help: 'tasks per page (1.0 allows 1–100)',
        range: [1, 100],
      },
      { name: '--page-token', kind: 'text', value: 'T', help: 'the page to get' },
      {
        name: '--status-after',
        kind: 'text',
        value: 'TIME',
        help: 'only tasks whose status changed at or after TIME (2026-01-31T09:00:00Z)',
        check: statusAfter,
      },
      {
        name: '--history-length',
        kind: 'number',
        value: 'N',
        help: 'messages of history per task',
        range: [0, 1_000_000],
      },
      { name: '--include-artifacts', kind: 'flag', help: "include each task's artifacts" },
      { name: '--all', kind: 'flag', help: 'follow next-page tokens to the last page' },
    ],
    about:
      'Lists tasks (TASK-2), a page at a time, or every page with --all. A2A 0.3 and before have no task list.',
  },
  {
    name: 'cancel',
    summary: 'cancel a task',
    positionals: [url, taskId],
    options: agentOptions,
    about: 'Asks the agent to cancel a task and prints what it says.',
  },
  {
    name: 'subscribe',
    summary: "stream a running task's events",
    positionals: [url, taskId],
    options: [...agentOptions, ...saveOptions],
    about:
      'Subscribes to a task and prints its events until the stream ends (with --json, one JSON line per event, then {"end": …}).',
  },
  {
    name: 'check',
    summary: 'run the conformance checks and probes, or the ACTS conformance suite, against an agent',
    positionals: [url],
    options: [
      ...agentOptions.filter((option) => option.name !== '--binding'),
      {
        name: '--binding',
        kind: 'words',
        value: 'BINDING…',
        minWords: 1,
        help: `talk over this binding (${bindings.join(', ')}); with --acts, run on each one named`,
        check: oneOf(bindings),
      },
      { name: '--junit', kind: 'text', value: 'F', help: 'also write the report as JUnit XML to F' },
      {
        name: '--no-probes',
        kind: 'flag',
        help: 'only look, do not probe (no cancel, push or unknown-method calls)',
      },
      ...saveOptions,
      ...signatureOptions,
      {
        name: '--acts',
        kind: 'words',
        value: '[SUITE…]',
        help: 'run the official A2A conformance suite (ACTS) instead, all of its suites or the ones named',
        check: suiteId,
      },
      {
        name: '--level',
        kind: 'text',
        value: 'L',
        help: 'with --acts: run tests up to this level, must, should or may (default may: all)',
        choices: ['must', 'should', 'may'],
      },
      {
        name: '--behaviours',
        kind: 'flag',
        help: 'with --acts: the agent has the ACTS test behaviours (tck-… prefixes): run those tests too',
      },
      {
        name: '--report',
        kind: 'text',
        value: 'F',
        help: 'with --acts: write ACTS’s JSON report to F (with several interfaces, a file for each)',
      },
      {
        name: '--acts-file',
        kind: 'list',
        value: 'F',
        help: 'with --acts: run these ACTS files (YAML or JSON) instead of the official suite (repeatable)',
      },
      {
        name: '--var',
        kind: 'list',
        value: 'NAME=VALUE',
        help: 'with --acts: a value some tests expect, e.g. insufficientAuthToken (repeatable)',
        check: variable,
      },
    ],
    about:
      'Fetches the card, sends a message (and streams one if the card allows), reads the task back, runs the probes, and checks every frame. Exits 1 when something of severity error was found, or when the card’s signature does not verify (--jwks, --fetch-jwks).\n\nWith --acts, runs the A2A Conformance Test Suite (ACTS) instead, on every interface of the card Switchboard speaks (or the --binding ones): each test passes, fails or is not run, with the reason. Tests that need the agent to implement the ACTS test behaviours run with --behaviours. Exits 1 when a must-level test fails.',
  },
  {
    name: 'replay',
    summary: 'show a saved session, or re-send it to a live agent and diff',
    positionals: [session],
    options: [
      ...agentOptions,
      dataDir,
      {
        name: '--against',
        kind: 'text',
        value: 'URL',
        help: 're-send the requests to this agent and diff',
        check: httpUrl,
      },
      ...saveOptions,
    ],
    about:
      'Without --against, prints the session offline: its agents, and each request with the task states it saw. With it, re-sends every request to the agent at URL (--header, --bearer and --timeout apply there) and exits 1 on differences; --save F keeps that new run as a session.',
  },
  {
    name: 'mock',
    summary: 'serve a recorded session as an A2A agent on 127.0.0.1',
    positionals: [session],
    options: [
      { name: '--json', kind: 'flag', help: 'accepted for symmetry: the address line is JSON either way' },
      {
        name: '--port',
        kind: 'number',
        value: 'N',
        help: 'listen on 127.0.0.1:N (default: a free port)',
        range: [0, 65535],
      },
      {
        name: '--timing',
        kind: 'text',
        value: 'T',
        help: 'original: keep the recorded pauses (default); compressed: cut them to ~20 ms',
        choices: ['original', 'compressed'],
      },
      dataDir,
    ],
    about: 'Prints one JSON line {"url":…,"cardUrl":…} and serves until Ctrl-C.',
  },
  {
    name: 'export',
    summary: 'export a session as HAR 1.2, secrets redacted',
    positionals: [session],
    options: [
      json,
      dataDir,
      { name: '--har', kind: 'text', value: 'F', help: 'write the HAR file to F (required)', required: true },
    ],
    about: 'Writes HAR 1.2 with the stream events kept, and lists what redaction removed.',
  },
  {
    name: 'proxy',
    summary: 'sit between clients and an agent on 127.0.0.1, recording every exchange',
    positionals: [url],
    options: [
      json,
      dataDir,
      {
        name: '--port',
        kind: 'number',
        value: 'N',
        help: 'listen on 127.0.0.1:N (default: a free port)',
        range: [0, 65535],
      },
      { name: '--inject-trace', kind: 'flag', help: 'add a W3C traceparent when the caller sent none' },
      {
        name: '--no-route-push',
        kind: 'flag',
        help: "leave push configs pointing at the caller's own webhook",
      },
      {
        name: '--replace',
        kind: 'text',
        value: 'F',
        help: 'serve the saved session F instead of the live agent, behind the same card',
      },
      {
        name: '--faults',
        kind: 'text',
        value: 'F',
        help: 'apply the fault rules in the JSON file F (see docs/proxy.md#fault-rules)',
      },
      ...saveOptions,
    ],
    about:
      'Prints the card URL to give clients, then one line per exchange (client, operation, status, ms) until Ctrl-C; --save F then writes every exchange as a session, secrets redacted.',
  },
];

function synopsis(spec: CommandSpec): string {
  const words = spec.positionals.map((p) => (p.optional ? `[<${p.name}>]` : `<${p.name}>`));
  const options = spec.options.map((o) => {
    const word =
      o.kind === 'flag' || (o.kind === 'words' && !o.minWords && !o.value)
        ? o.name
        : `${o.name} ${o.value ?? 'X'}`;
    return o.required ? word : `[${word}]`;
  });
  return `switchboard ${spec.name} ${[...words, ...options].join(' ')}`;
}

const EXIT_CODES = `Exit codes: 0 done; 1 findings or failure (an A2A error, a failed task, check errors, replay differences);
2 wrong words; 3 the agent could not be reached (DNS, refused, timeout, TLS). Ctrl-C closes a stream (the task goes on)
and exits 130.`;

/** Breaks a paragraph at spaces so that help pages fit a terminal. */
function wrap(text: string, width: number): string {
  // Paragraphs are wrapped one by one and stay apart.
  if (text.includes('\n\n'))
    return text
      .split('\n\n')
      .map((paragraph) => wrap(paragraph, width))
      .join('\n\n');
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

/** An option's help wrapped to the terminal, its further lines under its first. */
function hanging(help: string, indent: number): string {
  return wrap(help, 120 - indent).replace(/\n/g, `\n${' '.repeat(indent)}`);
}

function commandUsage(spec: CommandSpec): string {
  const rows: Array<[string, string]> = [
    ...spec.positionals.map((p): [string, string] => [`<${p.name}>`, p.help]),
    ...spec.options.map((o): [string, string] => [`${o.name} ${o.value ?? ''}`.trim(), o.help]),
  ];
  const width = Math.max(...rows.map(([left]) => left.length), 8);
  return `Usage: ${synopsis(spec)}

${wrap(spec.about, 116)}

${rows.map(([left, help]) => `  ${left.padEnd(width)}  ${hanging(help, width + 4)}`).join('\n')}
  ${'--help'.padEnd(width)}  show this text

${EXIT_CODES}`;
}

/** The overview, or one command's page. */
export function cliUsage(topic?: string): string {
  const spec = COMMANDS.find((command) => command.name === topic);
  if (spec) return commandUsage(spec);
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return `Usage: switchboard <command> [options]

Switchboard, an inspector for Agent2Agent (A2A) agents, on the command line.

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n')}

  switchboard <command> --help   more about one command
  switchboard --version          the version

The commands that talk to an agent take --header 'Name: value' (repeatable), --bearer TOKEN (or
SWITCHBOARD_BEARER), --timeout MS, --trust-origin ORIGIN, --extension URI, --card-path PATH,
--binding BINDING and --generation VERSION.
Every command takes --json: stdout is then one JSON document, except for streams (send --stream,
subscribe), which print one JSON line per event and end with an {"end": …} line. Progress goes to stderr.

${EXIT_CODES}`;
}

function parseCommand(
  spec: CommandSpec,
  argv: readonly string[],
): Invocation | { command: 'help'; topic: string } | { error: string } {
  const words: string[] = [];
  const options: Invocation['options'] = {};
  let optionsEnded = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (optionsEnded || !arg.startsWith('-') || arg === '-') {
      words.push(arg);
      continue;
    }
    if (arg === '--') {
      optionsEnded = true;
      continue;
    }
    if (arg === '--help' || arg === '-h') return { command: 'help', topic: spec.name };
    const equals = arg.indexOf('=');
    const name = equals === -1 ? arg : arg.slice(0, equals);
    const option = spec.options.find((o) => o.name === name);
    if (!option) return { error: `Unknown option ${JSON.stringify(arg)} for "${spec.name}".` };
    if (option.kind === 'flag') {
      if (equals !== -1) return { error: `${name} takes no value.` };
      options[name] = true;
      continue;
    }
    if (option.kind === 'words') {
      // Words the option's check accepts are its own; the first that is not (a URL, say) is the command's again.
      const taken =
        equals !== -1
          ? arg
              .slice(equals + 1)
              .split(',')
              .filter(Boolean)
          : [];
      for (const word of taken) {
        const wrong = option.check?.(word, name);
        if (wrong) return { error: wrong };
      }
      while (equals === -1 && i + 1 < argv.length && !argv[i + 1]!.startsWith('-')) {
        if (option.check?.(argv[i + 1]!, name)) break;
        taken.push(argv[++i]!);
      }
      if (taken.length < (option.minWords ?? 0)) return { error: `${name} needs a value.` };
      options[name] = [...((options[name] as string[] | undefined) ?? []), ...taken];
      continue;
    }
    const value = equals !== -1 ? arg.slice(equals + 1) : argv[++i];
    if (value === undefined || value === '') return { error: `${name} needs a value.` };
    if (option.kind === 'number') {
      const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      const [min, max] = option.range ?? [0, Number.MAX_SAFE_INTEGER];
      if (!Number.isInteger(number) || number < min || number > max) {
        return { error: `${name} needs a whole number from ${min} to ${max}, not ${JSON.stringify(value)}.` };
      }
      options[name] = number;
      continue;
    }
    const wrong = option.check?.(value, name);
    if (wrong) return { error: wrong };
    if (option.kind === 'list') {
      options[name] = [...((options[name] as string[] | undefined) ?? []), value];
    } else {
      if (option.choices && !option.choices.includes(value)) {
        return {
          error: `${name} is ${option.choices.map((c) => `"${c}"`).join(' or ')}, not ${JSON.stringify(value)}.`,
        };
      }
      options[name] = value;
    }
  }
  const required = spec.positionals.filter((p) => !p.optional);
  if (words.length < required.length) {
    const missing = required.slice(words.length).map((p) => `<${p.name}>`);
    return { error: `"${spec.name}" needs ${missing.join(' and ')}.` };
  }
  if (words.length > spec.positionals.length) {
    return {
      error: `"${spec.name}" takes ${spec.positionals.length} word${spec.positionals.length === 1 ? '' : 's'}; got also ${words
        .slice(spec.positionals.length)
        .map((w) => JSON.stringify(w))
        .join(', ')}.`,
    };
  }
  const absent = spec.options.filter((o) => o.required && options[o.name] === undefined);
  if (absent.length > 0) {
    return {
      error: `"${spec.name}" needs ${absent.map((o) => `${o.name} ${o.value ?? 'X'}`).join(' and ')}.`,
    };
  }
  const args: Record<string, string> = {};
  for (const [index, positional] of spec.positionals.entries()) {
    const word = words[index];
    if (word === undefined) continue;
    const wrong = positional.check?.(word, `<${positional.name}>`);
    if (wrong) return { error: wrong };
    args[positional.name] = word;
  }
  return { command: spec.name, args, options };
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
  const parsed = parseCommand(spec, rest);
  return 'error' in parsed ? { error: parsed.error, usage: commandUsage(spec) } : parsed;
}

/** The table of commands, for tests that walk every command and option. */
export const commandSpecs: readonly CommandSpec[] = COMMANDS;

/** Typed reads of an invocation's options. */
export const opt = {
  flag: (inv: Invocation, name: string): boolean => inv.options[name] === true,
  text: (inv: Invocation, name: string): string | undefined =>
    typeof inv.options[name] === 'string' ? (inv.options[name] as string) : undefined,
  number: (inv: Invocation, name: string): number | undefined =>
    typeof inv.options[name] === 'number' ? (inv.options[name] as number) : undefined,
  list: (inv: Invocation, name: string): string[] => (inv.options[name] as string[] | undefined) ?? [],
};
