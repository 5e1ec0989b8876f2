// Replay in the store (SES-3): a session is shown through the same frames slice as live, up to a cursor; scrubbing
// back rebuilds the derived views from zero; live frames that arrive meanwhile wait and come back, none lost, with
// "Back to live"; agents the session recorded are listed for the replay only.

import { describe, expect, it } from 'vitest';
import type { AgentSummary } from '../../../../shared/host/agent';
import type { SessionSummary } from '../../../../shared/session/types';
import type { Frame, HttpFrame } from '../../../../shared/wire/frame';
import { createAppStore } from '../../../../renderer/store/appStore';

function frame(id: string, start: number, extra: Partial<HttpFrame> = {}): HttpFrame {
  return {
    kind: 'http',
    id,
    source: 'test',
    // No end time: each of these frames is one replay step (revisions are tested with replaySteps below).
    timing: { start },
    request: { method: 'GET', url: `http://127.0.0.1/${id}`, headers: [] },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [],
      body: { base64: '', text: '', size: 0, utf8Valid: true },
    },
    ...extra,
  } as HttpFrame;
}

function agent(id: string): AgentSummary {
  return {
    id,
    cardUrl: `http://127.0.0.1/${id}/card`,
    origin: 'http://127.0.0.1',
    cardText: '{}',
    generation: '1.0',
    detection: { confidence: 'certain', reason: 'test', superset: false, findings: [] },
    interfaces: [],
    variants: [],
    securitySchemes: [],
    securityRequirements: [],
    authOffers: [],
    settings: {
      selection: {},
      auth: { type: 'none' },
      headers: [],
      extensions: [],
      timeouts: { connectMs: 1, firstByteMs: 1, idleMs: 1, totalMs: 1 },
      limits: { maxBodyBytes: 1, maxEventBytes: 1, maxStreamBytes: 1 },
      trustedOrigins: [],
      resyncOnDrop: false,
    },
  };
}

function session(frames: Frame[], agentIds: string[] = ['rec']): SessionSummary {
  return {
    sessionId: 's1',
    title: 'Recorded run',
    source: 'file',
    agents: agentIds.map((id) => ({
      id,
      name: id,
      cardUrl: `http://127.0.0.1/${id}/card`,
      origin: 'http://127.0.0.1',
      cardText: '{}',
      generation: '1.0',
    })),
    frameCount: frames.length,
    notices: [],
  };
}

const recorded = [frame('r1', 1_000), frame('r2', 1_100), frame('r3', 1_300), frame('r4', 1_600)];
const ids = (frames: readonly Frame[]) => frames.map((f) => f.id);

/** A store with one live agent and two live frames, the second selected. */
function liveStore() {
  const store = createAppStore();
  const s = store.getState();
  s.upsertAgent(agent('live-agent'));
  s.setActiveAgent('live-agent');
  s.addFrames([frame('l1', 10), frame('l2', 20, { rev: 0, state: 'pending' })]);
  s.selectFrame('l2');
  return store;
}

describe('starting a replay', () => {
  it('shows the session from its first frame, or all of it, and puts live aside', () => {
    const store = liveStore();
    store.getState().startReplay(session(recorded), recorded, [agent('rec')]);
    let state = store.getState();
    expect(ids(state.frames)).toEqual(['r1']);
    expect(state.replay).toMatchObject({ cursor: 1, playing: false, speed: 1, capIdle: true });
    expect(ids(state.liveSaved!.frames)).toEqual(['l1', 'l2']);
    expect(state.selectedFrameId).toBeNull();
    // The recorded agent is listed beside the live one and followed by the views.
    expect(state.agents.map((a) => a.id)).toEqual(['live-agent', 'rec']);
    expect(state.recordedAgentIds).toEqual(['rec']);
    expect(state.activeAgentId).toBe('rec');

    const other = liveStore();
    other.getState().startReplay(session(recorded), recorded, [], { atEnd: true });
    state = other.getState();
    expect(ids(state.frames)).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(state.replay!.cursor).toBe(4);
  });

  it('keeps following an open agent the session recorded, without listing it twice', () => {
    const store = liveStore();
    store.getState().startReplay(session(recorded, ['live-agent']), recorded, []);
    const state = store.getState();
    expect(state.agents.map((a) => a.id)).toEqual(['live-agent']);
    expect(state.activeAgentId).toBe('live-agent');
    expect(state.recordedAgentIds).toEqual([]);
  });

  it('opening a second session keeps the live state the first one put aside', () => {
    const store = liveStore();
    store.getState().startReplay(session(recorded), recorded, [agent('rec')], { atEnd: true });
    const second = [frame('x1', 5)];
    store.getState().startReplay({ ...session(second, ['rec2']), sessionId: 's2' }, second, [agent('rec2')]);
    const state = store.getState();
    expect(ids(state.frames)).toEqual(['x1']);
    expect(ids(state.liveSaved!.frames)).toEqual(['l1', 'l2']);
    expect(state.agents.map((a) => a.id)).toEqual(['live-agent', 'rec2']);
    state.backToLive();
    expect(ids(store.getState().frames)).toEqual(['l1', 'l2']);
    expect(store.getState().agents.map((a) => a.id)).toEqual(['live-agent']);
  });
});

describe('scrubbing', () => {
  it('adds frames going forward and rebuilds the views from zero going back', () => {
    const store = liveStore();
    store.getState().startReplay(session(recorded), recorded, []);
    const firstTimeline = store.getState().timeline;
    store.getState().seekReplay(3);
    let state = store.getState();
    expect(ids(state.frames)).toEqual(['r1', 'r2', 'r3']);
    expect(state.timeline).toBe(firstTimeline);
    // Two timeline entries per finished exchange: the request and its answer.
    expect(state.timeline.entries).toHaveLength(6);
    state.selectFrame('r2');

    state.seekReplay(2);
    state = store.getState();
    expect(ids(state.frames)).toEqual(['r1', 'r2']);
    expect(state.timeline).not.toBe(firstTimeline);
    expect(state.timeline.entries.map((e) => e.frameId)).toEqual(['r1', 'r1', 'r2', 'r2']);
    expect([...state.frameIndex.entries()]).toEqual([
      ['r1', 0],
      ['r2', 1],
    ]);
    expect(state.selectedFrameId).toBe('r2');

    state.seekReplay(1);
    expect(store.getState().selectedFrameId).toBeNull();
    state.seekReplay(99);
    expect(store.getState().replay!.cursor).toBe(4);
    state.seekReplay(-3);
    expect(store.getState().frames).toEqual([]);
  });

  it('steps one frame at a time and stops the clock to do it', () => {
    const store = liveStore();
    store.getState().startReplay(session(recorded), recorded, []);
    store.getState().setReplayPlaying(true);
    store.getState().stepReplay(1);
    expect(store.getState().replay).toMatchObject({ cursor: 2, playing: false });
    store.getState().stepReplay(-1);
    store.getState().stepReplay(-1);
    store.getState().stepReplay(-1);
    expect(store.getState().replay!.cursor).toBe(0);
    expect(store.getState().frames).toEqual([]);
  });

  it('the clock only moves forward, stops at the end, and play at the end starts over', () => {
    const store = liveStore();
    store.getState().startReplay(session(recorded), recorded, []);
    store.getState().setReplayPlaying(true);
    const anchor = store.getState().replay!.anchor;
    store.getState().advanceReplay(3);
    expect(store.getState().replay).toMatchObject({ cursor: 3, playing: true, anchor });
    store.getState().advanceReplay(2);
    expect(store.getState().replay!.cursor).toBe(3);
    store.getState().advanceReplay(4);
    expect(store.getState().replay).toMatchObject({ cursor: 4, playing: false });
    store.getState().setReplayPlaying(true);
    expect(store.getState().replay).toMatchObject({ cursor: 1, playing: true });
    expect(ids(store.getState().frames)).toEqual(['r1']);
  });

  it('a change of speed or idle capping restarts the clock from where it is', () => {
    const store = liveStore();
    store.getState().startReplay(session(recorded), recorded, []);
    const before = store.getState().replay!.anchor;
    store.getState().setReplaySpeed(10);
    store.getState().setReplayCapIdle(false);
    expect(store.getState().replay).toMatchObject({ speed: 10, capIdle: false, anchor: before + 2 });
  });
});

describe('live frames during a replay', () => {
  it('wait while the session is shown and all come back, newest revisions kept, on Back to live', () => {
    const store = liveStore();
    store.getState().startReplay(session(recorded), recorded, [agent('rec')], { atEnd: true });
    store.getState().addFrames([frame('l3', 30)]);
    // l2's answer arrived at +35 ms, after l3 was sent: the timeline orders entries by arrival.
    store
      .getState()
      .addFrames([
        frame('l2', 20, { rev: 1, state: 'done', timing: { start: 20, end: 35 } }),
        frame('l4', 40),
      ]);
    let state = store.getState();
    expect(ids(state.frames)).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(ids(state.liveBuffer)).toEqual(['l3', 'l2', 'l4']);
    // The same frame twice (a call's result and its event) counts once.
    state.addFrames([frame('l4', 40)]);
    state = store.getState();
    expect(state.liveBuffer).toHaveLength(4);
    expect(state.liveBufferCount).toBe(3);

    state.backToLive();
    state = store.getState();
    expect(state.replay).toBeNull();
    expect(ids(state.frames)).toEqual(['l1', 'l2', 'l3', 'l4']);
    expect((state.frames[1] as HttpFrame).state).toBe('done');
    expect(state.liveBuffer).toEqual([]);
    expect(state.liveBufferCount).toBe(0);
    expect(state.liveSaved).toBeNull();
    expect(state.agents.map((a) => a.id)).toEqual(['live-agent']);
    expect(state.activeAgentId).toBe('live-agent');
    expect(state.selectedFrameId).toBe('l2');
    // The same timeline live would have shown: l2's answer came after l3 was sent.
    expect(state.timeline.entries.map((e) => e.frameId)).toEqual([
      'l1',
      'l1',
      'l2',
      'l3',
      'l3',
      'l2',
      'l4',
      'l4',
    ]);
    // Live again: frames go straight to the views.
    state.addFrames([frame('l5', 50)]);
    expect(ids(store.getState().frames)).toHaveLength(5);
  });

  it('Back to live outside a replay changes nothing', () => {
    const store = liveStore();
    const before = store.getState().frames;
    store.getState().backToLive();
    expect(store.getState().frames).toBe(before);
  });
});

describe('session notes', () => {
  it('keeps the newest five until dismissed', () => {
    const store = createAppStore();
    for (let i = 1; i <= 7; i++)
      store.getState().notifySession({ tone: i === 7 ? 'error' : 'info', text: `n${i}` });
    const notes = store.getState().sessionNotes;
    expect(notes.map((n) => n.text)).toEqual(['n3', 'n4', 'n5', 'n6', 'n7']);
    expect(notes.at(-1)!.tone).toBe('error');
    store.getState().dismissSessionNote(notes[0]!.id);
    expect(store.getState().sessionNotes.map((n) => n.text)).toEqual(['n4', 'n5', 'n6', 'n7']);
  });
});
