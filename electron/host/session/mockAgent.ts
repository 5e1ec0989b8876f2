// A recorded session served back as an A2A agent on 127.0.0.1 (SES-7), so people building A2A clients can test
// against a known run: the card (its interface URLs moved to the mock), and each request answered with the
// recorded answer that matches it (mockMatching.ts), replayed byte for byte with its recorded pauses or with the
// pauses cut short (mockReplay.ts). A request the session cannot answer gets an A2A error saying so.

import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { detectCard } from '../../../shared/a2a/detect';
import type { MockTiming, SessionAgent } from '../../../shared/session/types';
import type { Frame, FrameResponse } from '../../../shared/wire/frame';
import { parseJsonText } from '../../../shared/wire/jsonText';
import {
  cardPaths,
  chooseCard,
  grpcRewriter,
  originRewriter,
  rewriteCardUrls,
  servedOrigins,
} from './mockCard';
import { startMockGrpc } from './mockGrpc';
import {
  notRecorded,
  recordedWithoutAnswer,
  restDialect,
  tooLarge,
  unreadableRpc,
  wrongHost,
  type MockErrorAnswer,
} from './mockErrors';
import { finalExchanges, recordedExchanges, ReplayBook, requestFacts } from './mockMatching';
import { planReplay, replayHeaders, type ReplayPlan } from './mockReplay';

export interface MockAgentOptions {
  frames: readonly Frame[];
  /** The session's agents; the first is the one served. */
  agents: readonly SessionAgent[];
  timing: MockTiming;
  /** 0 (the default) lets the system pick a free port. */
  port?: number;
  /** Only loopback: a mock replays whatever the session holds and must not be reachable from elsewhere. */
  host?: '127.0.0.1';
}

export interface MockAgent {
  /** The agent's base URL on the mock (what `openAgent` takes). */
  url: string;
  cardUrl: string;
  /** Stops listening and drops every connection, open streams included. */
  close(): Promise<void>;
}

/** Request bodies larger than this are not read (A2A requests are small; a file part of 16 MiB is not). */
export const MOCK_MAX_REQUEST_BYTES = 16 * 1024 * 1024;

export async function startMockAgent(options: MockAgentOptions): Promise<MockAgent> {
  const { host, port } = checkOptions(options);
  const final = finalExchanges(options.frames);
  const card = chooseCard(final.exchanges, options.agents);
  if ('error' in card) throw new Error(card.error);
  const variantText = card.variant?.response?.body.text;
  const cardTexts = variantText !== undefined ? [card.text, variantText] : [card.text];
  const origins = servedOrigins(card.origin, cardTexts);
  const site: MockSite = {
    book: new ReplayBook(recordedExchanges(final, origins)),
    generations: cardGenerations(cardTexts),
    served: cardPaths(card.url),
    timing: options.timing,
    replays: new Set<Replay>(),
    hosts: [],
    rewriteUrl: () => undefined,
  };

  const sockets = new Set<Socket>();
  const server = createMockServer(site, sockets);
  const boundPort = await listen(server, port, host);
  const mockOrigin = `http://127.0.0.1:${boundPort}`;
  site.hosts = [`127.0.0.1:${boundPort}`, `localhost:${boundPort}`];
  const httpRewrite = originRewriter(origins, mockOrigin);
  // gRPC calls were recorded, or the card offers gRPC: a gRPC listener answers them, and the card points to it.
  const grpcOffered = cardTexts.some((text) => /"(?:GRPC|grpc)"/.test(text));
  const grpc =
    grpcOffered || final.exchanges.some((frame) => frame.a2a?.binding === 'GRPC')
      ? await startMockGrpc(site.book, options.timing)
      : undefined;
  const grpcRewrite = grpc ? grpcRewriter(origins, grpc.address) : () => undefined;
  site.rewriteUrl = (url) => grpcRewrite(url) ?? httpRewrite(url);
  site.card = planCard(card.text, card.frame?.response, site.rewriteUrl);
  if (card.variant?.response)
    site.variant = planCard(card.variant.response.body.text, card.variant.response, site.rewriteUrl);

  let closing: Promise<void> | undefined;
  return {
    url: `${mockOrigin}${site.served.basePath}`,
    cardUrl: `${mockOrigin}${site.served.cardPath}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const replay of site.replays) replay.stop();
        grpc?.close();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

/** What the mock answers with: worked out from the session, then finished once the port is known. */
interface MockSite {
  book: ReplayBook;
  /** The generations the served card speaks, for the shape of REST errors. */
  generations: string[];
  served: ReturnType<typeof cardPaths>;
  timing: MockTiming;
  /** Responses being written, so closing the mock can stop them. */
  replays: Set<Replay>;
  // Filled in once the port is known: the card's URLs point at the mock's own origin.
  hosts: string[];
  rewriteUrl: (url: string) => string | undefined;
  card?: ReplayPlan;
  variant?: ReplayPlan;
}

/** Refuses options a mock cannot honour before anything is worked out or listens. */
function checkOptions(options: MockAgentOptions): { host: string; port: number } {
  const host = options.host ?? '127.0.0.1';
  if (host !== '127.0.0.1')
    throw new Error(`A mock agent listens on 127.0.0.1 only, not on ${String(host)}.`);
  if (options.timing !== 'original' && options.timing !== 'compressed')
    throw new Error(`Mock timing is "original" or "compressed", not ${JSON.stringify(options.timing)}.`);
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`A port is a whole number from 0 to 65535, not ${JSON.stringify(port)}.`);
  return { host, port };
}

/** The HTTP server: reads each request's body (up to the cap) and answers it, and keeps its sockets for close(). */
function createMockServer(site: MockSite, sockets: Set<Socket>): Server {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the cap the rest is read and dropped, so the answer can still be written on this connection.
      if (size <= MOCK_MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        answer(site, request, response, Buffer.concat(chunks), size > MOCK_MAX_REQUEST_BYTES);
      } catch (error) {
        // A recording the mock cannot make sense of must not take the host down: the client is told instead.
        failed(response, error);
      }
    });
    request.on('error', () => response.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return server;
}

/** Starts listening; resolves to the port bound (the one the system picked when asked for 0). */
async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} on 127.0.0.1 is already in use; choose another port, or none for a free one.`
            : `The mock agent could not listen on 127.0.0.1:${port}: ${error.message}`,
        ),
      ),
    );
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

/** Answers one request: the card, the recorded answer that matches it, or an A2A error saying why not. */
function answer(
  site: MockSite,
  request: IncomingMessage,
  response: ServerResponse,
  body: Buffer,
  tooBig: boolean,
): void {
  const facts = requestFacts(
    request.method ?? 'GET',
    request.url ?? '/',
    body.length > 0 ? body.toString('utf8') : undefined,
  );
  const dialect = restDialect(headerValue(request, 'a2a-version'), site.generations);
  const hostName = request.headers.host;
  // No Host at all is an HTTP/1.0 client, never a browser; browsers always name the host they think they reach.
  if (hostName !== undefined && !site.hosts.includes(hostName.toLowerCase()))
    return sendError(response, wrongHost(hostName, site.hosts, dialect));
  if (tooBig) return sendError(response, tooLarge(MOCK_MAX_REQUEST_BYTES, dialect));
  if ((facts.method === 'GET' || facts.method === 'HEAD') && site.served.paths.has(facts.path)) {
    // A compat agent gave its older card to requests without A2A-Version (docs/protocol.md#discovery); so does the
    // mock.
    const plan = site.variant && headerValue(request, 'a2a-version') === undefined ? site.variant : site.card;
    return start(response, plan!, site.replays);
  }
  const recorded = site.book.take(facts);
  if (!recorded) {
    if (facts.unreadable && site.book.isRpcEndpoint(facts.method, facts.path))
      return sendError(response, unreadableRpc(facts));
    return sendError(
      response,
      notRecorded(facts, !!facts.rpc && site.book.knowsRpcMethod(facts.rpc.method), dialect),
    );
  }
  const { frame } = recorded;
  if (!frame.response) {
    const why = frame.error
      ? `${frame.error.label}: ${frame.error.message}`
      : 'the session ended before it did';
    return sendError(response, recordedWithoutAnswer(facts, why, dialect));
  }
  return start(
    response,
    planReplay(recorded, facts, { timing: site.timing, rewriteUrl: site.rewriteUrl }),
    site.replays,
  );
}

/** The card as a plan: recorded status line and headers when it was discovered over HTTP, URLs moved to the mock. */
function planCard(
  text: string,
  recorded: FrameResponse | undefined,
  rewriteUrl: (url: string) => string | undefined,
): ReplayPlan {
  const body = Buffer.from(rewriteCardUrls(text, rewriteUrl), 'utf8');
  // The card goes out as its decoded text, so a recorded Content-Encoding no longer applies.
  const kept = recorded
    ? replayHeaders(recorded.headers.filter(([name]) => name.toLowerCase() !== 'content-encoding'))
    : ['Content-Type', 'application/json; charset=utf-8'];
  return {
    status: 200,
    statusText: recorded?.statusText ?? 'OK',
    headers: [...kept, 'Content-Length', String(body.length)],
    headDelayMs: 0,
    body,
  };
}

/** The generations the served card speaks, for the shape of REST errors. */
function cardGenerations(texts: readonly string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    const parsed = parseJsonText(text, { positions: 'lazy' });
    const detection = parsed.ok ? detectCard(parsed.value) : undefined;
    if (!detection || 'error' in detection) continue;
    out.add(detection.generation);
    for (const found of detection.interfaces) out.add(found.generation);
  }
  return [...out];
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sendError(response: ServerResponse, error: MockErrorAnswer): void {
  const body = Buffer.from(error.body, 'utf8');
  response.writeHead(error.status, {
    'Content-Type': error.contentType,
    'Content-Length': String(body.length),
  });
  response.end(body);
}

/** Answers with a 500 that says what went wrong, or hangs up when the head has already gone. */
function failed(response: ServerResponse, error: unknown): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const why = error instanceof Error ? error.message : String(error);
  sendError(response, {
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({
      error: {
        code: 500,
        status: 'INTERNAL',
        message: `The mock agent could not replay this answer: ${why}`,
      },
    }),
  });
}

/** Plays a plan in the background; whatever goes wrong while writing ends this response only. */
function start(response: ServerResponse, plan: ReplayPlan, replays: Set<Replay>): void {
  play(response, plan, replays).catch((error: unknown) => failed(response, error));
}

/** A response being written; `stop` ends its pauses early and writes nothing more. */
interface Replay {
  stop(): void;
}

/** Writes a plan: the head after its delay, then the body, or the stream's blocks with their pauses. */
async function play(response: ServerResponse, plan: ReplayPlan, replays: Set<Replay>): Promise<void> {
  const timers = new Map<NodeJS.Timeout, () => void>();
  let stopped = false;
  const replay: Replay = {
    stop() {
      stopped = true;
      for (const [timer, wake] of timers) {
        clearTimeout(timer);
        wake();
      }
      timers.clear();
    },
  };
  replays.add(replay);
  response.on('close', () => {
    replay.stop();
    replays.delete(replay);
  });
  const pause = (ms: number) =>
    ms <= 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, ms);
          timers.set(timer, resolve);
        });

  await pause(plan.headDelayMs);
  if (stopped) return;
  try {
    response.writeHead(plan.status, plan.statusText || STATUS_CODES[plan.status] || '', plan.headers);
  } catch (error) {
    // A recorded status or header Node refuses to send (a control character, a status out of range).
    const why = error instanceof Error ? error.message : String(error);
    return failed(response, new Error(`its recorded status line or headers cannot be sent again (${why})`));
  }
  if (plan.body) {
    response.end(plan.body);
    return;
  }
  response.flushHeaders();
  for (const chunk of plan.chunks ?? []) {
    await pause(chunk.delayMs);
    if (stopped) return;
    response.write(chunk.bytes);
  }
  await pause(plan.finish?.delayMs ?? 0);
  if (stopped) return;
  switch (plan.finish?.how ?? 'end') {
    case 'end':
      response.end();
      return;
    case 'drop':
      response.destroy();
      return;
    case 'hold':
      // The recording stopped while the agent still had the stream open: so does the mock, until the client leaves.
      return;
  }
}
