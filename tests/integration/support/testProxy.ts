// A forward proxy for the NET-1 tests, on 127.0.0.1 port 0: CONNECT tunnels for https and absolute-form requests for
// http, each noted in `seen` so a test can tell whether traffic went through it. It can be told to refuse tunnels.
// Names under `.test` (RFC 6761) resolve to 127.0.0.1 here, so a test can name a target that is not loopback to the
// client (environment proxies skip loopback targets) and still reach a local server.

import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';

export interface TestProxy {
  url: string;
  port: number;
  /** `CONNECT host:port` or `GET http://…`, in arrival order. */
  seen: string[];
  /** The Proxy-Authorization values of the tunnels asked for. */
  auth: string[];
  close(): Promise<void>;
}

function local(host: string): string {
  return host.endsWith('.test') ? '127.0.0.1' : host;
}

export async function startTestProxy(options: { refuse?: boolean } = {}): Promise<TestProxy> {
  const seen: string[] = [];
  const auth: string[] = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '');
    const upstream = http.request(
      {
        host: local(target.hostname),
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', track);
  server.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    if (req.headers['proxy-authorization']) auth.push(req.headers['proxy-authorization']);
    if (options.refuse) {
      client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect({ host: local(host ?? ''), port: Number(port) }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    auth,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
