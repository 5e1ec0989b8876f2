// The command line's words (CLI-1): commands, help and version, every command's positional words and options, and a
// plain message (with the usage that fits) for every wrong word.

import { describe, expect, it } from 'vitest';
import { cliUsage, commandSpecs, parseCli, TASK_STATES, wireTaskState } from '../../../../electron/cli/args';

describe('commands, help and version', () => {
  it('asks for a command when given none, with the overview', () => {
    expect(parseCli([])).toEqual({ error: 'No command given.', usage: cliUsage() });
  });

  it('reads help and version in their usual spellings', () => {
    expect(parseCli(['--help'])).toEqual({ command: 'help' });
    expect(parseCli(['-h'])).toEqual({ command: 'help' });
    expect(parseCli(['help'])).toEqual({ command: 'help' });
    expect(parseCli(['help', 'mock'])).toEqual({ command: 'help', topic: 'mock' });
    expect(parseCli(['mock', '--help'])).toEqual({ command: 'help', topic: 'mock' });
    expect(parseCli(['send', 'http://x', 'hi', '-h'])).toEqual({ command: 'help', topic: 'send' });
    expect(parseCli(['--version'])).toEqual({ command: 'version' });
    expect(parseCli(['-v'])).toEqual({ command: 'version' });
  });

  it('names an unknown command or option and shows the overview', () => {
    expect(parseCli(['serve'])).toEqual({ error: 'Unknown command "serve".', usage: cliUsage() });
    expect(parseCli(['--verbose'])).toEqual({ error: 'Unknown option "--verbose".', usage: cliUsage() });
    expect(parseCli(['help', 'serve'])).toEqual({ error: 'There is no command "serve".', usage: cliUsage() });
  });

  it('lists every command and the exit codes in the overview, and has a page per command', () => {
    const overview = cliUsage();
    for (const command of [
      'card',
      'send',
      'get',
      'list',
      'cancel',
      'subscribe',
      'check',
      'replay',
      'mock',
      'export',
    ])
      expect(overview).toMatch(new RegExp(`\\n  ${command} +\\S`));
    expect(overview).toContain('Exit codes: 0 done; 1 findings or failure');
    expect(overview).toContain('3 the agent could not be reached');
    expect(cliUsage('check')).toMatch(
      /^Usage: switchboard check <url> \[--json\] .*\[--junit F\] \[--no-probes\]/,
    );
    expect(cliUsage('check')).toContain('Exit codes:');
    expect(cliUsage('no-such')).toBe(cliUsage());
  });
});

describe('agent commands', () => {
  it('card and check take a URL and the common options', () => {
    expect(parseCli(['card', 'http://127.0.0.1:8123', '--json'])).toEqual({
      command: 'card',
      args: { url: 'http://127.0.0.1:8123' },
      options: { '--json': true },
    });
    expect(
      parseCli([
        'check',
        'http://a',
        '--junit',
        'out.xml',
        '--no-probes',
        '--header',
        'X-A: 1',
        '--header=X-B: 2',
      ]),
    ).toEqual({
      command: 'check',
      args: { url: 'http://a' },
      options: { '--junit': 'out.xml', '--no-probes': true, '--header': ['X-A: 1', 'X-B: 2'] },
    });
  });

  it('send takes its text and every part and task option', () => {
    expect(
      parseCli([
        'send',
        'http://a',
        'hello there',
        '--stream',
        '--file',
        'a.png',
        '--file',
        'b.txt',
        '--data',
        '{"x":1}',
        '--task-id',
        't1',
        '--context-id=c1',
        '--bearer',
        'tok',
        '--timeout',
        '5000',
      ]),
    ).toEqual({
      command: 'send',
      args: { url: 'http://a', text: 'hello there' },
      options: {
        '--stream': true,
        '--file': ['a.png', 'b.txt'],
        '--data': '{"x":1}',
        '--task-id': 't1',
        '--context-id': 'c1',
        '--bearer': 'tok',
        '--timeout': 5000,
      },
    });
  });

  it('get, cancel and subscribe take a task id; list its filters', () => {
    expect(parseCli(['get', 'http://a', 't1', '--history', '3'])).toMatchObject({
      args: { url: 'http://a', 'task-id': 't1' },
      options: { '--history': 3 },
    });
    expect(parseCli(['cancel', 'http://a', 't1'])).toMatchObject({
      command: 'cancel',
      args: { 'task-id': 't1' },
    });
    expect(parseCli(['subscribe', 'http://a', 't1'])).toMatchObject({ command: 'subscribe' });
    expect(parseCli(['list', 'http://a', '--status', 'working', '--page-size', '5'])).toMatchObject({
      options: { '--status': 'working', '--page-size': 5 },
    });
  });

  it('explains missing and extra words, bad numbers, flags given values and unknown options', () => {
    expect(parseCli(['send', 'http://a'])).toEqual({
      error: '"send" needs <text>.',
      usage: cliUsage('send'),
    });
    expect(parseCli(['get'])).toMatchObject({ error: '"get" needs <url> and <task-id>.' });
    expect(parseCli(['card', 'http://a', 'extra'])).toMatchObject({
      error: '"card" takes 1 word; got also "extra".',
    });
    expect(parseCli(['get', 'http://a', 't', '--history', 'many'])).toMatchObject({
      error: '--history needs a whole number from 0 to 1000000, not "many".',
    });
    expect(parseCli(['send', 'http://a', 'x', '--stream=yes'])).toMatchObject({
      error: '--stream takes no value.',
    });
    expect(parseCli(['card', 'http://a', '--port', '1'])).toMatchObject({
      error: 'Unknown option "--port" for "card".',
    });
    expect(parseCli(['card', 'http://a', '--timeout'])).toMatchObject({ error: '--timeout needs a value.' });
  });
});

describe('session commands', () => {
  const mockUsage = cliUsage('mock');

  it('mock takes a session file, with its port, timing and data folder', () => {
    expect(parseCli(['mock', 'run.switchboard'])).toEqual({
      command: 'mock',
      args: { session: 'run.switchboard' },
      options: {},
    });
    expect(
      parseCli(['mock', '--port', '8123', 'run.json', '--timing=compressed', '--data-dir', '/tmp/sb data']),
    ).toEqual({
      command: 'mock',
      args: { session: 'run.json' },
      options: { '--port': 8123, '--timing': 'compressed', '--data-dir': '/tmp/sb data' },
    });
  });

  it('takes a file whose name starts with a dash after --, and "-" as a name', () => {
    expect(parseCli(['mock', '--', '--odd.json'])).toMatchObject({ args: { session: '--odd.json' } });
    expect(parseCli(['mock', '-'])).toMatchObject({ args: { session: '-' } });
  });

  it('explains a missing or extra file, a bad port, a bad timing', () => {
    expect(parseCli(['mock'])).toEqual({ error: '"mock" needs <session>.', usage: mockUsage });
    expect(parseCli(['mock', 'a.json', 'b.json'])).toMatchObject({
      error: '"mock" takes 1 word; got also "b.json".',
    });
    for (const value of ['65536', '-1', '80.5', 'http', '0x50', ' 80'])
      expect(parseCli(['mock', 'a.json', '--port', value])).toEqual({
        error: `--port needs a whole number from 0 to 65535, not ${JSON.stringify(value)}.`,
        usage: mockUsage,
      });
    expect(parseCli(['mock', 'a.json', '--timing', 'fast'])).toMatchObject({
      error: '--timing is "original" or "compressed", not "fast".',
    });
    expect(parseCli(['mock', 'a.json', '--host', '0.0.0.0'])).toMatchObject({
      error: 'Unknown option "--host" for "mock".',
    });
  });

  it('replay and export', () => {
    expect(parseCli(['replay', 's.switchboard', '--against', 'http://a', '--json'])).toEqual({
      command: 'replay',
      args: { session: 's.switchboard' },
      options: { '--against': 'http://a', '--json': true },
    });
    expect(parseCli(['export', 's.switchboard', '--har', 'out.har'])).toMatchObject({
      options: { '--har': 'out.har' },
    });
  });
});

// A good value for every option and every positional word of the table: a command or option added without one here
// fails the walk below, so none goes untested.
const GOOD_WORDS: Record<string, string> = {
  url: 'http://127.0.0.1:8123',
  text: 'hello',
  'task-id': 't-1',
  session: 'run.switchboard',
};
const GOOD_VALUES: Record<string, { value?: string; parsed: string | number | boolean | string[] }> = {
  '--json': { parsed: true },
  '--header': { value: 'X-Trace: 42', parsed: ['X-Trace: 42'] },
  '--bearer': { value: 'tok', parsed: 'tok' },
  '--timeout': { value: '2500', parsed: 2500 },
  '--trust-origin': { value: 'https://api.example.com', parsed: ['https://api.example.com'] },
  '--binding': { value: 'GRPC', parsed: 'GRPC' },
  '--generation': { value: '0.3', parsed: '0.3' },
  '--card-path': { value: 'cards/my-agent', parsed: 'cards/my-agent' },
  '--extension': { value: 'urn:x:required', parsed: ['urn:x:required'] },
  '--stream': { parsed: true },
  '--file': { value: 'notes.txt', parsed: ['notes.txt'] },
  '--data': { value: '{"a":[1,2]}', parsed: '{"a":[1,2]}' },
  '--task-id': { value: 't-2', parsed: 't-2' },
  '--context-id': { value: 'c-1', parsed: 'c-1' },
  '--history': { value: '0', parsed: 0 },
  '--status': { value: 'input-required', parsed: 'input-required' },
  '--page-size': { value: '10', parsed: 10 },
  '--page-token': { value: 'abc', parsed: 'abc' },
  '--status-after': { value: '2026-01-31T09:00:00Z', parsed: '2026-01-31T09:00:00Z' },
  '--history-length': { value: '3', parsed: 3 },
  '--include-artifacts': { parsed: true },
  '--all': { parsed: true },
  '--junit': { value: 'report.xml', parsed: 'report.xml' },
  '--no-probes': { parsed: true },
  '--inject-trace': { parsed: true },
  '--no-route-push': { parsed: true },
  '--replace': { value: 'run.switchboard', parsed: 'run.switchboard' },
  '--faults': { value: 'faults.json', parsed: 'faults.json' },
  '--save': { value: 'run.switchboard', parsed: 'run.switchboard' },
  '--force': { parsed: true },
  '--jwks': { value: 'keys.json', parsed: 'keys.json' },
  '--fetch-jwks': { parsed: true },
  '--against': { value: 'https://agent.example.com/a2a', parsed: 'https://agent.example.com/a2a' },
  '--port': { value: '0', parsed: 0 },
  '--timing': { value: 'original', parsed: 'original' },
  '--data-dir': { value: '/tmp/sb', parsed: '/tmp/sb' },
  '--har': { value: 'out.har', parsed: 'out.har' },
  '--acts': { value: 'discovery', parsed: ['discovery'] },
  '--level': { value: 'should', parsed: 'should' },
  '--ca': { value: 'ca.pem', parsed: 'ca.pem' },
  '--cert': { value: 'client.pem', parsed: 'client.pem' },
  '--key': { value: 'client.key', parsed: 'client.key' },
  '--pfx': { value: 'client.p12', parsed: 'client.p12' },
  '--passphrase-env': { value: 'CLIENT_PASS', parsed: 'CLIENT_PASS' },
  '--insecure-accept-fingerprint': { value: 'ab'.repeat(32), parsed: 'ab'.repeat(32) },
  '--proxy': { value: 'http://proxy:3128', parsed: 'http://proxy:3128' },
  '--behaviours': { parsed: true },
  '--report': { value: 'acts.json', parsed: 'acts.json' },
  '--var': { value: 'otherUserTaskId=t-9', parsed: ['otherUserTaskId=t-9'] },
  '--acts-file': { value: 'mine.acts.yaml', parsed: ['mine.acts.yaml'] },
  // `check` takes several bindings (for --acts), so its words come back as a list.
  'check --binding': { value: 'GRPC', parsed: ['GRPC'] },
};

/** The good value of an option, or of that command's own kind of it. */
const goodValue = (command: string, option: string) =>
  GOOD_VALUES[`${command} ${option}`] ?? GOOD_VALUES[option];

describe('every command and every option of the table', () => {
  const words = (name: string) => commandSpecs.find((spec) => spec.name === name)!.positionals;
  /** The required options of a command with good values, but for `except` (the option a test gives itself). */
  const required = (name: string, except?: string) =>
    commandSpecs
      .find((spec) => spec.name === name)!
      .options.filter((o) => o.required && o.name !== except)
      .flatMap((o) => [o.name, goodValue(name, o.name)!.value!]);

  it('lists the eleven commands of CLI-1 and PRX-1', () => {
    expect(commandSpecs.map((spec) => spec.name)).toEqual([
      'card',
      'send',
      'get',
      'list',
      'cancel',
      'subscribe',
      'check',
      'replay',
      'mock',
      'export',
      'proxy',
    ]);
  });

  for (const spec of commandSpecs) {
    const positional = spec.positionals.map((p) => GOOD_WORDS[p.name]!);

    it(`${spec.name}: its words, each option with a good value, and its help page`, () => {
      expect(positional.every((word) => word !== undefined)).toBe(true);
      expect(parseCli([spec.name, ...positional, ...required(spec.name)])).toEqual({
        command: spec.name,
        args: Object.fromEntries(spec.positionals.map((p) => [p.name, GOOD_WORDS[p.name]])),
        options: Object.fromEntries(
          spec.options.filter((o) => o.required).map((o) => [o.name, goodValue(spec.name, o.name)!.parsed]),
        ),
      });
      for (const option of spec.options) {
        const good = goodValue(spec.name, option.name);
        expect(good, `a good value for ${option.name}`).toBeDefined();
        const argv = [spec.name, ...positional, ...required(spec.name, option.name)];
        argv.push(option.name, ...(good!.value !== undefined ? [good!.value] : []));
        const parsed = parseCli(argv);
        expect(parsed, `${spec.name} ${option.name}`).toMatchObject({
          options: { [option.name]: good!.parsed },
        });
        if (option.kind !== 'flag') {
          // The same value after `=`, and a missing value is a usage error naming the option.
          expect(parseCli([...argv.slice(0, -2), `${option.name}=${good!.value}`])).toMatchObject({
            options: { [option.name]: good!.parsed },
          });
          // An option of words that may stand alone (`--acts`) needs none.
          if (option.kind !== 'words' || option.minWords)
            expect(parseCli([...argv.slice(0, -2), option.name])).toEqual({
              error: `${option.name} needs a value.`,
              usage: cliUsage(spec.name),
            });
        }
        expect(cliUsage(spec.name)).toContain(`  ${option.name}`);
      }
      expect(parseCli([spec.name, '--help'])).toEqual({ command: 'help', topic: spec.name });
      expect(cliUsage(spec.name)).toMatch(new RegExp(`^Usage: switchboard ${spec.name} `));
      expect(cliUsage(spec.name)).toContain('Exit codes: 0 done');
    });

    if (spec.positionals.length > 0) {
      it(`${spec.name}: a missing word is a usage error with the command's usage`, () => {
        const missing = words(spec.name).map((p) => `<${p.name}>`);
        expect(parseCli([spec.name])).toEqual({
          error: `"${spec.name}" needs ${missing.join(' and ')}.`,
          usage: cliUsage(spec.name),
        });
      });
    }
  }
});

describe('values checked before anything is sent', () => {
  it('a URL must be http or https, wherever one is asked for', () => {
    for (const bad of ['127.0.0.1:8123', 'localhost:8123', 'ftp://x', 'agent', 'file:///card.json'])
      expect(parseCli(['card', bad])).toEqual({
        error: `<url> must be an http:// or https:// URL, not ${JSON.stringify(bad)}.`,
        usage: cliUsage('card'),
      });
    expect(parseCli(['check', 'https://agent.example.com'])).toMatchObject({ command: 'check' });
    expect(parseCli(['replay', 's.switchboard', '--against', 'agent:1'])).toMatchObject({
      error: '--against must be an http:// or https:// URL, not "agent:1".',
    });
    expect(parseCli(['send', 'http://a', 'x', '--trust-origin', 'api.example.com'])).toMatchObject({
      error: '--trust-origin must be an http:// or https:// URL, not "api.example.com".',
    });
  });

  it("--card-path is a path on the agent's site, not a URL, and not empty", () => {
    expect(parseCli(['card', 'http://a', '--card-path', '/agent-card?v=2'])).toMatchObject({
      options: { '--card-path': '/agent-card?v=2' },
    });
    expect(parseCli(['card', 'http://a', '--card-path', 'https://b/card'])).toEqual({
      error: `--card-path is a path on the agent's site, not a URL ("https://b/card"); give a card's URL as the URL.`,
      usage: cliUsage('card'),
    });
    expect(parseCli(['send', 'http://a', 'x', '--card-path', '//b/card'])).toMatchObject({
      error: `--card-path is a path on the agent's site, not a URL ("//b/card"); give a card's URL as the URL.`,
    });
    expect(parseCli(['check', 'http://a', '--card-path', ' '])).toMatchObject({
      error: '--card-path needs a path such as cards/agent.json.',
    });
  });

  it('--extension takes one URI at a time', () => {
    expect(parseCli(['send', 'http://a', 'x', '--extension', 'urn:a', '--extension', 'urn:b'])).toMatchObject(
      {
        options: { '--extension': ['urn:a', 'urn:b'] },
      },
    );
    expect(parseCli(['card', 'http://a', '--extension', 'urn:a,urn:b'])).toEqual({
      error: '--extension takes one URI without spaces or commas, not "urn:a,urn:b".',
      usage: cliUsage('card'),
    });
  });

  it("--header must be 'Name: value' on one line, with a token for a name", () => {
    for (const bad of ['X-A', ': v', 'Bad Name: v', 'X(1): v'])
      expect(parseCli(['card', 'http://a', '--header', bad])).toEqual({
        error: `--header needs 'Name: value', not ${JSON.stringify(bad)}.`,
        usage: cliUsage('card'),
      });
    expect(parseCli(['card', 'http://a', '--header', 'X-A: 1\r\nX-B: 2'])).toMatchObject({
      error: '--header X-A must be one line.',
    });
    expect(parseCli(['card', 'http://a', '--header', 'X-Empty:'])).toMatchObject({
      options: { '--header': ['X-Empty:'] },
    });
    expect(parseCli(['card', 'http://a', '--header', 'X-Url: http://b:1'])).toMatchObject({
      options: { '--header': ['X-Url: http://b:1'] },
    });
  });

  it('--data must be JSON, and says where it is not', () => {
    const parsed = parseCli(['send', 'http://a', 'x', '--data', '{"a":']);
    expect(parsed).toMatchObject({ usage: cliUsage('send') });
    expect((parsed as { error: string }).error).toMatch(/^--data is not JSON: .+/);
    for (const good of ['1', '"text"', 'null', '[1,{"b":true}]'])
      expect(parseCli(['send', 'http://a', 'x', '--data', good])).toMatchObject({
        options: { '--data': good },
      });
  });

  it('list --status takes the state names or the 1.0 wire names', () => {
    for (const state of TASK_STATES) {
      expect(parseCli(['list', 'http://a', '--status', state])).toMatchObject({
        options: { '--status': state },
      });
      expect(parseCli(['list', 'http://a', '--status', wireTaskState(state)])).toMatchObject({
        options: { '--status': wireTaskState(state) },
      });
    }
    expect(parseCli(['list', 'http://a', '--status', 'done'])).toMatchObject({
      error:
        '--status is one of submitted, working, input-required, auth-required, completed, canceled, failed, rejected (or TASK_STATE_…), not "done".',
    });
    expect(wireTaskState('input-required')).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(wireTaskState('canceled')).toBe('TASK_STATE_CANCELED');
    expect(wireTaskState('TASK_STATE_WORKING')).toBe('TASK_STATE_WORKING');
  });

  it('export needs --har, after its session', () => {
    expect(parseCli(['export'])).toMatchObject({ error: '"export" needs <session>.' });
    expect(parseCli(['export', 's.switchboard'])).toEqual({
      error: '"export" needs --har F.',
      usage: cliUsage('export'),
    });
    expect(cliUsage('export')).toMatch(/^Usage: switchboard export <session> .*--har F$/m);
  });

  it('the overview names the options every agent command takes and how --json prints streams', () => {
    const overview = cliUsage().replace(/\n/g, ' ');
    expect(overview).toContain("--header 'Name: value' (repeatable), --bearer TOKEN (or SWITCHBOARD_BEARER)");
    expect(overview).toContain('one JSON line per event and end with an {"end": …} line');
    // The overview and every command's page fit a 120-column terminal (the synopsis line aside).
    for (const page of [cliUsage(), ...commandSpecs.map((spec) => cliUsage(spec.name))])
      for (const line of page.split('\n').filter((l) => !l.startsWith('Usage:')))
        expect(line.length, line).toBeLessThanOrEqual(120);
  });
});

describe('check --acts', () => {
  it('takes the suite words after --acts, and leaves the URL to the command', () => {
    expect(parseCli(['check', '--acts', 'core-operations', 'streaming', 'http://a'])).toMatchObject({
      command: 'check',
      args: { url: 'http://a' },
      options: { '--acts': ['core-operations', 'streaming'] },
    });
    expect(parseCli(['check', 'http://a', '--acts'])).toMatchObject({ options: { '--acts': [] } });
    expect(parseCli(['check', 'http://a', '--acts=discovery,history'])).toMatchObject({
      options: { '--acts': ['discovery', 'history'] },
    });
    expect(parseCli(['check', 'http://a', '--acts=Not_A_Suite'])).toMatchObject({
      error: '--acts names suites such as core-operations, not "Not_A_Suite".',
    });
  });

  it('takes several bindings, the level, behaviours, a report and variables', () => {
    expect(
      parseCli([
        'check',
        'http://a',
        '--acts',
        '--binding',
        'JSONRPC',
        'GRPC',
        '--level',
        'should',
        '--behaviours',
        '--report',
        'r.json',
        '--var',
        'insufficientAuthToken=x=y',
      ]),
    ).toMatchObject({
      options: {
        '--binding': ['JSONRPC', 'GRPC'],
        '--level': 'should',
        '--behaviours': true,
        '--report': 'r.json',
        '--var': ['insufficientAuthToken=x=y'],
      },
    });
    expect(parseCli(['check', 'http://a', '--binding'])).toMatchObject({ error: '--binding needs a value.' });
    expect(parseCli(['check', 'http://a', '--binding', 'SOAP'])).toMatchObject({
      error: '--binding needs a value.',
    });
    expect(parseCli(['check', 'http://a', '--level', 'often'])).toMatchObject({
      error: '--level is "must" or "should" or "may", not "often".',
    });
    expect(cliUsage('check')).toContain('[--acts [SUITE…]]');
  });
});
