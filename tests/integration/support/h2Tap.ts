// A test-only HTTP/2 relay that writes down what crosses it: put one in front of an agent and one in front of the
// proxy, and the proxy's fidelity is the equality of the two notes (PRX-1). It passes DATA and trailers on as they
// arrive and keeps, per call, the path, the response head, every DATA payload and the trailers.

import http2, {
  type ClientHttp2Session,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http2';
import type { AddressInfo } from 'node:net';

export interface TappedCall {
  path: string;
  /** The request head as it reached the tap. */
  request: IncomingHttpHeaders;
  head: IncomingHttpHeaders;
  /** Each DATA chunk as it arrived from the upstream. */
  chunks: Buffer[];
  trailers: IncomingHttpHeaders | undefined;
  done: Promise<void>;
}

export interface H2Tap {
  port: number;
  calls: TappedCall[];
  close(): Promise<void>;
}

const CONNECTION = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host']);

function clean(headers: IncomingHttpHeaders, keepPseudo: boolean): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (CONNECTION.has(name) || (!keepPseudo && name.startsWith(':'))) continue;
    out[name] = value;
  }
  return out;
}

/** A relay on 127.0.0.1 to `origin` (`http://host:port`). */
export async function startH2Tap(origin: string): Promise<H2Tap> {
  let session: ClientHttp2Session | undefined;
  const upstream = () => {
    if (!session || session.closed || session.destroyed) {
      session = http2.connect(origin);
      session.on('error', () => undefined);
    }
    return session;
  };
  const calls: TappedCall[] = [];
  const server = http2.createServer();
  const sessions = new Set<http2.Http2Session>();
  server.on('session', (s) => {
    sessions.add(s);
    s.on('close', () => sessions.delete(s));
  });
  server.on('stream', (stream, headers) => {
    stream.on('error', () => undefined);
    const out = upstream().request(clean(headers, true), { endStream: false });
    out.on('error', () => undefined);
    let finished: () => void = () => undefined;
    const call: TappedCall = {
      path: String(headers[':path']),
      request: headers,
      head: {},
      chunks: [],
      trailers: undefined,
      done: new Promise((resolve) => (finished = resolve)),
    };
    calls.push(call);
    stream.pipe(out);
    out.on('response', (head, flags) => {
      call.head = head;
      const endStream = (flags & http2.constants.NGHTTP2_FLAG_END_STREAM) !== 0;
      stream.respond(clean(head, true), endStream ? { endStream } : { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers(clean(call.trailers ?? {}, false)));
    });
    out.on('data', (chunk: Buffer) => {
      call.chunks.push(chunk);
      if (!stream.destroyed) stream.write(chunk);
    });
    out.on('trailers', (trailers) => (call.trailers = trailers));
    out.on('end', () => {
      if (!stream.destroyed && stream.headersSent && !stream.writableEnded) stream.end();
    });
    out.on('close', () => {
      if (!stream.destroyed && out.rstCode) stream.close(out.rstCode);
      finished();
    });
    stream.on('close', () => {
      if (!out.destroyed) out.close(http2.constants.NGHTTP2_CANCEL);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    calls,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sessions) s.destroy();
      session?.destroy();
      await closed;
    },
  };
}

/** What a tapped call's receiver got, for comparison: head and trailers without pseudo-headers, the bytes joined. */
export function received(call: TappedCall): {
  head: OutgoingHttpHeaders;
  body: string;
  trailers: OutgoingHttpHeaders;
} {
  return {
    head: clean(call.head, false),
    body: Buffer.concat(call.chunks).toString('base64'),
    trailers: clean(call.trailers ?? {}, false),
  };
}
