// The hostile test agent: a hand-written A2A 1.0 JSON-RPC agent on node:http (no SDK, so it can break the rules on
// purpose). Each fault is its own agent under `/<fault>` with a valid card and a JSON-RPC endpoint that misbehaves in
// one way: broken SSE framing, a dropped or stalled stream, a response that never starts, a huge body, an HTML error
// page, the wrong content type, a mismatched JSON-RPC id, cross-origin redirects, or content built to run script in
// the inspector (xss). Fault tests for the host and the UI run against it; every request is logged so a test can also
// assert what the client did NOT do.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenPeer } from './peerServer';
import type { PeerOptions, StreamOpened } from './types';

export const hostileFaults = [
  'drop-mid-stream',
  'cr-only',
  'split-utf8',
  'non-json-data',
  'html-502',
  'wrong-content-type',
  'id-mismatch',
  'hang',
  'hang-head',
  'huge-body',
  'huge-file',
  'huge-event',
  'endless-line',
  'redirect',
  'xss',
] as const;

export type HostileFault = (typeof hostileFaults)[number];

/** One line per fault: the card's description, and what the CLI or a README can show. */
export const hostileFaultNotes: Readonly<Record<HostileFault, string>> = {
  'drop-mid-stream': 'streams two events, then destroys the socket without ending the chunked body',
  'cr-only': 'frames its SSE with bare \\r line endings only',
  'split-utf8': 'writes SSE in chunks cut inside UTF-8 sequences and between the \\r and \\n of a CRLF',
  'non-json-data': 'sends an SSE event whose data is not JSON between two valid ones',
  'html-502': 'answers every POST with a 502 HTML gateway error page',
  'wrong-content-type': 'answers every POST with a valid JSON-RPC result labelled text/plain',
  'id-mismatch': 'answers with a JSON-RPC id that is not the request id',
  hang: 'opens the stream, sends one working status, then stays silent until the peer closes',
  'hang-head': 'never starts a response',
  'huge-body': 'answers with a 100 MiB JSON body',
  'huge-file':
    'answers with a task whose artifact holds a 100 MiB base64 file part (a PNG, then 75 MiB of padding)',
  'huge-event':
    'streams an artifact update of 17 MiB, one SSE event over the 16 MiB per-event cap, between others',
  'endless-line': 'streams `data: ` followed by an endless line with no line ending',
  redirect: 'redirects the card (302) and the endpoint (307) to another origin',
  xss:
    'answers with script payloads in markdown, links, an SVG and an HTML file, images on another origin, a PNG, ' +
    'audio, video and a data part',
};

/**
 * Paths on the other listener that the xss agent's content points at. A test counts requests to them: the images
 * must load only after a click, and nothing in a preview may reach them at all.
 */
export const XSS_PATHS = {
  /** A file part's URL (image/png). */
  fileImage: '/xss/file.png',
  /** An image written in the markdown. */
  markdownImage: '/xss/markdown.png',
  /** An image inside the hostile HTML file. */
  htmlImage: '/xss/html-image.png',
  /** Where the hostile HTML tries to send the page: a target=_top link, a form, a meta refresh. */
  escape: '/xss/escape',
  form: '/xss/form',
  refresh: '/xss/refresh',
} as const;

/** A 4×3 RGBA PNG, so a test can check that an image really decoded (naturalWidth 4). */
/** The bytes of the xss artifact's PDF part: a PDF header and trailer, enough for the checks that it is a PDF. */
export const XSS_PDF_TEXT =
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

export const XSS_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAYAAAC09K7GAAAAHklEQVR4nGNgYDjx/z8QI+gAIAOI4TTDAiADiGE0ANX7Hw9FO56nAAAAAElFTkSuQmCC';
/** The same PNG padded with zero bytes to a multiple of 3, so its base64 has no padding and the fill can follow. */
export const HUGE_FILE_PNG_BASE64 = (() => {
  const png = Buffer.from(XSS_PNG_BASE64, 'base64');
  return Buffer.concat([png, Buffer.alloc((3 - (png.length % 3)) % 3)]).toString('base64');
})();

export interface HostileRequest {
  listener: 'main' | 'other';
  method: string;
  /** Path with query, as sent. */
  path: string;
  /** Raw header pairs in the order and case received. */
  headers: Array<[string, string]>;
}

/** How one of the body writers (huge-body, endless-line) ended. */
export interface WriterStopped {
  fault: 'huge-body' | 'huge-file' | 'endless-line';
  path: string;
  /** Body bytes handed to the socket (not necessarily received). */
  bytes: number;
  reason: 'finished' | 'client-closed' | 'peer-closed' | 'safety-limit';
}

export interface HostilePeerHandle {
  name: 'hostile';
  /** `http://127.0.0.1:<port>` without a trailing slash. */
  baseUrl: string;
  /** Base URL of the agent for one fault, e.g. `${baseUrl}/html-502` (no trailing slash). */
  agentUrl(fault: HostileFault): string;
  /** A second listener on `http://localhost:<otherPort>` (a different origin), the target of the redirects. */
  otherOrigin: string;
  /** Every request received on either listener, in arrival order. */
  requests: ReadonlyArray<HostileRequest>;
  /** Resolves with the next request either listener receives (call it before sending). */
  nextRequest(): Promise<HostileRequest>;
  /** Resolves once the next SSE response on the main listener has written its first bytes (call it before sending). */
  nextStreamOpened(): Promise<StreamOpened>;
  /** Resolves when the next huge-body or endless-line writer stops, with why (call it before sending). */
  nextWriterStopped(): Promise<WriterStopped>;
  /** Idempotent; frees both ports and drops every open connection, which stops the endless writers. */
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
type RpcId = string | number | null;
type TaskState =
  'TASK_STATE_SUBMITTED' | 'TASK_STATE_WORKING' | 'TASK_STATE_COMPLETED' | 'TASK_STATE_CANCELED';

interface RpcCall {
  id: RpcId;
  method: string;
  params: unknown;
}

interface Ids {
  taskId: string;
  contextId: string;
}

/** 64 KiB: the unit of the huge writers, so backpressure is exercised without many tiny writes. */
const CHUNK_BYTES = 64 * 1024;
export const HUGE_BODY_BYTES = 100 * 1024 * 1024;
/** huge-file's base64, PNG included: a multiple of 4, so the fill after the PNG stays whole "QUJD" quads. */
export const HUGE_FILE_BASE64_BYTES = 100 * 1024 * 1024;
/** endless-line gives up here so a client that never stops reading cannot keep the peer busy forever. */
export const ENDLESS_LINE_LIMIT_BYTES = 1024 * 1024 * 1024;
const MAX_REQUEST_BYTES = 1024 * 1024;
export const SPLIT_UTF8_TEXT = 'héllo ✓ 😀 日本';

const STREAMING_METHODS = new Set(['SendStreamingMessage', 'SubscribeToTask']);
const KNOWN_METHODS = new Set([
  'SendMessage',
  'SendStreamingMessage',
  'GetTask',
  'SubscribeToTask',
  'CancelTask',
]);

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFault(value: string): value is HostileFault {
  return (hostileFaults as readonly string[]).includes(value);
}

/** Serves one waiter list: `next()` promises the next value, `announce()` hands it to everyone waiting. */
function announcer<T>() {
  let waiters: Array<(value: T) => void> = [];
  return {
    next: () => new Promise<T>((resolve) => waiters.push(resolve)),
    announce(value: T) {
      const ready = waiters;
      waiters = [];
      for (const resolve of ready) resolve(value);
    },
  };
}

export async function startHostilePeer(options: PeerOptions = {}): Promise<HostilePeerHandle> {
  const requests: HostileRequest[] = [];
  const requestArrived = announcer<HostileRequest>();
  const writerStopped = announcer<WriterStopped>();
  let closing = false;

  const record = (listener: HostileRequest['listener'], req: IncomingMessage) => {
    const headers: Array<[string, string]> = [];
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
      headers.push([req.rawHeaders[i] ?? '', req.rawHeaders[i + 1] ?? '']);
    }
    const entry: HostileRequest = { listener, method: req.method ?? '', path: req.url ?? '', headers };
    requests.push(entry);
    requestArrived.announce(entry);
  };

  // The redirect target: answers anything, so a client that follows a redirect leaves a trace in the log. It also
  // serves the xss agent's remote images (any *.png path), so a test can count who loaded them and when.
  const other = await listenPeer((req, res) => {
    record('other', req);
    req.resume();
    req.once('end', () => {
      if (new URL(req.url ?? '/', 'http://other').pathname.endsWith('.png')) return sendPng(res);
      sendJson(res, 200, { reached: 'other-origin' });
    });
  });
  // `localhost` is a different origin from `127.0.0.1` although both reach this 127.0.0.1 listener (localhost
  // resolves to 127.0.0.1 here; Node's happy-eyeballs falls back to it where ::1 comes first).
  const otherOrigin = `http://localhost:${other.port}`;

  let baseUrl = '';
  const main = await listenPeer((req, res) => {
    record('main', req);
    route(req, res).catch(() => {
      // The client went away mid-request or a write failed: nothing useful is left to say on this socket.
      if (!res.headersSent && !res.destroyed) sendJson(res, 500, { error: 'hostile peer failed' });
      else res.destroy();
    });
  }, options.port).catch(async (error: unknown) => {
    await other.close();
    throw error;
  });
  baseUrl = main.baseUrl;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', baseUrl).pathname;
    const slash = path.indexOf('/', 1);
    const segment = path.slice(1, slash === -1 ? undefined : slash);
    const rest = slash === -1 ? '' : path.slice(slash);
    if (!isFault(segment)) return notFound(req, res, path);
    const fault = segment;

    if (rest === '/.well-known/agent-card.json') {
      if (req.method !== 'GET') return methodNotAllowed(req, res, 'GET');
      await drain(req);
      if (fault === 'redirect') {
        return redirect(res, 302, `${otherOrigin}/redirect/.well-known/agent-card.json`);
      }
      return sendJson(res, 200, cardFor(fault, baseUrl));
    }
    if (rest !== '/rpc') return notFound(req, res, path);
    if (req.method !== 'POST') return methodNotAllowed(req, res, 'POST');

    // Says nothing at all: not even the status line. The socket stays open until the client or close() drops it.
    if (fault === 'hang-head') {
      req.resume();
      return;
    }

    const body = await readBody(req);
    if (body === undefined)
      return sendJson(res, 413, { error: `Request body over ${MAX_REQUEST_BYTES} bytes` });
    const parsed = parseRpc(body);
    const call: RpcCall = 'error' in parsed ? { id: parsed.id, method: '', params: undefined } : parsed;

    switch (fault) {
      case 'redirect':
        // 307 keeps the method and body, so a client that follows would re-POST the request to the other origin.
        return redirect(res, 307, `${otherOrigin}/redirect/rpc`);
      case 'html-502':
        return sendHtml502(res);
      case 'huge-body':
        return pumpHugeBody(res, call.id, req.url ?? '');
      case 'huge-file':
        return pumpHugeFile(res, call.id, req.url ?? '');
      case 'wrong-content-type':
        if ('error' in parsed) return sendJson(res, 200, rpcError(call.id, parsed.error), 'text/plain');
        return sendJson(res, 200, wrongContentTypeAnswer(call), 'text/plain');
      default:
        break;
    }

    if ('error' in parsed) return sendJson(res, 200, rpcError(replyId(fault, call.id), parsed.error));
    const ids = idsFor(fault);
    // hang stalls whatever the method, unknown ones included.
    if (fault === 'hang') return hangStream(res, call.id, ids);
    if (!KNOWN_METHODS.has(call.method)) {
      const error = { code: -32601, message: 'Method not found', data: { method: call.method } };
      return sendJson(res, 200, rpcError(replyId(fault, call.id), error));
    }

    if (fault === 'xss') return xssAnswer(res, call, ids, otherOrigin);
    if (fault === 'endless-line' && call.method === 'SendStreamingMessage') {
      return pumpEndlessLine(res, req.url ?? '');
    }
    if (STREAMING_METHODS.has(call.method)) return stream(fault, call, ids, res);
    return sendJson(res, 200, unaryAnswer(fault, call, ids));
  }

  function pumpHugeBody(res: ServerResponse, id: RpcId, path: string) {
    // A JSON-RPC result whose only oddity is its size: the `x`s sit in the task metadata.
    const head = Buffer.from(
      `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"task":{"id":"task-huge-body","contextId":` +
        `"ctx-huge-body","status":{"state":"TASK_STATE_COMPLETED","timestamp":"${now()}"},"metadata":{"padding":"`,
    );
    const tail = Buffer.from('"}}}}');
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': HUGE_BODY_BYTES });
    pump(res, {
      fault: 'huge-body',
      path,
      head,
      fill: 'x',
      fillBytes: HUGE_BODY_BYTES - head.length - tail.length,
      tail,
    });
  }

  function pumpHugeFile(res: ServerResponse, id: RpcId, path: string) {
    // A valid answer whose file part is 100 MiB of base64: a real PNG, then "QUJD" over and over (the bytes "ABC"
    // repeated) after its end, which image decoders ignore.
    const head = Buffer.from(
      `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"task":{"id":"task-huge-file","contextId":` +
        `"ctx-huge-file","status":{"state":"TASK_STATE_COMPLETED","timestamp":"${now()}"},"artifacts":[{` +
        `"artifactId":"big","name":"big file","parts":[{"filename":"big.png","mediaType":"image/png",` +
        `"raw":"${HUGE_FILE_PNG_BASE64}`,
    );
    const tail = Buffer.from('"}]}]}}}');
    const fillBytes = HUGE_FILE_BASE64_BYTES - HUGE_FILE_PNG_BASE64.length;
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': head.length + fillBytes + tail.length,
    });
    pump(res, { fault: 'huge-file', path, head, fill: 'QUJD', fillBytes, tail });
  }

  function pumpEndlessLine(res: ServerResponse, path: string) {
    const head = Buffer.from('data: ');
    startSse(res);
    pump(res, {
      fault: 'endless-line',
      path,
      head,
      fill: 'a',
      fillBytes: ENDLESS_LINE_LIMIT_BYTES - head.length,
    });
  }

  interface PumpPlan {
    fault: WriterStopped['fault'];
    path: string;
    head: Buffer;
    fill: string;
    fillBytes: number;
    /** Written before ending; without a tail, running out of fill is the safety limit and the socket is dropped. */
    tail?: Buffer;
  }

  /**
   * Writes head, fill and tail in 64 KiB chunks, waiting for `drain` whenever write() says the socket is full, so the
   * body never sits in memory; stops as soon as the response closes (client gone, or close() dropped it).
   */
  function pump(res: ServerResponse, plan: PumpPlan) {
    const block = Buffer.alloc(CHUNK_BYTES, plan.fill);
    let remaining = plan.fillBytes;
    let bytes = 0;
    let stopped = false;
    const stop = (reason: WriterStopped['reason']) => {
      if (stopped) return;
      stopped = true;
      writerStopped.announce({ fault: plan.fault, path: plan.path, bytes, reason });
    };
    res.once('close', () => stop(closing ? 'peer-closed' : 'client-closed'));

    const write = (chunk: Buffer): boolean => {
      bytes += chunk.length;
      return res.write(chunk);
    };
    const step = () => {
      while (!stopped && !res.destroyed) {
        if (remaining === 0) {
          if (plan.tail) {
            bytes += plan.tail.length;
            stop('finished');
            res.end(plan.tail);
          } else {
            stop('safety-limit');
            res.destroy();
          }
          return;
        }
        const chunk = remaining >= CHUNK_BYTES ? block : block.subarray(0, remaining);
        remaining -= chunk.length;
        if (!write(chunk)) {
          res.once('drain', step);
          return;
        }
      }
    };
    if (write(plan.head)) step();
    else res.once('drain', step);
  }

  const handle: HostilePeerHandle = {
    name: 'hostile',
    baseUrl,
    agentUrl: (fault) => `${baseUrl}/${fault}`,
    otherOrigin,
    requests,
    nextRequest: requestArrived.next,
    nextStreamOpened: main.nextStreamOpened,
    nextWriterStopped: writerStopped.next,
    close: () => {
      closing = true;
      // Both PeerServer.close() calls are idempotent and drop open connections, which ends every writer.
      return Promise.all([main.close(), other.close()]).then(() => undefined);
    },
  };
  return handle;
}

// ---------------------------------------------------------------------------------------------------------------------
// Answers

function now(): string {
  return new Date().toISOString();
}

function idsFor(fault: HostileFault): Ids {
  return fault === 'drop-mid-stream'
    ? { taskId: 'task-drop', contextId: 'ctx-drop' }
    : { taskId: `task-${fault}`, contextId: `ctx-${fault}` };
}

/** id-mismatch answers with an id the client never sent; every other agent echoes the request id. */
function replyId(fault: HostileFault, id: RpcId): RpcId {
  if (fault !== 'id-mismatch') return id;
  return typeof id === 'number' ? id + 1000 : `not-${String(id)}`;
}

function cardFor(fault: HostileFault, baseUrl: string): Json {
  return {
    name: `Hostile ${fault}`,
    description: `Switchboard hostile test agent: ${hostileFaultNotes[fault]}.`,
    supportedInterfaces: [
      { url: `${baseUrl}/${fault}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    ],
    provider: { organization: 'Switchboard tests', url: baseUrl },
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: false, extensions: [] },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [
      {
        id: 'misbehave',
        name: `Misbehave (${fault})`,
        description: `Whatever you send, this agent ${hostileFaultNotes[fault]}.`,
        tags: ['test', 'hostile'],
        examples: ['hello'],
      },
    ],
  };
}

function task(ids: Ids, state: TaskState, extra: Json = {}): Json {
  return { id: ids.taskId, contextId: ids.contextId, status: { state, timestamp: now() }, ...extra };
}

function statusUpdate(ids: Ids, state: TaskState): Json {
  return {
    statusUpdate: { taskId: ids.taskId, contextId: ids.contextId, status: { state, timestamp: now() } },
  };
}

function artifact(text: string): Json {
  return { artifactId: 'answer', name: 'answer', parts: [{ text, mediaType: 'text/plain' }] };
}

function artifactUpdate(ids: Ids, text: string): Json {
  return {
    artifactUpdate: {
      taskId: ids.taskId,
      contextId: ids.contextId,
      artifact: artifact(text),
      append: false,
      lastChunk: true,
    },
  };
}

/** Characters of the huge-event agent's artifact text: the event is over the 16 MiB per-event cap. */
export const HUGE_EVENT_TEXT_BYTES = 17 * 1024 * 1024;

/** The huge-event agent's oversized block, exactly as sent for the JSON-RPC request `id`. */
export function hugeEventBlock(id: RpcId): string {
  return sseEvent(id, artifactUpdate(idsFor('huge-event'), 'x'.repeat(HUGE_EVENT_TEXT_BYTES)));
}

function rpcResult(id: RpcId, result: Json): Json {
  return { jsonrpc: '2.0', id, result };
}

function rpcError(id: RpcId, error: { code: number; message: string; data?: Json }): Json {
  return { jsonrpc: '2.0', id, error };
}

function completedTask(ids: Ids): Json {
  return task(ids, 'TASK_STATE_COMPLETED', { artifacts: [artifact(`Hostile agent ${ids.taskId} is done.`)] });
}

/** The non-streaming methods, answered properly (the faults live elsewhere), except for their ids in id-mismatch. */
function unaryAnswer(fault: HostileFault, call: RpcCall, ids: Ids): Json {
  const id = replyId(fault, call.id);
  if (call.method === 'SendMessage') return rpcResult(id, { task: completedTask(ids) });
  const taskId = isRecord(call.params) ? call.params.id : undefined;
  if (typeof taskId !== 'string') {
    return rpcError(id, {
      code: -32602,
      message: 'Invalid parameters',
      data: { detail: 'params.id is required' },
    });
  }
  if (taskId !== ids.taskId)
    return rpcError(id, { code: -32001, message: 'Task not found', data: { id: taskId } });
  if (call.method === 'CancelTask') return rpcResult(id, task(ids, 'TASK_STATE_CANCELED'));
  // GetTask: drop-mid-stream's task is left working (its stream died); every other task finished.
  return rpcResult(id, fault === 'drop-mid-stream' ? task(ids, 'TASK_STATE_WORKING') : completedTask(ids));
}

/** wrong-content-type: the right JSON for each method (a stream collapses to one completed Task), mislabelled. */
function wrongContentTypeAnswer(call: RpcCall): Json {
  const ids = idsFor('wrong-content-type');
  if (STREAMING_METHODS.has(call.method)) return rpcResult(call.id, { task: completedTask(ids) });
  if (!KNOWN_METHODS.has(call.method)) {
    return rpcError(call.id, { code: -32601, message: 'Method not found', data: { method: call.method } });
  }
  return unaryAnswer('wrong-content-type', call, ids);
}

// ---------------------------------------------------------------------------------------------------------------------
// Streams

function startSse(res: ServerResponse) {
  // setHeader, not writeHead(status, headers): writeHead's fast path hides the headers from getHeader(), which
  // listenPeer reads to announce nextStreamOpened().
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/event-stream');
  res.setHeader('Cache-Control', 'no-cache');
}

/** One SSE event carrying a JSON-RPC stream response; `eol` is the line ending used for every line. */
function sseEvent(id: RpcId, result: Json, eol = '\n'): string {
  return `data: ${JSON.stringify(rpcResult(id, result))}${eol}${eol}`;
}

/**
 * Writes one chunk and resolves once it is handed to the socket and two `setImmediate` turns have passed: the second
 * turn lets the event loop poll, so a client in the same process reads this chunk before the next one is written.
 * Resolves false if the response closed (client gone or close()).
 */
function writeApart(res: ServerResponse, chunk: string | Buffer): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = () => resolve(false);
    res.once('close', onClose);
    res.write(chunk, (error) => {
      res.off('close', onClose);
      if (error) return resolve(false);
      setImmediate(() => setImmediate(() => resolve(!res.destroyed)));
    });
  });
}

async function writeAll(res: ServerResponse, chunks: Array<string | Buffer>): Promise<boolean> {
  for (const chunk of chunks) {
    if (!(await writeApart(res, chunk))) return false;
  }
  return true;
}

async function stream(fault: HostileFault, call: RpcCall, ids: Ids, res: ServerResponse): Promise<void> {
  const id = replyId(fault, call.id);
  const subscribing = call.method === 'SubscribeToTask';
  startSse(res);
  switch (fault) {
    case 'drop-mid-stream': {
      if (subscribing) {
        // The task the dropped stream left behind is still working; a resubscribe sees it finish.
        await writeAll(res, [
          sseEvent(id, { task: task(ids, 'TASK_STATE_WORKING') }),
          sseEvent(id, statusUpdate(ids, 'TASK_STATE_COMPLETED')),
        ]);
        break;
      }
      const sent = await writeAll(res, [
        sseEvent(id, { task: task(ids, 'TASK_STATE_SUBMITTED') }),
        sseEvent(id, statusUpdate(ids, 'TASK_STATE_WORKING')),
      ]);
      // No terminating zero-length chunk: the client sees the connection end in the middle of the body.
      if (sent) res.destroy();
      return;
    }
    case 'cr-only':
      await writeAll(res, [
        sseEvent(id, { task: task(ids, 'TASK_STATE_WORKING') }, '\r'),
        sseEvent(id, artifactUpdate(ids, 'Framed with carriage returns only.'), '\r'),
        sseEvent(id, statusUpdate(ids, 'TASK_STATE_COMPLETED'), '\r'),
      ]);
      break;
    case 'split-utf8':
      await writeAll(res, splitUtf8Chunks(id, ids));
      break;
    case 'huge-event':
      await writeAll(res, [
        sseEvent(id, { task: task(ids, 'TASK_STATE_SUBMITTED') }),
        sseEvent(id, statusUpdate(ids, 'TASK_STATE_WORKING')),
        hugeEventBlock(id),
        sseEvent(id, statusUpdate(ids, 'TASK_STATE_COMPLETED')),
      ]);
      break;
    case 'non-json-data':
      await writeAll(res, [
        sseEvent(id, statusUpdate(ids, 'TASK_STATE_WORKING')),
        'data: this is not json\n\n',
        sseEvent(id, statusUpdate(ids, 'TASK_STATE_COMPLETED')),
      ]);
      break;
    default:
      // Agents whose fault is elsewhere stream properly (id-mismatch still with the wrong id).
      await writeAll(
        res,
        subscribing
          ? [
              sseEvent(id, { task: task(ids, 'TASK_STATE_WORKING') }),
              sseEvent(id, statusUpdate(ids, 'TASK_STATE_COMPLETED')),
            ]
          : [
              sseEvent(id, { task: task(ids, 'TASK_STATE_SUBMITTED') }),
              sseEvent(id, statusUpdate(ids, 'TASK_STATE_WORKING')),
              sseEvent(id, artifactUpdate(ids, `Hostile agent ${ids.taskId} answers.`)),
              sseEvent(id, statusUpdate(ids, 'TASK_STATE_COMPLETED')),
            ],
      );
  }
  if (!res.destroyed) res.end();
}

/**
 * split-utf8's stream as byte chunks, CRLF throughout. The artifact event carries its JSON over two `data:` lines
 * (the SSE parser joins them with "\n", which JSON takes as whitespace), and one cut falls between the `\r` and `\n`
 * ending the first of them: a parser that ends the line at `\r` and then reads the `\n` as an empty line dispatches
 * half the JSON. The other cuts land inside the 2-, 3- and 4-byte sequences of the text.
 */
function splitUtf8Chunks(id: RpcId, ids: Ids): Buffer[] {
  const artifactJson = JSON.stringify(rpcResult(id, artifactUpdate(ids, SPLIT_UTF8_TEXT)));
  const middle = artifactJson.indexOf('"result":');
  const artifactEvent = `data: ${artifactJson.slice(0, middle)}\r\ndata: ${artifactJson.slice(middle)}\r\n\r\n`;
  const whole = Buffer.from(
    sseEvent(id, { task: task(ids, 'TASK_STATE_WORKING') }, '\r\n') +
      artifactEvent +
      sseEvent(id, statusUpdate(ids, 'TASK_STATE_COMPLETED'), '\r\n'),
  );
  const textAt = whole.indexOf(SPLIT_UTF8_TEXT);
  const byteOf = (needle: string) => whole.indexOf(needle, textAt);
  const cuts = [
    whole.indexOf('\r\ndata: "result"') + 1,
    byteOf('é') + 1,
    byteOf('✓') + 2,
    byteOf('😀') + 1,
    byteOf('😀') + 3,
    byteOf('日') + 1,
  ].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const cut of cuts) {
    chunks.push(whole.subarray(from, cut));
    from = cut;
  }
  chunks.push(whole.subarray(from));
  return chunks;
}

/** hang: the stream opens with one working status and then nothing more, whatever the method. */
function hangStream(res: ServerResponse, id: RpcId, ids: Ids) {
  startSse(res);
  res.write(sseEvent(id, statusUpdate(ids, 'TASK_STATE_WORKING')));
}

// ---------------------------------------------------------------------------------------------------------------------
// xss: content that would run script, or call out, if the inspector rendered it unsafely

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** A tenth of a second of silence as 8 kHz 8-bit mono WAV: real audio an <audio> element can load. */
function silentWav(): string {
  const samples = 800;
  const wav = Buffer.alloc(44 + samples, 0x80);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(8000, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples, 40);
  return wav.toString('base64');
}

/** The agent's closing message: every payload that targets the renderer's markdown, links and previews. */
function xssMessage(ids: Ids, otherOrigin: string): Json {
  const markdown = [
    '# Hostile **markdown**',
    '',
    'Raw HTML stays text: <script>window.__pwned=1</script> and <img src=x onerror="window.__pwned=1">.',
    '',
    '<iframe src="javascript:window.__pwned=1"></iframe>',
    '',
    'Links: [script link](javascript:window.__pwned=1), ' +
      '[data link](data:text/html,<script>window.__pwned=1</script>), ' +
      '[vbscript link](vbscript:window.__pwned=1), <javascript:window.__pwned=1> and a ' +
      '[safe link](https://example.com/docs "Docs").',
    '',
    `A remote image: ![tracking pixel](${otherOrigin}${XSS_PATHS.markdownImage})`,
    '',
    '- `code`, ~~struck~~ and _emphasis_',
  ].join('\n');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" onload="window.__pwned=1;top.__pwned=1">' +
    '<script>window.__pwned=1;parent.__pwned=1</script><rect width="120" height="40" fill="#c33"/>' +
    '<text x="8" y="26" fill="#fff">hostile svg</text></svg>';
  const html =
    '<h1 id="hostile-heading">Hostile HTML</h1>' +
    '<script>window.__pwned=1;parent.__pwned=1;top.__pwned=1</script>' +
    '<img src="x" onerror="window.__pwned=1;parent.__pwned=1">' +
    `<img src="${otherOrigin}${XSS_PATHS.htmlImage}">` +
    `<p><a id="escape" href="${otherOrigin}${XSS_PATHS.escape}" target="_top">escape</a></p>` +
    `<form action="${otherOrigin}${XSS_PATHS.form}"><button id="submit">submit</button></form>` +
    `<meta http-equiv="refresh" content="0;url=${otherOrigin}${XSS_PATHS.refresh}">`;
  return {
    messageId: 'xss-message',
    role: 'ROLE_AGENT',
    taskId: ids.taskId,
    contextId: ids.contextId,
    parts: [
      { text: markdown, mediaType: 'text/markdown' },
      { raw: base64(svg), mediaType: 'image/svg+xml', filename: 'hostile.svg' },
      { raw: base64(html), mediaType: 'text/html', filename: 'hostile.html' },
      { url: `${otherOrigin}${XSS_PATHS.fileImage}`, mediaType: 'image/png', filename: 'remote.png' },
      { url: 'javascript:window.__pwned=1', mediaType: 'text/html', filename: 'script-url.html' },
    ],
  };
}

/** The artifact: ordinary rich content (a PNG, audio, video, data) beside one more markdown payload. */
function xssArtifact(): Json {
  return {
    artifactId: 'payload',
    name: 'payload',
    parts: [
      {
        // data: images: the PNG may show (decoded to bytes), the SVG may not (only the sandboxed preview shows SVG).
        text:
          '**Artifact** text with <script>window.__pwned=1</script>\n\n' +
          `![inline pixel](data:image/png;base64,${XSS_PNG_BASE64}) ` +
          `![inline svg](data:image/svg+xml;base64,${base64('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"/>')})`,
        mediaType: 'text/markdown',
      },
      { raw: XSS_PNG_BASE64, mediaType: 'image/png', filename: 'pixel.png' },
      {
        data: {
          report: { title: '<b>not bold</b>', score: 0.93, tags: ['alpha', 'beta'] },
          '<img src=x onerror=window.__pwned=1>': '<script>window.__pwned=1</script>',
          empty: {},
          items: [1, 2, 3],
        },
        mediaType: 'application/json',
      },
      { raw: silentWav(), mediaType: 'audio/wav', filename: 'silence.wav' },
      { raw: base64('not really a video'), mediaType: 'video/webm', filename: 'clip.webm' },
      // A PDF (TL-4): never previewed in the window, only opened externally on a click. Its name tries a path.
      { raw: base64(XSS_PDF_TEXT), mediaType: 'application/pdf', filename: '../../brief.pdf' },
    ],
  };
}

function xssTask(ids: Ids, otherOrigin: string): Json {
  return {
    id: ids.taskId,
    contextId: ids.contextId,
    status: { state: 'TASK_STATE_COMPLETED', timestamp: now(), message: xssMessage(ids, otherOrigin) },
    artifacts: [xssArtifact()],
  };
}

async function xssAnswer(res: ServerResponse, call: RpcCall, ids: Ids, otherOrigin: string): Promise<void> {
  if (call.method === 'SendMessage' || call.method === 'GetTask') {
    const result = xssTask(ids, otherOrigin);
    return sendJson(res, 200, rpcResult(call.id, call.method === 'SendMessage' ? { task: result } : result));
  }
  if (!STREAMING_METHODS.has(call.method)) return sendJson(res, 200, unaryAnswer('xss', call, ids));
  startSse(res);
  const completed = {
    statusUpdate: {
      taskId: ids.taskId,
      contextId: ids.contextId,
      status: { state: 'TASK_STATE_COMPLETED', timestamp: now(), message: xssMessage(ids, otherOrigin) },
    },
  };
  await writeAll(res, [
    sseEvent(call.id, { task: task(ids, 'TASK_STATE_SUBMITTED') }),
    sseEvent(call.id, {
      artifactUpdate: {
        taskId: ids.taskId,
        contextId: ids.contextId,
        artifact: xssArtifact(),
        append: false,
        lastChunk: true,
      },
    }),
    sseEvent(call.id, completed),
  ]);
  if (!res.destroyed) res.end();
}

// ---------------------------------------------------------------------------------------------------------------------
// Plain HTTP

function sendPng(res: ServerResponse) {
  const png = Buffer.from(XSS_PNG_BASE64, 'base64');
  res.writeHead(200, {
    'Content-Type': 'image/png',
    'Content-Length': png.length,
    'Cache-Control': 'no-store',
  });
  res.end(png);
}

function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json') {
  if (res.destroyed || res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function notFound(req: IncomingMessage, res: ServerResponse, path: string) {
  req.resume();
  sendJson(res, 404, { error: `Not found: ${path}`, faults: hostileFaults });
}

function methodNotAllowed(req: IncomingMessage, res: ServerResponse, allow: string) {
  req.resume();
  res.setHeader('Allow', allow);
  sendJson(res, 405, { error: `Use ${allow}` });
}

function redirect(res: ServerResponse, status: 302 | 307, location: string) {
  res.writeHead(status, { Location: location, 'Content-Length': 0 });
  res.end();
}

/** Reads the whole request body; undefined when it is larger than the peer is willing to hold. */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
  }
  return size > MAX_REQUEST_BYTES ? undefined : Buffer.concat(chunks).toString('utf8');
}

async function drain(req: IncomingMessage): Promise<void> {
  for await (const _chunk of req as AsyncIterable<Buffer>) {
    // Discarded: a card GET has no meaningful body.
  }
}

function parseRpc(body: string): RpcCall | { id: RpcId; error: { code: number; message: string } } {
  let request: unknown;
  try {
    request = JSON.parse(body);
  } catch {
    return { id: null, error: { code: -32700, message: 'Invalid JSON payload' } };
  }
  const rawId = isRecord(request) ? request.id : undefined;
  const id: RpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  if (!isRecord(request) || request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
    return { id, error: { code: -32600, message: 'Request payload validation error' } };
  }
  return { id, method: request.method, params: request.params };
}

/** About 3 KB, like the error pages of real gateways, so a client must not dump it whole into a one-line message. */
function sendHtml502(res: ServerResponse) {
  const rows: string[] = [];
  for (let hop = 1; rows.join('\n').length < 2200; hop++) {
    rows.push(
      `      <li>hop ${hop}: upstream 10.0.${hop}.17:8080 closed the connection before sending a response header</li>`,
    );
  }
  const html = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>502 Bad Gateway</title>
    <style>body { font-family: sans-serif; margin: 4em; } li { color: #666; }</style>
  </head>
  <body>
    <h1>502 Bad Gateway</h1>
    <p>The gateway received an invalid response from the upstream server. Please try again later.</p>
    <ul>
${rows.join('\n')}
    </ul>
    <hr>
    <address>hostile-gateway/1.0 (Switchboard tests)</address>
  </body>
</html>
`;
  res.writeHead(502, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
  });
  res.end(html);
}
