// Where the browser comes back after the user consents (AUTH-3, RFC 8252 §7.3): a one-shot listener on 127.0.0.1 at a
// port the OS picks. It settles on the first answer that reaches its path: the code when the state matches, or why
// not (another state, the user or the server said no, nothing within the time limit). The browser gets a short page
// saying what happened; the listener closes either way.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HeaderList } from '../../../shared/wire/frame';
import { pairs } from '../exchange';
import { hostRefusal } from '../net/hostAllowList';

export type RedirectOutcome = { ok: true; code: string } | { ok: false; reason: string; error?: string };

export interface LoopbackRedirect {
  redirectUri: string;
  outcome: Promise<RedirectOutcome>;
  close(): Promise<void>;
}

const PATH = '/oauth/callback';

/** The request that settled the listener and what it was answered, so the caller can record it as a frame. */
export interface SeenRedirect {
  url: string;
  headers: HeaderList;
  httpVersion: string;
  remote?: { address: string; port: number };
  status: number;
  responseHeaders: HeaderList;
  body: string;
}

export async function startLoopbackRedirect(options: {
  state: string;
  timeoutMs: number;
  onAnswer?: (seen: SeenRedirect) => void;
  /** A request refused for its Host header (SEC-2): recorded, but it settles nothing and the listener stays open. */
  onRefused?: (seen: SeenRedirect) => void;
}): Promise<LoopbackRedirect> {
  let settle: (outcome: RedirectOutcome) => void = () => {};
  const outcome = new Promise<RedirectOutcome>((resolve) => {
    settle = resolve;
  });
  let port = 0;
  const server = http.createServer((req, res) => {
    // Checked first: a page that rebinds a name to 127.0.0.1 must not be able to hand in a code or end the sign-in.
    const misdirected = hostRefusal(req.headers.host, { port });
    if (misdirected) {
      const responseHeaders: HeaderList = [['Content-Type', 'text/plain; charset=utf-8']];
      res.writeHead(421, Object.fromEntries(responseHeaders)).end(misdirected);
      options.onRefused?.({ ...seenOf(req, port), status: 421, responseHeaders, body: misdirected });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== PATH) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not here.');
      return;
    }
    const answer = read(url.searchParams, options.state);
    const status = answer.ok ? 200 : 400;
    const responseHeaders: HeaderList = [
      ['Content-Type', 'text/plain; charset=utf-8'],
      ['Cache-Control', 'no-store'],
    ];
    const body = answer.ok
      ? 'Signed in. You can close this tab and go back to Switchboard.'
      : `Sign-in failed: ${answer.reason}`;
    res.writeHead(status, Object.fromEntries(responseHeaders)).end(body);
    options.onAnswer?.({ ...seenOf(req, port), status, responseHeaders, body });
    finish(answer);
  });
  const timer = setTimeout(
    () =>
      finish({
        ok: false,
        reason: `No answer from the browser within ${Math.round(options.timeoutMs / 1000)} s.`,
      }),
    options.timeoutMs,
  );
  let closed: Promise<void> | undefined;
  const close = () => {
    clearTimeout(timer);
    // Closed before an answer (a new sign-in, the agent forgotten): whoever waits is told, not left hanging.
    settle({ ok: false, reason: 'the sign-in was stopped before the browser came back.' });
    closed ??= new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
    return closed;
  };
  const finish = (answer: RedirectOutcome) => {
    settle(answer);
    void close();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return { redirectUri: `http://127.0.0.1:${port}${PATH}`, outcome, close };
}

function seenOf(
  req: http.IncomingMessage,
  port: number,
): Omit<SeenRedirect, 'status' | 'responseHeaders' | 'body'> {
  return {
    url: `http://127.0.0.1:${port}${req.url ?? '/'}`,
    headers: pairs(req.rawHeaders),
    httpVersion: req.httpVersion,
    ...(req.socket.remoteAddress && req.socket.remotePort
      ? { remote: { address: req.socket.remoteAddress, port: req.socket.remotePort } }
      : {}),
  };
}

function read(params: URLSearchParams, state: string): RedirectOutcome {
  if (params.get('state') !== state) {
    return {
      ok: false,
      reason: 'the answer carries another state than the request (a forged or stale redirect).',
    };
  }
  const error = params.get('error');
  if (error) {
    const said = params.get('error_description');
    const reason =
      error === 'access_denied'
        ? 'consent was refused.'
        : `the authorization server said ${error}${said ? ` (${said})` : ''}.`;
    return { ok: false, reason, error };
  }
  const code = params.get('code');
  if (!code) return { ok: false, reason: 'the answer has neither a code nor an error.' };
  return { ok: true, code };
}
