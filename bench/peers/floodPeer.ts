// The flood peer for the ingest, live-UI and proxy benchmarks: an A2A 1.0 JSON-RPC agent whose streaming answer is one
// task followed by a fixed number of small status and artifact updates, written as fast as the socket takes them
// (`rate` 0) or paced at `rate` events per second, then a completed status and the end of the stream. The events
// are built once per stream from templates so that producing them costs the benchmark as little as possible. A unary
// SendMessage is answered at once with a completed task.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FloodOptions {
  /** Updates per stream, not counting the first task and the last completed status. */
  events: number;
  /** Events per second; 0 writes as fast as the socket drains. */
  rate: number;
  /**
   * Put before each task and context id (`<prefix>task-1`), so that several peers standing for distinct agents
   * answer with distinct tasks as real agents do (ids are the server's to make unique); none by default.
   */
  idPrefix?: string;
  /** Called once a stream is over (ended or cut off), with the events written on it. */
  onStreamEnd?: (stream: number, count: StreamCount) => void;
}

export interface StreamCount {
  events: number;
  bytes: number;
}

export interface FloodPeer {
  url: string;
  /** Events and bytes written on each stream so far (the task and the completed status included). */
  streams: StreamCount[];
  close(): Promise<void>;
}

/** Events written per socket write when flooding: big enough that the peer is never the bottleneck. */
const FLOOD_BATCH = 256;
/** How often a paced stream writes, in milliseconds (the events due since the last tick go out together). */
const PACE_TICK_MS = 5;

export async function startFloodPeer(options: FloodOptions): Promise<FloodPeer> {
  const streams: StreamCount[] = [];
  const open = new Set<ServerResponse>();
  let tasks = 0;
  const server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (req.method === 'GET' && req.url?.startsWith('/.well-known/agent-card.json')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(card(base, options)));
      return;
    }
    void readBody(req).then((body) => {
      let call: { id?: unknown; method?: unknown };
      try {
        call = JSON.parse(body) as typeof call;
      } catch {
        res.writeHead(400).end();
        return;
      }
      if (call.method === 'SendMessage') {
        // A unary call answered at once with a completed task, for the proxy's added-latency measure.
        tasks++;
        res.writeHead(200, { 'content-type': 'application/json', 'a2a-version': '1.0' });
        res.end(unaryAnswer(JSON.stringify(call.id ?? null), `task-${tasks}`, `ctx-${tasks}`));
        return;
      }
      if (call.method !== 'SendStreamingMessage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: call.id ?? null,
            error: { code: -32601, message: 'Only SendMessage and SendStreamingMessage are served.' },
          }),
        );
        return;
      }
      tasks++;
      const count: StreamCount = { events: 0, bytes: 0 };
      const index = streams.push(count) - 1;
      open.add(res);
      res.on('close', () => {
        open.delete(res);
        options.onStreamEnd?.(index, count);
      });
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        'a2a-version': '1.0',
      });
      const events = eventSource(
        JSON.stringify(call.id ?? null),
        `${options.idPrefix ?? ''}task-${tasks}`,
        `${options.idPrefix ?? ''}ctx-${tasks}`,
        options.events,
      );
      const written = (events: number, text: string) => {
        count.events += events;
        count.bytes += Buffer.byteLength(text);
      };
      if (options.rate > 0) pace(res, events, options.rate, written);
      else flood(res, events, written);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    streams,
    close: () =>
      new Promise((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function unaryAnswer(rpcId: string, taskId: string, contextId: string): string {
  const status = `{"state":"TASK_STATE_COMPLETED","timestamp":"${new Date().toISOString()}"}`;
  return `{"jsonrpc":"2.0","id":${rpcId},"result":{"task":{"id":"${taskId}","contextId":"${contextId}","status":${status}}}}`;
}

/** The stream's events in order, one SSE block each; `undefined` after the last. */
function eventSource(
  rpcId: string,
  taskId: string,
  contextId: string,
  updates: number,
): () => string | undefined {
  const ids = `"taskId":"${taskId}","contextId":"${contextId}"`;
  const block = (result: string) => `data: {"jsonrpc":"2.0","id":${rpcId},"result":${result}}\n\n`;
  const started = new Date().toISOString();
  let n = -1;
  return () => {
    n++;
    if (n === 0)
      return block(
        `{"task":{"id":"${taskId}","contextId":"${contextId}","status":{"state":"TASK_STATE_WORKING","timestamp":"${started}"}}}`,
      );
    if (n <= updates) {
      // Every third update is a chunk of the artifact, the rest are progress statuses with a counter.
      if (n % 3 === 0)
        return block(
          `{"artifactUpdate":{${ids},"artifact":{"artifactId":"out","parts":[{"text":"chunk ${n} of the flood "}]},"append":${n > 3},"lastChunk":false}}`,
        );
      return block(`{"statusUpdate":{${ids},"status":{"state":"TASK_STATE_WORKING"},"metadata":{"n":${n}}}}`);
    }
    if (n === updates + 1)
      return block(
        `{"statusUpdate":{${ids},"status":{"state":"TASK_STATE_COMPLETED","timestamp":"${new Date().toISOString()}"}}}`,
      );
    return undefined;
  };
}

function flood(
  res: ServerResponse,
  next: () => string | undefined,
  written: (events: number, text: string) => void,
): void {
  const write = () => {
    while (!res.destroyed) {
      let text = '';
      let count = 0;
      while (count < FLOOD_BATCH) {
        const event = next();
        if (event === undefined) break;
        text += event;
        count++;
      }
      if (count === 0) {
        res.end();
        return;
      }
      written(count, text);
      if (!res.write(text)) {
        res.once('drain', write);
        return;
      }
    }
  };
  write();
}

function pace(
  res: ServerResponse,
  next: () => string | undefined,
  rate: number,
  written: (events: number, text: string) => void,
): void {
  const started = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) * rate) / 1000) - sent;
    let text = '';
    let count = 0;
    let done = false;
    while (count < due) {
      const event = next();
      if (event === undefined) {
        done = true;
        break;
      }
      text += event;
      count++;
    }
    sent += count;
    if (count > 0) {
      written(count, text);
      res.write(text);
    }
    if (done || res.destroyed) {
      clearInterval(timer);
      res.end();
    }
  }, PACE_TICK_MS);
  res.on('close', () => clearInterval(timer));
}

function card(base: string, options: FloodOptions) {
  return {
    name: 'Flood',
    description: `Streams ${options.events} updates ${options.rate > 0 ? `at ${options.rate} a second` : 'as fast as it can'}.`,
    supportedInterfaces: [{ url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'flood', name: 'Flood', description: 'Streams many small updates.', tags: ['bench'] }],
  };
}
