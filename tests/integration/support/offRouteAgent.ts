// A server whose card is found only by content and whose endpoint does not speak the card's generation: an A2A 0.1
// card (the simplified REST kind tutorials teach) at paths without `.json` (`/cards/my-agent`, `/agent-card?v=2`),
// none at the well-known paths, and every call to the card's endpoint answered 404, 405 or an HTML page. For the
// card-location (CARD-1) and route-missing (CARD-3) tests of the host and the CLI.

import { startLocalServer, type LocalServer } from './localServer';

/** Where each card points its endpoint, and so how that endpoint answers. */
export const OFF_ROUTE_CARDS = {
  '/cards/my-agent': '/api',
  '/agent-card?v=2': '/api',
  '/cards/not-allowed': '/not-allowed',
  '/cards/html-agent': '/html',
} as const;

export interface OffRouteAgent extends LocalServer {
  /** Calls the endpoints answered, as `METHOD path`. */
  calls: string[];
}

export function offRouteCard(origin: string, endpoint: string): Record<string, unknown> {
  return {
    name: 'Tutorial REST agent',
    description: 'Speaks its own REST, not JSON-RPC.',
    url: `${origin}${endpoint}`,
    version: '1.0.0',
    authentication: { schemes: ['apikey'] },
    capabilities: { streaming: true },
    skills: [{ id: 'echo', name: 'Echo' }],
  };
}

export async function startOffRouteAgent(): Promise<OffRouteAgent> {
  const calls: string[] = [];
  let origin = '';
  const server = await startLocalServer((req, res) => {
    const path = req.url ?? '/';
    const endpoint = (OFF_ROUTE_CARDS as Record<string, string>)[path];
    if (req.method === 'GET' && endpoint !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(offRouteCard(origin, endpoint)));
      return;
    }
    if (req.method === 'GET' && path === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"ok","name":"health"}');
      return;
    }
    req.resume();
    if (req.method !== 'GET') calls.push(`${req.method ?? ''} ${path}`);
    if (path === '/not-allowed') {
      res.writeHead(405, { allow: 'GET', 'content-type': 'text/plain' });
      res.end('Method Not Allowed');
    } else if (path === '/html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><body><h1>Welcome</h1></body></html>');
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"detail":"Not Found"}');
    }
  });
  origin = server.url;
  return { ...server, calls };
}
