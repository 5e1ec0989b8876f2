// A tiny loopback relay that stands in for the recording proxy's core in the PRX-4 tests until the two are wired
// together: it listens on 127.0.0.1 port 0, forwards every request to the one upstream it was opened for (never
// anywhere else), points the card's interfaces at itself, and runs the fault hooks on each exchange the way the core
// calls ProxyHooks: answerInstead first, else shapeAnswer on the upstream's answer, streamed chunk by chunk. A body
// that throws (a dropped stream) ends the client's connection abruptly. It records nothing; the core does that.

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ProxiedRequest, ProxyAnswer, ProxyBinding, ProxyHooks } from '../../../shared/proxy/proxyTypes';
import type { HeaderList } from '../../../shared/wire/frame';

export interface FaultRelay {
  url: string;
  /** Resolves when the next answer's head has gone to the client. */
  nextHeadSent(): Promise<void>;
  /** Resolves when the next answer has finished: its body ended, threw, or the client went away. */
  nextAnswerDone(): Promise<{ clientGone: boolean }>;
  close(): Promise<void>;
}

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
]);

function bindingOf(path: string): ProxyBinding {
  if (path.startsWith('/a2a/jsonrpc')) return 'JSONRPC';
  if (path.startsWith('/a2a/rest')) return 'HTTP+JSON';
  return path.includes('agent-card.json') ? 'card' : 'other';
}

/** The message's text parts and task, from a 1.0 JSON-RPC or REST body, as the core reads them. */
function messageOf(body: Uint8Array): { text?: string; taskId?: string } {
  try {
    const json = JSON.parse(new TextDecoder().decode(body)) as {
      params?: { message?: Msg; id?: string };
      message?: Msg;
    };
    const message = json.params?.message ?? json.message;
    const texts = (message?.parts ?? []).flatMap((p) => (typeof p.text === 'string' ? [p.text] : []));
    const taskId = message?.taskId || json.params?.id;
    return { ...(texts.length ? { text: texts.join('\n') } : {}), ...(taskId ? { taskId } : {}) };
  } catch {
    return {};
  }
}
type Msg = { parts?: Array<{ text?: unknown }>; taskId?: string };

async function readAll(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function forward(upstream: URL, request: IncomingMessage, body: Uint8Array): Promise<ProxyAnswer> {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !hopByHop.has(name.toLowerCase())),
  );
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers },
      (answer) => {
        const list: HeaderList = [];
        for (let i = 0; i < answer.rawHeaders.length; i += 2)
          list.push([answer.rawHeaders[i] ?? '', answer.rawHeaders[i + 1] ?? '']);
        resolve({
          status: answer.statusCode ?? 502,
          statusText: answer.statusMessage ?? '',
          headers: list.filter(([name]) => !hopByHop.has(name.toLowerCase())),
          body: answer,
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The card with every interface pointing at the relay: the one rewrite a proxy makes to the agent's bytes. */
async function rewrittenCard(answer: ProxyAnswer, upstream: URL, self: string): Promise<ProxyAnswer> {
  let text = '';
  for await (const chunk of answer.body) text += Buffer.from(chunk).toString('utf8');
  const moved = Buffer.from(text.split(upstream.origin).join(self));
  const headers = answer.headers.filter(([name]) => name.toLowerCase() !== 'content-length');
  return {
    ...answer,
    headers,
    body: (async function* () {
      yield moved;
    })(),
  };
}

type Waiter<T> = (value: T) => void;

/** `generation` is the upstream's, as the core reads it from the card. */
export async function startFaultRelay(
  upstreamBase: string,
  hooks: ProxyHooks,
  generation = '1.0',
): Promise<FaultRelay> {
  const upstream = new URL(upstreamBase);
  const heads: Array<Waiter<void>> = [];
  const dones: Array<Waiter<{ clientGone: boolean }>> = [];
  const sockets = new Set<Socket>();
  let self = '';

  async function send(answer: ProxyAnswer, response: ServerResponse, closed: AbortSignal): Promise<void> {
    let headSent = false;
    const sentHead = () => {
      if (!headSent) heads.shift()?.();
      headSent = true;
    };
    response.writeHead(answer.status, answer.headers.flat());
    try {
      for await (const chunk of answer.body) {
        // An empty chunk asks for the head now (a stall); Node sends the head with the first write otherwise.
        if (chunk.length === 0) response.flushHeaders();
        else response.write(chunk);
        sentHead();
      }
      response.end();
    } catch {
      // A dropped stream: what was written reaches the client, then the connection closes without the last chunk.
      if (response.socket) response.socket.end();
      else response.destroy();
    }
    sentHead();
    dones.shift()?.({ clientGone: closed.aborted });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const client = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) client.abort();
    });
    const body = await readAll(request);
    const path = request.url ?? '/';
    const binding = bindingOf(path);
    const { text, taskId } = messageOf(body);
    const proxied: ProxiedRequest = {
      proxyId: 'relay',
      binding,
      generation,
      method: request.method ?? 'GET',
      path,
      headers: Object.entries(request.headers).map(([k, v]) => [k, String(v)]),
      body,
      ...(text !== undefined ? { messageText: text } : {}),
      ...(taskId !== undefined ? { taskId } : {}),
    };
    const instead = binding === 'card' ? undefined : hooks.answerInstead?.(proxied);
    if (instead) return send(instead, response, client.signal);
    const answer = await forward(upstream, request, body);
    if (binding === 'card') return send(await rewrittenCard(answer, upstream, self), response, client.signal);
    const shaped = hooks.shapeAnswer ? hooks.shapeAnswer(proxied, answer, client.signal) : answer;
    return send(shaped, response, client.signal);
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  self = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: self,
    nextHeadSent: () => new Promise((resolve) => heads.push(resolve)),
    nextAnswerDone: () => new Promise((resolve) => dones.push(resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
