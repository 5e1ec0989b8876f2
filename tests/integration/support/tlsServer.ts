// An https server on 127.0.0.1 for the connection tests: TLS options as the test needs them (private CA, self-signed,
// client certificates required), a handler, the request lines it received (with the client certificate's CN when
// one was shown), and a close that drops kept-alive sockets so no test waits on them.

import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TLSSocket } from 'node:tls';

export interface TlsServer {
  url: string;
  port: number;
  /** Request lines the server received, with the client certificate's CN when one was shown. */
  requests: string[];
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

// import.meta.url, not __dirname: the e2e specs load this module as an ES module, where __dirname does not exist.
const CARD = readFileSync(
  fileURLToPath(new URL('../../fixtures/cards/example-1.0.json', import.meta.url)),
  'utf8',
);

/** Serves the example 1.0 card at the well-known path and 404 elsewhere. */
export const serveExampleCard: Handler = (req, res) => {
  if (req.url === '/.well-known/agent-card.json')
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(CARD);
  else res.writeHead(404).end();
};

export async function startTlsServer(options: https.ServerOptions, handler: Handler): Promise<TlsServer> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = https.createServer(options, (req, res) => {
    const peer = (req.socket as TLSSocket).getPeerCertificate?.();
    const cn = peer && 'subject' in peer && peer.subject ? ` (client ${peer.subject.CN})` : '';
    requests.push(`${req.method} ${req.url}${cn}`);
    handler(req, res);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A client that gives up on the handshake is what these tests are about; it is not the server's error to report.
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
