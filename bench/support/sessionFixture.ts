// Saved sessions of any size for bench:ui-open and the browse-mode tests, written frame by frame so that a million
// events never sit in memory: one agent, then streams of `perStream` events each (the http exchange, then its sse
// frames: a task, working updates and artifact chunks, a completed status), in the layout sessionFileText writes.
// Frames have the shape the host records (frameSchema.ts checks them on open). With `agents` above one, the agents
// take turns stream by stream and each numbers its own tasks, so they use the same task ids, as agents may.

import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { SESSION_FORMAT, SESSION_SCHEMA_VERSION } from '../../shared/session/sessionFile';

export interface FixtureOptions {
  /** SSE events in all (the http exchanges that carry them come on top). */
  events: number;
  perStream?: number;
  /** Agents taking turns, one stream each (1 when absent: the one agent `bench-agent`). */
  agents?: number;
}

export interface Fixture {
  /** Frames written: exchanges plus events. */
  frames: number;
  events: number;
  bytes: number;
}

const AGENT_ID = 'bench-agent';

/** The ids of the fixture's agents: `bench-agent` alone, or `bench-agent-0` … when there are several. */
export function fixtureAgentIds(agents = 1): string[] {
  return agents <= 1 ? [AGENT_ID] : Array.from({ length: agents }, (_, k) => `${AGENT_ID}-${k}`);
}

/** Whose stream `stream` is, and the task it carries: each agent numbers its tasks from 0. */
interface StreamIds {
  agentId: string;
  taskId: string;
  contextId: string;
}

function streamIds(stream: number, agentIds: readonly string[]): StreamIds {
  const n = Math.floor(stream / agentIds.length);
  return { agentId: agentIds[stream % agentIds.length]!, taskId: `task-${n}`, contextId: `ctx-${n}` };
}
const ORIGIN = 'http://127.0.0.1:9';

export async function writeSessionFixture(file: string, options: FixtureOptions): Promise<Fixture> {
  const perStream = options.perStream ?? 100;
  const agentIds = fixtureAgentIds(options.agents);
  const out = createWriteStream(file);
  let bytes = 0;
  // Frames are gathered into pieces of about a megabyte: ten million writes of a line each would take minutes.
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = async () => {
    const text = pending.join('');
    pending = [];
    pendingLength = 0;
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  const write = async (text: string) => {
    pending.push(text);
    pendingLength += text.length;
    if (pendingLength >= 1 << 20) await flush();
  };
  await write(`${JSON.stringify(sessionHead(options.events, agentIds)).slice(0, -1)},\n"frames":[`);
  let frames = 0;
  let written = 0;
  let at = Date.UTC(2026, 10, 22);
  for (let stream = 0; written < options.events; stream++) {
    const count = Math.min(perStream, options.events - written);
    const ids = streamIds(stream, agentIds);
    const events = streamEvents(stream, ids, count, at);
    at = events.at;
    await write(
      `${frames === 0 ? '\n' : ',\n'}${JSON.stringify(exchangeFrame(stream, ids, count, at, events.bytes))}`,
    );
    for (const event of events.lines) await write(`,\n${event}`);
    frames += 1 + count;
    written += count;
  }
  await write('\n],\n"blobs":{}}\n');
  await flush();
  out.end();
  await once(out, 'finish');
  return { frames, events: written, bytes };
}

/** The session's head: its format, title and the 1.0 agents whose cards are in it. */
function sessionHead(events: number, agentIds: readonly string[]) {
  const card = JSON.stringify({
    name: 'Bench agent',
    description: 'Streams for the open benchmark.',
    supportedInterfaces: [{ url: `${ORIGIN}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    version: '1.0.0',
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
  });
  return {
    format: SESSION_FORMAT,
    schemaVersion: SESSION_SCHEMA_VERSION,
    appVersion: 'bench',
    savedAt: new Date(0).toISOString(),
    title: `Bench session of ${events} events`,
    generation: '1.0',
    agents: agentIds.map((id, k) => ({
      id,
      name: agentIds.length > 1 ? `Bench agent ${k}` : 'Bench agent',
      cardUrl: `${ORIGIN}/.well-known/agent-card.json`,
      origin: ORIGIN,
      cardText: card,
      generation: '1.0',
    })),
    redactions: [],
  };
}

/** One stream's result at position n of count: the task, status and artifact updates, then the end. */
function streamResult({ taskId, contextId }: StreamIds, n: number, count: number) {
  const ids = { taskId, contextId };
  if (n === 0)
    return { task: { id: ids.taskId, contextId: ids.contextId, status: { state: 'TASK_STATE_WORKING' } } };
  if (n === count - 1) return { statusUpdate: { ...ids, status: { state: 'TASK_STATE_COMPLETED' } } };
  if (n % 3 === 0)
    return {
      artifactUpdate: {
        ...ids,
        artifact: { artifactId: 'out', parts: [{ text: `chunk ${n} ` }] },
        append: n > 3,
      },
    };
  return { statusUpdate: { ...ids, status: { state: 'TASK_STATE_WORKING' }, metadata: { n } } };
}

/** The SSE frames of one stream, as JSON lines, half a millisecond apart from `at`. */
function streamEvents(stream: number, streamIds: StreamIds, count: number, at: number) {
  const exchangeId = `x${stream}`;
  const ids = { taskId: streamIds.taskId, contextId: streamIds.contextId };
  const lines: string[] = [];
  let offset = 0;
  for (let n = 0; n < count; n++) {
    const result = streamResult(streamIds, n, count);
    const data = JSON.stringify({ jsonrpc: '2.0', id: stream, result });
    const raw = `data: ${data}\n\n`;
    const size = Buffer.byteLength(raw);
    const item = 'task' in result ? 'task' : 'artifactUpdate' in result ? 'artifact-update' : 'status-update';
    const state = n === count - 1 ? 'completed' : item === 'artifact-update' ? undefined : 'working';
    lines.push(
      JSON.stringify({
        kind: 'sse',
        id: `${exchangeId}-e${n}`,
        exchangeId,
        source: 'agent:stream',
        timing: { start: (at += 0.5) },
        seq: n,
        offset: { start: offset, end: offset + size },
        raw,
        dispatched: true,
        event: { index: n, type: 'message', data },
        json: JSON.parse(data) as unknown,
        a2a: { item, ...ids, ...(state ? { state } : {}) },
      }),
    );
    offset += size;
  }
  return { lines, bytes: offset, at };
}

/** The finished exchange that opened a stream of `count` events ending at `at`. */
function exchangeFrame(stream: number, ids: StreamIds, count: number, at: number, streamBytes: number) {
  const request = JSON.stringify({
    jsonrpc: '2.0',
    id: stream,
    method: 'SendStreamingMessage',
    params: { message: { messageId: `m${stream}`, role: 'ROLE_USER', parts: [{ text: 'go' }] } },
  });
  return {
    kind: 'http',
    id: `x${stream}`,
    source: 'agent:stream',
    timing: { start: at - count * 0.5, firstByte: at - count * 0.5 + 1, end: at },
    state: 'done',
    rev: 3,
    request: {
      method: 'POST',
      url: `${ORIGIN}/rpc`,
      headers: [
        ['Content-Type', 'application/json'],
        ['A2A-Version', '1.0'],
      ],
      body: {
        base64: Buffer.from(request).toString('base64'),
        text: request,
        size: request.length,
        utf8Valid: true,
      },
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [['content-type', 'text/event-stream']],
      body: { base64: '', text: '', size: 0, utf8Valid: true },
    },
    stream: { bytes: streamBytes, events: count, emptyBlocks: 0, ended: 'complete' },
    a2a: {
      agentId: ids.agentId,
      operation: 'stream',
      generation: '1.0',
      binding: 'JSONRPC',
      rpc: { method: 'SendStreamingMessage', id: stream },
      taskId: ids.taskId,
      contextId: ids.contextId,
      outcome: 'stream',
    },
  };
}
