// ListTasks filter building and page following (TASK-2): every filter of 1.0's ListTasksRequest, the message for each
// bad value, and the walk over next-page tokens (to the end, cancelled, failed, a repeated token).

import { describe, expect, it } from 'vitest';
import { buildListTasksInput, followPages, listStatusWire } from '../../../../shared/a2a/listTasksQuery';
import type { TaskPage } from '../../../../shared/a2a/model';

describe('buildListTasksInput', () => {
  it('turns every filter into the list input and leaves empty ones out', () => {
    expect(buildListTasksInput({})).toEqual({ input: {} });
    expect(
      buildListTasksInput({
        contextId: ' ctx-1 ',
        status: 'input-required',
        pageSize: '25',
        statusAfter: '2026-01-31T10:00:00+01:00',
        historyLength: '0',
        includeArtifacts: true,
        pageToken: 'tok',
      }),
    ).toEqual({
      input: {
        contextId: 'ctx-1',
        status: 'TASK_STATE_INPUT_REQUIRED',
        pageSize: 25,
        statusTimestampAfter: '2026-01-31T09:00:00.000Z',
        historyLength: 0,
        includeArtifacts: true,
        pageToken: 'tok',
      },
    });
    expect(
      buildListTasksInput({ status: 'TASK_STATE_COMPLETED', includeArtifacts: false, pageSize: '' }),
    ).toEqual({
      input: { status: 'TASK_STATE_COMPLETED' },
    });
  });

  it.each([
    [{ status: 'done' }, 'Status must be one of submitted, working'],
    [{ pageSize: '0' }, 'Page size must be a whole number from 1 to 100, not "0".'],
    [{ pageSize: '101' }, 'Page size must be a whole number from 1 to 100'],
    [{ pageSize: '2.5' }, 'Page size must be a whole number'],
    [{ historyLength: '-1' }, 'History length must be a whole number from 0'],
    [{ historyLength: 'ten' }, 'History length must be a whole number'],
    [{ statusAfter: 'yesterday' }, 'Status after must be a date-time with a zone'],
    [{ statusAfter: '2026-01-31' }, 'Status after must be a date-time with a zone'],
    [{ statusAfter: '2026-01-31T09:00:00' }, 'Status after must be a date-time with a zone'],
    [{ statusAfter: '2026-02-31T09:00:00Z' }, 'Status after must be a date-time with a zone'],
  ])('refuses %j with a clear message', (fields, message) => {
    const built = buildListTasksInput(fields);
    expect('error' in built && built.error).toContain(message);
  });

  it('knows the wire names of the states', () => {
    expect(listStatusWire('auth-required')).toBe('TASK_STATE_AUTH_REQUIRED');
    expect(listStatusWire('TASK_STATE_WORKING')).toBe('TASK_STATE_WORKING');
    expect(listStatusWire('TASK_STATE_NOPE')).toBeUndefined();
  });
});

const page = (ids: string[], nextPageToken = '', totalSize?: number): TaskPage => ({
  tasks: ids.map(
    (id) => ({ id, status: { state: 'completed', stateWire: 'TASK_STATE_COMPLETED' } }) as never,
  ),
  nextPageToken,
  wire: {},
  ...(totalSize !== undefined ? { totalSize } : {}),
});

describe('followPages', () => {
  it('follows tokens until the next-page token is empty, reporting progress', async () => {
    const pages: Record<string, TaskPage> = {
      first: page(['a', 'b'], 't2', 5),
      t2: page(['c', 'd'], 't3', 5),
      t3: page(['e'], '', 5),
    };
    const asked: Array<string | undefined> = [];
    const seen: number[] = [];
    const result = await followPages(
      async (token) => {
        asked.push(token);
        return pages[token ?? 'first'];
      },
      { onPage: (_page, progress) => seen.push(progress.tasks) },
    );
    expect(asked).toEqual([undefined, 't2', 't3']);
    expect(seen).toEqual([2, 4, 5]);
    expect(result).toEqual({ pages: 3, tasks: 5, totalSize: 5, end: 'end' });
  });

  it('stops when cancelled, when a page fails, on a repeated token and at the page limit', async () => {
    const signal = { aborted: false };
    const cancelled = await followPages(
      async () => {
        signal.aborted = true;
        return page(['a'], 'more');
      },
      { signal },
    );
    expect(cancelled).toMatchObject({ pages: 1, end: 'cancelled', reason: 'Cancelled by the user.' });
    const failed = await followPages(async (token) => (token ? undefined : page(['a'], 'x')));
    expect(failed).toMatchObject({ pages: 1, tasks: 1, end: 'failed', reason: 'Page 2 failed.' });
    const loop = await followPages(async () => page(['a'], 'same'));
    expect(loop).toMatchObject({ pages: 2, end: 'repeated-token' });
    expect(loop.reason).toContain('"same" twice');
    let n = 0;
    const endless = await followPages(async () => page(['a'], `t${n++}`), { maxPages: 3 });
    expect(endless).toMatchObject({ pages: 3, end: 'page-limit', reason: 'Stopped after 3 pages.' });
  });
});
