// `switchboard list` against the real SDK peers (TASK-2): every ListTasks filter flag, --all following next-page
// tokens to the last page of a peer that holds more tasks than one page, clear errors for bad flag values, and the
// plain sentence for a 0.3 agent, which has no task list.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peers, type PeerHandle } from '../peers';
import { bundleEntry } from './support/bundleEntry';
import { jsonLines, runCli } from './support/cliProcess';

let cli: string;
let v10: PeerHandle;
let v03: PeerHandle;

beforeAll(async () => {
  [cli, v10, v03] = await Promise.all([bundleEntry('electron/cli.ts'), peers['v1.0'](), peers['v0.3']()]);
});
afterAll(async () => {
  await v10?.close();
  await v03?.close();
});

const run = (args: string[]) => runCli(cli, args);
type Page = { tasks: Array<{ id: string; contextId?: string; artifacts?: unknown[]; history?: unknown[] }> };

describe('switchboard list', () => {
  it('follows every page with --all and applies each filter', async () => {
    const before = new Date().toISOString();
    const sent: string[] = [];
    for (const text of ['one', 'two', 'three', 'four', 'five']) {
      const result = await run(['send', v10.baseUrl, `hello ${text}`, '--json']);
      expect(result.code).toBe(0);
      sent.push((jsonLines(result.stdout)[0] as { result: { task: { id: string } } }).result.task.id);
    }
    const all = await run(['list', v10.baseUrl, '--page-size', '2', '--all', '--json']);
    expect(all.code).toBe(0);
    const docs = jsonLines(all.stdout);
    const pages = docs.filter((doc) => 'page' in doc) as Array<{ result: { page: Page } }>;
    expect(pages).toHaveLength(3);
    const ids = pages.flatMap((p) => p.result.page.tasks.map((task) => task.id));
    expect(new Set(ids)).toEqual(new Set(sent));
    expect(docs.at(-1)).toMatchObject({ summary: { pages: 3, tasks: 5, end: 'end' } });
    expect(all.stderr).toContain('Page 3: 1 tasks (5');

    const human = await run(['list', v10.baseUrl, '--page-size', '2', '--all']);
    expect(human.stdout).toMatch(/5 tasks in 3 pages/);

    const filtered = await run([
      'list',
      v10.baseUrl,
      '--status',
      'completed',
      '--status-after',
      before,
      '--include-artifacts',
      '--history-length',
      '1',
      '--json',
    ]);
    expect(filtered.code).toBe(0);
    const page = (jsonLines(filtered.stdout)[0] as { result: { page: Page } }).result.page;
    expect(page.tasks).toHaveLength(5);
    expect(page.tasks.every((task) => (task.artifacts ?? []).length > 0)).toBe(true);
    expect(page.tasks.every((task) => (task.history ?? []).length <= 1)).toBe(true);

    const future = await run(['list', v10.baseUrl, '--status-after', '2999-01-01T00:00:00Z', '--json']);
    expect((jsonLines(future.stdout)[0] as { result: { page: Page } }).result.page.tasks).toEqual([]);
    const context = page.tasks[0]!.contextId!;
    const inContext = await run(['list', v10.baseUrl, '--context-id', context, '--json']);
    expect(
      (jsonLines(inContext.stdout)[0] as { result: { page: Page } }).result.page.tasks.map((t) => t.id),
    ).toEqual([page.tasks[0]!.id]);
    // Eleven CLI processes in a row: on a busy machine that takes longer than the default 20 s.
  }, 120_000);

  it.each([
    [['--page-size', '0'], '--page-size'],
    [['--page-size', '101'], '--page-size'],
    [['--history-length', '-2'], '--history-length'],
    [['--status-after', 'yesterday'], 'Status after must be a date-time with a zone'],
    [['--status', 'done'], '--status is one of'],
  ])('refuses %j before sending anything', async (flags, message) => {
    const result = await run(['list', v10.baseUrl, ...flags]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('says plainly that A2A 0.3 has no task list', async () => {
    const result = await run(['list', v03.baseUrl, '--json']);
    expect(result.code).toBe(1);
    expect(jsonLines(result.stdout)[0]).toMatchObject({ status: 'unsupported' });
    const human = await run(['list', v03.baseUrl]);
    expect(human.stdout).toContain('A2A 0.3 has no task list (ListTasks came with A2A 1.0)');
  });
});
