// Import cURL (MSG-8): curl's own rules for each option, a clear error for each thing that cannot be imported, the
// corpus of documentation-style command lines (tests/fixtures/curl/corpus.txt) imported and round-tripped through
// Copy as cURL, and a property test: any request, copied as cURL and imported, comes back the same.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCurl } from '../../../../shared/wire/curl';
import { CurlImportError, importCurl } from '../../../../shared/wire/curlImport';
import { splitShellWords } from '../../../../shared/wire/shellWords';
import { essence, frameOf, requestArb } from '../../support/requestArbitraries';

/** Corpus entries: blocks separated by blank lines, without their `# ` comment lines. */
function corpus(): string[] {
  const text = readFileSync(path.resolve('tests/fixtures/curl/corpus.txt'), 'utf8');
  const entries: string[] = [];
  let current: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      if (current.length > 0) entries.push(current.join('\n'));
      current = [];
      continue;
    }
    if (current.length === 0 && line.startsWith('# ')) continue;
    current.push(line);
  }
  if (current.length > 0) entries.push(current.join('\n'));
  return entries;
}

describe('importCurl: options', () => {
  it('reads method, URL, headers and a JSON body', () => {
    const { request } = importCurl(
      `curl -X POST https://a.test/v1 -H 'Authorization: Bearer t' -H "Content-Type: application/json" -d '{"a":1}'`,
    );
    expect(request).toEqual({
      method: 'POST',
      url: 'https://a.test/v1',
      headers: [
        ['Authorization', 'Bearer t'],
        ['Content-Type', 'application/json'],
      ],
      body: { text: '{"a":1}' },
    });
  });

  it('joins -d pieces with & and adds the form content type, as curl does', () => {
    const { request } = importCurl(`curl https://a.test -d a=1 --data 'b=2 3' --data-ascii c=4`);
    expect(request.method).toBe('POST');
    expect(request.headers).toEqual([['Content-Type', 'application/x-www-form-urlencoded']]);
    expect(request.body).toEqual({ text: 'a=1&b=2 3&c=4' });
  });

  it('encodes --data-urlencode in its three forms, leaving the name as written', () => {
    const { request } = importCurl(
      `curl https://a.test --data-urlencode 'q=a b&c/é' --data-urlencode '=x y' -d z`,
    );
    expect(request.body).toEqual({ text: 'q=a%20b%26c%2F%C3%A9&x%20y&z' });
    expect(importCurl(`curl https://a.test --data-urlencode 'plain~text.-_'`).request.body).toEqual({
      text: 'plain~text.-_',
    });
  });

  it('moves data into the query with -G and keeps GET', () => {
    const { request } = importCurl(`curl -G 'https://a.test/s?x=1' -d q=hi --data-urlencode 'r=a b'`);
    expect(request).toEqual({ method: 'GET', url: 'https://a.test/s?x=1&q=hi&r=a%20b', headers: [] });
    expect(importCurl(`curl -G https://a.test/s -d q=1`).request.url).toBe('https://a.test/s?q=1');
    expect(importCurl(`curl -G -I https://a.test/s -d q=1`).request.method).toBe('HEAD');
  });

  it('sends --json with both JSON headers and appends its pieces', () => {
    const { request } = importCurl(`curl --json '{"a":' --json '1}' https://a.test`);
    expect(request.headers).toEqual([
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json'],
    ]);
    expect(request.body).toEqual({ text: '{"a":1}' });
    const typed = importCurl(`curl --json '{}' -H 'Accept: text/event-stream' https://a.test`).request;
    expect(typed.headers).toEqual([
      ['Content-Type', 'application/json'],
      ['Accept', 'text/event-stream'],
    ]);
  });

  it('turns -u, -A, -e, -b and --oauth2-bearer into their headers', () => {
    const { request } = importCurl(
      `curl -u 'ann:p@ss:w' -A 'Bot/1' -e 'https://r.test/;auto' -b a=1 -b 'b=2' --oauth2-bearer tok https://a.test`,
    );
    expect(request.headers).toEqual([
      ['Authorization', `Basic ${Buffer.from('ann:p@ss:w').toString('base64')}`],
      ['User-Agent', 'Bot/1'],
      ['Referer', 'https://r.test/'],
      ['Authorization', 'Bearer tok'],
      ['Cookie', 'a=1; b=2'],
    ]);
  });

  it('lets -H replace a header curl adds, remove one with "Name:", and send an empty one with "Name;"', () => {
    const { request } = importCurl(
      `curl -A a -H 'User-Agent: b' -H 'Content-Type:' -H 'X-Empty;' -H 'X-Spaced:   v ' -d x https://a.test`,
    );
    expect(request.headers).toEqual([
      ['User-Agent', 'b'],
      ['X-Empty', ''],
      ['X-Spaced', 'v '],
    ]);
  });

  it('reads -X, -I, --url, short clusters and attached values', () => {
    expect(importCurl('curl -XDELETE https://a.test/1').request.method).toBe('DELETE');
    expect(importCurl('curl -sSLI https://a.test/').request.method).toBe('HEAD');
    expect(importCurl(`curl -H'X-A: 1' --url https://a.test/`).request.headers).toEqual([['X-A', '1']]);
    expect(importCurl('curl -sXPUT https://a.test/ -d1').request).toMatchObject({
      method: 'PUT',
      body: { text: '1' },
    });
  });

  it('notes -k and --compressed without applying them, and warns about unknown options and extra URLs', () => {
    const result = importCurl('curl -k --compressed --frobnicate https://a.test/ https://b.test/');
    expect(result.request.url).toBe('https://a.test/');
    expect(result.notes.join('\n')).toMatch(/-k .*not applied/);
    expect(result.notes.join('\n')).toMatch(/--compressed was ignored/);
    expect(result.warnings).toEqual([
      'The option --frobnicate is not known here and was ignored.',
      'curl would make one request per URL; only the first (https://a.test/) was imported.',
    ]);
  });

  it('adds http:// to a URL without a scheme, as curl does, and says so', () => {
    const result = importCurl(`curl -X GET "localhost:9200/_cat/indices?v"`);
    expect(result.request.url).toBe('http://localhost:9200/_cat/indices?v');
    expect(result.notes).toContain('The URL has no scheme; curl uses http://, and so does this import.');
  });
});

describe('importCurl: shell words', () => {
  it('follows POSIX quoting: single, double, backslashes and continuations', () => {
    const line = `curl \\\n  -H "X-A: say \\"hi\\" \\$5 \\\\ \\n" \\\n  -H 'X-B: it'\\''s' -H X-C:\\ c\\ d https://a.test`;
    expect(importCurl(line).request.headers).toEqual([
      ['X-A', 'say "hi" $5 \\ \\n'],
      ['X-B', "it's"],
      ['X-C', 'c d'],
    ]);
  });

  it("decodes $'…' strings", () => {
    const line = `curl -H $'X-A: a\\tb\\x41\\u00e9\\U0001F600\\'\\101' https://a.test`;
    expect(importCurl(line).request.headers).toEqual([['X-A', "a\tbAé😀'A"]]);
  });

  it('keeps shell expansions as text and warns about each', () => {
    const result = importCurl(
      `curl -H "Authorization: Bearer $TOKEN" -H "X-Id: $(uuidgen)" https://a.test/\${ID}`,
    );
    expect(result.request.headers).toEqual([
      ['Authorization', 'Bearer $TOKEN'],
      ['X-Id', '$(uuidgen)'],
    ]);
    expect(result.request.url).toBe('https://a.test/${ID}');
    expect(result.warnings).toEqual([
      'The shell would expand $TOKEN; it was kept as text: put its value in.',
      'The shell would expand $(uuidgen); it was kept as text: put its value in.',
      'The shell would expand ${ID}; it was kept as text: put its value in.',
    ]);
  });

  it('reads a Windows cmd line with ^ continuations and caret escapes', () => {
    const line =
      'curl ^"https://a.test/x?a=1^&b=2^" ^\n  -H ^"accept: */*^" ^\n  --data-raw ^"^{^\\^"a^\\^":1^}^"';
    expect(importCurl(line).request).toEqual({
      method: 'POST',
      url: 'https://a.test/x?a=1&b=2',
      headers: [
        ['Content-Type', 'application/x-www-form-urlencoded'],
        ['accept', '*/*'],
      ],
      body: { text: '{"a":1}' },
    });
  });

  it('ignores a prompt, comments, redirections and a pipe into another program, with a warning', () => {
    const result = importCurl('$ curl https://a.test/ -o out.json 2>/dev/null | jq . # pretty');
    expect(result.request.url).toBe('https://a.test/');
    expect(result.warnings).toEqual([
      '"2> /dev/null" is not part of the request and was ignored.',
      '"jq ." is not part of the request and was ignored.',
    ]);
  });

  it('takes the body from printf or echo piped into --data-binary @-, and base64 -d bytes', () => {
    expect(importCurl(`printf '%s' '@x' | curl --data-binary @- https://a.test`).request.body).toEqual({
      text: '@x',
    });
    expect(importCurl(`echo 'a' | curl --data-binary @- https://a.test`).request.body).toEqual({
      text: 'a\n',
    });
    expect(importCurl(`echo 'a' | curl -d @- https://a.test`).request.body).toEqual({ text: 'a' });
    const bytes = importCurl(`printf '%s' 'AP8=' | base64 -d | curl --data-binary @- https://a.test`).request;
    expect(bytes.body).toEqual({ base64: 'AP8=' });
  });
});

describe('importCurl: clear errors', () => {
  const cases: Array<[string, RegExp]> = [
    ['wget https://a.test', /not a curl command/],
    ['', /not a curl command/],
    ['curl -s', /has no URL/],
    [`curl 'https://a.test`, /single quote opened at character 6 is never closed/],
    [`curl "https://a.test`, /double quote opened at character 6 is never closed/],
    [`curl $'x`, /\$'…' string opened at character 6 is never closed/],
    ['curl -d @body.json https://a.test', /-d @body.json reads a file/],
    ['curl --data-binary @img.png https://a.test', /reads a file/],
    ['curl --data-urlencode name@file.txt https://a.test', /reads a file/],
    ['curl -d @- https://a.test', /reads standard input, which this line does not give/],
    ['curl -H @headers.txt https://a.test', /Headers from a file/],
    ['curl -H NoColon https://a.test', /"NoColon" has no "Name: value" form/],
    ['curl -u ann https://a.test', /-u ann has no password/],
    ['curl -b cookies.txt https://a.test', /reads a cookie file/],
    ['curl -F file=@a.png https://a.test', /-F sends a multipart form, which cannot be imported yet/],
    ['curl -T a.txt https://a.test', /-T uploads a file/],
    ['curl -K opts.txt https://a.test', /-K reads options from a file/],
    ['curl https://a.test --next https://b.test', /--next starts another request/],
    ['curl https://a.test -H', /The option -H needs a value after it/],
    ['curl https://a.test < body.json', /Standard input from a file/],
    ['curl https://a.test && curl https://b.test', /several curl commands/],
    ['curl http://[bad', /"http:\/\/\[bad" is not a URL/],
  ];
  it.each(cases)('%s', (line, message) => {
    expect(() => importCurl(line)).toThrow(CurlImportError);
    expect(() => importCurl(line)).toThrow(message);
  });
});

describe('importCurl: corpus of documentation-style lines', () => {
  const entries = corpus();

  it('has at least 40 varied lines', () => {
    expect(entries.length).toBeGreaterThanOrEqual(40);
  });

  it.each(entries.map((entry, index) => [index + 1, entry] as const))(
    'line %i imports, and import → copy as cURL → import gives the same request',
    (_index, entry) => {
      const first = importCurl(entry).request;
      const copied = toCurl(frameOf(first), { redact: false });
      const second = importCurl(copied);
      expect(essence(second.request)).toEqual(essence(first));
      expect(second.warnings).toEqual([]);
    },
  );
});

/** The words a real bash hands to curl for this line (curl and jq replaced by functions; nothing is fetched). */
function bashWords(line: string): string[] {
  const fake = 'curl() { printf "%s\\0" "$@"; }; jq() { cat; }';
  const out = execFileSync('bash', ['--norc', '-c', `${fake}\n${line}`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

/** The words this importer reads as curl's arguments: after `curl`, up to the first operator. */
function ourWords(line: string): string[] {
  const tokens = splitShellWords(line).tokens;
  const start = tokens.findIndex((token) => token.kind === 'word' && token.text === 'curl');
  const words: string[] = [];
  for (const token of tokens.slice(start + 1)) {
    if (token.kind === 'operator') break;
    words.push(token.text);
  }
  return words;
}

describe('shell words against bash', () => {
  // Lines bash would expand ($VAR, $(…)) or that are cmd lines are left out: there the two are meant to differ.
  const posix = corpus().filter(
    (entry) =>
      entry.startsWith('curl') && !entry.includes('^') && splitShellWords(entry).expansions.length === 0,
  );
  it.each(posix.map((entry) => [entry.split('\n')[0]!.slice(0, 60), entry] as const))(
    '%s',
    (_title, entry) => {
      expect(ourWords(entry)).toEqual(bashWords(entry));
    },
  );
});

describe('importCurl: property', () => {
  it('any request copied as cURL imports back as the same request', () => {
    fc.assert(
      fc.property(requestArb(), (request) => {
        const imported = importCurl(toCurl(request, { redact: false })).request;
        const expected = essence(request);
        // Copy as cURL keeps curl from adding its form content type; the import says what was sent.
        expect(essence(imported)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
