// `switchboard list` (TASK-2, CLI-1): the ListTasks filters from the command line, one page or, with --all, every
// page until the agent's next-page token is empty. Generations without a task list get a plain sentence instead of a
// request, since there is nothing to send.

import { findAdapter } from '../../shared/a2a/adapters';
import { buildListTasksInput, followPages, type ListTasksInput } from '../../shared/a2a/listTasksQuery';
import type { TaskPage } from '../../shared/a2a/model';
import type { AgentSummary, OperationOutcome } from '../../shared/host/agent';
import type { HostService } from '../../shared/host/hostApi';
import { EXIT, opt, type Invocation } from './args';
import { exitFor, problemLine, type Output } from './output';

/** Why this agent's chosen interface cannot list tasks, or undefined when it can. */
export function noTaskList(agent: AgentSummary): string | undefined {
  const chosen = agent.chosen;
  const adapter = chosen?.binding ? findAdapter(chosen.generation, chosen.binding) : undefined;
  if (adapter?.supports.has('list')) return undefined;
  const generation = chosen?.generation ?? agent.generation;
  return `A2A ${generation} has no task list (ListTasks came with A2A 1.0): get a task you know with switchboard get <url> <task-id>.`;
}

/** The list input from the flags; values were range-checked while parsing, the status is turned into its wire name. */
export function listInputFrom(inv: Invocation): { input: ListTasksInput } | { error: string } {
  const number = (name: string) => {
    const value = opt.number(inv, name);
    return value === undefined ? undefined : String(value);
  };
  const fields = {
    contextId: opt.text(inv, '--context-id'),
    status: opt.text(inv, '--status'),
    pageSize: number('--page-size'),
    statusAfter: opt.text(inv, '--status-after'),
    historyLength: number('--history-length'),
    includeArtifacts: opt.flag(inv, '--include-artifacts'),
    pageToken: opt.text(inv, '--page-token'),
  };
  return buildListTasksInput(
    Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as typeof fields,
  );
}

/** Every page, printed as it comes; with --json one line per page and a closing summary line. */
export async function listAllPages(
  host: HostService,
  agentId: string,
  input: ListTasksInput,
  out: Output,
): Promise<number> {
  let failure: OperationOutcome | undefined;
  const fetchPage = async (pageToken: string | undefined): Promise<TaskPage | undefined> => {
    const outcome = await host.runOperation({
      agentId,
      operation: 'list',
      input: { ...input, ...(pageToken ? { pageToken } : {}) },
    });
    if (outcome.status === 'result' && outcome.result?.type === 'task-page') return outcome.result.page;
    failure = outcome;
    return undefined;
  };
  const result = await followPages(fetchPage, {
    onPage: (page, progress) => {
      out.note(
        `Page ${progress.pages}: ${page.tasks.length} tasks (${progress.tasks}${progress.totalSize !== undefined ? ` of ${progress.totalSize}` : ''} so far)`,
      );
      for (const task of page.tasks) out.say(`  ${task.id} · ${task.status.stateWire}`);
      out.emit({ page: progress.pages, result: { type: 'task-page', page } });
    },
  });
  if (failure) out.say(problemLine(failure));
  const total = result.totalSize !== undefined ? ` (the agent counts ${result.totalSize})` : '';
  out.say(
    `${result.tasks} tasks in ${result.pages} pages${total}.${result.reason ? ` ${result.reason}` : ''}`,
  );
  out.emit({ summary: { ...result } });
  if (failure) return exitFor(failure);
  return result.end === 'end' ? EXIT.ok : EXIT.failed;
}
