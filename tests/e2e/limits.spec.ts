// Size limits seen from the window (SEC-4), against the hostile agent: an answer past the body cap and a stream past
// the stream cap both stop with a message naming the cap, and what came before the cap is kept. The caps are set in
// the agent's settings, in MiB, as a user would. A 100 MB file part is kept on disk by the host and loaded into the
// window only when the user asks; its load's Cancel (UX-5) stops it keeping nothing. Past the window's frame cap the
// oldest frames leave it, with a note, and the saved session still has them all.

import { expect, test as base } from './fixtures';
import { FramesPage } from './support/framesPage';
import { gateHostCalls } from './support/hostCallGate';
import { LibraryPage } from './support/libraryPage';
import { RenderPage } from './support/renderPage';
import { SessionsPage } from './support/sessionsPage';
import { startHostilePeer, type HostilePeerHandle } from '../peers/hostilePeer';

const test = base.extend<{ hostile: HostilePeerHandle }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  hostile: async ({}, use) => {
    const peer = await startHostilePeer();
    await use(peer);
    await peer.close();
  },
});

test('an answer past the body cap stops with the cap named, its first bytes kept', async ({
  app,
  hostile,
}) => {
  await test.step('open the agent and set its body cap to 1 MiB', async () => {
    await app.openAgent(hostile.agentUrl('huge-body'));
    await new LibraryPage(app.page).setLimits({ maxBodyBytes: 1 });
  });
  await test.step('send: the answer stops at the cap, which is named', async () => {
    await app.send('hello', { stream: false });
    await expect(app.outcome()).toContainText(
      'Body too large: The response body passed the 1048576-byte cap; the first 1048576 bytes are kept.',
    );
  });
  await test.step('open its frame: the same error', async () => {
    const frames = new FramesPage(app.page);
    await frames.open();
    await frames.rows().last().click();
    await expect(app.frameError()).toContainText('Body too large');
  });
});

test('a stream past the stream cap is closed with the cap named', async ({ app, hostile }) => {
  await test.step('open the agent and set its stream cap to 2 MiB', async () => {
    await app.openAgent(hostile.agentUrl('endless-line'));
    await new LibraryPage(app.page).setLimits({ maxStreamBytes: 2 });
  });
  await test.step('send, streaming: the client hangs up at the cap', async () => {
    const stopped = hostile.nextWriterStopped();
    await app.send('hello', { stream: true });
    // The client hangs up at the cap, and the peer sees it go.
    expect((await stopped).reason).toBe('client-closed');
  });
  await test.step('open its frame: the cap is named', async () => {
    const frames = new FramesPage(app.page);
    await frames.open();
    await frames.rows().last().click();
    await expect(app.frameError()).toContainText('Stream too large');
    await expect(app.frameError()).toContainText('passed the 2097152-byte cap and was closed');
  });
});

test('a 100 MB base64 file part is kept on disk and loads only when asked', async ({ app, hostile }) => {
  // 100 MB cross the loopback, go to disk and are decoded once when asked: on two busy cores (CI runs two workers)
  // each step can take tens of seconds, so the waits are generous and the test's own budget is tripled.
  test.slow();
  const render = new RenderPage(app.page);
  const file = render.fileParts(app.artifacts());

  await test.step('send: the file part is kept on disk, not shown', async () => {
    await app.openAgent(hostile.agentUrl('huge-file'));
    await app.send('hello', { stream: false });
    await expect(file).toContainText('kept on disk', { timeout: 60_000 });
    await expect(render.image(file)).toHaveCount(0);
  });

  await test.step('open the exchange: its body says where the bytes went', async () => {
    // The exchange's body says where the bytes went instead of holding them.
    const frames = new FramesPage(app.page);
    await frames.open();
    await frames.rows().last().click();
    await expect(frames.bodyStored()).toContainText('1 long string cut out', {
      timeout: 30_000,
    });
  });

  await test.step('start loading, Cancel in the progress notice: it stops and nothing is kept', async () => {
    await app.tab('conversation').click();
    // The host holds the first slice until the test lets it go, so the notice shows and Cancel lands mid-load.
    const gate = gateHostCalls(app.host!, 'readStoredBytes');
    try {
      await render.loadStored(file);
      await gate.waitForCalls(1);
      await expect(render.storedProgress(file)).toBeVisible();
      await expect(render.storedProgress(file)).toContainText('from disk');
      await render.cancelStoredLoad(file);
      gate.open();
      await expect(render.storedCancelled(file)).toHaveText('Loading was cancelled; nothing was kept.');
      await expect(render.storedProgress(file)).toHaveCount(0);
      await expect(render.image(file)).toHaveCount(0);
      // The slice under way when Cancel was pressed was the last one asked for.
      expect(gate.calls()).toBe(1);
    } finally {
      gate.restore();
    }
  });

  await test.step('load the file in the conversation: the image decodes', async () => {
    await render.loadStored(file);
    const image = render.image(file);
    await expect(image).toBeVisible({ timeout: 60_000 });
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 60_000 })
      .toBe(4);
  });
});

test('past the window’s frame cap the oldest frames leave it with a note, and Save still writes every frame', async ({
  app,
  startPeer,
}) => {
  const frames = new FramesPage(app.page);
  await test.step('keep only 12 frames in the window, and reload', async () => {
    // The cap is 250,000 frames; a smaller window is asked for as a user short of memory would, so that a few
    // streams cross it.
    await frames.keepNewestFrames(12);
    await app.reload();
  });

  await test.step('send three messages, streaming', async () => {
    const peer = await startPeer('v1.0');
    await app.openAgent(peer.baseUrl);
    for (const text of ['one', 'two', 'three']) {
      await app.send(text, { stream: true });
      await expect(app.artifacts()).toContainText(`Echo: ${text}`);
    }
  });

  await test.step('read the note: the oldest frames left the window', async () => {
    const note = frames.retainedNote();
    await expect(note).toBeVisible();
    await expect(note).toContainText('left this window, which keeps the newest 10 to stay fast');
    await expect(note).toContainText('the run’s journal holds every frame, Save writes them all');
    const dropped = Number(await note.getAttribute('data-dropped'));
    expect(dropped).toBeGreaterThan(0);
  });

  await test.step('save and open the session: it has every frame', async () => {
    // Every frame of the run, the ones that left the window too, is in the saved session.
    const sessions = new SessionsPage(app.page);
    await sessions.saveWithShortcut();
    await sessions.recent('saved').click();
    await expect(sessions.replayBar()).toBeVisible();
    expect(await sessions.total()).toBeGreaterThan(12);
  });
});
