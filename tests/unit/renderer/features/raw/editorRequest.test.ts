// The request editor without an agent (MSG-8): a draft becomes a fetchRaw request with its credentials added and
// secret headers marked, a clear error for a URL that cannot go out without an agent, a pasted curl line becomes a
// draft with credential headers marked secret, and Copy as … redacts secrets unless asked.

import { describe, expect, it } from 'vitest';
import { hostArgSchemas } from '../../../../../shared/host/schemas';
import {
  DraftError,
  draftFromCurl,
  draftToFetch,
  exportDraft,
  exportFormats,
} from '../../../../../renderer/features/raw/editorRequest';
import { draftToRequest, type RawDraft } from '../../../../../renderer/features/raw/rawDraft';
import { queryRows, withQueryRows } from '../../../../../renderer/features/raw/queryRows';

const base: RawDraft = { method: 'post', url: ' http://127.0.0.1:9/tasks ', headers: [], body: '{}' };

describe('draftToFetch', () => {
  it('sends method, URL, headers and body as typed, marked as from the editor', () => {
    const request = draftToFetch({
      ...base,
      headers: [
        { name: ' X-A ', value: 'a' },
        { name: '', value: 'ignored' },
        { name: 'X-API-Key', value: 'k', secret: true },
      ],
    });
    expect(request).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:9/tasks',
      headers: [
        ['X-A', 'a'],
        ['X-API-Key', 'k'],
      ],
      body: { text: '{}' },
      secretHeaders: ['X-API-Key'],
      source: 'request-editor',
    });
    expect(hostArgSchemas.fetchRaw.safeParse([request]).success).toBe(true);
  });

  it.each([
    [{ kind: 'bearer', token: 't0k' } as const, ['Authorization', 'Bearer t0k']],
    [
      { kind: 'basic', user: 'ann', password: 'pé' } as const,
      ['Authorization', `Basic ${btoa('ann:p\xc3\xa9')}`],
    ],
    [{ kind: 'api-key', name: 'X-Key', value: 'v' } as const, ['X-Key', 'v']],
    [{ kind: 'api-key', name: ' ', value: 'v' } as const, ['X-API-Key', 'v']],
  ])('adds ad hoc credentials %j as a secret header', (auth, header) => {
    const request = draftToFetch({ ...base, auth });
    expect(request.headers).toEqual([header]);
    expect(request.secretHeaders).toEqual([header[0]]);
  });

  it('sends a file body as its exact bytes, and copies it as base64', () => {
    const bodyFile = { name: 'blob.bin', base64: 'AP9B', size: 3 };
    const draft: RawDraft = { ...base, body: '', bodyFile };
    expect(draftToFetch(draft).body).toEqual({ base64: 'AP9B' });
    expect(exportDraft(draft, 'curl', false)).toContain("printf '%s' 'AP9B' | base64 -d | curl");
    expect(exportDraft(draft, 'python', false)).toContain("data=b'\\x00\\xffA'");
  });

  it('leaves the body out when it is empty', () => {
    expect(draftToFetch({ ...base, method: 'GET', body: '' })).not.toHaveProperty('body');
  });

  it.each([
    ['/tasks', /must be absolute/],
    ['', /must be absolute/],
    ['ftp://x/', /must be absolute/],
    ['127.0.0.1:8000/tasks', /"127.0.0.1:8000\/tasks" is not/],
  ])('refuses the URL %j without an agent, saying why', (url, message) => {
    expect(() => draftToFetch({ ...base, url })).toThrow(DraftError);
    expect(() => draftToFetch({ ...base, url })).toThrow(message);
  });

  it('refuses an empty method', () => {
    expect(() => draftToFetch({ ...base, method: ' ' })).toThrow('Type a method, such as GET or POST.');
  });
});

describe('draftToRequest (through an agent)', () => {
  it('names the headers marked secret, so the host marks them on the frame', () => {
    const request = draftToRequest(
      {
        ...base,
        headers: [
          { name: ' X-Key ', value: 'k', secret: true },
          { name: 'X-A', value: 'a' },
        ],
      },
      'agent-1',
    );
    expect(request.secretHeaders).toEqual(['X-Key']);
    expect(hostArgSchemas.sendRaw.safeParse([request]).success).toBe(true);
    expect(draftToRequest(base, 'agent-1')).not.toHaveProperty('secretHeaders');
  });

  it('sends a file that is not text as its bytes, with the agent, and the host refuses text and bytes together', () => {
    const file = { name: 'logo.png', base64: 'AP+JUA==', size: 4 };
    const request = draftToRequest({ ...base, bodyFile: file }, 'agent-1');
    expect(request.bodyBase64).toBe('AP+JUA==');
    expect(request).not.toHaveProperty('body');
    expect(hostArgSchemas.sendRaw.safeParse([request]).success).toBe(true);
    const both = hostArgSchemas.sendRaw.safeParse([{ ...request, body: 'x' }]);
    expect(both.success ? [] : both.error.issues.map((issue) => issue.message)).toEqual([
      'Give the body as text or as bytes, not both.',
    ]);
    const notBase64 = hostArgSchemas.sendRaw.safeParse([{ ...request, bodyBase64: 'not base64!' }]);
    expect(notBase64.success ? [] : notBase64.error.issues.map((issue) => issue.message)).toEqual([
      'The body bytes must be base64.',
    ]);
  });
});

describe('draftFromCurl', () => {
  it('fills the draft from a curl line, credential headers marked secret, and says what was noted', () => {
    const { draft, notice } = draftFromCurl(
      `curl -k -X POST http://127.0.0.1:8000/tasks -H 'X-API-Key: dev' -H 'Accept: a' --json '{"a":1}'`,
    );
    expect(draft).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:8000/tasks',
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'X-API-Key', value: 'dev', secret: true },
        { name: 'Accept', value: 'a' },
      ],
      body: '{"a":1}',
      auth: { kind: 'none' },
    });
    expect(notice).toMatch(/^Imported from curl\. -k .*not applied/);
  });

  it('passes on the importer’s error, and refuses a binary body', () => {
    expect(() => draftFromCurl('curl -d @file.json http://a.test')).toThrow(/reads a file/);
    expect(() => draftFromCurl(`printf '%s' AA== | base64 -d | curl --data-binary @- http://a.test`)).toThrow(
      /binary/,
    );
  });
});

describe('exportDraft', () => {
  const secretDraft: RawDraft = {
    method: 'POST',
    url: 'http://a.test/x',
    headers: [{ name: 'X-API-Key', value: 'SECRET1', secret: true }],
    body: 'b',
    auth: { kind: 'bearer', token: 'SECRET2' },
  };
  it.each(exportFormats)('%s redacts secret headers and typed credentials unless asked', (format) => {
    const redacted = exportDraft(secretDraft, format, false);
    expect(redacted).not.toContain('SECRET1');
    expect(redacted).not.toContain('SECRET2');
    expect(redacted).toContain('http://a.test/x');
    const plain = exportDraft(secretDraft, format, true);
    expect(plain).toContain('SECRET1');
    expect(plain).toContain('SECRET2');
  });
});

describe('query rows', () => {
  it('reads the query of an absolute URL and writes rows back, keeping the fragment', () => {
    expect(queryRows('http://a.test/p?q=a%20b&x=1#f')).toEqual([
      { name: 'q', value: 'a b' },
      { name: 'x', value: '1' },
    ]);
    expect(withQueryRows('http://a.test/p?q=1#f', [{ name: 'q', value: 'a&b' }])).toBe(
      'http://a.test/p?q=a%26b#f',
    );
    expect(withQueryRows('http://a.test/p?q=1', [])).toBe('http://a.test/p');
    expect(queryRows('/relative?x=1')).toBeUndefined();
  });
});
