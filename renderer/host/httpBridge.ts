// The browser edition's transport: each contract method is a POST to /api/<method> with the per-run token, and
// host events arrive on one long POST /api/events response as newline-delimited JSON.

import {
  hostEventTypes,
  type HostCallResult,
  type HostConnection,
  type HostEvent,
  type HostEventListener,
} from '../../shared/host/hostApi';
import { createHostProxy } from '../../shared/host/proxy';
import { API_PREFIX, EVENTS_PATH, TOKEN_HEADER } from '../../shared/host/webBridge';

const RECONNECT_MS = 1000;

export function createHttpBridge(token: string): HostConnection {
  const headers = { 'Content-Type': 'application/json', [TOKEN_HEADER]: token };
  const api = createHostProxy(async (method, args): Promise<HostCallResult> => {
    let response: Response;
    try {
      response = await fetch(`${API_PREFIX}${method}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(args),
        cache: 'no-store',
      });
    } catch (error) {
      return {
        ok: false,
        error: {
          name: 'HostUnreachable',
          message: `The Switchboard server did not answer (${String(error)}).`,
        },
      };
    }
    if (!response.ok) {
      return { ok: false, error: { name: `HTTP ${response.status}`, message: await response.text() } };
    }
    return (await response.json()) as HostCallResult;
  });

  const listeners = new Set<HostEventListener>();
  let streaming = false;

  async function pump(): Promise<void> {
    streaming = true;
    while (listeners.size > 0) {
      try {
        const response = await fetch(EVENTS_PATH, { method: 'POST', headers, body: '{}', cache: 'no-store' });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        await readLines(response.body, (line) => deliver(line, listeners));
      } catch {
        // The server restarted or the connection dropped: try again shortly. Frames published meanwhile do not reach
        // this window (the journal keeps them all).
      }
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    }
    streaming = false;
  }

  return {
    ...api,
    onEvent(listener) {
      listeners.add(listener);
      if (!streaming) void pump();
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

async function readLines(body: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, { stream: true });
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim()) onLine(line);
      newline = buffered.indexOf('\n');
    }
  }
}

function deliver(line: string, listeners: Set<HostEventListener>): void {
  let event: unknown;
  try {
    event = JSON.parse(line);
  } catch {
    return;
  }
  const type = (event as { type?: unknown }).type;
  if (!hostEventTypes.includes(type as HostEvent['type'])) return;
  for (const listener of listeners) listener(event as HostEvent);
}
