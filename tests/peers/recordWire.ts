// `npm run record:wire`: starts every test peer and a webhook receiver on 127.0.0.1, drives each generation × binding
// through the project's own host (`fetchRaw`, so frames hold the exact bytes), and writes one JSON fixture per exchange
// group to tests/fixtures/wire/<peer>/<binding>-<operation>.json. Ids, ports and timestamps change between runs.
// Each group checks what it recorded (states, codes) so a fixture is never silently wrong.

import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { createHost } from '../../electron/host/createHost';
import type { RawRequest } from '../../shared/host/hostApi';
import type { HttpFrame } from '../../shared/wire/frame';
import { peers, type PeerName } from './index';
import { PEER_BEARER_TOKEN } from './peerAuth';
import type { PeerGeneration, PeerHandle } from './types';
import { startWebhookReceiver, type PushDelivery, type WebhookReceiver } from './webhookReceiver';
import {
  cardRequest,
  dialect01,
  dialect03Rest,
  dialect10JsonRpc,
  dialect10Rest,
  dialectKindJsonRpc,
  isRecord,
  lastStreamState,
  normalizeState,
  readOutcome,
  readStream,
  responseJson,
  streamTaskId,
  withoutVersionHeader,
  type Dialect,
  type Outcome,
  type TaskSummary,
} from './wireClient';

const SOURCE = 'record-wire';
const FIXTURE_ROOT = path.resolve('tests/fixtures/wire');
const DELIVERY_WAIT_MS = 10_000;

interface Fixture {
  description: string;
  peer: string;
  generation: PeerGeneration;
  binding: string;
  baseUrl: string;
  frames: HttpFrame[];
  pushDeliveries?: PushDelivery[];
}

type GroupResult = Pick<Fixture, 'description' | 'frames' | 'pushDeliveries'>;

interface Lane {
  /** File-name prefix: `jsonrpc`, `rest`, or `jsonrpc-0.3` / `rest-0.3` for the compat peer's legacy dialect. */
  label: string;
  dialect: Dialect;
}

const host = createHost({ edition: 'cli', appVersion: 'record-wire' });

async function fetchFrame(request: RawRequest): Promise<HttpFrame> {
  const frame = await host.fetchRaw(request);
  if (frame.error)
    throw new Error(`${request.method} ${request.url}: ${frame.error.label}: ${frame.error.message}`);
  return frame;
}

function expectTask(frame: HttpFrame, state: string, what: string): TaskSummary {
  const outcome = readOutcome(frame);
  if (outcome.kind !== 'task' || outcome.state !== state) {
    throw new Error(`${what}: expected a task in ${state}, got ${describe(outcome)}`);
  }
  return outcome;
}

function expectOutcome(frame: HttpFrame, kind: Outcome['kind'], what: string): Outcome {
  const outcome = readOutcome(frame);
  if (outcome.kind !== kind) throw new Error(`${what}: expected ${kind}, got ${describe(outcome)}`);
  return outcome;
}

function expectStreamEnd(frame: HttpFrame, state: string, what: string): string {
  const items = readStream(frame);
  const last = lastStreamState(items);
  const taskId = streamTaskId(items);
  if (last !== state || taskId === undefined) {
    throw new Error(
      `${what}: expected a stream ending in ${state}, got ${frame.response?.body.text.slice(0, 300)}`,
    );
  }
  return taskId;
}

/** A 2xx answer without a JSON-RPC error: for calls whose result is neither a task nor a message. */
function expectSuccess(frame: HttpFrame, what: string): HttpFrame {
  const status = frame.response?.status ?? 0;
  const json = responseJson(frame);
  if (status < 200 || status > 299 || (isRecord(json) && json.error !== undefined)) {
    throw new Error(`${what}: expected success, got ${status} ${frame.response?.body.text.slice(0, 300)}`);
  }
  return frame;
}

function describe(outcome: Outcome): string {
  if (outcome.kind === 'task') return `task ${outcome.state}`;
  if (outcome.kind === 'message') return `message "${outcome.text}"`;
  return `error ${outcome.status} ${String(outcome.code)} ${outcome.message}`;
}

const byStart = (frames: HttpFrame[]) => [...frames].sort((a, b) => a.timing.start - b.timing.start);

/** Waits until the webhook at `hookPath` has received a body that shows the task in a terminal state. */
async function waitForTerminalDelivery(hooks: WebhookReceiver, hookPath: string): Promise<void> {
  const terminal = hooks.waitFor(
    (delivery) => delivery.path === hookPath && isTerminalBody(delivery.body.text),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no terminal push delivery at ${hookPath}`)), DELIVERY_WAIT_MS);
  });
  try {
    await Promise.race([terminal, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function isTerminalBody(text: string): boolean {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isRecord(json)) return false;
  const holder = isRecord(json.statusUpdate) ? json.statusUpdate : isRecord(json.task) ? json.task : json;
  const state = isRecord(holder.status) ? normalizeState(holder.status.state) : '';
  return state === 'completed' || state === 'canceled' || state === 'failed';
}

/** The operations recorded for each lane; each returns one fixture's frames. */
function groupsFor(peer: PeerHandle, lane: Lane, hooks: WebhookReceiver) {
  const d = lane.dialect;
  const gen = d.generation;
  const tag = `${gen} ${d.binding === 'JSONRPC' ? 'JSON-RPC' : 'HTTP+JSON'}`;
  const hookPath = (op: string) => `/hooks/${peer.name}/${lane.label}/${op}`;
  const groups: Record<string, () => Promise<GroupResult>> = {};

  groups.send = async () => {
    const frame = await fetchFrame(d.send({ text: 'hello from Switchboard', blocking: true }));
    expectTask(frame, 'completed', 'send');
    return {
      description: `${tag}: blocking send of plain text → completed task with the echo artifact`,
      frames: [frame],
    };
  };

  groups['send-attachments'] = async () => {
    const frame = await fetchFrame(
      d.send({ text: 'hello with attachments', attachments: true, blocking: true }),
    );
    expectTask(frame, 'completed', 'send-attachments');
    return {
      description: `${tag}: blocking send of text + file (inline bytes) + data → the artifact adds a data part describing what arrived and echoes the file`,
      frames: [frame],
    };
  };

  groups.stream = async () => {
    const frame = await fetchFrame(d.stream({ text: 'stream this back to me' }));
    expectStreamEnd(frame, 'completed', 'stream');
    return {
      description: `${tag}: streaming send (SSE) → submitted, working, the echo artifact in chunks (append/lastChunk), completed`,
      frames: [frame],
    };
  };

  groups.get = async () => {
    const send = await fetchFrame(d.send({ text: 'remember this', blocking: true }));
    const task = expectTask(send, 'completed', 'get/send');
    const get = await fetchFrame(d.getTask(task.id, 10));
    expectTask(get, 'completed', 'get');
    return { description: `${tag}: send, then get the task with historyLength 10`, frames: [send, get] };
  };

  groups.cancel = async () => {
    if (gen === '0.1') {
      // 0.1 has no non-blocking send: the slow task runs on a stream, canceled while the stream is open.
      const taskId = `task-${randomUUID()}`;
      const opened = peer.nextStreamOpened();
      const streaming = fetchFrame(d.stream({ text: 'slow please', taskId }));
      await opened;
      const cancel = await fetchFrame(d.cancel(taskId));
      expectTask(cancel, 'canceled', 'cancel');
      const stream = await streaming;
      expectStreamEnd(stream, 'canceled', 'cancel/stream');
      return {
        description: `${tag}: a slow task on tasks/sendSubscribe, canceled while streaming; the stream ends with final canceled`,
        frames: byStart([stream, cancel]),
      };
    }
    const send = await fetchFrame(d.send({ text: 'slow please', blocking: false }));
    const task = expectOutcome(send, 'task', 'cancel/send') as TaskSummary;
    const cancel = await fetchFrame(d.cancel(task.id));
    expectTask(cancel, 'canceled', 'cancel');
    return {
      description: `${tag}: non-blocking send of a slow task, then cancel → canceled`,
      frames: [send, cancel],
    };
  };

  groups['multi-turn'] = async () => {
    const first = await fetchFrame(d.send({ text: 'I need input', blocking: true }));
    const task = expectTask(first, 'input-required', 'multi-turn/first');
    const second = await fetchFrame(
      d.send({ text: 'blue', taskId: task.id, contextId: task.contextId, blocking: true }),
    );
    expectTask(second, 'completed', 'multi-turn/follow-up');
    return {
      description: `${tag}: blocking send → input-required with the agent's question; follow-up on the same task → completed`,
      frames: [first, second],
    };
  };

  groups['multi-turn-stream'] = async () => {
    // 0.1 stream events carry no sessionId, so the client keeps the one it chose.
    const session = gen === '0.1' ? `session-${randomUUID()}` : undefined;
    const first = await fetchFrame(
      d.stream({ text: 'I need input', ...(session ? { contextId: session } : {}) }),
    );
    const taskId = expectStreamEnd(first, 'input-required', 'multi-turn-stream/first');
    const contextId = session ?? streamContext(first);
    const second = await fetchFrame(d.stream({ text: 'green', taskId, ...(contextId ? { contextId } : {}) }));
    expectStreamEnd(second, 'completed', 'multi-turn-stream/follow-up');
    return {
      description: `${tag}: streaming send ending at input-required; streaming follow-up on the same task → completed`,
      frames: [first, second],
    };
  };

  if (gen !== '0.1') {
    groups.message = async () => {
      const send = await fetchFrame(d.send({ text: 'message me', blocking: true }));
      expectOutcome(send, 'message', 'message/send');
      const stream = await fetchFrame(d.stream({ text: 'message me on a stream' }));
      if (readStream(stream)[0]?.type !== 'message') throw new Error('message/stream: no message item');
      return {
        description: `${tag}: a direct agent Message instead of a task, blocking and streamed (one item)`,
        frames: [send, stream],
      };
    };
  }

  groups.fail = async () => {
    const frame = await fetchFrame(d.send({ text: 'please fail', blocking: true }));
    expectTask(frame, 'failed', 'fail');
    return { description: `${tag}: blocking send → failed with an agent message`, frames: [frame] };
  };

  groups['push-config'] = async () => {
    const hook = hookPath('push-config');
    const target = { url: hooks.urlFor(hook), token: `token-${lane.label}`, id: 'cfg-1' };
    const frames: HttpFrame[] = [];
    const first = await fetchFrame(d.send({ text: 'I need input first', blocking: true }));
    frames.push(first);
    const task = expectTask(first, 'input-required', 'push-config/send');
    frames.push(expectSuccess(await fetchFrame(d.pushSet(task.id, target)), 'push-config/set'));
    frames.push(expectSuccess(await fetchFrame(d.pushGet(task.id, target.id)), 'push-config/get'));
    if (d.pushList) frames.push(expectSuccess(await fetchFrame(d.pushList(task.id)), 'push-config/list'));
    const followUp = await fetchFrame(
      d.send({ text: 'red', taskId: task.id, contextId: task.contextId, blocking: true }),
    );
    frames.push(followUp);
    expectTask(followUp, 'completed', 'push-config/follow-up');
    // 0.2.5 stores configs but has no sender, so nothing ever arrives there.
    if (gen !== '0.2') await waitForTerminalDelivery(hooks, hook);
    if (d.pushDelete)
      frames.push(expectSuccess(await fetchFrame(d.pushDelete(task.id, target.id)), 'push/delete'));
    if (d.pushList)
      frames.push(expectSuccess(await fetchFrame(d.pushList(task.id)), 'push-config/list again'));
    return {
      description:
        `${tag}: task waits at input-required; push config set, get` +
        (d.pushList ? ', list' : '') +
        '; the follow-up completes it' +
        (gen === '0.2' ? ' (0.2.5 delivers nothing)' : ' and the deliveries arrive') +
        (d.pushDelete ? '; config deleted, list again' : ''),
      frames,
      pushDeliveries: hooks.deliveriesTo(hook),
    };
  };

  if (gen !== '0.2') {
    groups['push-on-send'] = async () => {
      const hook = hookPath('push-on-send');
      const target = { url: hooks.urlFor(hook), token: `token-${lane.label}`, id: 'cfg-inline' };
      const frame = await fetchFrame(d.send({ text: 'notify me', blocking: true, push: target }));
      expectTask(frame, 'completed', 'push-on-send');
      await waitForTerminalDelivery(hooks, hook);
      return {
        description: `${tag}: blocking send with the push config inline; the webhook deliveries of the whole task`,
        frames: [frame],
        pushDeliveries: hooks.deliveriesTo(hook),
      };
    };
  }

  const extendedCard = d.extendedCard;
  if (extendedCard) {
    groups['extended-card'] = async () => {
      const anonymous = expectSuccess(await fetchFrame(extendedCard()), 'extended-card');
      const authenticated = expectSuccess(
        await fetchFrame(extendedCard(PEER_BEARER_TOKEN)),
        'extended-card/auth',
      );
      return {
        description: `${tag}: extended card without credentials (the SDK answers with the public card) and with the bearer token`,
        frames: [anonymous, authenticated],
      };
    };
  }

  const listTasks = d.listTasks;
  if (listTasks) {
    groups['list-tasks'] = async () => {
      const send = await fetchFrame(d.send({ text: 'list me', blocking: true }));
      const task = expectTask(send, 'completed', 'list-tasks/send');
      const list = async (query: Parameters<typeof listTasks>[0]) =>
        expectSuccess(await fetchFrame(listTasks(query)), `list-tasks ${JSON.stringify(query)}`);
      const all = await list({ pageSize: 3 });
      const byContext = await list({ contextId: task.contextId, includeArtifacts: true });
      const byState = await list({ status: 'TASK_STATE_COMPLETED', pageSize: 2 });
      return {
        description: `${tag}: ListTasks — first page of 3, by contextId with artifacts, by status COMPLETED (page of 2)`,
        frames: [send, all, byContext, byState],
      };
    };
  }

  groups.subscribe = async () => {
    const frames: HttpFrame[] = [];
    let taskId: string;
    let first: Promise<HttpFrame> | undefined;
    if (gen === '0.1') {
      taskId = `task-${randomUUID()}`;
      const opened = peer.nextStreamOpened();
      first = fetchFrame(d.stream({ text: 'slow please', taskId }));
      await opened;
    } else {
      const send = await fetchFrame(d.send({ text: 'slow please', blocking: false }));
      frames.push(send);
      taskId = (expectOutcome(send, 'task', 'subscribe/send') as TaskSummary).id;
    }
    const opened = peer.nextStreamOpened();
    const subscribing = fetchFrame(d.subscribe(taskId));
    await opened;
    const cancel = await fetchFrame(d.cancel(taskId));
    expectTask(cancel, 'canceled', 'subscribe/cancel');
    const subscription = await subscribing;
    expectStreamEnd(subscription, 'canceled', 'subscribe');
    frames.push(subscription, cancel);
    if (first) frames.push(await first);
    // Subscribing to a finished task: 1.0 refuses (UnsupportedOperation), the 0.x SDKs replay the task and close.
    frames.push(await fetchFrame(d.subscribe(taskId)));
    return {
      description: `${tag}: subscribe to a running slow task, cancel it while subscribed (the stream ends canceled), then subscribe to the finished task`,
      frames: byStart(frames),
    };
  };

  groups.errors = async () => {
    const frames: HttpFrame[] = [];
    frames.push(await fetchFrame(d.getTask('no-such-task')));
    frames.push(await fetchFrame(d.unknownMethod()));
    frames.push(await fetchFrame(d.invalidParams()));
    frames.push(await fetchFrame(d.malformed()));
    const send = await fetchFrame(d.send({ text: 'done already', blocking: true }));
    const task = expectTask(send, 'completed', 'errors/send');
    frames.push(send, await fetchFrame(d.cancel(task.id)));
    if (gen === '1.0') frames.push(await fetchFrame(withoutVersionHeader(d.getTask('no-such-task'))));
    for (const frame of frames) {
      if (frame !== send && readOutcome(frame).kind !== 'error') {
        throw new Error(`errors: ${frame.request.method} ${frame.request.url} did not fail`);
      }
    }
    return {
      description:
        `${tag}: unknown task id, unknown method, invalid params (no messageId / no task id), malformed JSON, ` +
        'cancel of a completed task' +
        (gen === '1.0' ? ', and GetTask without the A2A-Version header' : ''),
      frames,
    };
  };

  return groups;
}

function streamContext(frame: HttpFrame): string | undefined {
  for (const item of readStreamJson(frame)) {
    const holder = isRecord(item.task) ? item.task : isRecord(item.statusUpdate) ? item.statusUpdate : item;
    if (typeof holder.contextId === 'string') return holder.contextId;
  }
  return undefined;
}

function readStreamJson(frame: HttpFrame): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const line of (frame.response?.body.text ?? '').split('\n')) {
    if (!line.startsWith('data:')) continue;
    try {
      const json: unknown = JSON.parse(line.slice(5));
      const item = isRecord(json) && json.jsonrpc === '2.0' ? json.result : json;
      if (isRecord(item)) out.push(item);
    } catch {
      // Not JSON: nothing to read here.
    }
  }
  return out;
}

interface Card {
  url?: unknown;
  additionalInterfaces?: unknown;
  supportedInterfaces?: unknown;
}

function interfaceUrl(card: Card, match: (entry: Record<string, unknown>) => boolean): string {
  const lists = [card.supportedInterfaces, card.additionalInterfaces];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    const found = list.find((entry): entry is Record<string, unknown> => isRecord(entry) && match(entry));
    if (found && typeof found.url === 'string') return found.url;
  }
  throw new Error(`no matching interface on the card: ${JSON.stringify(card)}`);
}

/** Endpoints come from the card, as a client would find them. */
function lanesFor(name: PeerName, card: Card): Lane[] {
  const iface = (binding: string, version?: string) =>
    interfaceUrl(
      card,
      (e) =>
        (e.protocolBinding ?? e.transport) === binding &&
        (version === undefined || e.protocolVersion === version),
    );
  switch (name) {
    case 'v0.1':
      return [{ label: 'jsonrpc', dialect: dialect01(String(card.url), SOURCE) }];
    case 'v0.2':
      return [{ label: 'jsonrpc', dialect: dialectKindJsonRpc('0.2', String(card.url), SOURCE) }];
    case 'v0.3':
      return [
        { label: 'jsonrpc', dialect: dialectKindJsonRpc('0.3', iface('JSONRPC'), SOURCE) },
        { label: 'rest', dialect: dialect03Rest(iface('HTTP+JSON'), SOURCE, 'whole-request') },
      ];
    case 'v1.0':
      return [
        { label: 'jsonrpc', dialect: dialect10JsonRpc(iface('JSONRPC', '1.0'), SOURCE) },
        { label: 'rest', dialect: dialect10Rest(iface('HTTP+JSON', '1.0'), SOURCE) },
      ];
    case 'v1.0-compat':
      return [
        { label: 'jsonrpc', dialect: dialect10JsonRpc(iface('JSONRPC', '1.0'), SOURCE) },
        { label: 'rest', dialect: dialect10Rest(iface('HTTP+JSON', '1.0'), SOURCE) },
        { label: 'jsonrpc-0.3', dialect: dialectKindJsonRpc('0.3', iface('JSONRPC', '0.3'), SOURCE) },
        { label: 'rest-0.3', dialect: dialect03Rest(iface('HTTP+JSON', '0.3'), SOURCE) },
      ];
  }
}

async function recordPeer(name: PeerName, hooks: WebhookReceiver): Promise<number> {
  const peer = await peers[name]();
  const folder = path.join(FIXTURE_ROOT, name);
  await clearFolder(folder);
  let written = 0;
  const write = async (file: string, fixture: Fixture) => {
    const target = path.join(folder, file);
    const options = (await resolveConfig(target)) ?? {};
    await writeFile(target, await format(JSON.stringify(fixture), { ...options, parser: 'json' }));
    written++;
  };
  try {
    const modern = peer.generation === '0.3' || peer.generation === '1.0';
    const cardFrames = [
      await fetchFrame(cardRequest(peer.cardUrl, SOURCE, peer.generation === '1.0' ? '1.0' : undefined)),
    ];
    if (name === 'v1.0-compat') cardFrames.push(await fetchFrame(cardRequest(peer.cardUrl, SOURCE)));
    const card = responseJson(cardFrames[0] as HttpFrame);
    if (!isRecord(card)) throw new Error(`${name}: the card is not JSON`);
    await write('well-known-card.json', {
      description:
        name === 'v1.0-compat'
          ? 'The card with A2A-Version: 1.0 (the 1.0 card with 0.3 mirror interfaces) and without it (the 0.3-shaped superset card)'
          : `The public card at ${modern ? '/.well-known/agent-card.json' : '/.well-known/agent.json'}`,
      peer: name,
      generation: peer.generation,
      binding: 'well-known',
      baseUrl: peer.baseUrl,
      frames: cardFrames,
    });

    for (const lane of lanesFor(name, card)) {
      for (const [operation, run] of Object.entries(groupsFor(peer, lane, hooks))) {
        const result = await run().catch((error: unknown) => {
          throw new Error(
            `${name} ${lane.label}-${operation}: ${error instanceof Error ? error.message : error}`,
          );
        });
        await write(`${lane.label}-${operation}.json`, {
          description: result.description,
          peer: name,
          generation: lane.dialect.generation,
          binding: lane.dialect.binding,
          baseUrl: peer.baseUrl,
          frames: result.frames,
          ...(result.pushDeliveries ? { pushDeliveries: result.pushDeliveries } : {}),
        });
      }
    }
  } finally {
    await peer.close();
  }
  return written;
}

async function clearFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const file of await readdir(folder)) {
    if (file.endsWith('.json')) await rm(path.join(folder, file));
  }
}

/** The SDKs log every push delivery and every error they answer; keep that out of the way unless recording fails. */
function quietSdkLogs(): { restore(): void; lines: string[] } {
  const lines: string[] = [];
  const saved = { info: console.info, warn: console.warn, error: console.error };
  const keep =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push(`[${level}] ${args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')}`);
  console.info = keep('info');
  console.warn = keep('warn');
  console.error = keep('error');
  return {
    lines,
    restore() {
      Object.assign(console, saved);
    },
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const hooks = await startWebhookReceiver();
  const logs = quietSdkLogs();
  const counts: string[] = [];
  try {
    for (const name of Object.keys(peers) as PeerName[]) {
      counts.push(`${name}: ${await recordPeer(name, hooks)}`);
    }
  } catch (error) {
    logs.restore();
    console.error(logs.lines.join('\n'));
    throw error;
  } finally {
    logs.restore();
    await hooks.close();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Wrote fixtures to ${path.relative(process.cwd(), FIXTURE_ROOT)} (${counts.join(', ')}) in ${seconds} s.`,
  );
  console.log(`${logs.lines.length} SDK log lines were held back.`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
