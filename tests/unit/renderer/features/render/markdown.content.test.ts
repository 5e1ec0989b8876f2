// The pure rules behind agent content beside markdown (renderer/features/render): which URLs may be links or loads,
// what a file part holds and which viewer it gets, the sandboxed preview documents, the click-to-load frame reading,
// and the JSON tree's helpers.

import { describe, expect, it } from 'vitest';
import type { Part } from '../../../../../shared/a2a/model';
import type { HttpFrame } from '../../../../../shared/wire/frame';
import { fileSource } from '../../../../../renderer/features/render/fileSource';
import { joinTextParts } from '../../../../../renderer/features/render/partGroups';
import {
  jsonEntries,
  jsonKind,
  jsonSummary,
  scalarText,
} from '../../../../../renderer/features/render/jsonTree';
import {
  decodeBase64,
  effectiveType,
  essence,
  mediaKindOf,
  parseDataUrl,
  safeFileName,
} from '../../../../../renderer/features/render/media';
import { readRemoteFrame, REMOTE_MAX_BYTES } from '../../../../../renderer/features/render/remoteFrame';
import { checkLinkUrl, checkLoadUrl } from '../../../../../renderer/features/render/safeUrl';
import {
  htmlPreviewDocument,
  PREVIEW_CSP,
  svgPreviewDocument,
} from '../../../../../renderer/features/render/sandboxDocument';

type FilePart = Extract<Part, { kind: 'file' }>;
const file = (fields: Omit<FilePart, 'kind' | 'wire'>): FilePart => ({ kind: 'file', wire: {}, ...fields });

describe('URLs from agent content', () => {
  it('links: http(s) and mailto only', () => {
    expect(checkLinkUrl('https://example.com/a b')).toMatchObject({ ok: false });
    expect(checkLinkUrl('https://example.com/a')).toEqual({
      ok: true,
      href: 'https://example.com/a',
      host: 'example.com',
    });
    expect(checkLinkUrl('mailto:me@example.com')).toMatchObject({ ok: true });
    for (const bad of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>1</script>',
      'vbscript:x',
      'file:///etc/passwd',
      'blob:https://example.com/1',
      'relative/path',
      'https://a@b.example/',
      'https://b.example\\@evil.example/',
      'https://example.com/\u200bhidden',
    ]) {
      expect(checkLinkUrl(bad), bad).toMatchObject({ ok: false });
    }
  });

  it('loads: http(s) only, with the host named for the button', () => {
    expect(checkLoadUrl('http://localhost:8080/p.png')).toMatchObject({ ok: true, host: 'localhost:8080' });
    expect(checkLoadUrl('mailto:me@example.com')).toMatchObject({ ok: false });
    expect(checkLoadUrl('ftp://example.com/x')).toMatchObject({ ok: false });
  });
});

describe('media types', () => {
  it('normalizes and guesses from the file name only when nothing useful was declared', () => {
    expect(essence(' Image/PNG ; q=1')).toBe('image/png');
    expect(essence('not a type')).toBe('');
    expect(effectiveType(undefined, 'photo.JPG')).toBe('image/jpeg');
    expect(effectiveType('application/octet-stream', 'page.html')).toBe('text/html');
    expect(effectiveType('image/png', 'page.html')).toBe('image/png');
  });

  it('gives SVG, HTML, PDF and the unknown no direct viewer', () => {
    expect(mediaKindOf('image/png')).toBe('image');
    expect(mediaKindOf('image/svg+xml')).toBe('svg');
    expect(mediaKindOf('text/html')).toBe('html');
    expect(mediaKindOf('application/xhtml+xml')).toBe('html');
    expect(mediaKindOf('application/pdf')).toBe('pdf');
    expect(mediaKindOf('audio/wav')).toBe('audio');
    expect(mediaKindOf('video/webm')).toBe('video');
    expect(mediaKindOf('application/ld+json')).toBe('text');
    expect(mediaKindOf('image/tiff')).toBe('other');
    expect(mediaKindOf('')).toBe('other');
  });

  it('decodes base64 in both alphabets, and refuses what is not base64', () => {
    expect([...(decodeBase64('aGk=') ?? [])]).toEqual([104, 105]);
    expect([...(decodeBase64('aGk') ?? [])]).toEqual([104, 105]);
    expect([...(decodeBase64('-_8') ?? [])]).toEqual([251, 255]);
    expect(decodeBase64('a')).toBeNull();
    expect(decodeBase64('<svg>')).toBeNull();
  });

  it('takes data: URLs apart into bytes', () => {
    expect(parseDataUrl('data:image/png;base64,aGk=')).toEqual({
      mediaType: 'image/png',
      bytes: new Uint8Array([104, 105]),
    });
    expect(parseDataUrl('data:,a%20b')).toEqual({
      mediaType: 'text/plain',
      bytes: new TextEncoder().encode('a b'),
    });
    expect(parseDataUrl('https://example.com')).toBeNull();
  });

  it('makes file names safe to save', () => {
    expect(safeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFileName('.bashrc')).toBe('bashrc');
    expect(safeFileName('re\u202eport.txt')).toBe('re_port.txt');
    expect(safeFileName('')).toBe('file');
  });
});

describe('file parts', () => {
  it('inline bytes, data: URLs, remote URLs and everything else', () => {
    expect(fileSource(file({ bytes: 'aGk=', mediaType: 'image/png' }))).toEqual({
      kind: 'bytes',
      bytes: new Uint8Array([104, 105]),
      type: 'image/png',
    });
    expect(fileSource(file({ uri: 'data:text/html;base64,PGI+', name: 'x' }))).toMatchObject({
      kind: 'bytes',
      type: 'text/html',
    });
    expect(fileSource(file({ uri: 'https://cdn.example/a.png' }))).toEqual({
      kind: 'remote',
      url: 'https://cdn.example/a.png',
      host: 'cdn.example',
      type: '',
    });
    expect(fileSource(file({ uri: 'javascript:alert(1)', mediaType: 'text/html' }))).toMatchObject({
      kind: 'none',
      reason: expect.stringContaining('not loaded'),
    });
    expect(fileSource(file({ bytes: '%%%' }))).toMatchObject({
      kind: 'none',
      reason: expect.stringContaining('base64'),
    });
    expect(fileSource(file({}))).toMatchObject({ kind: 'none' });
  });
});

describe('sandboxed previews', () => {
  it('put the narrowing CSP before any agent byte', () => {
    const doc = htmlPreviewDocument(
      '<meta http-equiv="Content-Security-Policy" content="script-src *"><script>1</script>',
    );
    const ours = doc.indexOf(PREVIEW_CSP);
    expect(ours).toBeGreaterThan(0);
    expect(ours).toBeLessThan(doc.indexOf('<script>'));
    expect(ours).toBeLessThan(doc.indexOf('script-src *'));
    expect(PREVIEW_CSP).toContain("default-src 'none'");
    expect(PREVIEW_CSP).not.toMatch(/script-src|https?:/);
  });

  it('shows SVG as an image, with the alt text escaped and the data kept to base64', () => {
    const doc = svgPreviewDocument('PHN2Zz4=" onload="x', '"><script>1</script>');
    expect(doc).toContain(
      '<img alt="&#34;&#62;&#60;script&#62;1&#60;/script&#62;" src="data:image/svg+xml;base64,PHN2Zz4=onload=x">',
    );
    expect(doc.indexOf(PREVIEW_CSP)).toBeLessThan(doc.indexOf('<img'));
  });
});

describe('click-to-load frames', () => {
  const frame = (overrides: Partial<HttpFrame>): HttpFrame => ({
    kind: 'http',
    id: 'f1',
    source: 'content-load',
    timing: { start: 0 },
    request: { method: 'GET', url: 'http://x/', headers: [] },
    ...overrides,
  });
  const body = (base64: string, truncated?: { limit: number; seen: number }) => ({
    base64,
    text: '',
    size: 2,
    utf8Valid: true,
    ...(truncated ? { truncated } : {}),
  });

  it('gives the bytes and the served type', () => {
    expect(
      readRemoteFrame(
        frame({
          response: {
            status: 200,
            statusText: 'OK',
            httpVersion: '1.1',
            headers: [['Content-Type', 'image/PNG; x=1']],
            body: body('aGk='),
          },
        }),
      ),
    ).toEqual({ status: 'loaded', bytes: new Uint8Array([104, 105]), type: 'image/png', frameId: 'f1' });
  });

  it('says why there is nothing to show', () => {
    const response = { statusText: 'Found', httpVersion: '1.1', body: body('') };
    expect(
      readRemoteFrame(
        frame({ response: { ...response, status: 302, headers: [['Location', 'http://evil/']] } }),
      ),
    ).toEqual({
      status: 'failed',
      message: 'The server answered 302 Found (redirects are not followed: http://evil/).',
    });
    expect(
      readRemoteFrame(
        frame({
          response: {
            ...response,
            status: 200,
            statusText: 'OK',
            headers: [],
            body: body('aGk=', { limit: REMOTE_MAX_BYTES, seen: REMOTE_MAX_BYTES + 1 }),
          },
        }),
      ),
    ).toMatchObject({ status: 'failed', message: expect.stringContaining('larger than 16.0 MiB') });
    expect(
      readRemoteFrame(
        frame({ error: { kind: 'refused', label: 'Connection refused', message: 'ECONNREFUSED' } }),
      ),
    ).toEqual({ status: 'failed', message: 'Connection refused: ECONNREFUSED' });
  });
});

describe('JSON tree helpers', () => {
  it('summarizes, pages and spells values as JSON text', () => {
    expect(jsonKind([])).toBe('array');
    expect(jsonKind(null)).toBe('null');
    expect(jsonSummary({ a: 1 })).toBe('{1 key}');
    expect(jsonSummary([1, 2])).toBe('[2 items]');
    expect(jsonEntries([5, 6, 7], 2)).toEqual([
      ['0', 5],
      ['1', 6],
    ]);
    expect(jsonEntries(JSON.parse('{"__proto__":1,"b":2}') as Record<string, unknown>, 10)).toEqual([
      ['__proto__', 1],
      ['b', 2],
    ]);
    expect(scalarText('<script>"x"</script>')).toEqual({ text: '"<script>\\"x\\"</script>"', cut: false });
    expect(scalarText('a'.repeat(10), 4)).toEqual({ text: '"aaa…', cut: true });
    expect(scalarText(null).text).toBe('null');
  });
});

describe('artifact text chunks', () => {
  it('join adjacent text parts of one type, keeping the other parts in place', () => {
    const textPart = (text: string, mediaType?: string): Part => ({
      kind: 'text',
      text,
      wire: {},
      ...(mediaType ? { mediaType } : {}),
    });
    const data: Part = { kind: 'data', data: 1, wire: {} };
    expect(
      joinTextParts([
        textPart('Echo: hel'),
        textPart('lo **wor'),
        textPart('ld**'),
        data,
        textPart('a', 'text/csv'),
        textPart('b'),
      ]),
    ).toEqual([
      { kind: 'text', text: 'Echo: hello **world**', count: 3 },
      { kind: 'part', part: data },
      { kind: 'text', text: 'a', mediaType: 'text/csv', count: 1 },
      { kind: 'text', text: 'b', count: 1 },
    ]);
  });
});
