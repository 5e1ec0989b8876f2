// A plain HTTP server the journeys fetch through the host.

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const TEST_HEADER: [string, string] = ['X-Test-Header', 'switchboard-e2e'];
export const TEST_BODY = '{"greeting":"hello-from-switchboard-e2e","items":[1,2,3]}';

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 port 0 with `handler`; close() also drops open connections. */
export async function listenLocal(handler: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function startTestServer(): Promise<LocalServer> {
  return listenLocal((req, res) => {
    if (req.url === '/hello.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', [TEST_HEADER[0]]: TEST_HEADER[1] });
      res.end(TEST_BODY);
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not here');
    }
  });
}

export async function refusedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
