// The client side of bench:proxy: the official @a2a-js/sdk 1.3.0 client (JSON-RPC transport) talking to one agent
// directly and through the recording proxy, call for call. Calls alternate between the two paths, and which path goes
// first swaps every pair, so that drift in the machine's load (two cores shared with other work) falls on both alike.

import { Role, type Message } from '@a2a-js/sdk';
import {
  ClientFactory,
  ClientFactoryOptions,
  JsonRpcTransportFactory,
  type Client,
} from '@a2a-js/sdk/client';

export interface Paths {
  direct: Client;
  proxied: Client;
}

/** Milliseconds per call on each path, in the order they were taken. */
export interface PathTimes {
  direct: number[];
  proxied: number[];
}

export async function sdkClient(url: string): Promise<Client> {
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory()],
    }),
  );
  return factory.createFromUrl(url);
}

let sent = 0;

function request(text: string) {
  const message: Message = {
    messageId: `bench-proxy-${++sent}`,
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
  return { tenant: '', message, configuration: undefined, metadata: undefined };
}

/** One unary SendMessage, request to parsed answer. */
async function unaryMs(client: Client): Promise<number> {
  const started = performance.now();
  await client.sendMessage(request('ping'));
  return performance.now() - started;
}

/** One SendStreamingMessage: request to the first event the client yields; the rest is read and not timed. */
async function firstEventMs(client: Client): Promise<number> {
  const started = performance.now();
  let first: number | undefined;
  for await (const event of client.sendMessageStream(request('stream'))) {
    if (first === undefined && event.payload) first = performance.now() - started;
  }
  if (first === undefined) throw new Error('a stream ended without an event');
  return first;
}

async function alternate(paths: Paths, pairs: number, call: (client: Client) => Promise<number>) {
  const times: PathTimes = { direct: [], proxied: [] };
  for (let i = 0; i < pairs; i++) {
    const order = i % 2 === 0 ? (['direct', 'proxied'] as const) : (['proxied', 'direct'] as const);
    for (const path of order) times[path].push(await call(paths[path]));
  }
  return times;
}

/** `pairs` unary calls on each path, after `warmup` pairs that are not kept (connections, JIT). */
export async function unaryTimes(paths: Paths, pairs: number, warmup: number): Promise<PathTimes> {
  await alternate(paths, warmup, unaryMs);
  return alternate(paths, pairs, unaryMs);
}

/** `pairs` streams on each path, timed to their first event, after `warmup` pairs that are not kept. */
export async function firstEventTimes(paths: Paths, pairs: number, warmup: number): Promise<PathTimes> {
  await alternate(paths, warmup, firstEventMs);
  return alternate(paths, pairs, firstEventMs);
}

/** One whole stream on one path: the events the client yielded and the milliseconds to its end. */
export async function floodRun(client: Client): Promise<{ events: number; ms: number }> {
  const started = performance.now();
  let events = 0;
  for await (const event of client.sendMessageStream(request('flood'))) if (event.payload) events++;
  return { events, ms: performance.now() - started };
}
