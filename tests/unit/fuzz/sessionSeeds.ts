// Recordings as the loaders meet them: a few of the SDK peers' exchanges, their streams split into `sse` frames as the
// host records them, a push delivery frame and the agents, written as a session file, a HAR export and journal lines.
// The session, HAR and journal fuzz targets mutate these.

import { buildSessionFile } from '../../../electron/host/session/sessionFiles';
import { framesToHar } from '../../../shared/session/har';
import type { SessionAgent } from '../../../shared/session/types';
import type { BodyBytes, Frame, HttpFrame, SseFrame, WebhookFrame } from '../../../shared/wire/frame';
import { parseSseBytes } from '../../../shared/wire/sse';
import { cardSeeds, recordedFrames } from './seeds';

/** An exchange whose answer was a stream becomes the http frame plus one sse frame per block, as the host keeps it. */
function asRecorded(frame: HttpFrame): Frame[] {
  const response = frame.response;
  const type = response?.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  if (!response || !type.includes('text/event-stream')) return [frame];
  const parsed = parseSseBytes(Buffer.from(response.body.base64, 'base64'));
  const events: SseFrame[] = parsed.events.map((event, seq) => ({
    kind: 'sse',
    id: `${frame.id}-e${seq}`,
    source: frame.source,
    timing: { start: frame.timing.start + seq },
    exchangeId: frame.id,
    seq,
    offset: { start: event.start, end: event.end },
    raw: event.raw,
    dispatched: true,
    event: { index: event.index, type: event.type, data: event.data, ...(event.id ? { id: event.id } : {}) },
  }));
  return [{ ...frame, response: { ...response, body: body('') } }, ...events];
}

function body(text: string): BodyBytes {
  const bytes = Buffer.from(text);
  return { base64: bytes.toString('base64'), text, size: bytes.length, utf8Valid: true };
}

const push: WebhookFrame = {
  kind: 'webhook',
  id: 'push-1',
  source: 'webhook',
  timing: { start: 1 },
  targetId: 'target-1',
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:9/hooks/target-1',
    headers: [['Content-Type', 'application/json']],
    body: body('{"kind":"task","id":"t"}'),
  },
  response: { status: 200, headers: [], body: body('') },
  verdict: { accepted: true, status: 200, reason: 'Accepted: no token was asked for', auth: 'none' },
  a2a: { generation: '0.3', item: 'task', taskId: 't' },
};

const agent: SessionAgent = {
  id: 'agent-1',
  name: 'Fuzz agent',
  cardUrl: 'http://127.0.0.1:9/.well-known/agent-card.json',
  origin: 'http://127.0.0.1:9',
  cardText: JSON.stringify(cardSeeds()[0] ?? {}),
  generation: '0.3',
};

/** A handful of recordings (a stream, a multi-turn task, files, errors), each with the push frame. */
const recordings: Frame[][] = recordedFrames
  .filter((_, index) => index % 9 === 0)
  .map((frames) => [...frames.flatMap(asRecorded), push]);

export const sessionFileSeeds: unknown[] = recordings.map((frames, index) =>
  buildSessionFile({ title: `fuzz ${index}`, appVersion: '0.1.0', agents: [agent], frames, redactions: [] }),
);

export const harSeeds: unknown[] = recordings.map((frames) =>
  framesToHar(frames, { appVersion: '0.1.0', agents: [agent] }),
);

/** One line each, as the journal writes them: header, agent, frames, a redactions record. */
export const journalLineSeeds: unknown[] = [
  {
    kind: 'journal',
    format: 'switchboard-journal',
    version: 1,
    appVersion: '0.1.0',
    startedAt: 1_795_000_000_000,
  },
  { kind: 'agent', agent },
  {
    kind: 'redactions',
    items: [{ frameId: 'push-1', where: 'request-header', name: 'Authorization', kind: 'authorization' }],
  },
  ...(recordings[0] ?? []),
  ...(recordings[1] ?? []),
];
