// Where the browser comes back after the user consents (AUTH-3, RFC 8252 §7.3): a one-shot listener on 127.0.0.1 at a
// port the OS picks. It settles on the first answer that reaches its path: the code when the state matches, or why
// not (another state, the user or the server said no, nothing within the time limit). The browser gets a short page
// saying what happened; the listener closes either way.

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RedirectOutcome = { ok: true; code: string } | { ok: false; reason: string; error?: string };

export interface LoopbackRedirect {
  redirectUri: string;
  outcome: Promise<RedirectOutcome>;
  close(): Promise<void>;
}

const PATH = '/oauth/callback';

export async function startLoopbackRedirect(options: {
  state: string;
  timeoutMs: number;
}): Promise<LoopbackRedirect> {
  let settle: (outcome: RedirectOutcome) => void = () => {};
  const outcome = new Promise<RedirectOutcome>((resolve) => {
    settle = resolve;
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== PATH) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not here.');
      return;
    }
    const answer = read(url.searchParams, options.state);
    res
      .writeHead(answer.ok ? 200 : 400, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      })
      .end(
        answer.ok
          ? 'Signed in. You can close this tab and go back to Switchboard.'
          : `Sign-in failed: ${answer.reason}`,
      );
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
  const { port } = server.address() as AddressInfo;
  return { redirectUri: `http://127.0.0.1:${port}${PATH}`, outcome, close };
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
