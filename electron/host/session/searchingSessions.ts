// The host's running searches (TL-5): `searchSession` starts one over an open session and answers at once with its
// id; batches of hits and progress go out as `search` host events; `cancelSearch` stops one between pages. A search
// started with an `opId` stops by `cancelOperation` too, so browse search has the one Cancel of every long operation
// (UX-5). A new search does not stop older ones: the window cancels what it no longer wants.

import { randomUUID } from 'node:crypto';
import { filtersProblem } from '../../../shared/search/frameFilter';
import { hasFilters, type SearchProgress } from '../../../shared/search/frameSearch';
import { queryProblem } from '../../../shared/search/textMatch';
import type { HostApi } from '../../../shared/host/hostApi';
import { searchSession, type SearchSource } from './sessionSearch';

type SearchMethods = Pick<HostApi, 'searchSession' | 'cancelSearch'>;

/** At most this many searches run at once, so a window cannot pile up work in the host. */
const MAX_RUNNING = 8;

export function createSearchService(
  sourceOf: (sessionId: string) => Promise<SearchSource>,
  publish: (progress: SearchProgress) => void,
): SearchMethods & { cancelOperation(opId: string): boolean; close(): void } {
  const running = new Map<string, AbortController>();
  /** The search each running `opId` named, for `cancelOperation`. */
  const byOp = new Map<string, string>();
  return {
    async searchSession({ sessionId, opId, ...request }) {
      const badFilters = filtersProblem(request.filters);
      if (badFilters) throw new Error(badFilters);
      if (request.text.length === 0 && !hasFilters(request.filters))
        throw new Error('Type something to search for, or choose a filter.');
      const problem = request.text.length > 0 ? queryProblem(request) : undefined;
      if (problem) throw new Error(problem);
      if (running.size >= MAX_RUNNING)
        throw new Error(`${MAX_RUNNING} searches are already running; cancel one before starting another.`);
      if (opId !== undefined && byOp.has(opId))
        throw new Error(`An operation with the id ${JSON.stringify(opId)} is already running.`);
      // Resolving the session first turns an unknown id into a rejection rather than an event.
      const source = await sourceOf(sessionId);
      const searchId = randomUUID();
      const controller = new AbortController();
      running.set(searchId, controller);
      if (opId !== undefined) byOp.set(opId, searchId);
      void searchSession(source, request, (batch) => publish({ searchId, ...batch }), {
        signal: controller.signal,
      })
        .catch((error: unknown) =>
          publish({
            searchId,
            hits: [],
            scanned: 0,
            total: 0,
            done: true,
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => {
          running.delete(searchId);
          if (opId !== undefined) byOp.delete(opId);
        });
      return { searchId };
    },
    async cancelSearch({ searchId }) {
      const controller = running.get(searchId);
      if (!controller) return { cancelled: false };
      controller.abort();
      return { cancelled: true };
    },
    cancelOperation(opId) {
      const controller = running.get(byOp.get(opId) ?? '');
      if (!controller) return false;
      controller.abort();
      return true;
    },
    close() {
      for (const controller of running.values()) controller.abort();
      running.clear();
      byOp.clear();
    },
  };
}
