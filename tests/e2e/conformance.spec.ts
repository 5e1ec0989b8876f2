// "Run the conformance suite" on the Checks tab, in both projects (CHK-6): the ACTS test agent (@a2a-js/sdk 1.3.0)
// passes the suites chosen on the interface chosen; a suite it fails shows the failed test with what was expected
// and what came back, and its link opens the exchange that failed on the Frames tab; the results download as ACTS's
// report, JSON and JUnit XML; a run on every interface shows its progress and stops when asked.

import { expect, test } from './fixtures';
import { actsPeers, type ActsPeerHandle } from '../peers/actsPeers';
import { ConformancePage } from './support/conformancePage';
import { FramesPage } from './support/framesPage';

let peer: ActsPeerHandle | undefined;
test.afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

test('the ACTS agent passes what it implements, fails CARD-DISC-002 with its reason, and the result downloads', async ({
  app,
  record,
}) => {
  peer = await actsPeers['acts-v1.0']();
  await app.openAgent(peer.baseUrl);
  const acts = new ConformancePage(app.page);

  await test.step('run two suites it implements on JSON-RPC, with behaviours: it conforms', async () => {
    await acts.open();
    await expect(acts.exportButton('acts')).toBeDisabled();
    await acts.chooseSuites(['core-operations', 'multi-turn']);
    await acts.chooseInterfaces(['JSONRPC 1.0']);
    await acts.choose({ level: 'must', behaviours: true });
    await acts.run();
    expect(await acts.verdict()).toEqual({ conforms: true, stopped: false });
    await expect(acts.interfaces()).toHaveCount(1);
    await expect(acts.interfaces()).toHaveAttribute('data-must-failed', '0');
    await expect(acts.interfaces()).toContainText('MUST:');
    await acts.show('pass');
    // Results by interface, then by suite.
    await expect(acts.suiteResults()).toHaveCount(2);
    await expect(acts.test('CORE-MULTI-001')).toHaveAttribute('data-result', 'pass');
    await expect(acts.test('CORE-SEND-001')).toHaveAttribute('data-transport', 'jsonrpc');
  });

  const failed = acts.test('CARD-DISC-002');
  await test.step('run discovery without behaviours: skipped tests say why, CARD-DISC-002 fails', async () => {
    // Without behaviours, the tests that need them are listed as not run, with the reason.
    await acts.chooseSuites(['discovery', 'core-operations']);
    await acts.choose({ level: 'may', behaviours: false });
    await acts.run();
    expect(await acts.verdict()).toMatchObject({ conforms: false });
    await acts.show('skip');
    await expect(acts.skipReasons(acts.test('CORE-SEND-001'))).toContainText('tck-complete-task');
    await acts.show('problems');
    await expect(failed).toHaveAttribute('data-result', 'fail');
    await expect(acts.expected(failed)).toHaveText('one of ["JSONRPC","GRPC","REST"]');
    await expect(acts.actual(failed)).toHaveText('"HTTP+JSON"');
  });

  await test.step('follow the failed test to the exchange that failed', async () => {
    // The failed test opens on the exchange that failed: the card fetch.
    await acts.openFailedFrame(failed);
    await expect(app.tab('frames')).toHaveAttribute('aria-selected', 'true');
    await expect(new FramesPage(app.page).inspector()).toContainText('agent-card.json');
  });

  await test.step("download the results as ACTS's report, JSON and JUnit XML", async () => {
    await acts.open();
    const report = await acts.download('acts');
    expect(report.name).toMatch(/^acts-report-.*\.json$/);
    const parsed = JSON.parse(report.text) as {
      transport: string;
      environment: Record<string, string>;
      summary: { by_level: { must: { failed: number } } };
    };
    expect(parsed.transport).toBe('jsonrpc');
    expect(parsed.environment).toMatchObject({ a2a_generation: '1.0', binding: 'JSONRPC' });
    expect(parsed.summary.by_level.must.failed).toBe(1);
    const json = await acts.download('json');
    expect(JSON.parse(json.text)).toMatchObject({ conforms: false, behaviours: false });
    const junit = await acts.download('junit');
    expect(junit.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="ACTS conformance"/,
    );
    expect(junit.text).toContain('CARD-DISC-002');
  });
  expect(record.pageErrors).toEqual([]);
});

test('a run on every interface shows its progress and stops when asked', async ({ app }) => {
  peer = await actsPeers['acts-v1.0']();
  await app.openAgent(peer.baseUrl);
  const acts = new ConformancePage(app.page);

  await test.step('run every suite on every interface: progress shows', async () => {
    await acts.open();
    await acts.choose({ level: 'may', behaviours: true });
    await acts.run();
    const progress = acts.progress();
    await expect(progress).toBeVisible();
    await expect(async () => {
      expect(await acts.progressDone()).toBeGreaterThanOrEqual(3);
    }).toPass({ timeout: 30_000 });
  });

  await test.step('stop the run: the tests not run say the run was stopped', async () => {
    await acts.stop();
    expect(await acts.verdict()).toMatchObject({ stopped: true });
    await acts.show('skip');
    await expect(acts.skipReasons().filter({ hasText: 'The run was stopped' }).first()).toBeVisible();
  });
});
