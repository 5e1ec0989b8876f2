// The command line's words (CLI-1): commands, help and version, every command's positional words and options, and a
// plain message (with the usage that fits) for every wrong word.

import { describe, expect, it } from 'vitest';
import { cliUsage, parseCli } from '../../electron/cliArgs';

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
