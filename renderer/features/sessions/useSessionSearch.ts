// Search in a session in browse mode (TL-5): the host reads the file and streams hits back as `search` events; this
// hook starts a search, gathers its hits and progress, cancels it, and moves between hits (already while the search
// goes on), opening each hit's row. Each search carries an `opId` so the shared progress notice's Cancel
// (`cancelOperation`, UX-5) stops it like every other long operation.

import { useEffect, useRef, useState } from 'react';
import type { SearchFilters, SearchHit, SearchProgress } from '../../../shared/search/frameSearch';
import type { SessionRow } from '../../../shared/session/sessionRows';
import type { SessionSummary } from '../../../shared/session/types';
import { useHost } from '../../host/HostContext';
import { startCancellable, type CancellableOp } from '../../ui/cancellableOp';

export interface SessionSearchState {
  hits: SearchHit[];
  current: number;
  scanned: number;
  total: number;
  running: boolean;
  /** Cancel was pressed; the host has not yet said the search stopped. */
  cancelling?: boolean;
  cancelled: boolean;
  /** When the running search began, for the progress notice's delay and elapsed time. */
  startedAt?: number;
  error?: string;
}

const idle: SessionSearchState = {
  hits: [],
  current: -1,
  scanned: 0,
  total: 0,
  running: false,
  cancelled: false,
};

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function useSessionSearch(session: SessionSummary, show: (row: SessionRow) => void) {
  const host = useHost();
  const [state, setState] = useState<SessionSearchState>(idle);
  const searchId = useRef<string | undefined>(undefined);
  const operation = useRef<CancellableOp | undefined>(undefined);
  const stopListening = useRef<(() => void) | undefined>(undefined);

  const take = (progress: SearchProgress) =>
    setState((now) => ({
      ...now,
      hits: progress.hits.length > 0 ? [...now.hits, ...progress.hits] : now.hits,
      scanned: progress.scanned,
      total: progress.total,
      running: !progress.done,
      ...(progress.done ? { cancelling: false } : {}),
      cancelled: progress.cancelled === true,
      ...(progress.error ? { error: progress.error } : {}),
    }));

  // The host stops the search between pages and sends a last `search` event saying it was cancelled.
  const cancel = () => {
    operation.current?.cancel();
    setState((now) => (now.running ? { ...now, cancelling: true } : now));
  };

  const start = (text: string, caseSensitive: boolean, filters?: SearchFilters) => {
    cancel();
    stopListening.current?.();
    searchId.current = undefined;
    const op = startCancellable(host);
    operation.current = op;
    setState({ ...idle, running: true, startedAt: op.startedAt });
    // Batches can arrive before the host's answer names the search: they wait here until it does.
    const early: SearchProgress[] = [];
    stopListening.current = host.onEvent((event) => {
      if (event.type !== 'search') return;
      if (searchId.current === undefined) early.push(event.progress);
      else if (event.progress.searchId === searchId.current) take(event.progress);
    });
    host
      .searchSession({
        sessionId: session.sessionId,
        text,
        caseSensitive,
        opId: op.opId,
        ...(filters ? { filters } : {}),
      })
      .then(
        ({ searchId: id }) => {
          if (op.signal.aborted) {
            // Cancelled (or replaced) before the host named it: stop it now, and, if it is still the one shown,
            // end it in the window at once, as the host's own "cancelled" event would have.
            void host.cancelSearch({ searchId: id }).catch(() => undefined);
            if (operation.current !== op) return;
            stopListening.current?.();
            setState((now) => ({ ...now, running: false, cancelling: false, cancelled: true }));
            return;
          }
          searchId.current = id;
          for (const progress of early) if (progress.searchId === id) take(progress);
        },
        (error: unknown) => {
          if (operation.current === op) setState({ ...idle, error: message(error) });
        },
      );
  };

  useEffect(
    () => () => {
      stopListening.current?.();
      operation.current?.cancel();
    },
    [host],
  );

  const move = (direction: 1 | -1) => {
    const count = state.hits.length;
    if (count === 0) return;
    const next =
      state.current < 0 ? (direction === 1 ? 0 : count - 1) : (state.current + direction + count) % count;
    setState((now) => ({ ...now, current: next }));
    const hit = state.hits[next]!;
    host.readSessionRows({ sessionId: session.sessionId, from: hit.index, count: 1 }).then(
      ({ rows }) => rows[0] && show(rows[0]),
      (error: unknown) => setState((now) => ({ ...now, error: message(error) })),
    );
  };

  return { state, start, cancel, move };
}
