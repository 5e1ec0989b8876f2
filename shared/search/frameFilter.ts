// The filters of TL-5 applied to a run of frames in session order: the host's browse-mode search and the window's
// timeline and frames list all read frames through `createFrameFilter`, so one definition (`passesFilters`) decides
// what a filter keeps everywhere. Also what the filter bar offers (tasks, states, operations seen) and the check
// of filters that came from outside. Pure.

import type { Frame, FrameKind } from '../wire/frame';
import { frameFacets, hasFilters, passesFilters, type SearchFilters } from './frameSearch';

export const filterKinds: readonly FrameKind[] = ['http', 'sse', 'webhook'];

/** The kinds in words a user reads: an exchange is a request and its answer, an event is one SSE block. */
export const filterKindLabels: Readonly<Record<FrameKind, string>> = {
  http: 'Exchange (request · response)',
  sse: 'Stream event',
  webhook: 'Push delivery',
};

export interface FrameFilter {
  /** Whether `frame` passes; frames must be given in session order, since an event takes its exchange's operation. */
  accepts(frame: Frame): boolean;
}

/** A filter over frames read in order; with no filters every frame passes. */
export function createFrameFilter(filters: SearchFilters | undefined): FrameFilter {
  // An event's operation is its exchange's, and the exchange frame always comes before its events.
  const operations = new Map<string, string>();
  const operationOf = (exchangeId: string) => operations.get(exchangeId);
  const active = hasFilters(filters);
  return {
    accepts(frame) {
      if (frame.kind === 'http' && frame.a2a) operations.set(frame.id, frame.a2a.operation);
      return !active || passesFilters(frame, filters, operationOf);
    },
  };
}

/** The ids of the frames that pass, or undefined when no filter is set (everything passes). */
export function passingFrameIds(
  frames: readonly Frame[],
  filters: SearchFilters | undefined,
): Set<string> | undefined {
  if (!hasFilters(filters)) return undefined;
  const filter = createFrameFilter(filters);
  const ids = new Set<string>();
  for (const frame of frames) if (filter.accepts(frame)) ids.add(frame.id);
  return ids;
}

/**
 * The exchanges the frames list keeps: an exchange's row stands for its stream events too, so it stays when the
 * exchange passes or any of its events does (a state is carried by events, not by the exchange frame).
 */
export function passingExchangeIds(
  frames: readonly Frame[],
  filters: SearchFilters | undefined,
): Set<string> | undefined {
  const passing = passingFrameIds(frames, filters);
  if (!passing) return undefined;
  const ids = new Set<string>();
  for (const frame of frames) {
    if (!passing.has(frame.id)) continue;
    if (frame.kind === 'http') ids.add(frame.id);
    else if (frame.kind === 'sse') ids.add(frame.exchangeId);
  }
  return ids;
}

export interface FilterOptions {
  taskIds: string[];
  states: string[];
  operations: string[];
}

/** The tasks, states and operations the frames carry, sorted, for the filter bar to offer. */
export function filterOptions(frames: readonly Frame[]): FilterOptions {
  const taskIds = new Set<string>();
  const states = new Set<string>();
  const operations = new Set<string>();
  const exchangeOperations = new Map<string, string>();
  for (const frame of frames) {
    if (frame.kind === 'http' && frame.a2a) exchangeOperations.set(frame.id, frame.a2a.operation);
    const facets = frameFacets(frame, (id) => exchangeOperations.get(id));
    if (facets.taskId) taskIds.add(facets.taskId);
    if (facets.state) states.add(facets.state);
    if (facets.operation) operations.add(facets.operation);
  }
  const sorted = (set: Set<string>) => [...set].sort();
  return { taskIds: sorted(taskIds), states: sorted(states), operations: sorted(operations) };
}

const MAX_FILTER_LENGTH = 200;

/** What is wrong with filters from outside (a window, a command line), in words; undefined when they are fine. */
export function filtersProblem(filters: unknown): string | undefined {
  if (filters === undefined) return undefined;
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters))
    return 'Filters must be an object with kinds, taskId, state or operation.';
  const record = filters as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!['kinds', 'taskId', 'state', 'operation'].includes(key))
      return `Unknown filter "${key}": filter by kinds, taskId, state or operation.`;
  }
  const kinds = record.kinds;
  if (kinds !== undefined) {
    if (!Array.isArray(kinds)) return 'The kinds filter must be a list of frame kinds.';
    const bad = kinds.find((kind) => !filterKinds.includes(kind as FrameKind));
    if (bad !== undefined) return `Unknown frame kind "${String(bad)}": use ${filterKinds.join(', ')}.`;
  }
  for (const key of ['taskId', 'state', 'operation'] as const) {
    const value = record[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') return `The ${key} filter must be text.`;
    if (value.length > MAX_FILTER_LENGTH)
      return `The ${key} filter is longer than ${MAX_FILTER_LENGTH} characters.`;
  }
  return undefined;
}
