// Sessions in the renderer (SES-2, SES-3): which recording is being replayed, how far, how fast, and the live state
// put aside meanwhile. Replay shows a session through the same frames slice the live views read, so every view works
// unchanged: step by step as it arrived (replaySteps.ts: each exchange pending, streaming, then finished); live
// frames that arrive during a replay wait in `liveBuffer` and are added back on "Back to live". Also the short notes
// the sessions feature shows (saved where, what failed).

import type { StateCreator } from 'zustand';
import type { AgentSummary } from '../../shared/host/agent';
import type { SessionDetails, SessionSummary } from '../../shared/session/types';
import type { Frame } from '../../shared/wire/frame';
import type { ReplaySpeed } from './replayPlan';
import { replaySteps, type ReplayStep } from './replaySteps';
import type { AgentsSlice } from './agentsSlice';
import type { FramesSlice } from './framesSlice';
import { slicedShow, type SlicedShow } from './slicedShow';
import { LIVE_SESSION_ID } from '../../shared/host/hostApi';

export interface ReplayState {
  session: SessionSummary;
  /** Every frame of the session (newest revision of each), in order of first arrival. */
  frames: Frame[];
  /** The frames as they arrived, revisions included, in time order. */
  steps: ReplayStep[];
  /** How many steps are shown: steps [0, cursor). */
  cursor: number;
  playing: boolean;
  speed: ReplaySpeed;
  /** Idle gaps are shortened while playing. */
  capIdle: boolean;
  /** Bumped when the user moves the cursor, so a running clock starts counting again from there. */
  anchor: number;
}

/** What live looked like when the replay began; put back as it was. */
export interface LiveSaved {
  frames: Frame[];
  selectedFrameId: string | null;
  activeAgentId: string | null;
}

export interface SessionNote {
  id: number;
  tone: 'info' | 'error';
  text: string;
}

export interface SessionSlice {
  replay: ReplayState | null;
  liveSaved: LiveSaved | null;
  /** Live frames that arrived during the replay, in arrival order; none is dropped. */
  liveBuffer: Frame[];
  /** How many different frames wait there (a frame can arrive twice: as a call's result and as an event). */
  liveBufferCount: number;
  /** Agents listed only because the replayed session recorded them (they are not open on the host). */
  recordedAgentIds: string[];
  sessionNotes: SessionNote[];
  /**
   * Shows `frames` of `session` from the first step (cursor 1; everything when `atEnd`). `recordedAgents` are the
   * session's agents that are not open, so the views can name them; replacing a replay keeps the live state saved
   * by the first.
   */
  startReplay(
    session: SessionSummary,
    frames: Frame[],
    recordedAgents: AgentSummary[],
    options?: { atEnd?: boolean },
  ): void;
  /**
   * The host finished indexing the replayed session after it had opened it (issue 27): its summary takes the
   * details (exact count, end time, a head written after the frames) and is no longer indexing. `recordedAgents` are
   * its agents not listed yet. Details of another session than the one shown are dropped.
   */
  completeReplaySession(details: SessionDetails, recordedAgents: AgentSummary[]): void;
  /** The user moved the cursor (scrubber, step): the views rebuild when it went back. */
  seekReplay(cursor: number): void;
  stepReplay(by: -1 | 1): void;
  /** The replay clock moved the cursor forward. */
  advanceReplay(cursor: number): void;
  setReplayPlaying(on: boolean): void;
  setReplaySpeed(speed: ReplaySpeed): void;
  setReplayCapIdle(on: boolean): void;
  /** Leaves the replay: the live frames as they were plus everything that arrived meanwhile. */
  backToLive(): void;
  bufferLiveFrames(frames: readonly Frame[]): void;
  notifySession(note: Omit<SessionNote, 'id'>): void;
  dismissSessionNote(id: number): void;
}

/** The frames slice's own methods, before the store routes live frames around a replay. */
/** The session shown: the one being replayed, else this run's. Save, export, mock and stored reads work on it. */
export function currentSessionId(state: Pick<SessionSlice, 'replay'>): string {
  return state.replay?.session.sessionId ?? LIVE_SESSION_ID;
}

export type FrameShowing = Pick<FramesSlice, 'addFrames' | 'replaceFrames'>;

type Needs = SessionSlice & FramesSlice & AgentsSlice;

/** Notes kept at most; older ones go first. */
const MAX_NOTES = 5;
let nextNoteId = 1;

export function createSessionSlice(showing: FrameShowing): StateCreator<Needs, [], [], SessionSlice> {
  return (set, get) => {
    // A replay or the live frames put back can be tens of thousands of frames: shown a slice per animation frame.
    const show = slicedShow(showing);
    // Ids of the frames waiting in liveBuffer, for its count; emptied on Back to live.
    let bufferedIds = new Set<string>();
    const moveTo = (replay: ReplayState, cursor: number, anchor: number) =>
      moveReplay(set, show, replay, cursor, anchor);

    return {
      replay: null,
      liveSaved: null,
      liveBuffer: [],
      liveBufferCount: 0,
      recordedAgentIds: [],
      sessionNotes: [],

      startReplay(session, frames, recordedAgents, options = {}) {
        const start = replayStart(get(), session, frames, recordedAgents, options.atEnd);
        set(start.patch);
        show.replace(start.shown);
      },

      completeReplaySession(details, recordedAgents) {
        const state = get();
        if (state.replay?.session.sessionId !== details.sessionId) return;
        set(replayCompleted(state, state.replay, details, recordedAgents));
      },

      seekReplay(cursor) {
        const replay = get().replay;
        if (replay) moveTo(replay, cursor, replay.anchor + 1);
      },

      stepReplay(by) {
        const replay = get().replay;
        if (!replay) return;
        // Stepping is looking closely: the clock stops so the frame stays put.
        moveTo({ ...replay, playing: false }, replay.cursor + by, replay.anchor + 1);
        const after = get().replay;
        if (after?.playing) set({ replay: { ...after, playing: false } });
      },

      advanceReplay(cursor) {
        const replay = get().replay;
        if (replay) moveTo(replay, Math.max(cursor, replay.cursor), replay.anchor);
      },

      setReplayPlaying(on) {
        const replay = get().replay;
        if (!replay) return;
        // Play at the end starts again from the first frame, as media players do.
        if (on && replay.cursor >= replay.steps.length) {
          const cursor = Math.min(1, replay.steps.length);
          show.replace(framesOf(replay.steps, 0, cursor));
          set({ replay: { ...replay, cursor, playing: true } });
          return;
        }
        set({ replay: { ...replay, playing: on, anchor: replay.anchor + 1 } });
      },

      setReplaySpeed(speed) {
        const replay = get().replay;
        if (replay) set({ replay: { ...replay, speed, anchor: replay.anchor + 1 } });
      },

      setReplayCapIdle(on) {
        const replay = get().replay;
        if (replay) set({ replay: { ...replay, capIdle: on, anchor: replay.anchor + 1 } });
      },

      backToLive() {
        const state = get();
        if (!state.replay) return;
        const live = liveAgain(state);
        bufferedIds = new Set();
        set(live.patch);
        show.replace(live.saved.frames);
        show.add(live.buffer);
      },

      bufferLiveFrames(frames) {
        if (frames.length === 0) return;
        for (const frame of frames) bufferedIds.add(frame.id);
        set((state) => ({ liveBuffer: [...state.liveBuffer, ...frames], liveBufferCount: bufferedIds.size }));
      },

      notifySession(note) {
        const id = nextNoteId++;
        set((state) => ({ sessionNotes: [...state.sessionNotes, { ...note, id }].slice(-MAX_NOTES) }));
      },

      dismissSessionNote(id) {
        set((state) => ({ sessionNotes: state.sessionNotes.filter((n) => n.id !== id) }));
      },
    };
  };
}

type SetState = Parameters<StateCreator<Needs, [], [], SessionSlice>>[0];

/** Moves the shown steps to `cursor`: adds when going forward, rebuilds from zero when going back. */
function moveReplay(
  set: SetState,
  show: SlicedShow,
  replay: ReplayState,
  cursor: number,
  anchor: number,
): void {
  const to = clamp(cursor, 0, replay.steps.length);
  if (to === replay.cursor) return;
  if (to > replay.cursor) show.add(framesOf(replay.steps, replay.cursor, to));
  else show.replace(framesOf(replay.steps, 0, to));
  set({ replay: { ...replay, cursor: to, anchor, playing: replay.playing && to < replay.steps.length } });
}

/**
 * What starting a replay puts in the store, and the frames shown first. Live is saved only by the first replay;
 * agents listed for an earlier replay give way to this session's, and the speed and idle choice carry over.
 */
function replayStart(
  state: Needs,
  session: SessionSummary,
  frames: Frame[],
  recordedAgents: AgentSummary[],
  atEnd: boolean | undefined,
): { patch: Partial<Needs>; shown: Frame[] } {
  const liveSaved = state.liveSaved ?? {
    frames: state.frames,
    selectedFrameId: state.selectedFrameId,
    activeAgentId: state.activeAgentId,
  };
  const previous = new Set(state.recordedAgentIds);
  const openIds = new Set(state.agents.filter((a) => !previous.has(a.id)).map((a) => a.id));
  const added = recordedAgents.filter((a) => !openIds.has(a.id));
  const agents = [...state.agents.filter((a) => !previous.has(a.id)), ...added];
  // The views follow the active agent: pick one the session recorded, else the frames name no one shown.
  const sessionAgentIds = session.agents.map((a) => a.id);
  const activeAgentId =
    state.activeAgentId && sessionAgentIds.includes(state.activeAgentId)
      ? state.activeAgentId
      : (sessionAgentIds.find((id) => agents.some((a) => a.id === id)) ?? state.activeAgentId);
  const steps = replaySteps(frames);
  const cursor = atEnd ? steps.length : Math.min(1, steps.length);
  const patch: Partial<Needs> = {
    liveSaved,
    agents,
    activeAgentId,
    recordedAgentIds: added.map((a) => a.id),
    selectedFrameId: null,
    replay: {
      session,
      frames,
      steps,
      cursor,
      playing: false,
      speed: state.replay?.speed ?? 1,
      capIdle: state.replay?.capIdle ?? true,
      anchor: (state.replay?.anchor ?? 0) + 1,
    },
  };
  return { patch, shown: framesOf(steps, 0, cursor) };
}

/**
 * The replayed session with its completed details: the summary without its `indexing` (done now), and the agents
 * that only the details name added as recorded ones; the active agent becomes one of them when none of the
 * session's was active.
 */
function replayCompleted(
  state: Needs,
  replay: ReplayState,
  details: SessionDetails,
  recordedAgents: AgentSummary[],
): Partial<Needs> {
  const { indexing: _done, ...summary } = replay.session;
  const known = new Set(state.agents.map((a) => a.id));
  const added = recordedAgents.filter((a) => !known.has(a.id));
  const agents = [...state.agents, ...added];
  const sessionAgentIds = details.agents.map((a) => a.id);
  const activeAgentId =
    state.activeAgentId && sessionAgentIds.includes(state.activeAgentId)
      ? state.activeAgentId
      : (sessionAgentIds.find((id) => agents.some((a) => a.id === id)) ?? state.activeAgentId);
  return {
    agents,
    activeAgentId,
    recordedAgentIds: [...state.recordedAgentIds, ...added.map((a) => a.id)],
    replay: { ...replay, session: { ...summary, ...details } },
  };
}

/** What leaving a replay puts back: live as it was saved, without the recorded agents, and the frames kept aside. */
function liveAgain(state: Needs): { patch: Partial<Needs>; saved: LiveSaved; buffer: Frame[] } {
  const saved = state.liveSaved ?? { frames: [], selectedFrameId: null, activeAgentId: null };
  const recorded = new Set(state.recordedAgentIds);
  const agents = state.agents.filter((a) => !recorded.has(a.id));
  const patch: Partial<Needs> = {
    replay: null,
    liveSaved: null,
    liveBuffer: [],
    liveBufferCount: 0,
    recordedAgentIds: [],
    agents,
    activeAgentId:
      saved.activeAgentId && agents.some((a) => a.id === saved.activeAgentId)
        ? saved.activeAgentId
        : (agents[0]?.id ?? null),
    selectedFrameId: saved.selectedFrameId,
  };
  return { patch, saved, buffer: state.liveBuffer };
}

function framesOf(steps: readonly ReplayStep[], from: number, to: number): Frame[] {
  return steps.slice(from, to).map((step) => step.frame);
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, Math.round(value)));
}
