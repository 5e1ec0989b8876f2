// The Checks panel in both projects (CHK-1..CHK-5): a conforming agent shows no errors and passes its probes; the
// hostile agent that answers with the wrong JSON-RPC id shows the finding, which links to its frame; the reports
// download as JSON and as JUnit XML that parse.

import { expect, test } from './fixtures';
import { startHostilePeer } from '../peers/hostilePeer';
import { ChecksPage } from './support/checksPage';

test('a conforming agent: no errors, every probe passes, JSON and JUnit downloads', async ({
  app,
  startPeer,
  record,
}) => {
  const checks = new ChecksPage(app.page);
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  await app.send('hello checks', { stream: true });
  await expect(app.artifacts()).toContainText('Echo: hello checks');

  await checks.open();
  await checks.run();
  await expect(checks.summary()).toHaveAttribute('data-errors', '0');
  await checks.probe();
  for (const status of await checks
    .probeResults()
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status'))))
    expect(status).toBe('passed');
  await expect(checks.summary()).toHaveAttribute('data-errors', '0');

  const json = await checks.download('json');
  expect(json.name).toBe('switchboard-checks.json');
  const report = JSON.parse(json.text) as { probes: unknown[]; summary: { error: number } };
  expect(report.probes).toHaveLength(6);
  expect(report.summary.error).toBe(0);
  const junit = await checks.download('junit');
  expect(junit.text).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="Switchboard checks"/,
  );
  const suites = await app.page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    return doc.getElementsByTagName('parsererror').length === 0
      ? doc.getElementsByTagName('testsuite').length
      : -1;
  }, junit.text);
  expect(suites).toBe(4);
  expect(record.pageErrors).toEqual([]);
});

test('a hostile agent: the id mismatch is found, and its link opens the frame', async ({ app }) => {
  const hostile = await startHostilePeer();
  try {
    const checks = new ChecksPage(app.page);
    await app.openAgent(hostile.agentUrl('id-mismatch'));
    await app.send('hello', { stream: false });
    await checks.open();
    await checks.run();
    await expect(checks.summary()).not.toHaveAttribute('data-errors', '0');
    const finding = checks.findings('frame.jsonrpc').first();
    await expect(finding).toContainText('The response id');
    await expect(finding).toContainText('JSON-RPC 2.0 §5');
    await finding.getByTestId('check-frame-link').first().click();
    await expect(app.tab('frames')).toHaveAttribute('aria-selected', 'true');
    await expect(app.page.getByTestId('frame-inspector')).toContainText('POST');
    await expect(app.page.getByTestId('rpc-id-check')).toHaveAttribute('data-id-check', 'mismatch');
  } finally {
    await hostile.close();
  }
});
