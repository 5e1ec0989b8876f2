// The browser edition's server: the built renderer and the host API on 127.0.0.1 only.
// POST /api/<method> carries a JSON array of arguments and answers with the call envelope;
// POST /api/events streams host events as newline-delimited JSON (POST, so the browser always sends Origin).

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HostService } from '../../shared/host/hostApi';
import { dispatchHostCall } from '../../shared/host/dispatch';
import { API_PREFIX, EVENTS_PATH } from '../../shared/host/webBridge';
import { checkApiRequest, checkHost, newToken } from './requestGuard';
import { serveStatic } from './staticFiles';

export interface WebServerOptions {
  host: HostService;
  rendererDir: string;
  port?: number;
  token?: string;
}

export interface WebServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

// Above the largest argument any method accepts (a dropped session file, shared/host/schemas.ts), so the schema's message wins.
const MAX_API_BODY = 256 * 1024 * 1024;
const HEARTBEAT_MS = 15_000;

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? newToken();
  const guard = { port: 0, token };
  const pages = { rendererDir: options.rendererDir, token, bootstrap: () => options.host.bootstrap() };
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendText(res, 500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith(API_PREFIX)) {
      const verdict = checkApiRequest(req.headers, guard);
      if (!verdict.ok) return sendText(res, verdict.status, verdict.reason);
      if (req.method !== 'POST') return sendText(res, 405, 'Use POST.', { Allow: 'POST' });
      if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
        return sendText(res, 415, 'Send application/json.');
      }
      if (path === EVENTS_PATH) return streamEvents(req, res, options.host);
      return callMethod(req, res, options.host, path.slice(API_PREFIX.length));
    }
    const verdict = checkHost(req.headers, guard);
    if (!verdict.ok) return sendText(res, verdict.status, verdict.reason);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendText(res, 405, 'Use GET.', { Allow: 'GET, HEAD' });
    return serveStatic(res, pages, path, req.method === 'HEAD');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  guard.port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${guard.port}/`,
    port: guard.port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function callMethod(req: IncomingMessage, res: ServerResponse, host: HostService, method: string) {
  const raw = await readBody(req, MAX_API_BODY);
  if (raw === null) return sendText(res, 413, `The request body is larger than ${MAX_API_BODY} bytes.`);
  let args: unknown;
  try {
    args = JSON.parse(raw);
  } catch {
    return sendText(res, 400, 'The request body is not valid JSON.');
  }
  if (!Array.isArray(args)) return sendText(res, 400, 'The request body must be a JSON array of arguments.');
  const result = await dispatchHostCall(host, method, args);
  if (!result.ok && result.error.name === 'UnknownMethod') return sendText(res, 404, result.error.message);
  const body = JSON.stringify(result);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

function streamEvents(req: IncomingMessage, res: ServerResponse, host: HostService): void {
  res.writeHead(200, {
    'Content-Type': 'application/x-ndjson; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.write('{"type":"hello"}\n');
  const unsubscribe = host.onEvent((event) => res.write(`${JSON.stringify(event)}\n`));
  const heartbeat = setInterval(() => res.write('\n'), HEARTBEAT_MS);
  req.resume();
  res.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(text);
}
