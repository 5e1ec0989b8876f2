// Replay shows a session as it arrived (SES-3): a finished exchange appears pending when sent, streaming when its
// stream opened and finished when it ended, with the stream's events between, each at its own time — so a replayed
// timeline reads like the live one (the stream ends after its events), and an answer is not shown before it came.

import { describe, expect, it } from 'vitest';
import { replaySteps } from '../../../../renderer/store/replaySteps';
import { createAppStore } from '../../../../renderer/store/appStore';
import type { SessionSummary } from '../../../../shared/session/types';
import type { Frame, HttpFrame, SseFrame, WebhookFrame } from '../../../../shared/wire/frame';

const body = (text = '') => ({ base64: '', text, size: text.length, utf8Valid: true });

const streamExchange: HttpFrame = {
  kind: 'http',
  id: 'x',
  source: 'composer',
  rev: 2,
  state: 'done',
  timing: { start: 100, connected: 101, firstByte: 110, end: 200 },
  request: { method: 'POST', url: 'http://127.0.0.1/a2a', headers: [['Content-Type', 'application/json']] },
  response: {
    status: 200,
    statusText: 'OK',
    httpVersion: '1.1',
    headers: [['Content-Type', 'text/event-stream']],
    body: body(),
  },
  stream: { bytes: 300, events: 2, emptyBlocks: 0, ended: 'complete' },
  a2a: { agentId: 'a', operation: 'stream', generation: '1.0', binding: 'JSONRPC', outcome: 'stream' },
  findings: [{ rule: 'r', severity: 'warning', message: 'm', pointer: '' }],
  secrets: [{ in: 'request-header', name: 'Authorization' }],
};

const event = (id: string, at: number, seq: number): SseFrame => ({
  kind: 'sse',
  id,
  source: 'composer',
  exchangeId: 'x',
  seq,
  timing: { start: at },
  offset: { start: seq * 10, end: seq * 10 + 10 },
  raw: 'data: {}\n\n',
  dispatched: true,
});

const plain: HttpFrame = {
  kind: 'http',
  id: 'p',
  source: 'address-bar',
  timing: { start: 130, end: 140 },
  request: { method: 'GET', url: 'http://127.0.0.1/p', headers: [] },
  response: { status: 404, statusText: 'Not Found', httpVersion: '1.1', headers: [], body: body('no') },
};

const push = {
  kind: 'webhook',
  id: 'w',
  source: 'webhook',
  timing: { start: 160 },
  request: { method: 'POST', url: 'http://127.0.0.1/hook', headers: [] },
  response: { status: 200, headers: [], body: body() },
  verdict: { accepted: true, status: 200, reason: 'ok' },
} satisfies WebhookFrame;

// As a session holds them: newest revision of each, in order of first arrival.
const session: Frame[] = [streamExchange, event('e1', 120, 0), plain, event('e2', 150, 1), push];

describe('replay steps', () => {
  it('puts every frame and every revision of an exchange at its own time', () => {
    const steps = replaySteps(session);
    expect(
      steps.map((s) => [s.frame.id, s.at, s.frame.kind === 'http' ? s.frame.state : s.frame.kind]),
    ).toEqual([
      ['x', 100, 'pending'],
      ['x', 110, 'streaming'],
      ['e1', 120, 'sse'],
      ['p', 130, 'pending'],
      ['p', 140, undefined],
      ['e2', 150, 'sse'],
      ['w', 160, 'webhook'],
      ['x', 200, 'done'],
    ]);
    // The recorded frames themselves are what the last steps show.
    expect(steps[7]!.frame).toBe(streamExchange);
    expect(steps[4]!.frame).toBe(plain);
  });

  it('an earlier revision holds only what was known then', () => {
    const [pending, streaming] = replaySteps([streamExchange]) as Array<{ frame: HttpFrame }>;
    expect(pending!.frame).toEqual({
      kind: 'http',
      id: 'x',
      source: 'composer',
      rev: 0,
      state: 'pending',
      timing: { start: 100, connected: 101 },
      request: streamExchange.request,
      a2a: { agentId: 'a', operation: 'stream', generation: '1.0', binding: 'JSONRPC' },
      secrets: streamExchange.secrets,
    });
    expect(streaming!.frame).toMatchObject({
      rev: 1,
      state: 'streaming',
      timing: { start: 100, connected: 101, firstByte: 110 },
      response: streamExchange.response,
      stream: { bytes: 0, events: 0, emptyBlocks: 0 },
    });
    expect(streaming!.frame.stream?.ended).toBeUndefined();
    expect(streaming!.frame.findings).toBeUndefined();
  });

  it('leaves alone an exchange that never ended or took no time, and keeps ties in recorded order', () => {
    const open: HttpFrame = { ...plain, id: 'o', rev: 3, state: 'streaming' };
    const instant: HttpFrame = { ...plain, id: 'i', timing: { start: 130, end: 130 } };
    const noEnd: HttpFrame = { ...plain, id: 'n', timing: { start: 130 } };
    expect(replaySteps([open, instant, noEnd]).map((s) => s.frame)).toEqual([open, instant, noEnd]);
  });
});

describe('replaying steps through the store', () => {
  const summary: SessionSummary = {
    sessionId: 's',
    title: 'Streamed',
    source: 'file',
    agents: [],
    frameCount: session.length,
    notices: [],
  };

  it('shows an exchange pending, then streaming, then finished, and rebuilds on the way back', () => {
    const store = createAppStore();
    store.getState().startReplay(summary, session, []);
    const exchange = () => store.getState().frames.find((f) => f.id === 'x') as HttpFrame;
    expect(store.getState().replay!.steps).toHaveLength(8);
    expect(exchange().state).toBe('pending');
    store.getState().seekReplay(3);
    expect(exchange().state).toBe('streaming');
    expect(store.getState().frames.map((f) => f.id)).toEqual(['x', 'e1']);
    store.getState().seekReplay(8);
    expect(exchange()).toBe(streamExchange);
    expect(store.getState().frames.map((f) => f.id)).toEqual(['x', 'e1', 'p', 'e2', 'w']);
    // The stream's end is read after its events, as it was live.
    const kinds = store.getState().timeline.entries.map((e) => `${e.frameId}:${e.kind}`);
    expect(kinds.indexOf('x:stream-end')).toBeGreaterThan(kinds.indexOf('e2:event'));
    store.getState().seekReplay(2);
    expect(exchange().state).toBe('streaming');
    expect(store.getState().frames.map((f) => f.id)).toEqual(['x']);
  });
});
