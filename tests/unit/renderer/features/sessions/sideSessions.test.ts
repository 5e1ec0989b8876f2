// Sessions held beside the live run (UX-2): the side store's tabs, layout and compare pair as sessions are opened,
// shown and closed; the compare of two hand-built runs (A2A 1.0 JSON-RPC) through the re-send's view; the read-only
// rows of a held run.

import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../../../../shared/session/types';
import type { Frame, HttpFrame, SseFrame } from '../../../../../shared/wire/frame';
import { compareRuns } from '../../../../../renderer/features/sessions/compareRuns';
import { resendView } from '../../../../../renderer/features/sessions/resendView';
import { runRows } from '../../../../../renderer/features/sessions/runRows';
import {
  createSideSessionsStore,
  framesOfTab,
  LIVE_TAB,
} from '../../../../../renderer/features/sessions/sideSessionsStore';

const summary = (id: string, extra: Partial<SessionSummary> = {}): SessionSummary => ({
  sessionId: id,
  title: `${id}.switchboard`,
  source: 'file',
  agents: [],
  frameCount: 1,
  notices: [],
  ...extra,
});

const bytes = (text: string) => ({
  base64: Buffer.from(text).toString('base64'),
  text,
  size: Buffer.byteLength(text),
  utf8Valid: true,
});

/** A finished SendMessage whose answer is a completed task saying `said`. */
function send(
  id: string,
  said: string,
  options: { start?: number; ms?: number; status?: number } = {},
): HttpFrame {
  const start = options.start ?? 1000;
  const task = {
    id: `task-${id}-0000`,
    contextId: `ctx-${id}-0000`,
    status: {
      state: 'TASK_STATE_COMPLETED',
      message: { messageId: `m-${id}`, role: 'ROLE_AGENT', parts: [{ text: said }] },
    },
  };
  const request = JSON.stringify({
    jsonrpc: '2.0',
    id: 7,
    method: 'SendMessage',
    params: { message: { messageId: `u-${id}`, role: 'ROLE_USER', parts: [{ text: 'hello' }] } },
  });
  return {
    kind: 'http',
    id,
    rev: 2,
    state: 'done',
    source: 'agent:send',
    timing: { start, end: start + (options.ms ?? 50) },
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:4000/a2a/jsonrpc',
      headers: [['Content-Type', 'application/json']],
      body: bytes(request),
    },
    response: {
      status: options.status ?? 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [['Content-Type', 'application/json']],
      body: bytes(JSON.stringify({ jsonrpc: '2.0', id: 7, result: { task } })),
    },
    a2a: {
      agentId: 'a1',
      operation: 'send',
      generation: '1.0',
      binding: 'JSONRPC',
      rpc: { method: 'SendMessage', id: 7 },
      outcome: 'result',
    },
  };
}

describe('side sessions store', () => {
  it('starts on the live tab with nothing held', () => {
    const store = createSideSessionsStore();
    expect(store.getState()).toMatchObject({
      opened: [],
      active: LIVE_TAB,
      layout: 'tabs',
      comparing: false,
    });
  });

  it('opening two sessions gives two tabs, shows the newest and pairs them for the compare', () => {
    const store = createSideSessionsStore();
    const a = [send('a1', 'one')];
    const b = [send('b1', 'two')];
    store.getState().add(summary('s-a'), a);
    expect(store.getState().active).toBe('s-a');
    expect(store.getState().pair).toEqual({ a: LIVE_TAB, b: 's-a' });
    store.getState().add(summary('s-b'), b);
    const state = store.getState();
    expect(state.opened.map((s) => s.session.sessionId)).toEqual(['s-a', 's-b']);
    expect(state.active).toBe('s-b');
    expect(state.pair).toEqual({ a: 's-a', b: 's-b' });
    expect(framesOfTab(state, 's-a', [])).toBe(a);
    expect(framesOfTab(state, LIVE_TAB, b)).toBe(b);
    expect(framesOfTab(state, 'nope', [])).toBeUndefined();
  });

  it('opening a held session again replaces its frames in place', () => {
    const store = createSideSessionsStore();
    store.getState().add(summary('s-a'), [send('a1', 'one')]);
    store.getState().add(summary('s-b'), []);
    const again = [send('a1', 'one'), send('a2', 'two')];
    store.getState().add(summary('s-a'), again);
    expect(store.getState().opened.map((s) => s.session.sessionId)).toEqual(['s-a', 's-b']);
    expect(store.getState().opened[0]!.frames).toBe(again);
  });

  it('switches tabs, layout and picks; unknown tabs are ignored; a new pick hides the compare', () => {
    const store = createSideSessionsStore();
    store.getState().add(summary('s-a'), []);
    store.getState().show(LIVE_TAB);
    expect(store.getState().active).toBe(LIVE_TAB);
    store.getState().show('closed-long-ago');
    expect(store.getState().active).toBe(LIVE_TAB);
    store.getState().setLayout('split');
    store.getState().setComparing(true);
    store.getState().pick('a', 'closed-long-ago');
    expect(store.getState().comparing).toBe(true);
    store.getState().pick('b', LIVE_TAB);
    expect(store.getState()).toMatchObject({
      layout: 'split',
      comparing: false,
      pair: { a: LIVE_TAB, b: LIVE_TAB },
    });
  });

  it('closing a tab frees it; what pointed at it goes back to live; the last one closed ends the split', () => {
    const store = createSideSessionsStore();
    store.getState().add(summary('s-a'), [send('a1', 'one')]);
    store.getState().add(summary('s-b'), []);
    store.getState().setLayout('split');
    store.getState().setComparing(true);
    store.getState().close('s-b');
    expect(store.getState()).toMatchObject({
      active: LIVE_TAB,
      pair: { a: 's-a', b: LIVE_TAB },
      comparing: false,
      layout: 'split',
    });
    expect(store.getState().opened.map((s) => s.session.sessionId)).toEqual(['s-a']);
    store.getState().close('not-open');
    expect(store.getState().opened).toHaveLength(1);
    store.getState().close('s-a');
    expect(store.getState()).toMatchObject({
      opened: [],
      layout: 'tabs',
      pair: { a: LIVE_TAB, b: LIVE_TAB },
    });
  });

  it('refuses a session in browse mode, saying why', () => {
    const store = createSideSessionsStore();
    expect(() => store.getState().add(summary('big', { browse: true, frameCount: 300_000 }), [])).toThrow(
      '“big.switchboard” is too large to hold beside the live run.',
    );
    expect(store.getState().opened).toEqual([]);
  });
});

describe('compare two runs', () => {
  it('the same conversation with other ids and times: no differences, timing apart', () => {
    const a = [send('a1', 'Echo: hello', { start: 1000, ms: 40 })];
    const b = [send('b1', 'Echo: hello', { start: 9000, ms: 70 })];
    const result = compareRuns(a, b);
    expect(result.differences).toEqual([]);
    expect(result.timing).toEqual([{ step: 1, beforeMs: 40, afterMs: 70 }]);
    expect(result.steps).toEqual([
      {
        index: 1,
        operation: 'send',
        recordedFrameId: 'a1',
        newFrameId: 'b1',
        status: 'HTTP 200 · result',
        message: 'SendMessage',
      },
    ]);
    const view = resendView(result, a);
    expect(view.clean).toBe(true);
    expect(view.rows[0]).toMatchObject({ recorded: 'HTTP 200 · result', now: 'HTTP 200 · result' });
  });

  it('names what the agent said differently and a request only one run has', () => {
    const a = [send('a1', 'Echo: hello')];
    const b = [send('b1', 'Echo: goodbye'), send('b2', 'Echo: again', { start: 2000 })];
    const view = resendView(compareRuns(a, b), a);
    expect(view.headline).toBe('2 differences in 2 of 2 requests.');
    expect(view.rows.map((r) => [r.step, r.recorded, r.now])).toEqual([
      [1, 'HTTP 200 · result', 'HTTP 200 · result'],
      [2, 'not in the session', 'HTTP 200 · result'],
    ]);
    expect(view.rows[0]!.differences.map((d) => [d.aspect, d.message])).toEqual([
      ['messages', 'Step 1 (SendMessage): the agent said "Echo: hello", now "Echo: goodbye"'],
    ]);
    expect(view.rows[1]!.differences.map((d) => d.aspect)).toEqual(['extra']);
  });

  it('a request missing from B is shown as not in this run', () => {
    const a = [send('a1', 'x'), send('a2', 'y', { start: 2000 })];
    const result = compareRuns(a, [send('b1', 'x')]);
    expect(result.steps[1]).toMatchObject({ recordedFrameId: 'a2', status: 'not in this run' });
    expect(result.differences.map((d) => d.aspect)).toEqual(['missing']);
  });

  it('two runs without requests to an agent compare clean and empty', () => {
    expect(compareRuns([], [])).toEqual({ steps: [], differences: [], timing: [] });
  });
});

describe('run rows', () => {
  it('one row per exchange at its newest revision, events counted in it, times from the first frame', () => {
    const pending: HttpFrame = { ...send('x1', 'hi', { start: 500 }), rev: 1, state: 'pending' };
    delete pending.response;
    const done = { ...send('x1', 'hi', { start: 500 }), stream: { bytes: 10, events: 2, emptyBlocks: 0 } };
    const event: SseFrame = {
      kind: 'sse',
      id: 'e1',
      exchangeId: 'x1',
      seq: 0,
      source: 'agent:stream',
      timing: { start: 510 },
      raw: 'data: {}\n\n',
      offset: { start: 0, end: 10 },
      dispatched: true,
    };
    const fetch: HttpFrame = {
      kind: 'http',
      id: 'f1',
      source: 'address-bar',
      timing: { start: 800 },
      request: { method: 'GET', url: 'not a url', headers: [] },
    };
    const frames: Frame[] = [pending, event, done, fetch];
    expect(runRows(frames)).toEqual([
      { id: 'x1', at: 0, label: 'POST /a2a/jsonrpc · send', outcome: 'stream · 2 events' },
      { id: 'f1', at: 300, label: 'GET not a url', outcome: 'no answer' },
    ]);
  });
});
