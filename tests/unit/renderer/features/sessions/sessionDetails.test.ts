// The completed details of a session opened before it was indexed (issue 27), in the window: the replayed session's
// summary takes the host's `session-details` (exact count, end time, a head written after the frames, its agents),
// the browse list's count and the browse bar's time span follow, details about another session change nothing, and
// details that come before their session is shown wait for it (renderer/features/sessions/sessionDetails.ts).

import { afterEach, describe, expect, it } from 'vitest';
import type { SessionAgent, SessionDetails, SessionSummary } from '../../../../../shared/session/types';
import { useAppStore } from '../../../../../renderer/store/appStore';
import {
  applyEarlySessionDetails,
  receiveSessionDetails,
} from '../../../../../renderer/features/sessions/sessionDetails';
import { recordedAgentSummary } from '../../../../../renderer/features/sessions/recordedAgent';
import { describeSpan, formatWhen as when } from '../../../../../renderer/features/sessions/sessionText';
import {
  initialIndexState,
  settledIndexState,
} from '../../../../../renderer/features/sessions/indexProgress';

const start = Date.UTC(2026, 10, 22, 9, 0);
const agent = (id: string): SessionAgent => ({
  id,
  name: id,
  cardUrl: `http://127.0.0.1/${id}/card`,
  origin: 'http://127.0.0.1',
  cardText: '{"name":"Agent"}',
  generation: '1.0',
});

/** What a progressive open answers: an estimate, the first frame's time, the file's name for a title, no agents. */
const opened: SessionSummary = {
  sessionId: 's-big',
  title: 'big.switchboard',
  source: 'file',
  path: '/data/big.switchboard',
  agents: [],
  frameCount: 1_050_000,
  browse: true,
  startedAt: start,
  indexing: { bytesRead: 262_144, bytes: 900_000_000 },
  notices: ['About 1,050,000 frames are more than the window replays at once.'],
};

/** What the host tells once it has indexed the file. */
const details: SessionDetails = {
  sessionId: 's-big',
  title: 'Night run',
  agents: [agent('rec-a'), agent('rec-b')],
  frameCount: 1_010_000,
  startedAt: start,
  endedAt: start + 8 * 60_000 + 30_000,
  savedAt: '2026-11-22T10:00:00.000Z',
  appVersion: '0.1.0',
  notices: ['1,010,000 frames are more than the window replays at once.', '2 secret values were redacted.'],
};

function showOpened() {
  useAppStore.getState().startReplay(opened, [], [], { atEnd: true });
}

afterEach(() => useAppStore.getState().backToLive());

describe('the details of a session opened before it was indexed', () => {
  it('complete the replayed summary: exact count, end time, title, notices, and its agents listed', () => {
    showOpened();
    receiveSessionDetails(details);
    const state = useAppStore.getState();
    const session = state.replay!.session;
    expect(session).toEqual({ ...opened, ...details, indexing: undefined });
    expect('indexing' in session).toBe(false);
    expect(session.path).toBe('/data/big.switchboard');
    expect(state.recordedAgentIds).toEqual(['rec-a', 'rec-b']);
    expect(state.agents.map((a) => a.id)).toEqual(['rec-a', 'rec-b']);
    expect(state.agents[0]).toEqual(recordedAgentSummary(details.agents[0]!, 'Night run'));
    expect(state.activeAgentId).toBe('rec-a');
  });

  it('end the list\'s "indexing" and give the browse bar its end time', () => {
    showOpened();
    const following = initialIndexState(opened);
    expect(describeSpan(opened)).toBe(
      `Recorded from ${when(start)}; its end is known once the file is indexed.`,
    );
    receiveSessionDetails(details);
    const session = useAppStore.getState().replay!.session;
    // The list followed the index's progress up to here; the completed summary settles it on the exact count.
    expect(settledIndexState(following, session)).toEqual({ count: 1_010_000, indexing: false, share: 1 });
    expect(settledIndexState(following, opened)).toBe(following);
    expect(describeSpan(session)).toBe(`Recorded from ${when(start)} to ${when(details.endedAt!)} (8:30.0).`);
  });

  it('change nothing when they are about another session, until that one is shown', () => {
    showOpened();
    const other = { ...details, sessionId: 's-next', title: 'Next run' };
    receiveSessionDetails(other);
    expect(useAppStore.getState().replay!.session).toEqual(opened);
    // The other session's open answers after its details came (two channels): they are applied once it is shown.
    useAppStore.getState().startReplay({ ...opened, sessionId: 's-next' }, [], [], { atEnd: true });
    expect(useAppStore.getState().replay!.session.title).toBe('big.switchboard');
    applyEarlySessionDetails('s-next');
    expect(useAppStore.getState().replay!.session).toMatchObject({
      title: 'Next run',
      frameCount: 1_010_000,
    });
    // Applied once: a later open of the same id is not given them again.
    useAppStore.getState().startReplay({ ...opened, sessionId: 's-next' }, [], [], { atEnd: true });
    applyEarlySessionDetails('s-next');
    expect(useAppStore.getState().replay!.session.title).toBe('big.switchboard');
  });

  it('keep an agent already listed, and the active agent when it is one of the session', () => {
    useAppStore.getState().startReplay(opened, [], [], { atEnd: true });
    receiveSessionDetails({ ...details, agents: [agent('rec-a')] });
    receiveSessionDetails({ ...details, agents: [agent('rec-a'), agent('rec-b')] });
    const state = useAppStore.getState();
    expect(state.agents.map((a) => a.id)).toEqual(['rec-a', 'rec-b']);
    expect(state.recordedAgentIds).toEqual(['rec-a', 'rec-b']);
    expect(state.activeAgentId).toBe('rec-a');
    // Back to live, the agents only the session named are gone.
    state.backToLive();
    expect(useAppStore.getState().agents).toEqual([]);
  });
});
