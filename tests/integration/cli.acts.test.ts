// `switchboard check <url> --acts …` in a child process, as CI would run it: suites, level and bindings chosen on the
// command line, ACTS's JSON report (one file per interface) and JUnit XML written, the text a person reads, and the
// exit code: 0 when every must-level test that ran passed, 1 when one failed, 2 for words it cannot use.

import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActsReport } from '../../shared/acts/actsReport';
import type { ActsRunResult } from '../../shared/acts/actsRunTypes';
import { actsPeers, type ActsPeerHandle } from '../peers/actsPeers';
import { PEER_BEARER_TOKEN } from '../peers/peerAuth';
import { bundleEntry } from './support/bundleEntry';
import { jsonLines, runCli } from './support/cliProcess';
import { suiteTempDir } from '../unit/support/tempDir';

let cli: string;
let peer: ActsPeerHandle;
let dir: string;
const tempDir = suiteTempDir('sb-cli-acts-');

beforeAll(async () => {
  [cli, peer, dir] = await Promise.all([bundleEntry('electron/cli.ts'), actsPeers['acts-v1.0'](), tempDir()]);
});
afterAll(() => peer?.close());

const run = (args: string[]) => runCli(cli, args);

describe('check --acts', () => {
  it('runs the suites asked for on the bindings asked for, writes the reports, exits 0 when every must test passed', async () => {
    const report = path.join(dir, 'acts.json');
    const junit = path.join(dir, 'acts.xml');
    const checked = await run([
      'check',
      peer.baseUrl,
      '--acts',
      'multi-turn',
      'history',
      '--binding',
      'JSONRPC',
      'HTTP+JSON',
      '--behaviours',
      '--level',
      'must',
      '--bearer',
      PEER_BEARER_TOKEN,
      '--report',
      report,
      '--junit',
      junit,
    ]);
    expect(checked.stderr).toMatch(/\[\d+\/\d+\] pass {4}CORE-MULTI-001 \(jsonrpc 1\.0\)/);
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain('JSONRPC A2A 1.0 at');
    expect(checked.stdout).toMatch(/MUST: +\d+\/\d+ passed/);
    expect(checked.stdout).toContain('Conformant: every must-level test that ran passed.');
    // One ACTS §13 report per interface: 1.0 and 0.3 over each of the two bindings.
    const files = (await readdir(dir))
      .filter((name) => name.startsWith('acts-') && name.endsWith('.json'))
      .sort();
    expect(files).toEqual([
      'acts-jsonrpc-a2a0.3.json',
      'acts-jsonrpc.json',
      'acts-rest-a2a0.3.json',
      'acts-rest.json',
    ]);
    const jsonrpc = JSON.parse(await readFile(path.join(dir, 'acts-jsonrpc.json'), 'utf8')) as ActsReport;
    expect(jsonrpc).toMatchObject({ acts_version: '1.0', spec_version: '1.0', transport: 'jsonrpc' });
    expect(jsonrpc.environment).toMatchObject({ a2a_generation: '1.0', binding: 'JSONRPC' });
    expect(jsonrpc.suites.map((suite) => suite.id)).toEqual(['history', 'multi-turn']);
    expect(jsonrpc.summary.by_level.should.total).toBe(0);
    expect(jsonrpc.summary.by_level.must.failed).toBe(0);
    const xml = await readFile(junit, 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="ACTS conformance"/);
    expect(xml).toContain('<testsuite name="acts.multi-turn [rest 1.0]"');
  });

  it('prints the run as JSON, and exits 1 when a must-level test fails, saying what was expected', async () => {
    const checked = await run([
      'check',
      peer.baseUrl,
      '--acts',
      'discovery',
      '--binding',
      'JSONRPC',
      '--json',
    ]);
    expect(checked.code).toBe(1);
    const result = jsonLines(checked.stdout)[0] as unknown as ActsRunResult;
    expect(result.conforms).toBe(false);
    const disc002 = result.outcomes.find(
      (outcome) => outcome.id === 'CARD-DISC-002' && outcome.interface?.generation === '1.0',
    );
    expect(disc002).toMatchObject({ result: 'fail', level: 'must', failure: { actual: '"HTTP+JSON"' } });
    const human = await run(['check', peer.baseUrl, '--acts', 'discovery', '--binding', 'JSONRPC']);
    expect(human.stdout).toContain('FAIL CARD-DISC-002 [must]');
    expect(human.stdout).toContain('expected: one of ["JSONRPC","GRPC","REST"]');
    expect(human.stdout).toContain('Not conformant');
  });

  it('refuses words it cannot use before anything is sent', async () => {
    const unknown = await run(['check', peer.baseUrl, '--acts', 'no-such-suite']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('There is no ACTS suite called no-such-suite');
    const level = await run(['check', peer.baseUrl, '--acts', '--level', 'sometimes']);
    expect(level.code).toBe(2);
    expect(level.stderr).toContain('--level is "must" or "should" or "may"');
    const variable = await run(['check', peer.baseUrl, '--acts', '--var', 'novalue']);
    expect(variable.code).toBe(2);
    expect(variable.stderr).toContain('--var needs NAME=VALUE');
  });

  it('runs ACTS files of the user’s own (YAML or JSON, with includes), and refuses ones it cannot read', async () => {
    const master = path.join(dir, 'mine.acts.yaml');
    await writeFile(
      master,
      [
        'acts_version: "1.0"',
        'spec_version: "1.0"',
        'include: [more.acts.json]',
        'suites:',
        '  - id: mine',
        '    name: My tests',
        '    tests:',
        '      - id: MINE-001',
        '        name: A completed task reads back completed',
        '        level: must',
        '        steps:',
        '          - id: send',
        '            operation: send_message',
        '            params: {message: {role: ROLE_USER, parts: [{text: "tck-complete-task mine"}]}}',
        '            capture: {taskId: task.id}',
        '          - id: get',
        '            operation: get_task',
        '            params: {id: "{{send.taskId}}"}',
        '            expect: {body: {id: "{{send.taskId}}", status: {state: TASK_STATE_COMPLETED}}}',
      ].join('\n'),
    );
    await writeFile(
      path.join(dir, 'more.acts.json'),
      JSON.stringify({
        acts_version: '1.0',
        spec_version: '1.0',
        suites: [
          {
            id: 'more',
            name: 'More',
            tests: [
              {
                id: 'MORE-001',
                name: 'An unknown task is not found',
                level: 'should',
                steps: [
                  {
                    id: 'get',
                    operation: 'get_task',
                    params: { id: 'nope' },
                    expect_error: { error_type: 'TaskNotFoundError' },
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    const checked = await run([
      'check',
      peer.baseUrl,
      '--acts',
      '--acts-file',
      master,
      '--binding',
      'JSONRPC',
      '--json',
    ]);
    expect(checked.code).toBe(0);
    const result = jsonLines(checked.stdout)[0] as unknown as ActsRunResult;
    expect(
      result.outcomes
        .filter((outcome) => outcome.interface?.generation === '1.0')
        .map((outcome) => [outcome.id, outcome.result]),
    ).toEqual([
      ['MINE-001', 'pass'],
      ['MORE-001', 'pass'],
    ]);
    await writeFile(
      path.join(dir, 'bad.acts.yaml'),
      'acts_version: "2.0"\nspec_version: "1.0"\nsuites: []\n',
    );
    const bad = await run(['check', peer.baseUrl, '--acts', '--acts-file', path.join(dir, 'bad.acts.yaml')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('this runner reads ACTS 1.x documents only');
    const missing = await run([
      'check',
      peer.baseUrl,
      '--acts',
      '--acts-file',
      path.join(dir, 'nowhere.yaml'),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nowhere.yaml cannot be read');
  });
});
