// ListTasks filters and paging (TASK-2), shared by the task panel and `switchboard list`: turns what the user typed
// into the `list` operation's input, with a clear message for each bad value, and follows next-page tokens to the
// end. The filters are those of 1.0's ListTasksRequest (docs/protocol.md#10-one-operation-set-three-bindings);
// generations up to 0.3 have no task list at all.

import type { OperationInputs } from './adapter';
import type { TaskPage } from './model';

export type ListTasksInput = OperationInputs['list'];

/** The filters as typed: text fields stay strings so that a bad value can be named in the error. */
export interface ListTasksFields {
  contextId?: string;
  /** A Switchboard state name (`completed`, `input-required` …) or the 1.0 wire name (`TASK_STATE_COMPLETED`). */
  status?: string;
  pageSize?: string;
  /** An ISO 8601 / RFC 3339 date-time: only tasks whose status changed at or after it. */
  statusAfter?: string;
  historyLength?: string;
  includeArtifacts?: boolean;
  pageToken?: string;
}

/** The task states ListTasks can filter by, as Switchboard names them (docs/protocol.md#task-states-and-roles). */
export const LIST_TASK_STATES = [
  'submitted',
  'working',
  'input-required',
  'auth-required',
  'completed',
  'canceled',
  'failed',
  'rejected',
] as const;

/** 1.0's bounds on page_size (ListTasksRequest in the 1.0 proto): 1 to 100, 50 when absent. */
export const PAGE_SIZE_MAX = 100;

/** The 1.0 wire spelling of a state name, or undefined when it names no state. */
export function listStatusWire(status: string): string | undefined {
  const name = status.trim();
  const wire = name.startsWith('TASK_STATE_') ? name : `TASK_STATE_${name.toUpperCase().replace(/-/g, '_')}`;
  const known = LIST_TASK_STATES.map((state) => `TASK_STATE_${state.toUpperCase().replace(/-/g, '_')}`);
  return known.includes(wire) ? wire : undefined;
}

function wholeNumber(text: string, name: string, min: number, max: number): number | string {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    return `${name} must be a whole number from ${min} to ${max}, not "${text}".`;
  }
  return value;
}

/** RFC 3339 needs a date, a time and a zone; Date.parse alone would also take "2024" or a local time. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

function timestamp(text: string): string | { error: string } {
  const trimmed = text.trim();
  const millis = Date.parse(trimmed);
  // Date.parse rolls 31 February over into March; a day the month does not have is a typo.
  const [year, month, day] = trimmed.slice(0, 10).split('-').map(Number) as [number, number, number];
  const realDay = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
  if (!DATE_TIME.test(trimmed) || Number.isNaN(millis) || !realDay) {
    return {
      error: `Status after must be a date-time with a zone, like 2026-01-31T09:00:00Z, not "${text}".`,
    };
  }
  return new Date(millis).toISOString();
}

/** The `list` input for these filters, or the first bad value's message. Empty fields are left out. */
export function buildListTasksInput(fields: ListTasksFields): { input: ListTasksInput } | { error: string } {
  const input: ListTasksInput = {};
  if (fields.contextId?.trim()) input.contextId = fields.contextId.trim();
  if (fields.status?.trim()) {
    const wire = listStatusWire(fields.status);
    if (!wire)
      return { error: `Status must be one of ${LIST_TASK_STATES.join(', ')}, not "${fields.status}".` };
    input.status = wire;
  }
  if (fields.pageSize !== undefined && fields.pageSize.trim() !== '') {
    const size = wholeNumber(fields.pageSize, 'Page size', 1, PAGE_SIZE_MAX);
    if (typeof size === 'string') return { error: size };
    input.pageSize = size;
  }
  if (fields.historyLength !== undefined && fields.historyLength.trim() !== '') {
    const length = wholeNumber(fields.historyLength, 'History length', 0, 1_000_000);
    if (typeof length === 'string') return { error: length };
    input.historyLength = length;
  }
  if (fields.statusAfter?.trim()) {
    const after = timestamp(fields.statusAfter);
    if (typeof after !== 'string') return after;
    input.statusTimestampAfter = after;
  }
  if (fields.includeArtifacts) input.includeArtifacts = true;
  if (fields.pageToken) input.pageToken = fields.pageToken;
  return { input };
}

export interface PagesProgress {
  pages: number;
  tasks: number;
  /** The agent's count of all matching tasks, when it reports one. */
  totalSize?: number;
}

export type PagesEnd = 'end' | 'cancelled' | 'failed' | 'repeated-token' | 'page-limit';

export interface PagesResult extends PagesProgress {
  end: PagesEnd;
  /** Why it stopped early, in words. */
  reason?: string;
}

export interface FollowPagesOptions {
  /** Aborting stops before the next page is asked for; the pages so far are kept. */
  signal?: { readonly aborted: boolean };
  onPage?: (page: TaskPage, progress: PagesProgress) => void;
  /** A guard against agents that never stop handing out tokens. */
  maxPages?: number;
}

/**
 * Asks for pages until the agent's next-page token is empty. `fetchPage` resolves to the page, or to undefined when
 * the call failed (the caller shows that outcome). A token handed out twice would loop forever, so it ends the walk.
 */
export async function followPages(
  fetchPage: (pageToken: string | undefined) => Promise<TaskPage | undefined>,
  options: FollowPagesOptions = {},
): Promise<PagesResult> {
  const progress: PagesProgress = { pages: 0, tasks: 0 };
  const seen = new Set<string>();
  const limit = options.maxPages ?? 1000;
  let token: string | undefined;
  for (;;) {
    if (options.signal?.aborted) return { ...progress, end: 'cancelled', reason: 'Cancelled by the user.' };
    if (progress.pages >= limit) {
      return { ...progress, end: 'page-limit', reason: `Stopped after ${limit} pages.` };
    }
    const page = await fetchPage(token);
    if (!page) return { ...progress, end: 'failed', reason: `Page ${progress.pages + 1} failed.` };
    progress.pages += 1;
    progress.tasks += page.tasks.length;
    if (page.totalSize !== undefined) progress.totalSize = page.totalSize;
    options.onPage?.(page, { ...progress });
    token = page.nextPageToken || undefined;
    if (!token) return { ...progress, end: 'end' };
    if (seen.has(token)) {
      return {
        ...progress,
        end: 'repeated-token',
        reason: `The agent handed out the page token "${token}" twice.`,
      };
    }
    seen.add(token);
  }
}
