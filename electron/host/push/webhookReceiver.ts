// The webhook receiver (PUSH-1): its own listener, on 127.0.0.1 unless the user explicitly chooses another interface,
// never the browser edition's port. Every request that reaches it becomes a `webhook` frame, accepted or not, with the
// reason; accepted bodies are decoded per generation and flagged when they repeat or name a task the client never saw
// (PUSH-3). Agents get their answer as soon as the verdict is known (docs/protocol.md#what-the-receiver-does).

import { createHash } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookStatus } from '../../../shared/host/push';
import { pushAdapter } from '../../../shared/a2a/adapters';
import type { StreamItem } from '../../../shared/a2a/model';
import type { HeaderList, WebhookFrame, WebhookVerdict } from '../../../shared/wire/frame';
import { toBodyBytes } from '../bodyBytes';
import { pairs } from '../exchange';
import { hostRefusal, type HostAllowList } from '../net/hostAllowList';
import { browserHeader, checkHead, checkRate, checkSecrets, MAX_DELIVERY_BYTES } from './deliveryChecks';
import type { JwtChecker } from './jwtCheck';
import type { PushTarget, PushTargets } from './pushTargets';
import type { PushRelay, PushRelays } from './pushRelays';
import { passOn, relayTarget } from './relayDelivery';

export interface ReceiverDeps {
  targets: PushTargets;
  nextId: () => string;
  now: () => number;
  publish: (frame: WebhookFrame) => void;
  /** Task ids the client has seen for an agent, to flag deliveries about others. */
  knownTask: (agentId: string, taskId: string) => boolean;
  jwt: JwtChecker;
  /** Relays the recording proxy made for its callers' webhooks (PRX-1); absent, `/relay/…` paths are unknown. */
  relays?: PushRelays;
}

export interface WebhookReceiver {
  status(): WebhookStatus;
  /** Listens (again) on the interface given; 127.0.0.1 by default. */
  listen(host?: string, port?: number): Promise<WebhookStatus>;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export function createWebhookReceiver(deps: ReceiverDeps): WebhookReceiver {
  let server: http.Server | undefined;
  let host = '127.0.0.1';

  const status = (): WebhookStatus => {
    const address = server?.listening ? (server.address() as AddressInfo) : undefined;
    if (!address) return { listening: false, host };
    const shown = host.includes(':') ? `[${host}]` : host;
    return {
      listening: true,
      host,
      port: address.port,
      baseUrl: `http://${shown === '0.0.0.0' ? '127.0.0.1' : shown}:${address.port}`,
      ...(LOOPBACK.has(host)
        ? {}
        : {
            warning: `Listening on ${host}: anything that can reach this machine on that interface can post to it.`,
          }),
    };
  };

  const close = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const closing = server;
      server = undefined;
      closing.close(() => resolve());
      closing.closeAllConnections();
    });

  return {
    status,
    async listen(nextHost = '127.0.0.1', port = 0) {
      await close();
      host = nextHost;
      const created = http.createServer((req, res) => void handle(req, res, deps, allowList(created, host)));
      await new Promise<void>((resolve, reject) => {
        created.once('error', reject);
        created.listen(port, host, () => resolve());
      });
      server = created;
      const now = status();
      if (now.baseUrl) deps.targets.rebase(now.baseUrl);
      if (now.baseUrl) deps.relays?.rebase(now.baseUrl);
      return now;
    },
    close,
  };
}

/** The Host values this receiver answers to: loopback names, plus the interface the user chose (SEC-2). */
function allowList(server: http.Server, host: string): HostAllowList {
  const port = (server.address() as AddressInfo).port;
  if (host === '0.0.0.0' || host === '::') return { port, anyIpLiteral: true };
  if (LOOPBACK.has(host)) return { port };
  return { port, extra: [`${host.includes(':') ? `[${host}]` : host}:${port}`] };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  deps: ReceiverDeps,
  hosts: HostAllowList,
): Promise<void> {
  const start = deps.now();
  const method = req.method ?? '';
  const headers = pairs(req.rawHeaders);
  const url = new URL(req.url ?? '/', 'http://receiver.invalid');
  const target = deps.targets.get(/^\/hooks\/([A-Za-z0-9_-]+)$/.exec(url.pathname)?.[1] ?? '');
  const frame: WebhookFrame = {
    kind: 'webhook',
    id: deps.nextId(),
    source: 'webhook',
    timing: { start },
    request: { method, url: req.url ?? '/', headers },
    response: { status: 0, headers: [], body: toBodyBytes(Buffer.alloc(0)) },
    verdict: { accepted: false, status: 0, reason: '' },
    ...(req.socket.remoteAddress && req.socket.remotePort
      ? { remote: { address: req.socket.remoteAddress, port: req.socket.remotePort } }
      : {}),
    ...(target ? { targetId: target.id, agentId: target.agentId } : {}),
  };

  const answer = (verdict: WebhookVerdict, body = '') => {
    frame.verdict = verdict;
    const responseHeaders: HeaderList = body ? [['Content-Type', 'text/plain; charset=utf-8']] : [];
    frame.response = {
      status: verdict.status,
      headers: responseHeaders,
      body: toBodyBytes(Buffer.from(body)),
    };
    frame.timing.end = deps.now();
    res.writeHead(verdict.status, Object.fromEntries(responseHeaders));
    res.end(body);
    deps.publish(frame);
  };

  // Refused before the path or the body is looked at: a page in a browser may be posting under a rebound name.
  const misdirected = hostRefusal(req.headers.host, hosts);
  if (misdirected) {
    req.resume();
    return answer({ accepted: false, status: 421, reason: `Refused: ${misdirected}` }, misdirected);
  }
  const relay = deps.relays?.get(/^\/relay\/([A-Za-z0-9_-]+)$/.exec(url.pathname)?.[1] ?? '');
  if (relay) return relayDelivery(req, res, frame, relay, url.search, deps);
  if (!target) {
    await readBody(req, MAX_DELIVERY_BYTES).then(
      (body) => (frame.request.body = toBodyBytes(body.bytes, body.truncated)),
    );
    return answer({
      accepted: false,
      status: 404,
      reason: `Rejected: no push config has the path ${url.pathname}.`,
    });
  }
  // 0.1 agents check the URL first: GET ?validationToken=… must echo the token
  // (docs/protocol.md#what-the-receiver-does, point 6).
  const challenge = url.searchParams.get('validationToken');
  if (method === 'GET' && challenge !== null && !browserHeader(headers)) {
    return answer(
      { accepted: true, status: 200, reason: 'Answered the validation challenge (0.1).', auth: 'none' },
      challenge,
    );
  }
  const refused = checkHead(method, headers);
  if (refused) {
    req.resume();
    return answer(refused);
  }
  const body = await readBody(req, MAX_DELIVERY_BYTES);
  frame.request.body = toBodyBytes(body.bytes, body.truncated);
  if (body.truncated) {
    return answer({
      accepted: false,
      status: 413,
      reason: `Rejected: the body passed the ${MAX_DELIVERY_BYTES}-byte cap.`,
    });
  }
  const limited = checkRate(target, deps.now());
  if (limited) return answer(limited);
  const verdict =
    target.mode === 'jwt' ? await deps.jwt.check(target, headers, body.bytes) : checkSecrets(target, headers);
  if (!verdict.accepted) return answer(verdict);
  const { findings, ...a2a } = readDelivery(target, body.bytes, deps);
  frame.a2a = a2a;
  if (findings) frame.findings = findings;
  answer(verdict);
}

/** How long a relay waits for the caller's webhook before it answers the agent 504. */
export const RELAY_TIMEOUT_MS = 30_000;

/**
 * A delivery to a relay: recorded, decoded as any delivery is, and passed on to the caller's webhook, whose answer
 * (status, headers, body) goes back to the agent. A webhook that cannot be reached gets the agent a 502 (504 when it
 * timed out), with the reason on the frame.
 */
async function relayDelivery(
  req: IncomingMessage,
  res: ServerResponse,
  frame: WebhookFrame,
  relay: PushRelay,
  query: string,
  deps: ReceiverDeps,
): Promise<void> {
  frame.agentId = relay.agentId;
  const body = await readBody(req, MAX_DELIVERY_BYTES);
  frame.request.body = toBodyBytes(body.bytes, body.truncated);
  const target = relayTarget(relay.originalUrl, query);
  const shownUrl = `${target.origin}${target.pathname}`;
  const { findings, ...a2a } = readDelivery(relay, body.bytes, deps);
  frame.a2a = a2a;
  if (findings) frame.findings = findings;
  let status: number;
  let headers: HeaderList;
  let answerBody: Buffer;
  try {
    if (body.truncated) throw new Error(`the body passed the ${MAX_DELIVERY_BYTES}-byte cap`);
    const answer = await passOn(
      target,
      { method: req.method ?? 'POST', headers: frame.request.headers, body: body.bytes },
      { cap: MAX_DELIVERY_BYTES, timeoutMs: RELAY_TIMEOUT_MS },
    );
    ({ status, headers, body: answerBody } = answer);
    frame.relayedTo = { url: shownUrl, proxyId: relay.proxyId, status };
    frame.verdict = {
      accepted: status >= 200 && status < 300,
      status,
      reason: `Passed on to ${shownUrl}, which answered HTTP ${status}.`,
      auth: 'none',
    };
    frame.response = { status, headers, body: toBodyBytes(answerBody, answer.truncated) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    status = /did not answer within/.test(message) ? 504 : 502;
    headers = [['Content-Type', 'text/plain; charset=utf-8']];
    answerBody = Buffer.from(`Switchboard could not pass the delivery on: ${message}`);
    frame.relayedTo = { url: shownUrl, proxyId: relay.proxyId, error: message };
    frame.verdict = { accepted: false, status, reason: `Not passed on to ${shownUrl}: ${message}` };
    frame.response = { status, headers, body: toBodyBytes(answerBody) };
  }
  frame.timing.end = deps.now();
  res.writeHead(status, headers.flat());
  res.end(answerBody);
  deps.publish(frame);
}

function readDelivery(
  target: Pick<PushTarget, 'generation' | 'agentId' | 'seenBodies'>,
  bytes: Buffer,
  deps: ReceiverDeps,
): NonNullable<WebhookFrame['a2a']> & { findings?: WebhookFrame['findings'] } {
  const out: NonNullable<WebhookFrame['a2a']> & { findings?: WebhookFrame['findings'] } = {
    generation: target.generation,
  };
  const hash = createHash('sha256').update(bytes).digest('hex');
  if (target.seenBodies.has(hash)) out.duplicate = true;
  target.seenBodies.add(hash);
  const adapter = pushAdapter(target.generation);
  const decoded = adapter?.decodePush(bytes.toString('utf8'));
  if (!decoded) return out;
  if (decoded.findings.length > 0) out.findings = decoded.findings;
  if (decoded.kind !== 'item') return out;
  Object.assign(out, summarize(decoded.item));
  if (out.taskId !== undefined && !deps.knownTask(target.agentId, out.taskId)) out.unknownTask = true;
  return out;
}

function summarize(item: StreamItem): { item: string; taskId?: string; contextId?: string; state?: string } {
  switch (item.kind) {
    case 'task':
      return {
        item: item.kind,
        taskId: item.task.id,
        ...(item.task.contextId ? { contextId: item.task.contextId } : {}),
        state: item.task.status.state,
      };
    case 'status-update':
      return { item: item.kind, taskId: item.update.taskId, state: item.update.status.state };
    case 'artifact-update':
      return { item: item.kind, taskId: item.update.taskId };
    case 'message':
      return { item: item.kind, ...(item.message.taskId ? { taskId: item.message.taskId } : {}) };
    case 'unknown':
      return { item: item.kind };
  }
}

async function readBody(
  req: IncomingMessage,
  cap: number,
): Promise<{ bytes: Buffer; truncated?: { limit: number; seen: number } }> {
  const chunks: Buffer[] = [];
  let seen = 0;
  let kept = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    seen += chunk.byteLength;
    if (kept < cap) {
      const part = chunk.subarray(0, cap - kept);
      chunks.push(part);
      kept += part.byteLength;
    }
    // Past the cap nothing more is worth reading: stop the sender rather than buffer what it keeps sending.
    if (seen > cap) {
      req.destroy();
      break;
    }
  }
  const bytes = Buffer.concat(chunks, kept);
  return seen > cap ? { bytes, truncated: { limit: cap, seen } } : { bytes };
}
