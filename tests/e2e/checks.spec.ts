// The Checks panel in both projects (CHK-1..CHK-5): the SDK agent passes every probe and shows no errors but the one
// JSON-RPC slip the probes expose in the SDK, and the report survives a trip to another tab; the hostile agent that
// answers with the wrong JSON-RPC id shows the finding, which opens its frame and links the JSON-RPC section it breaks;
// the one that labels its JSON text/plain gets a content-type warning, run from the command palette, shown once for
// both answers (×2) with its A2A section; the reports download as JSON and as JUnit XML that parse, citing public
// sections only.

import { expect, test } from './fixtures';
import { startHostilePeer } from '../peers/hostilePeer';
import { ChecksPage } from './support/checksPage';
import { FramesPage } from './support/framesPage';
import { LibraryPage } from './support/libraryPage';

test('the SDK agent: every probe passes, one SDK slip found, JSON and JUnit downloads', async ({
  app,
  startPeer,
  record,
}) => {
  const checks = new ChecksPage(app.page);
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  await app.send('hello checks', { stream: true });
  await expect(app.artifacts()).toContainText('Echo: hello checks');

  await test.step('run the checks: no errors', async () => {
    await checks.open();
    await expect(checks.exportButton('json')).toBeDisabled();
    await checks.run();
    await expect(checks.summary()).toHaveAttribute('data-errors', '0');
    await expect(checks.severity('error')).toHaveCount(0);
  });

  await test.step('show another tab and come back: the report is still there', async () => {
    await app.tab('frames').click();
    await checks.open();
    await expect(checks.summary()).toHaveAttribute('data-errors', '0');
  });

  await test.step('probe the agent: every probe passes, one SDK slip is found', async () => {
    await checks.probe();
    expect(await checks.probeStatuses()).toEqual({
      'probe.streaming': 'passed',
      'probe.push': 'passed',
      'probe.cancel': 'passed',
      'probe.unknown-task': 'passed',
      'probe.unsupported-method': 'passed',
      'probe.bindings-agree': 'passed',
      'probe.malformed-requests': 'passed',
      'probe.required-methods': 'passed',
      'probe.history-length': 'passed',
      'probe.terminal-followup': 'passed',
      'probe.cancel-errors': 'passed',
    });
    // The one error left is @a2a-js/sdk's: it echoes the object id of a malformed request, which JSON-RPC forbids.
    await expect(checks.summary()).toHaveAttribute('data-errors', '1');
    await expect(checks.findings('frame.jsonrpc').first()).toContainText('The response id is an object');
    await expect(checks.summary()).toContainText('0 probes failed');
  });

  await test.step('download the report as JSON', async () => {
    const json = await checks.download('json');
    expect(json.name).toBe('switchboard-checks.json');
    const report = JSON.parse(json.text) as {
      probes: unknown[];
      summary: { error: number };
      checksRun: string[];
      findings: Array<{ spec: string; specUrl?: string; count?: number }>;
    };
    expect(report.probes).toHaveLength(11);
    for (const finding of report.findings) {
      expect(finding.specUrl, finding.spec).toMatch(/^https:\/\//);
      expect(finding.count, finding.spec).toBeGreaterThanOrEqual(1);
    }
    expect(json.text).not.toMatch(/PROTOCOL\.md|FEATURES\.md|DESIGN\.md/);
    expect(report.summary.error).toBe(1);
    expect(report.checksRun).toContain('state.illegal-transition');
  });

  await test.step('download the report as JUnit XML', async () => {
    const junit = await checks.download('junit');
    expect(junit.name).toBe('switchboard-checks.xml');
    expect(junit.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="Switchboard checks"/,
    );
    expect(junit.text).toContain('<property name="spec-url" value="https://');
    expect(junit.text).not.toMatch(/PROTOCOL\.md|FEATURES\.md|DESIGN\.md/);
    const parsed = await checks.junitFailures(junit.text);
    expect(parsed?.suites).toBe(4);
    expect(parsed?.failing.filter((name) => /^(probe|state|card\.schema)/.test(name))).toEqual([]);
  });
  expect(record.pageErrors).toEqual([]);
});

test('a hostile agent: the id mismatch is found, its link opens the frame, and JUnit reports it', async ({
  app,
}) => {
  const hostile = await startHostilePeer();
  try {
    const checks = new ChecksPage(app.page);
    const frames = new FramesPage(app.page);
    await app.openAgent(hostile.agentUrl('id-mismatch'));
    await app.send('hello', { stream: false });

    const finding = checks.findings('frame.jsonrpc').first();
    await test.step('run the checks: the id mismatch is found, citing JSON-RPC', async () => {
      await checks.open();
      await checks.run();
      await expect(checks.summary()).not.toHaveAttribute('data-errors', '0');
      const group = checks.group('frame.jsonrpc', 'error');
      await expect(group).toContainText('JSON-RPC envelopes are well formed');
      await expect(finding).toContainText('The response id');
      await expect(finding).toContainText('JSON-RPC 2.0 §5 Response object');
      // The section is a link that opens outside the app (the desktop shell asks first, the browser opens a tab).
      const spec = checks.specLink(finding);
      await expect(spec).toHaveAttribute('href', 'https://www.jsonrpc.org/specification#response_object');
      await expect(spec).toHaveAttribute('target', '_blank');
      await expect(spec).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(checks.frameLinks(finding).first()).toContainText('SendMessage 200');
    });

    await test.step("follow the finding's link to its frame", async () => {
      await checks.openFrameOf(finding);
      await expect(frames.inspector()).toContainText('POST');
      await expect(frames.idCheck()).toHaveAttribute('data-id-check', 'mismatch');
    });

    await test.step('send again and come back: the report says it is stale', async () => {
      // Back on the panel the report is still there, and says when new traffic is not in it yet.
      await checks.open();
      await expect(checks.findings('frame.jsonrpc').first()).toBeVisible();
      await app.send('again', { stream: false });
      await checks.open();
      await expect(checks.staleNote()).toContainText('arrived since; re-run to include them');
    });

    await test.step('download JUnit XML: the finding is a failing test', async () => {
      const junit = await checks.download('junit');
      const parsed = await checks.junitFailures(junit.text);
      expect(parsed?.failing.some((name) => name.startsWith('frame.jsonrpc:'))).toBe(true);
    });
  } finally {
    await hostile.close();
  }
});

test('a hostile agent that labels its JSON text/plain: a content-type warning, checked from the palette', async ({
  app,
}) => {
  const hostile = await startHostilePeer();
  try {
    const checks = new ChecksPage(app.page);
    await app.openAgent(hostile.agentUrl('wrong-content-type'));
    await app.send('hello', { stream: false });
    await expect(app.outcome()).toBeVisible();
    await app.send('hello again', { stream: false });

    const finding = checks.findings('frame.content-type').first();
    await test.step('run the checks from the command palette: a content-type warning', async () => {
      await new LibraryPage(app.page).runCommand('Run the conformance checks');
      await expect(checks.panel()).toBeVisible();
      await expect(checks.summary()).toBeVisible();
      await expect(checks.group('frame.content-type', 'warning')).toBeVisible();
      await expect(finding).toContainText('Expected application/json but the answer is text/plain.');
    });

    await test.step('re-run until both answers are in: one finding, seen twice, citing A2A', async () => {
      // Both answers broke the rule the same way: one finding, seen twice, naming both frames (re-run until the
      // second answer is in).
      await expect(async () => {
        await checks.run();
        await expect(finding).toHaveAttribute('data-count', '2', { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(checks.findings('frame.content-type')).toHaveCount(1);
      await expect(checks.timesSeen(finding)).toHaveText('×2');
      await expect(checks.frameLinks(finding)).toHaveCount(2);
      await expect(checks.specLink(finding)).toHaveText('A2A 1.0 §9.1 Protocol Requirements');
      await expect(checks.specLink(finding)).toHaveAttribute(
        'href',
        'https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#91-protocol-requirements',
      );
      await expect(finding).not.toContainText('PROTOCOL.md');
    });

    await test.step("follow the finding's link to its frame", async () => {
      await checks.openFrameOf(finding);
      await expect(new FramesPage(app.page).inspector()).toContainText('text/plain');
    });
  } finally {
    await hostile.close();
  }
});
