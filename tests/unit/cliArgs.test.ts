// The command line's words: commands, help and version, `mock` with its options, and a plain message (with the
// usage that fits) for every wrong word.

import { describe, expect, it } from 'vitest';
import { cliUsage, parseCli } from '../../electron/cliArgs';

describe('parseCli: commands, help and version', () => {
  it('asks for a command when given none, with the overview', () => {
    expect(parseCli([])).toEqual({ error: 'No command given.', usage: cliUsage() });
  });

  it('reads help and version in their usual spellings', () => {
    expect(parseCli(['--help'])).toEqual({ command: 'help' });
    expect(parseCli(['-h'])).toEqual({ command: 'help' });
    expect(parseCli(['help'])).toEqual({ command: 'help' });
    expect(parseCli(['help', 'mock'])).toEqual({ command: 'help', topic: 'mock' });
    expect(parseCli(['mock', '--help'])).toEqual({ command: 'help', topic: 'mock' });
    expect(parseCli(['mock', 'x.json', '-h'])).toEqual({ command: 'help', topic: 'mock' });
    expect(parseCli(['--version'])).toEqual({ command: 'version' });
    expect(parseCli(['-v'])).toEqual({ command: 'version' });
  });

  it('names an unknown command or option and shows the overview', () => {
    expect(parseCli(['serve'])).toEqual({ error: 'Unknown command "serve".', usage: cliUsage() });
    expect(parseCli(['--verbose'])).toEqual({ error: 'Unknown option "--verbose".', usage: cliUsage() });
    expect(parseCli(['help', 'serve'])).toEqual({ error: 'There is no command "serve".', usage: cliUsage() });
  });

  it('lists every command in the overview, and has a page per command', () => {
    expect(cliUsage()).toMatch(/^Usage: switchboard <command> \[options\]/);
    expect(cliUsage()).toContain('  mock  serve a recorded session as an A2A agent on 127.0.0.1');
    expect(cliUsage('mock')).toMatch(
      /^Usage: switchboard mock <session-file> \[--port N\] \[--timing original\|compressed\] \[--data-dir DIR\]/,
    );
    expect(cliUsage('no-such')).toBe(cliUsage());
  });
});

describe('parseCli: mock', () => {
  const mockUsage = cliUsage('mock');

  it('takes a session file, with a free port and the original timing by default', () => {
    expect(parseCli(['mock', 'run.switchboard.json'])).toEqual({
      command: 'mock',
      sessionFile: 'run.switchboard.json',
      port: 0,
      timing: 'original',
    });
  });

  it('reads --port, --timing and --data-dir, as two words or with "=", before or after the file', () => {
    expect(
      parseCli(['mock', '--port', '8123', 'run.json', '--timing=compressed', '--data-dir', '/tmp/sb data']),
    ).toEqual({
      command: 'mock',
      sessionFile: 'run.json',
      port: 8123,
      timing: 'compressed',
      dataDir: '/tmp/sb data',
    });
    expect(parseCli(['mock', 'run.json', '--port=0', '--timing', 'original'])).toMatchObject({
      port: 0,
      timing: 'original',
    });
  });

  it('takes a file whose name starts with a dash after --, and "-" as a name', () => {
    expect(parseCli(['mock', '--', '--odd.json'])).toMatchObject({ sessionFile: '--odd.json' });
    expect(parseCli(['mock', '-'])).toMatchObject({ sessionFile: '-' });
  });

  it('explains a missing or extra file', () => {
    expect(parseCli(['mock'])).toEqual({
      error: 'Name the session file to serve: switchboard mock <session-file>.',
      usage: mockUsage,
    });
    expect(parseCli(['mock', '--port', '1'])).toMatchObject({
      error: expect.stringContaining('Name the session'),
    });
    expect(parseCli(['mock', 'a.json', 'b.json'])).toEqual({
      error: '"mock" serves one session file; got 2: "a.json", "b.json".',
      usage: mockUsage,
    });
  });

  it('explains a bad port', () => {
    for (const value of ['65536', '-1', '80.5', 'http', '0x50', ' 80'])
      expect(parseCli(['mock', 'a.json', '--port', value])).toEqual({
        error: `--port needs a whole number from 0 to 65535, not ${JSON.stringify(value)}.`,
        usage: mockUsage,
      });
  });

  it('explains a bad timing, a missing value and an unknown option', () => {
    expect(parseCli(['mock', 'a.json', '--timing', 'fast'])).toEqual({
      error: '--timing is "original" or "compressed", not "fast".',
      usage: mockUsage,
    });
    expect(parseCli(['mock', 'a.json', '--port'])).toEqual({
      error: '--port needs a value.',
      usage: mockUsage,
    });
    expect(parseCli(['mock', 'a.json', '--timing='])).toEqual({
      error: '--timing needs a value.',
      usage: mockUsage,
    });
    expect(parseCli(['mock', 'a.json', '--host', '0.0.0.0'])).toEqual({
      error: 'Unknown option "--host" for "mock".',
      usage: mockUsage,
    });
  });
});
