// Passes a push delivery that reached a relay URL (pushRelays.ts) on to the caller's own webhook, byte for byte:
// the method, the headers (hop-by-hop ones aside, RFC 9110 §7.6.1) and the body as the agent sent them, and the
// webhook's answer back to the agent as it came. The delivery is a `webhook` frame like any other, with where it went
// and what the webhook said in `relayedTo`, so a failing webhook is seen beside the delivery it refused.

import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { HeaderList } from '../../../shared/wire/frame';
import { pairs } from '../exchange';
import { forwardableHeaders } from '../../../shared/proxy/hopByHop';

/** The header lines to pass on: hop-by-hop ones dropped, and Host and Content-Length, which are the relay's own. */
export function endToEndHeaders(headers: HeaderList): HeaderList {
  return forwardableHeaders(headers, ['host', 'content-length']);
}

export interface RelayAnswer {
  status: number;
  headers: HeaderList;
  body: Buffer;
  truncated?: { limit: number; seen: number };
}

/** The original URL with the delivery's query added (a 0.1 agent's `validationToken` challenge goes through). */
export function relayTarget(originalUrl: string, deliveryQuery: string): URL {
  const target = new URL(originalUrl);
  const extra = new URLSearchParams(deliveryQuery);
  for (const [name, value] of extra) target.searchParams.append(name, value);
  return target;
}

/**
 * Sends the delivery to the webhook and reads its answer (up to `cap` bytes). Rejects with the network error when the
 * webhook cannot be reached or does not answer within `timeoutMs`.
 */
export function passOn(
  target: URL,
  delivery: { method: string; headers: HeaderList; body: Buffer },
  options: { cap: number; timeoutMs: number },
): Promise<RelayAnswer> {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.reject(
      new Error(`The webhook URL uses ${target.protocol}; only http and https are passed on.`),
    );
  }
  const headers = endToEndHeaders(delivery.headers);
  // Given as a list, the headers are sent as they are: Node adds no Host of its own then.
  headers.unshift(['Host', target.host]);
  headers.push(['Content-Length', String(delivery.body.byteLength)]);
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(target, {
      method: delivery.method,
      headers: headers.flat(),
      timeout: options.timeoutMs,
    });
    request.on('timeout', () =>
      request.destroy(new Error(`The webhook did not answer within ${options.timeoutMs} ms.`)),
    );
    request.on('error', reject);
    request.on('response', (response) => void readAnswer(response, options.cap).then(resolve, reject));
    request.end(delivery.body);
  });
}

async function readAnswer(response: IncomingMessage, cap: number): Promise<RelayAnswer> {
  const chunks: Buffer[] = [];
  let seen = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    seen += chunk.byteLength;
    if (seen <= cap) chunks.push(chunk);
  }
  const body = Buffer.concat(chunks).subarray(0, cap);
  return {
    status: response.statusCode ?? 502,
    headers: endToEndHeaders(pairs(response.rawHeaders)),
    body,
    ...(seen > cap ? { truncated: { limit: cap, seen } } : {}),
  };
}
