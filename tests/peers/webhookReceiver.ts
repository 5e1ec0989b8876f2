// A small webhook receiver on 127.0.0.1 for push-notification deliveries: keeps each request's method, path, raw header
// lines and exact body, answers the 0.1 `validationToken` challenge, and lets callers wait for a delivery by event.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { toBodyBytes } from '../../electron/host/bodyBytes';
import type { BodyBytes, HeaderList } from '../../shared/wire/frame';
import { listenPeer } from './peerServer';

export interface PushDelivery {
  receivedAt: string;
  method: string;
  /** Path and query as requested. */
  path: string;
  headers: HeaderList;
  body: BodyBytes;
}

export interface WebhookReceiver {
  baseUrl: string;
  deliveries: PushDelivery[];
  urlFor(path: string): string;
  /** Deliveries whose path (without the query) is `path`. */
  deliveriesTo(path: string): PushDelivery[];
  /** Resolves with the first delivery, already received or still to come, that matches. */
  waitFor(match: (delivery: PushDelivery) => boolean): Promise<PushDelivery>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: PushDelivery[] = [];
  let waiters: Array<{
    match: (delivery: PushDelivery) => boolean;
    resolve: (delivery: PushDelivery) => void;
  }> = [];

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const delivery: PushDelivery = {
        receivedAt: new Date().toISOString(),
        method: req.method ?? '',
        path: req.url ?? '',
        headers: pairs(req.rawHeaders),
        body: toBodyBytes(Buffer.concat(chunks)),
      };
      deliveries.push(delivery);
      const token = new URL(delivery.path, 'http://receiver').searchParams.get('validationToken');
      if (req.method === 'GET' && token !== null) {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end(token);
      } else {
        res.writeHead(200, { 'Content-Length': '0' });
        res.end();
      }
      const ready = waiters.filter((waiter) => waiter.match(delivery));
      waiters = waiters.filter((waiter) => !ready.includes(waiter));
      for (const waiter of ready) waiter.resolve(delivery);
    });
  };

  const server = await listenPeer(handle);
  const pathOf = (delivery: PushDelivery) => delivery.path.split('?')[0];
  return {
    baseUrl: server.baseUrl,
    deliveries,
    urlFor: (path) => `${server.baseUrl}${path}`,
    deliveriesTo: (path) => deliveries.filter((delivery) => pathOf(delivery) === path),
    waitFor: (match) => {
      const found = deliveries.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: server.close,
  };
}

function pairs(raw: string[]): HeaderList {
  const out: HeaderList = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i] ?? '', raw[i + 1] ?? '']);
  return out;
}
