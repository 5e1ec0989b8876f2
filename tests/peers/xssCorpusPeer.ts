// An A2A 1.0 JSON-RPC agent that puts the XSS corpus (xssCorpus.ts) everywhere agent text reaches the inspector: its
// card (name, description, provider, links, icon, skills with their names, descriptions, tags and examples), the
// messages and artifacts of its answers (markdown and plain text parts, data parts, file names, files whose media type
// lies), JSON-RPC error messages and data, and the push notifications it delivers to the webhook it is given.
// A second listener, on another origin, is the sentinel: any request to it means a payload called out.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenPeer } from './peerServer';
import { mislabelledFiles, xssPayloads, type XssPayload } from './xssCorpus';

type Json = Record<string, unknown>;

export interface XssCorpusPeer {
  baseUrl: string;
  /** The origin the payloads point at; every request to it is in `sentinelHits`. */
  sentinel: string;
  sentinelHits: string[];
  payloads: XssPayload[];
  /** Push deliveries this agent made, with the status the webhook answered. */
  deliveries: Array<{ url: string; status: number }>;
  close(): Promise<void>;
}

const TASK_ID = 'task-xss-corpus';
const CONTEXT_ID = 'ctx-xss-corpus';

/** The user text that makes the agent answer with a JSON-RPC error instead of a task. */
export const XSS_ERROR_TRIGGER = 'error please';

export async function startXssCorpusPeer(): Promise<XssCorpusPeer> {
  const sentinelHits: string[] = [];
  const deliveries: XssCorpusPeer['deliveries'] = [];
  const sentinelServer = await listenPeer((req, res) => {
    sentinelHits.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
    res.end();
  });
  // localhost is another origin than 127.0.0.1, though both reach this listener.
  const sentinel = `http://localhost:${sentinelServer.port}`;
  const payloads = xssPayloads(sentinel);
  let baseUrl = '';

  const main = await listenPeer((req, res) => {
    route(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: 'xss corpus peer failed' });
      else res.destroy();
    });
  });
  baseUrl = main.baseUrl;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', baseUrl).pathname;
    const body = await readBody(req);
    if (req.method === 'GET' && path === '/.well-known/agent-card.json') {
      return sendJson(res, 200, corpusCard(baseUrl, sentinel, payloads));
    }
    if (req.method !== 'POST' || path !== '/rpc') return sendJson(res, 404, { error: `Not found: ${path}` });
    const call = JSON.parse(body) as { id: string | number; method: string; params?: Json };
    const params = call.params ?? {};
    const message = (params.message ?? {}) as { parts?: Array<{ text?: string }> };
    const text = message.parts?.map((p) => p.text ?? '').join(' ') ?? '';
    if (text.includes(XSS_ERROR_TRIGGER) || call.method === 'CancelTask') {
      return sendJson(res, 200, { jsonrpc: '2.0', id: call.id, error: corpusError(payloads) });
    }
    switch (call.method) {
      case 'SendMessage':
        sendJson(res, 200, { jsonrpc: '2.0', id: call.id, result: { task: corpusTask(payloads, sentinel) } });
        break;
      case 'GetTask':
        sendJson(res, 200, { jsonrpc: '2.0', id: call.id, result: corpusTask(payloads, sentinel) });
        break;
      case 'SendStreamingMessage':
        await streamCorpus(res, call.id, payloads, sentinel);
        break;
      default:
        return sendJson(res, 200, {
          jsonrpc: '2.0',
          id: call.id,
          error: { code: -32601, message: `Method not found: ${call.method}`, data: payloads[0]?.text },
        });
    }
    const configuration = (params.configuration ?? {}) as { taskPushNotificationConfig?: Json };
    const push = configuration.taskPushNotificationConfig;
    if (push && typeof push.url === 'string') await deliver(push.url, push.token, payloads, sentinel);
  }

  async function deliver(url: string, token: unknown, list: XssPayload[], origin: string): Promise<void> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (typeof token === 'string') headers['X-A2A-Notification-Token'] = token;
    const notification = {
      statusUpdate: {
        taskId: TASK_ID,
        contextId: CONTEXT_ID,
        status: { state: 'TASK_STATE_COMPLETED', timestamp: now(), message: corpusMessage(list, origin) },
        metadata: Object.fromEntries(list.map((p) => [p.text, p.text])),
      },
    };
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(notification) });
    await response.arrayBuffer();
    deliveries.push({ url, status: response.status });
  }

  return {
    baseUrl,
    sentinel,
    sentinelHits,
    payloads,
    deliveries,
    async close() {
      await Promise.all([main.close(), sentinelServer.close()]);
    },
  };
}

function corpusCard(baseUrl: string, sentinel: string, payloads: XssPayload[]): Json {
  const svgIcon = `<svg xmlns="http://www.w3.org/2000/svg" onload="__xss('card-icon')"/>`;
  return {
    name: `Corpus <img src=x onerror="__xss('card-name')"> invoice\u202Efdp.exe agent`,
    description: payloads.map((p) => p.text).join('\n'),
    supportedInterfaces: [{ url: `${baseUrl}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    provider: {
      organization: `pay\u200Bpal <script>__xss('provider')</script>`,
      url: `javascript:__xss('provider-url')`,
    },
    documentationUrl: `javascript:__xss('documentation-url')`,
    iconUrl: `data:image/svg+xml;base64,${Buffer.from(svgIcon).toString('base64')}`,
    version: `<b onmouseover="__xss('version')">1</b>`,
    capabilities: {
      streaming: true,
      pushNotifications: true,
      extensions: [{ uri: `${sentinel}/hit/extension`, description: payloads[0]?.text, required: false }],
    },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain', 'text/markdown'],
    skills: payloads.map((p) => ({
      id: `skill-${p.id}`,
      name: p.text,
      description: p.text,
      tags: [p.text],
      examples: [p.text],
    })),
  };
}

function corpusMessage(payloads: XssPayload[], sentinel: string): Json {
  return {
    messageId: `msg-xss-${Math.random().toString(36).slice(2)}`,
    role: 'ROLE_AGENT',
    taskId: TASK_ID,
    contextId: CONTEXT_ID,
    parts: [
      ...payloads.map((p) => ({ text: p.text, mediaType: 'text/markdown' })),
      { text: payloads.map((p) => p.text).join('\n'), mediaType: 'text/plain' },
      {
        data: Object.fromEntries(payloads.map((p) => [p.text, { id: p.id, value: p.text }])),
        mediaType: 'application/json',
      },
      ...mislabelledFiles().map((f) => ({
        raw: Buffer.from(f.content).toString('base64'),
        mediaType: f.mediaType,
        filename: f.filename,
      })),
      { url: `javascript:__xss('file-url')`, mediaType: 'text/html', filename: 'invoice\u202Efdp.html' },
      { url: `${sentinel}/hit/file-url-remote`, mediaType: 'image/png', filename: 'pay\u200Bpal.png' },
    ],
  };
}

function corpusArtifacts(payloads: XssPayload[]): Json[] {
  // One artifact per family, named by its first payload (so names and descriptions carry each kind).
  const firsts = new Map<string, XssPayload>();
  for (const p of payloads) if (!firsts.has(p.family)) firsts.set(p.family, p);
  return [...firsts.values()].map((p) => ({
    artifactId: `artifact-${p.id}`,
    name: p.text,
    description: p.text,
    parts: [{ text: `Artifact for ${p.family}: ${p.text}`, mediaType: 'text/markdown' }],
  }));
}

function corpusTask(payloads: XssPayload[], sentinel: string): Json {
  return {
    id: TASK_ID,
    contextId: CONTEXT_ID,
    status: { state: 'TASK_STATE_COMPLETED', timestamp: now(), message: corpusMessage(payloads, sentinel) },
    artifacts: corpusArtifacts(payloads),
  };
}

function corpusError(payloads: XssPayload[]): Json {
  return {
    code: -32603,
    message: payloads
      .filter((p) => p.family === 'script' || p.family === 'handler')
      .map((p) => p.text)
      .join(' '),
    data: Object.fromEntries(payloads.map((p) => [p.id, p.text])),
  };
}

async function streamCorpus(
  res: ServerResponse,
  id: string | number,
  payloads: XssPayload[],
  sentinel: string,
): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
  const event = (result: Json) => `data: ${JSON.stringify({ jsonrpc: '2.0', id, result })}\n\n`;
  res.write(
    event({
      task: {
        id: TASK_ID,
        contextId: CONTEXT_ID,
        status: { state: 'TASK_STATE_SUBMITTED', timestamp: now() },
      },
    }),
  );
  for (const artifact of corpusArtifacts(payloads)) {
    res.write(
      event({
        artifactUpdate: { taskId: TASK_ID, contextId: CONTEXT_ID, artifact, append: false, lastChunk: true },
      }),
    );
  }
  res.end(
    event({
      statusUpdate: {
        taskId: TASK_ID,
        contextId: CONTEXT_ID,
        status: {
          state: 'TASK_STATE_COMPLETED',
          timestamp: now(),
          message: corpusMessage(payloads, sentinel),
        },
      },
    }),
  );
  await new Promise<void>((resolve) => res.once('finish', resolve));
}

function now(): string {
  return new Date().toISOString();
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
