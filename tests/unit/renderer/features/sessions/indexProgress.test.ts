// The browse list following the host's index of a big session (renderer/features/sessions/indexProgress.ts, used by
// useIndexProgress.ts), over a fake host: the open's estimate, each `session-index` event of this session only,
// "indexing n%" while the scan runs, then the exact count; no threshold or 500 MiB file is needed, since the host's
// answer alone says whether the session is still being indexed.

import { describe, expect, it } from 'vitest';
import type { HostEvent } from '../../../../../shared/host/hostApi';
import type { SessionIndexProgress, SessionSummary } from '../../../../../shared/session/types';
import {
  followIndex,
  indexNote,
  initialIndexState,
  type IndexState,
} from '../../../../../renderer/features/sessions/indexProgress';

function fakeHost() {
  const listeners = new Set<(event: HostEvent) => void>();
  return {
    listeners,
    onEvent(listener: (event: HostEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(progress: SessionIndexProgress) {
      for (const listener of listeners) listener({ type: 'session-index', progress });
    },
  };
}

const bytes = 900_000_000;
const opened: SessionSummary = {
  sessionId: 's-big',
  title: 'Big',
  source: 'file',
  agents: [],
  frameCount: 1_050_000,
  browse: true,
  indexing: { bytesRead: 262_144, bytes },
  notices: [],
};

function progress(bytesRead: number, indexed: number, estimated: number, done = false): SessionIndexProgress {
  return { sessionId: 's-big', indexed, estimated, bytesRead, bytes, done };
}

describe('following the index of a big session', () => {
  it('starts from the estimate, follows its own events, then shows the exact count', () => {
    const host = fakeHost();
    const states: IndexState[] = [initialIndexState(opened)];
    expect(states[0]).toEqual({ count: 1_050_000, indexing: true, share: 262_144 / bytes });
    expect(indexNote(states[0]!)).toMatch(/^About 1,050,000 frames, .*; indexing 0% /);
    const stop = followIndex(host, opened, (state) => states.push(state));
    host.emit(progress(bytes / 4, 250_000, 1_000_000));
    host.emit({ ...progress(bytes / 2, 1, 2), sessionId: 's-other' });
    host.emit(progress(bytes / 2, 505_000, 1_010_000));
    expect(states.map((s) => s.count)).toEqual([1_050_000, 1_000_000, 1_010_000]);
    expect(indexNote(states.at(-1)!)).toMatch(/^About 1,010,000 frames, .*; indexing 50% /);
    host.emit(progress(bytes, 1_010_000, 1_010_000, true));
    expect(states.at(-1)).toEqual({ count: 1_010_000, indexing: false, share: 1 });
    expect(indexNote(states.at(-1)!)).toBe('1,010,000 frames, read from disk as you scroll.');
    stop?.();
    expect(host.listeners.size).toBe(0);
  });

  it('says why the index stopped, and keeps the frames it found', () => {
    const host = fakeHost();
    let last: IndexState | undefined;
    followIndex(host, opened, (state) => (last = state));
    host.emit({
      ...progress(bytes / 3, 300_000, 900_000, true),
      error: 'The session file is damaged: frame 300000.',
    });
    expect(last).toEqual({
      count: 300_000,
      indexing: false,
      share: 1 / 3,
      error: 'The session file is damaged: frame 300000.',
    });
  });

  it('listens to nothing for a session indexed before it opened', () => {
    const host = fakeHost();
    const { indexing: _, ...indexed } = opened;
    expect(initialIndexState(indexed)).toEqual({ count: 1_050_000, indexing: false, share: 1 });
    expect(followIndex(host, indexed, () => undefined)).toBeUndefined();
    expect(host.listeners.size).toBe(0);
  });
});
