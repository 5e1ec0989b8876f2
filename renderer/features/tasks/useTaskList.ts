// ListTasks from the task panel (TASK-2): the filters as typed, one page at a time ("List tasks", "Next page") or
// every page ("Load all", with progress and a cancel that stops before the next page is asked for), the tasks listed
// so far and the agent's total. Filter building and page following are shared with the CLI
// (shared/a2a/listTasksQuery.ts); this hook only keeps the state.

import { useRef, useState } from 'react';
import {
  buildListTasksInput,
  followPages,
  type ListTasksFields,
  type PagesEnd,
} from '../../../shared/a2a/listTasksQuery';
import type { Task, TaskPage } from '../../../shared/a2a/model';
import type { OperationOutcome, OperationRequest } from '../../../shared/host/agent';

export interface ListSummary {
  pages: number;
  tasks: number;
  totalSize?: number;
  loading: boolean;
  /** When a Load all began, for the shared progress notice (UX-5). */
  startedAt?: number;
  end?: PagesEnd;
  reason?: string;
}

/** `runOperation` is the panel's own mutation, so the last page's outcome shows where every other outcome does. */
export function useTaskList(
  agentId: string,
  historyLength: string,
  runOperation: (request: OperationRequest) => Promise<OperationOutcome>,
) {
  const [fields, setFields] = useState<ListTasksFields>({});
  const [nextToken, setNextToken] = useState<string | undefined>();
  const [listed, setListed] = useState<Task[]>([]);
  const [summary, setSummary] = useState<ListSummary | undefined>();
  const [error, setError] = useState<string | undefined>();
  const cancelled = useRef({ aborted: false });

  const update = (patch: Partial<ListTasksFields>) => setFields((old) => ({ ...old, ...patch }));

  /** One page; undefined when the filters are bad or the call did not answer with a page. */
  const fetchPage = async (pageToken: string | undefined): Promise<TaskPage | undefined> => {
    const built = buildListTasksInput({ ...fields, historyLength, ...(pageToken ? { pageToken } : {}) });
    if ('error' in built) {
      setError(built.error);
      return undefined;
    }
    setError(undefined);
    const answer = await runOperation({ agentId, operation: 'list', input: built.input });
    if (answer.status !== 'result' || answer.result?.type !== 'task-page') return undefined;
    setNextToken(answer.result.page.nextPageToken || undefined);
    return answer.result.page;
  };

  const listPage = async (pageToken?: string) => {
    const page = await fetchPage(pageToken).catch((e: unknown) => void setError(String(e)));
    if (!page) return;
    const before = pageToken ? listed : [];
    setListed([...before, ...page.tasks]);
    setSummary({
      pages: pageToken ? (summary?.pages ?? 0) + 1 : 1,
      tasks: before.length + page.tasks.length,
      ...(page.totalSize !== undefined ? { totalSize: page.totalSize } : {}),
      loading: false,
    });
  };

  const loadAll = async () => {
    const signal = { aborted: false };
    cancelled.current = signal;
    const all: Task[] = [];
    setListed([]);
    const startedAt = Date.now();
    setSummary({ pages: 0, tasks: 0, loading: true, startedAt });
    const result = await followPages(fetchPage, {
      signal,
      onPage: (page, progress) => {
        all.push(...page.tasks);
        setListed([...all]);
        setSummary({ ...progress, loading: true, startedAt });
      },
    }).catch((e: unknown) => {
      setError(String(e));
      return undefined;
    });
    setSummary(result ? { ...result, loading: false } : undefined);
  };

  const cancel = () => {
    cancelled.current.aborted = true;
  };

  return { fields, update, nextToken, listed, summary, error, listPage, loadAll, cancel };
}

export type TaskList = ReturnType<typeof useTaskList>;
