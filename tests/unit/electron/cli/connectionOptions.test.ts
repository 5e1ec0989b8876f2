// NET-1 on the command line: the TLS and proxy options as parsed, as connection settings, and every wrong word or
// combination refused with a message before anything is sent.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCli, type Invocation } from '../../../../electron/cli/args';
import { settingsFrom } from '../../../../electron/cli/agentCommands';
import { testTempDir } from '../../support/tempDir';

const FINGERPRINT = 'AB:'.repeat(31) + 'AB';

function files(): Record<'ca' | 'cert' | 'key' | 'pfx', string> {
  const dir = testTempDir('sb-cli-conn-');
  const out = { ca: 'ca.pem', cert: 'client.pem', key: 'client.key', pfx: 'client.p12' };
  for (const name of Object.values(out)) writeFileSync(path.join(dir, name), 'x');
  return {
    ca: path.join(dir, out.ca),
    cert: path.join(dir, out.cert),
    key: path.join(dir, out.key),
    pfx: path.join(dir, out.pfx),
  };
}

function invocation(args: string[]): Invocation {
  const parsed = parseCli(['card', 'https://agent.example', ...args]);
  if (!('command' in parsed) || parsed.command !== 'card') throw new Error(JSON.stringify(parsed));
  return parsed as Invocation;
}

describe('parsing', () => {
  it('refuses a malformed fingerprint, proxy or variable name', () => {
    const error = (args: string[]) => (parseCli(['card', 'https://a', ...args]) as { error?: string }).error;
    expect(error(['--insecure-accept-fingerprint', 'AB:CD'])).toBe(
      '--insecure-accept-fingerprint takes a SHA-256 fingerprint (64 hex digits, colons allowed), not "AB:CD".',
    );
    expect(error(['--proxy', 'https://p:1'])).toBe(
      '--proxy takes an http:// proxy URL (http://proxy:3128) or none, not "https://p:1".',
    );
    expect(error(['--passphrase-env', 'MY-PASS'])).toBe(
      '--passphrase-env names an environment variable (such as CLIENT_PASSPHRASE), not "MY-PASS".',
    );
    expect(error(['--proxy', 'http://me:pw@p:1'])).toBe(
      '--proxy may not carry a user name or password (argv is visible); use HTTPS_PROXY.',
    );
    expect(error(['--insecure-accept-fingerprint', FINGERPRINT])).toBeUndefined();
  });
});

describe('settingsFrom', () => {
  it('turns the options into the agent’s connection, the passphrase read from the named variable', () => {
    const f = files();
    const inv = invocation([
      '--ca',
      f.ca,
      '--pfx',
      f.pfx,
      '--passphrase-env',
      'PASS',
      '--insecure-accept-fingerprint',
      FINGERPRINT,
      '--proxy',
      'none',
    ]);
    expect(settingsFrom(inv, { PASS: 'open sesame' })).toEqual({
      connection: {
        ca: f.ca,
        pfx: f.pfx,
        passphrase: 'open sesame',
        acceptFingerprint: FINGERPRINT,
        proxy: 'none',
      },
    });
    const pem = invocation(['--cert', f.cert, '--key', f.key]);
    expect(settingsFrom(pem, {})).toEqual({ connection: { cert: f.cert, key: f.key } });
    expect(settingsFrom(invocation([]), {})).not.toHaveProperty('connection');
  });

  it('refuses each wrong combination, and a file that is not there', () => {
    const f = files();
    const cases: Array<[string[], string]> = [
      [['--cert', f.cert], '--cert and --key go together: give both.'],
      [['--key', f.key], '--cert and --key go together: give both.'],
      [
        ['--pfx', f.pfx, '--cert', f.cert, '--key', f.key],
        '--pfx replaces --cert and --key; give one or the other.',
      ],
      [['--passphrase-env', 'PASS'], '--passphrase-env unlocks --key or --pfx; give one of them.'],
      [
        ['--pfx', f.pfx, '--passphrase-env', 'UNSET'],
        '--passphrase-env UNSET: that environment variable is not set.',
      ],
      [['--ca', `${f.ca}.gone`], `--ca ${JSON.stringify(`${f.ca}.gone`)}: no readable file there.`],
    ];
    for (const [args, error] of cases)
      expect(settingsFrom(invocation(args), { PASS: 'x' })).toEqual({ error });
  });
});
