// Serves the built renderer. The page gets the API token in a <meta> tag (never in a URL, never in an inline
// script, which the CSP forbids), so only a document from this origin can read it. It also gets the host's bootstrap
// answer (pageBootstrap.ts): the page goes out in two parts, everything up to the end of its head first, so the
// browser asks for the script and the style sheet at once, and the answer with the rest once the host has given it.

import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { HostBootstrap } from '../../shared/host/bootstrap';
import { TOKEN_META } from '../../shared/host/webBridge';
import { contentTypeFor, resolveAssetPath } from '../shell/appProtocol';
import { RENDERER_SECURITY_HEADERS } from '../shell/csp';
import { bootstrapMeta } from './pageBootstrap';

export interface StaticSource {
  rendererDir: string;
  token: string;
  /** The host's bootstrap answer for a page being served; when it fails, the page goes out without one. */
  bootstrap(): Promise<HostBootstrap>;
}

/** The page around the point where the head ends, the token's meta tag already at the end of the first part. */
export function splitPage(html: string, token: string): { head: string; rest: string } {
  const meta = `<meta name="${TOKEN_META}" content="${token}">`;
  const at = html.indexOf('</head>');
  const cut = at >= 0 ? at : 0;
  return { head: html.slice(0, cut) + meta, rest: html.slice(cut) };
}

/** A build file whose name carries a hash of its content (Vite's `assets/<name>-<hash>.<ext>`). */
const HASHED_ASSET = /^\/assets\/[^/]+-[\w-]{8,}\.\w+$/;

/**
 * How long a browser may keep a file. A hashed file never changes under its name, so it is kept for good without
 * asking again; that also lets Chromium keep the compiled code of the script for the next load from the same address.
 * Anything else (the favicon) is asked for again each time; the page itself is never stored (see servePage).
 */
export function cacheControlFor(urlPath: string): string {
  return HASHED_ASSET.test(urlPath) ? 'max-age=31536000, immutable' : 'no-cache';
}

export async function serveStatic(
  res: ServerResponse,
  source: StaticSource,
  urlPath: string,
  headOnly: boolean,
): Promise<void> {
  const file = resolveAssetPath(source.rendererDir, urlPath);
  let bytes: Buffer | undefined;
  if (file) {
    try {
      bytes = await readFile(file);
    } catch {
      bytes = undefined;
    }
  }
  if (!file || !bytes) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...RENDERER_SECURITY_HEADERS });
    res.end('Not found');
    return;
  }
  if (file.endsWith('.html')) return servePage(res, source, file, bytes, headOnly);
  res.writeHead(200, {
    'Content-Type': contentTypeFor(file),
    'Content-Length': bytes.byteLength,
    'Cache-Control': cacheControlFor(urlPath),
    ...RENDERER_SECURITY_HEADERS,
  });
  res.end(headOnly ? undefined : bytes);
}

async function servePage(
  res: ServerResponse,
  source: StaticSource,
  file: string,
  bytes: Buffer,
  headOnly: boolean,
): Promise<void> {
  // Asked for first, so the host reads while the head goes out and the browser parses it.
  const answer = headOnly ? Promise.resolve('') : askBootstrap(source);
  res.writeHead(200, {
    'Content-Type': contentTypeFor(file),
    'Cache-Control': 'no-store',
    ...RENDERER_SECURITY_HEADERS,
  });
  if (headOnly) {
    res.end();
    return;
  }
  const { head, rest } = splitPage(bytes.toString('utf8'), source.token);
  res.write(head);
  res.end((await answer) + rest);
}

/** The bootstrap's meta tag, or nothing when the host could not answer: the page then asks for it itself. */
async function askBootstrap(source: StaticSource): Promise<string> {
  try {
    return bootstrapMeta(await source.bootstrap());
  } catch {
    return '';
  }
}
