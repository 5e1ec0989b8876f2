// Copy as fetch, HTTPie and Python requests (MSG-8). Each exporter is checked by reading its output back the way its
// own runtime would: the fetch code runs in a VM context with a fetch that records its arguments, the Python code runs
// in python3 with a `requests` module that prints what it was given, and the HTTPie command is split by the shell
// word rules and read with HTTPie's request-item escapes. Random requests full of quotes, `$()`, backslashes and
// bytes must come back the same: no content can break out of its string.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FrameRequest, HeaderList, SecretMark } from '../../../../shared/wire/frame';
import { toFetch, toHttpie, toPythonRequests } from '../../../../shared/wire/requestExport';
import { splitShellWords } from '../../../../shared/wire/shellWords';
import { bodyOfText, essence, requestArb } from '../../support/requestArbitraries';
import { testTempDir } from '../../support/tempDir';

interface ReadBack {
  method: string;
  url: string;
  headers: HeaderList;
  /** base64 of the body bytes; '' for none. */
  body: string;
}

/** Runs the fetch code with a recording fetch in a fresh VM context. */
async function runFetch(code: string): Promise<ReadBack> {
  let seen: ReadBack | undefined;
  const fetch = (
    url: string,
    init: { method: string; headers?: HeaderList; body?: string | Uint8Array },
  ): object => {
    const body = init.body === undefined ? '' : Buffer.from(init.body).toString('base64');
    seen = { method: init.method, url, headers: (init.headers ?? []).map(([n, v]) => [n, v]), body };
    return {};
  };
  await vm.runInNewContext(`(async () => {\n${code}\n})()`, { fetch, atob });
  return seen!;
}

/** Reads an HTTPie command back: options, method, URL, then `Name:value` / `Name;` items with `\` escapes. */
function readHttpie(command: string): ReadBack {
  const tokens = splitShellWords(command).tokens;
  const pipe = tokens.findIndex((token) => token.kind === 'operator');
  let body = '';
  let words = tokens.map((token) => token.text);
  if (pipe >= 0) {
    // printf '%s' BASE64 | base64 -d | http …
    body = words[2]!;
    words = words.slice(words.lastIndexOf('|') + 1);
  }
  expect(words[0]).toBe('http');
  let i = 1;
  for (; words[i]!.startsWith('--'); i += 1) {
    if (words[i] === '--raw') body = Buffer.from(words[++i]!, 'utf8').toString('base64');
  }
  const method = words[i++]!;
  const url = words[i++]!;
  const headers: HeaderList = words.slice(i).map(readHttpieItem);
  return { method, url, headers, body };
}

function readHttpieItem(item: string): [string, string] {
  let name = '';
  let value = '';
  let inValue = false;
  let empty = false;
  for (let j = 0; j < item.length; j += 1) {
    let c = item[j]!;
    const escaped = c === '\\' && j + 1 < item.length && '\\:=@;'.includes(item[j + 1]!);
    if (escaped) c = item[++j]!;
    if (!escaped && !inValue && (c === ':' || c === ';')) {
      inValue = true;
      empty = c === ';';
      continue;
    }
    if (inValue) value += c;
    else name += c;
  }
  expect(inValue).toBe(true);
  if (empty) expect(value).toBe('');
  return [name, value];
}

function essenceOf(read: ReadBack): ReturnType<typeof essence> {
  return { method: read.method, url: read.url, headers: read.headers, body: read.body };
}

/** Fetch leaves out the headers it would refuse. */
function withoutForbidden(request: FrameRequest): FrameRequest {
  const forbidden = ['host', 'connection', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer'];
  return { ...request, headers: request.headers.filter(([name]) => !forbidden.includes(name.toLowerCase())) };
}

describe('toFetch', () => {
  it('writes a fetch call with header pairs and a text body', () => {
    const request: FrameRequest = {
      method: 'post',
      url: 'http://a.test/x',
      headers: [
        ['Content-Type', 'application/json'],
        ['Host', 'a.test'],
        ['Content-Length', '7'],
      ],
      body: bodyOfText('{"a":1}'),
    };
    expect(toFetch(request, { redact: false })).toBe(
      [
        'const response = await fetch("http://a.test/x", {',
        '  method: "POST",',
        '  headers: [',
        '    ["Content-Type", "application/json"],',
        '  ],',
        '  body: "{\\"a\\":1}",',
        '});',
      ].join('\n'),
    );
  });

  it('any request runs back as the same fetch call', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb(), async (request) => {
        const read = await runFetch(toFetch(request, { redact: false }));
        expect(essenceOf(read)).toEqual(essence(withoutForbidden(request)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('toHttpie', () => {
  it('writes items with escapes, an empty header with ;, and the body with --raw', () => {
    const request: FrameRequest = {
      method: 'PUT',
      url: 'http://a.test/x',
      headers: [
        ['X-A', '=b:c@d;e\\f'],
        ['X-Empty', ''],
      ],
      body: bodyOfText("it's"),
    };
    expect(toHttpie(request, { redact: false })).toBe(
      [
        'http',
        '--ignore-stdin',
        `--raw 'it'\\''s'`,
        'PUT',
        `'http://a.test/x'`,
        `'X-A:\\=b\\:c\\@d\\;e\\\\f'`,
        `'X-Empty;'`,
      ].join(' \\\n  '),
    );
  });

  it('any request reads back the same through shell words and HTTPie item escapes', () => {
    fc.assert(
      fc.property(requestArb(), (request) => {
        expect(essenceOf(readHttpie(toHttpie(request, { redact: false })))).toEqual(essence(request));
      }),
      { numRuns: 300 },
    );
  });
});

function hasPython(): boolean {
  try {
    execFileSync('python3', ['-c', 'pass']);
    return true;
  } catch {
    return false;
  }
}

const fakeRequests = `import base64, json
def request(method, url, headers=None, data=None):
    print(json.dumps({"method": method, "url": url, "headers": [[k, v] for k, v in (headers or {}).items()],
                      "body": base64.b64encode(data).decode() if data is not None else ""}))
`;

describe('toPythonRequests', () => {
  it('writes a requests call with escaped literals and a bytes body', () => {
    const request: FrameRequest = {
      method: 'POST',
      url: "http://a.test/'x",
      headers: [['X-A', 'é\\\'"']],
      body: bodyOfText("a'\n"),
    };
    expect(toPythonRequests(request, { redact: false })).toBe(
      [
        'import requests',
        '',
        'response = requests.request(',
        "    'POST',",
        "    'http://a.test/\\x27x',",
        '    headers={',
        "        'X-A': '\\xe9\\x5c\\x27\"',",
        '    },',
        "    data=b'a\\x27\\x0a',",
        ')',
      ].join('\n'),
    );
  });

  it.skipIf(!hasPython())('any request runs back the same in python3', () => {
    const dir = testTempDir('python-export-');
    writeFileSync(path.join(dir, 'requests.py'), fakeRequests);
    const requests = fc.sample(requestArb({ uniqueNames: true }), { numRuns: 150 });
    const script = requests.map((request) => toPythonRequests(request, { redact: false })).join('\n');
    writeFileSync(path.join(dir, 'all.py'), script);
    const out = execFileSync('python3', ['all.py'], { cwd: dir, encoding: 'utf8' }).trim().split('\n');
    expect(out).toHaveLength(requests.length);
    out.forEach((line, index) => {
      expect(essenceOf(JSON.parse(line) as ReadBack)).toEqual(essence(requests[index]!));
    });
  });
});

describe('redaction in every exporter', () => {
  const marks: SecretMark[] = [
    { in: 'request-header', name: 'authorization' },
    { in: 'query', name: 'api_key' },
    { in: 'request-json', key: 'token' },
  ];
  const request: FrameRequest = {
    method: 'POST',
    url: 'http://a.test/rpc?api_key=KEY1&keep=1',
    headers: [
      ['Authorization', 'Bearer TOKEN1'],
      ['Content-Type', 'application/json'],
    ],
    body: bodyOfText('{"token":"TOKEN2","x":1}'),
  };
  it.each([
    ['fetch', toFetch],
    ['HTTPie', toHttpie],
    ['Python requests', toPythonRequests],
  ] as const)('%s masks secrets unless asked', (_name, exporter) => {
    const redacted = exporter(request, { redact: marks });
    for (const secret of ['KEY1', 'TOKEN1', 'TOKEN2']) expect(redacted).not.toContain(secret);
    expect(redacted).toContain('keep=1');
    const plain = exporter(request, { redact: false });
    for (const secret of ['KEY1', 'TOKEN1', 'TOKEN2']) expect(plain).toContain(secret);
  });
});
