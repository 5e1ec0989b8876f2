// Copy as cURL (FRM-5): the command is checked by running it in a real POSIX shell (dash) with `curl` replaced by a
// function that prints the arguments it received, so quoting is proved by the shell rather than by reading strings.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellQuote, toCurl } from '../../../../shared/wire/curl';
import type { BodyBytes, FrameRequest, SecretMark } from '../../../../shared/wire/frame';
import { SECRET_MASK } from '../../../../shared/wire/secretMask';
import { testTempDir } from '../../support/tempDir';

function body(text: string): BodyBytes {
  const bytes = Buffer.from(text, 'utf8');
  return { base64: bytes.toString('base64'), text, size: bytes.length, utf8Valid: true };
}

// Prints each argument followed by NUL; `@-` stands for standard input, printed in its place.
const fakeCurl =
  'curl() { for a in "$@"; do if [ "$a" = "@-" ]; then printf "STDIN:"; cat; printf "\\0"; ' +
  'else printf "%s\\0" "$a"; fi; done; }';

/** The arguments curl would receive when a POSIX shell runs `command`. */
function argvOf(command: string, cwd?: string): string[] {
  const out = execFileSync('/bin/sh', ['-c', `${fakeCurl}\n${command}`], { cwd, encoding: 'utf8' });
  const args = out.split('\0');
  args.pop();
  return args;
}

const jsonRpc: FrameRequest = {
  method: 'POST',
  url: 'http://127.0.0.1:4000/a2a/jsonrpc',
  headers: [
    ['Host', '127.0.0.1:4000'],
    ['Content-Type', 'application/json'],
    ['A2A-Version', '1.0'],
    ['Content-Length', '48'],
  ],
  body: body('{"jsonrpc":"2.0","id":1,"method":"SendMessage"}'),
};

describe('toCurl', () => {
  it('renders method, URL, every header in order and the body', () => {
    const command = toCurl(jsonRpc, { redact: false });
    expect(command).toBe(
      [
        'curl -X POST',
        "--url 'http://127.0.0.1:4000/a2a/jsonrpc'",
        "-H 'Host: 127.0.0.1:4000'",
        "-H 'Content-Type: application/json'",
        "-H 'A2A-Version: 1.0'",
        `--data-binary '{"jsonrpc":"2.0","id":1,"method":"SendMessage"}'`,
      ].join(' \\\n  '),
    );
    expect(argvOf(command)).toEqual([
      '-X',
      'POST',
      '--url',
      'http://127.0.0.1:4000/a2a/jsonrpc',
      '-H',
      'Host: 127.0.0.1:4000',
      '-H',
      'Content-Type: application/json',
      '-H',
      'A2A-Version: 1.0',
      '--data-binary',
      '{"jsonrpc":"2.0","id":1,"method":"SendMessage"}',
    ]);
  });

  it('leaves the method out for a GET without a body, and uses --head for HEAD', () => {
    const get = toCurl({ method: 'GET', url: 'http://a.test/card', headers: [] }, { redact: false });
    expect(argvOf(get)).toEqual(['--url', 'http://a.test/card']);
    const head = toCurl({ method: 'HEAD', url: 'http://a.test/', headers: [] }, { redact: false });
    expect(argvOf(head)).toEqual(['--head', '--url', 'http://a.test/']);
    const getWithBody = toCurl(
      { method: 'GET', url: 'http://a.test/', headers: [], body: body('x') },
      { redact: false },
    );
    const noType = ['-H', 'Content-Type:'];
    expect(argvOf(getWithBody)).toEqual([
      '-X',
      'GET',
      '--url',
      'http://a.test/',
      ...noType,
      '--data-binary',
      'x',
    ]);
  });

  it('keeps curl from adding a form Content-Type that was not sent', () => {
    const untyped = toCurl(
      { method: 'POST', url: 'http://a.test/', headers: [], body: body('a') },
      { redact: false },
    );
    expect(argvOf(untyped)).toContain('Content-Type:');
    expect(argvOf(toCurl(jsonRpc, { redact: false }))).not.toContain('Content-Type:');
  });

  it('asks curl not to buffer an event stream', () => {
    const stream = toCurl({ ...jsonRpc, headers: [['Accept', 'text/event-stream']] }, { redact: false });
    expect(argvOf(stream)[0]).toBe('--no-buffer');
  });

  it('keeps hostile header and body text literal: quotes, newlines, $() and backticks', () => {
    const dir = testTempDir('curl-test-');
    const payload = `it's "quoted" $(touch pwned-dollar) \`touch pwned-tick\` $HOME \\ ;| & > out\n'second line'\r\n`;
    const request: FrameRequest = {
      method: 'POST',
      url: "http://a.test/x?q=$(touch pwned-url)&s='",
      headers: [
        ['X-Evil', "a'b$(touch pwned-header)`id`"],
        ['X-Empty', ''],
      ],
      body: body(payload),
    };
    const args = argvOf(toCurl(request, { redact: false }), dir);
    expect(args).toEqual([
      '-X',
      'POST',
      '--url',
      "http://a.test/x?q=$(touch pwned-url)&s='",
      '-H',
      'Content-Type:',
      '-H',
      "X-Evil: a'b$(touch pwned-header)`id`",
      '-H',
      'X-Empty;',
      '--data-binary',
      payload,
    ]);
    for (const name of ['pwned-dollar', 'pwned-tick', 'pwned-url', 'pwned-header', 'out'])
      expect(existsSync(path.join(dir, name))).toBe(false);
  });

  it('never lets a URL or a body be read as an option or a file name', () => {
    const command = toCurl(
      { method: 'POST', url: '-o/tmp/x', headers: [], body: body('@/etc/passwd') },
      { redact: false },
    );
    expect(command).not.toContain("--data-binary '@");
    expect(argvOf(command)).toEqual([
      '-X',
      'POST',
      '--url',
      '-o/tmp/x',
      '-H',
      'Content-Type:',
      '--data-binary',
      'STDIN:@/etc/passwd',
    ]);
  });

  it('carries bytes that are not text through base64', () => {
    const bytes = Buffer.from([0x00, 0xff, 0x41, 0x0a, 0x27]);
    const command = toCurl(
      {
        method: 'PUT',
        url: 'http://a.test/blob',
        headers: [],
        body: { base64: bytes.toString('base64'), text: "\0\ufffdA\n'", size: 5, utf8Valid: false },
      },
      { redact: false },
    );
    expect(command).toContain('--data-binary @-');
    // The exact bytes, decoded by the shell's base64 -d.
    const piped = execFileSync('/bin/sh', ['-c', command.split(' | curl')[0]!]);
    expect([...piped]).toEqual([...bytes]);
  });

  it('redacts secrets by default and includes them only when asked', () => {
    const marks: SecretMark[] = [
      { in: 'request-header', name: 'authorization' },
      { in: 'request-header', name: 'X-Key' },
      { in: 'query', name: 'api_key' },
      { in: 'cookie', name: 'session' },
      { in: 'request-json', key: 'token' },
    ];
    const request: FrameRequest = {
      method: 'POST',
      url: 'http://a.test/rpc?api_key=KEY1&keep=1#frag',
      headers: [
        ['Authorization', 'Bearer TOKEN1'],
        ['X-Key', 'KEY2'],
        ['Cookie', 'theme=dark; session=COOKIE1'],
        ['Content-Type', 'application/json'],
        ['Content-Length', '61'],
      ],
      body: body('{"params":{"pushNotificationConfig":{"token":"TOKEN2","url":"u"}}}'),
    };
    const redacted = toCurl(request, { redact: marks });
    for (const secret of ['TOKEN1', 'KEY1', 'KEY2', 'COOKIE1', 'TOKEN2'])
      expect(redacted).not.toContain(secret);
    expect(argvOf(redacted)).toEqual([
      '-X',
      'POST',
      '--url',
      `http://a.test/rpc?api_key=${SECRET_MASK}&keep=1#frag`,
      '-H',
      `Authorization: Bearer ${SECRET_MASK}`,
      '-H',
      `X-Key: ${SECRET_MASK}`,
      '-H',
      `Cookie: theme=dark; session=${SECRET_MASK}`,
      '-H',
      'Content-Type: application/json',
      '--data-binary',
      `{"params":{"pushNotificationConfig":{"token":"${SECRET_MASK}","url":"u"}}}`,
    ]);
    const clear = toCurl(request, { redact: false });
    for (const secret of ['TOKEN1', 'KEY1', 'KEY2', 'COOKIE1', 'TOKEN2']) expect(clear).toContain(secret);
  });

  it('redacts form fields of a token request', () => {
    const command = toCurl(
      {
        method: 'POST',
        url: 'http://auth.test/token',
        headers: [['Content-Type', 'application/x-www-form-urlencoded']],
        body: body('grant_type=client_credentials&client_id=me&client_secret=s3cr%26t'),
      },
      { redact: [{ in: 'form', name: 'client_secret' }] },
    );
    expect(argvOf(command).at(-1)).toBe(
      `grant_type=client_credentials&client_id=me&client_secret=${SECRET_MASK}`,
    );
  });
});

describe('shellQuote', () => {
  it('round-trips any text through the shell', () => {
    for (const text of ['', "'", "''", 'a\nb', '$(x)', '`x`', '\\', '"', '!', '*', '~', '-n', 'é ☃ 😀']) {
      const out = execFileSync('/bin/sh', ['-c', `printf '%s' ${shellQuote(text)}`], { encoding: 'utf8' });
      expect(out).toBe(text);
    }
  });
});
