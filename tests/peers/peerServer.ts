// The HTTP listener under every peer: binds 127.0.0.1, reports when an SSE response starts (so callers can act while a
// stream is open without sleeping), and closes for real — open keep-alive and streaming connections are dropped.

import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamOpened } from './types';

export interface PeerServer {
  baseUrl: string;
  port: number;
  nextStreamOpened(): Promise<StreamOpened>;
  close(): Promise<void>;
}

export async function listenPeer(handler: RequestListener, port = 0): Promise<PeerServer> {
  let waiters: Array<(opened: StreamOpened) => void> = [];
  const announce = (opened: StreamOpened) => {
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve(opened);
  };

  const server = http.createServer((req, res) => {
    watchForStream(req, res, announce);
    handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    port: address.port,
    nextStreamOpened: () => new Promise((resolve) => waiters.push(resolve)),
    // Idempotent, so a test that closes a peer early and its afterAll can both call it.
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // SSE responses and idle keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections();
      })),
  };
}

/**
 * Announces a response once its first body write has happened with an event-stream content type. The announcement
 * waits one macrotask: the SDKs attach their event listeners in the microtasks that follow the first write (a 0.3
 * resubscribe only starts listening after yielding the task snapshot).
 */
function watchForStream(req: IncomingMessage, res: ServerResponse, announce: (opened: StreamOpened) => void) {
  const originalWrite = res.write;
  let announced = false;
  const write = function (this: ServerResponse, ...args: unknown[]): boolean {
    const result: unknown = Reflect.apply(originalWrite, this, args);
    if (!announced && String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) {
      announced = true;
      const opened = { method: req.method ?? '', path: req.url ?? '' };
      setImmediate(() => announce(opened));
    }
    return result === true;
  };
  res.write = write as ServerResponse['write'];
}

/** A request's whole body as UTF-8 text. */
export function readBodyText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

/** Answers with a JSON body and its length. */
export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  type = 'application/json',
): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
