// Mapping app-scheme and browser-edition paths to files of the built renderer, and nothing outside it.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentTypeFor, resolveAppUrl, resolveAssetPath } from '../../../../electron/shell/appProtocol';

const root = path.resolve('/srv/renderer');

describe('resolveAssetPath', () => {
  it('maps the root to index.html and keeps nested paths', () => {
    expect(resolveAssetPath(root, '/')).toBe(path.join(root, 'index.html'));
    expect(resolveAssetPath(root, '/assets/index-1.js')).toBe(path.join(root, 'assets/index-1.js'));
  });

  it.each([
    '/../secret',
    '/%2e%2e/secret',
    '/..%2f..%2fetc/passwd',
    '/assets/%00.js',
    '/a\\..\\..\\b',
    '/%E0%A4%A',
  ])('refuses %s', (urlPath) => {
    expect(resolveAssetPath(root, urlPath)).toBeNull();
  });
});

describe('resolveAppUrl', () => {
  it('accepts only app://switchboard', () => {
    expect(resolveAppUrl(root, 'app://switchboard/index.html')).toBe(path.join(root, 'index.html'));
    expect(resolveAppUrl(root, 'app://other/index.html')).toBeNull();
    expect(resolveAppUrl(root, 'https://switchboard/index.html')).toBeNull();
    expect(resolveAppUrl(root, 'not a url')).toBeNull();
  });
});

describe('contentTypeFor', () => {
  it('names the types the renderer ships and falls back to octet-stream', () => {
    expect(contentTypeFor('a/index.html')).toMatch(/^text\/html/);
    expect(contentTypeFor('a/x.JS')).toMatch(/^text\/javascript/);
    expect(contentTypeFor('a/codicon.ttf')).toBe('font/ttf');
    expect(contentTypeFor('a/unknown.bin')).toBe('application/octet-stream');
  });
});
