// Answers the proxy gives itself rather than the upstream's (PRX-1, PRX-4): one a fault hook made instead of calling
// the upstream, recorded as a frame like any exchange with the fault marked on it; and a 502 when the upstream could
// not be reached, saying why in a sentence, since the caller would otherwise only see its connection close.

import type { ServerResponse } from 'node:http';
import type { ProxyAnswer } from '../../../shared/proxy/proxyTypes';
import type { HttpFrame } from '../../../shared/wire/frame';
import { toBodyBytes } from '../bodyBytes';
import { once, writeAnswer } from './answerWriter';
import { addCallerFindings, annotateFrame, type Forward } from './forwardContext';

export async function answerWithoutUpstream(
  forward: Forward,
  url: string,
  answer: ProxyAnswer,
): Promise<void> {
  const { site, call } = forward;
  const { deps, publish } = site.recorder;
  const frame: HttpFrame = {
    kind: 'http',
    id: deps.nextId(),
    source: 'proxy',
    timing: { start: deps.now() },
    request: {
      method: call.method,
      url,
      headers: call.headers,
      ...(call.body.byteLength > 0 ? { body: toBodyBytes(call.body) } : {}),
    },
  };
  annotateFrame(forward, frame, []);
  const chunks: Uint8Array[] = [];
  const written = await writeAnswer(call.res, answer, {
    headFirst: false,
    onChunk: (chunk) => chunks.push(chunk),
  });
  frame.timing.firstByte = frame.timing.start;
  frame.timing.end = deps.now();
  frame.response = {
    status: answer.status,
    statusText: answer.statusText,
    httpVersion: '1.1',
    headers: answer.headers,
    body: toBodyBytes(Buffer.concat(chunks)),
  };
  frame.proxied = { ...forward.info, faults: [...(answer.faults ?? [])] };
  if (written.cut)
    frame.error = {
      kind: 'aborted',
      label: 'Cut short',
      message: 'The answer ended before it was complete.',
    };
  addCallerFindings(forward, frame);
  frame.state = 'done';
  publish(frame);
  site.seen(frame);
}

/** The upstream could not be reached (or failed before its head): a 502 with the reason, unless a head went out. */
export async function proxyFailure(res: ServerResponse, frame: HttpFrame): Promise<void> {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const reason = frame.error ? `${frame.error.label}: ${frame.error.message}` : 'no answer';
  const body = Buffer.from(
    `Switchboard proxy: the upstream agent at ${frame.request.url} could not be reached (${reason}).\n`,
    'utf8',
  );
  await writeAnswer(
    res,
    {
      status: 502,
      statusText: 'Bad Gateway',
      headers: [
        ['Content-Type', 'text/plain; charset=utf-8'],
        ['Content-Length', String(body.byteLength)],
      ],
      body: once(body),
    },
    { headFirst: true },
  );
}

/** A refusal the proxy answers without forwarding anything (wrong host, unknown path, absolute-form target …). */
export function refuse(res: ServerResponse, status: number, message: string): void {
  const body = Buffer.from(`Switchboard proxy: ${message}\n`, 'utf8');
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(body.byteLength),
    Connection: 'close',
  });
  res.end(body);
}
