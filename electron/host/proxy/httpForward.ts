// The proxy's listener (PRX-1): node:http on 127.0.0.1 only. Each request is checked before anything in it is used:
// the Host header must name this listener (hostAllowList.ts, against DNS rebinding), the target must be a path (an
// absolute-form URI would ask the proxy to fetch somewhere else), CONNECT and upgrades are refused, and the path must
// belong to one of the upstream's interfaces or its card. Anything else is answered here with a sentence and never
// forwarded, so the proxy reaches the one upstream it was opened for and nothing more.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import { isCardPath, matchRoute, type ProxyRoute } from '../../../shared/proxy/proxyRoutes';
import { pairs } from '../exchange';
import { hostRefusal } from '../net/hostAllowList';
import { CallerClosed } from './callerClosed';
import type { CallRoute, IncomingCall } from './forwardContext';
import { refuse } from './proxyAnswers';
import { clientOf } from './proxyExchange';

/** Request bodies larger than this are refused: A2A requests are small, and a proxy must not hold a flood. */
export const PROXY_MAX_REQUEST_BYTES = 16 * 1024 * 1024;

export interface ForwardListener {
  port: number;
  close(): Promise<void>;
}

export interface ListenerRoutes {
  routes(): readonly ProxyRoute[];
  cardUrl(): string;
  handle(call: IncomingCall, route: CallRoute): Promise<void>;
}

export async function startForwardListener(port: number, routing: ListenerRoutes): Promise<ForwardListener> {
  const sockets = new Set<Socket>();
  let bound = 0;
  const server: Server = createServer((req, res) => {
    void admit(req, res, bound, routing).catch(() => res.destroy());
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // CONNECT and Upgrade would make the proxy a tunnel to wherever the caller names: refused, nothing opened.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) =>
    refuseRaw(socket, 405, 'CONNECT is not allowed.'),
  );
  server.on('upgrade', (_req: IncomingMessage, socket: Duplex) =>
    refuseRaw(socket, 400, 'Protocol upgrades are not forwarded.'),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  bound = typeof address === 'object' && address ? address.port : port;
  return {
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** The checks, in order, then the body read and the call handed on. */
async function admit(req: IncomingMessage, res: ServerResponse, port: number, routing: ListenerRoutes) {
  const target = req.url ?? '';
  const host = hostRefusal(req.headers.host, { port });
  if (host) return refuse(res, 421, host);
  if (!target.startsWith('/'))
    return refuse(
      res,
      400,
      `the request target ${JSON.stringify(target.slice(0, 200))} is not a path. This proxy forwards only to the ` +
        'agent it was opened for, never to a URL a request names.',
    );
  const route: CallRoute | undefined = isCardPath(target, routing.cardUrl())
    ? { kind: 'card' }
    : (() => {
        const found = matchRoute(routing.routes(), target);
        return found ? { kind: 'interface' as const, route: found } : undefined;
      })();
  if (!route) {
    const served = routing.routes().map((r) => r.prefix || '/');
    return refuse(
      res,
      404,
      `${target.slice(0, 200)} is not on this proxy. It forwards the agent's card and its interfaces under ` +
        `${served.join(', ')}; nothing else.`,
    );
  }
  const body = await readBody(req);
  if (!body) return refuse(res, 413, `request bodies are limited to ${PROXY_MAX_REQUEST_BYTES} bytes.`);
  const closed = new CallerClosed();
  res.on('close', () => closed.close());
  const call: IncomingCall = {
    method: req.method ?? 'GET',
    target,
    headers: pairs(req.rawHeaders),
    body,
    client: clientOf(req.headers, req.socket.remoteAddress, req.socket.remotePort),
    res,
    closed,
  };
  await routing.handle(call, route);
}

/** The whole request body, or undefined once it passes the cap. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > PROXY_MAX_REQUEST_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function refuseRaw(socket: Duplex, status: number, message: string): void {
  const body = `Switchboard proxy: ${message}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${status === 405 ? 'Method Not Allowed' : 'Bad Request'}\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}
