// FRM-8 in the window, against the hostile agent's 17 MiB event (over the 16 MiB per-event cap): the host stores it
// on disk instead of dropping it, the stream's event list and the conversation show a placeholder with its size,
// a load's Cancel (UX-5) stops it keeping nothing, and Load brings its text into the window.

import { expect, test as base } from './fixtures';
import { FramesPage } from './support/framesPage';
import { gateHostCalls } from './support/hostCallGate';
import { RenderPage } from './support/renderPage';
import { startHostilePeer, type HostilePeerHandle } from '../peers/hostilePeer';

const test = base.extend<{ hostile: HostilePeerHandle }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  hostile: async ({}, use) => {
    const peer = await startHostilePeer();
    await use(peer);
    await peer.close();
  },
});

test('an event over the per-event cap is kept on disk and loads when asked', async ({ app, hostile }) => {
  // 17 MiB cross the loopback and go to disk, then come back to the window: generous waits on two busy cores.
  test.slow();
  const render = new RenderPage(app.page);
  const frames = new FramesPage(app.page);

  await test.step('stream from the agent: the conversation holds a placeholder with the size', async () => {
    await app.openAgent(hostile.agentUrl('huge-event'));
    await app.send('hello', { stream: true });
    const placeholder = render.storedEvents(app.messages('agent'));
    await expect(placeholder).toHaveCount(1, { timeout: 60_000 });
    await expect(placeholder).toContainText('Event of 17.0 MiB over the per-event cap: stored on disk');
  });

  await test.step('start loading, Cancel in the progress notice: it stops and nothing is kept', async () => {
    const placeholder = render.storedEvents(app.messages('agent'));
    // The host holds the first slice until the test lets it go, so the notice shows and Cancel lands mid-load.
    const gate = gateHostCalls(app.host!, 'readStoredBytes');
    try {
      await render.startLoadStoredEvent(placeholder);
      await gate.waitForCalls(1);
      await expect(render.storedEventProgress(placeholder)).toBeVisible();
      await expect(render.storedEventProgress(placeholder)).toContainText(
        'Loading the event of 17.0 MiB from disk',
      );
      await render.cancelStoredEventLoad(placeholder);
      gate.open();
      await expect(render.storedEventCancelled(placeholder)).toHaveText(
        'Loading was cancelled; nothing was kept.',
      );
      await expect(render.storedEventProgress(placeholder)).toHaveCount(0);
      await expect(placeholder).toHaveAttribute('data-loaded', 'false');
      await expect(render.storedEventText(placeholder)).toHaveCount(0);
      // The slice under way when Cancel was pressed was the last one asked for.
      expect(gate.calls()).toBe(1);
    } finally {
      gate.restore();
    }
  });

  await test.step('load it in the conversation: its text comes back', async () => {
    const placeholder = render.storedEvents(app.messages('agent'));
    await render.loadStoredEvent(placeholder);
    await expect(render.storedEventText(placeholder)).toContainText('"artifactUpdate"');
    expect(Number(await placeholder.getAttribute('data-bytes'))).toBeGreaterThan(17 * 1024 * 1024);
  });

  await test.step("open the stream's frame: the event is listed as stored, and loads there too", async () => {
    await frames.open();
    await frames.rows().filter({ hasText: 'events' }).last().click();
    await expect(frames.streamEvents()).toHaveCount(4);
    await frames.storedStreamEvents().click();
    const placeholder = render.storedEvents(frames.eventDetail());
    await expect(placeholder).toContainText('Event of 17.0 MiB');
    await render.loadStoredEvent(placeholder);
    await expect(render.storedEventText(placeholder)).toContainText('data: {"jsonrpc":"2.0"');
  });
});
