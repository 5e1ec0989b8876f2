// Traces in the window (PRX-2), in both projects: two messages sent to a real SDK agent with one traceparent set in
// the agent's header settings make one trace of two exchanges; its waterfall rows open their frames in the inspector,
// which shows the parsed trace context; the view passes axe and is reachable from the keyboard.

import { expect, test } from './fixtures';
import { A11yPage } from './support/a11yPage';
import { FramesPage } from './support/framesPage';
import { LibraryPage } from './support/libraryPage';
import { TracesPage } from './support/tracesPage';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

test('two sends with one traceparent make one trace with two waterfall rows', async ({ app, startPeer }) => {
  const peer = await startPeer('v1.0');
  const library = new LibraryPage(app.page);
  const traces = new TracesPage(app.page);
  const frames = new FramesPage(app.page);
  const a11y = new A11yPage(app.page);

  await test.step('no traces before a traced request', async () => {
    await app.openAgent(peer.baseUrl);
    await traces.open();
    await expect(traces.emptyNote()).toContainText('No traces yet');
  });

  await test.step('set traceparent in the agent settings and send twice', async () => {
    await library.addHeader('traceparent', TRACEPARENT);
    await app.send('first traced', { stream: false });
    await expect(app.artifacts().last()).toContainText('Echo: first traced');
    await app.send('second traced', { stream: true });
    await expect(app.artifacts().last()).toContainText('Echo: second traced');
  });

  await test.step('the Traces view shows one trace of two exchanges', async () => {
    await traces.open();
    await expect(traces.traceRows()).toHaveCount(1);
    await expect(traces.traceRows().first()).toHaveAttribute('data-trace-id', TRACE_ID);
    await expect(traces.traceRows().first()).toHaveAttribute('data-hops', '2');
    await expect(traces.waterfallRows()).toHaveCount(2);
    await expect(traces.graphEdges()).toHaveCount(1);
    await expect(traces.graphEdges().first()).toContainText('Switchboard →');
    await expect(traces.graphEdges().first()).toHaveAttribute('data-calls', '2');
  });

  await test.step('a waterfall row opens its frame in the inspector, with the trace context parsed', async () => {
    await traces.pickWaterfallRow(1);
    await expect(traces.selectedWaterfallRow()).toHaveCount(1);
    await expect(frames.inspector()).toBeVisible();
    await expect(traces.traceContextTraceId()).toHaveText(TRACE_ID);
    await expect(traces.traceContextFindings()).toHaveCount(0);
  });

  await test.step('from the trace list, Tab reaches the first row and Enter opens it', async () => {
    const first = await traces.waterfallRows().first().getAttribute('data-frame-id');
    await traces.pickTrace(0);
    await a11y.tabTo('waterfall-row');
    await traces.pressEnter();
    await expect(traces.selectedWaterfallRow()).toHaveAttribute('data-frame-id', first ?? '');
  });

  for (const theme of ['light', 'dark'] as const) {
    await test.step(`the Traces view passes axe (${theme})`, async () => {
      await a11y.chooseTheme(theme);
      await a11y.expectNoViolations(`traces (${theme})`);
    });
  }
});

test('a malformed traceparent joins no trace and the inspector says why', async ({ app, startPeer }) => {
  const peer = await startPeer('v1.0');
  const library = new LibraryPage(app.page);
  const traces = new TracesPage(app.page);
  const frames = new FramesPage(app.page);

  await test.step('send with an all-zero trace id', async () => {
    await app.openAgent(peer.baseUrl);
    await library.addHeader('traceparent', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`);
    await app.send('badly traced', { stream: false });
    await expect(app.artifacts().last()).toContainText('Echo: badly traced');
  });

  await test.step('no trace, a note, and the finding in the inspector', async () => {
    await traces.open();
    await expect(traces.traceRows()).toHaveCount(0);
    await expect(traces.malformedNote()).toContainText('1 request');
    await app.tab('frames').click();
    await frames.rows().last().click();
    await expect(traces.traceContextFindings()).toContainText('trace.traceparent-invalid');
    await expect(traces.traceContextFindings()).toContainText('the trace-id is all zeros');
  });
});
