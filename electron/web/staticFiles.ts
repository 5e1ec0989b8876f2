// Serves the built renderer. The page gets the API token in a <meta> tag (never in a URL, never in an inline
// script, which the CSP forbids), so only a document from this origin can read it.

import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { contentTypeFor, resolveAssetPath } from '../shell/appProtocol';
import { RENDERER_SECURITY_HEADERS } from '../shell/csp';
import { TOKEN_META } from '../../shared/host/webBridge';

export function injectToken(html: string, token: string): string {
  const meta = `<meta name="${TOKEN_META}" content="${token}">`;
  return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : meta + html;
}

export async function serveStatic(
  res: ServerResponse,
  rendererDir: string,
  urlPath: string,
  token: string,
  headOnly: boolean,
): Promise<void> {
  const file = resolveAssetPath(rendererDir, urlPath);
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
  const isPage = file.endsWith('.html');
  const body = isPage ? Buffer.from(injectToken(bytes.toString('utf8'), token)) : bytes;
  res.writeHead(200, {
    'Content-Type': contentTypeFor(file),
    'Content-Length': body.byteLength,
    'Cache-Control': isPage ? 'no-store' : 'no-cache',
    ...RENDERER_SECURITY_HEADERS,
  });
  res.end(headOnly ? undefined : body);
}
