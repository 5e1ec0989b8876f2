// An A2A 1.0 JSON-RPC agent whose stream never ends: a task, then a status update every few milliseconds until the
// client hangs up. The crash test records it and kills the recorder mid-stream.

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FastStreamAgent {
  url: string;
  /** Events written so far, with the time each was written. */
  sent: number[];
  close(): Promise<void>;
}

export async function startFastStreamAgent(intervalMs = 2): Promise<FastStreamAgent> {
  const sent: number[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (req.method === 'GET' && req.url?.startsWith('/.well-known/agent-card.json')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(card(base)));
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const call = JSON.parse(body) as { id: number | string };
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      open.add(res);
      const ids = { taskId: 'task-fast', contextId: 'ctx-fast' };
      let n = 0;
      const write = (result: unknown) => {
        res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: call.id, result })}\n\n`);
        sent.push(Date.now());
      };
      write({ task: { id: ids.taskId, contextId: ids.contextId, status: { state: 'TASK_STATE_WORKING' } } });
      const timer = setInterval(() => {
        n++;
        write({
          statusUpdate: {
            ...ids,
            status: { state: 'TASK_STATE_WORKING', timestamp: new Date().toISOString() },
            metadata: { n },
          },
        });
      }, intervalMs);
      res.on('close', () => {
        clearInterval(timer);
        open.delete(res);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sent,
    close: () =>
      new Promise((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
}

function card(base: string) {
  return {
    name: 'Fast stream',
    description: 'Streams status updates until the client hangs up.',
    supportedInterfaces: [{ url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'fast', name: 'Fast', description: 'Streams fast.', tags: ['test'] }],
  };
}
