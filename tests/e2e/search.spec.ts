// Search (TL-5) in both projects: the search box finds text inside bodies and stream events of a live run, marks it
// in the inspector and moves between hits with Enter, Shift+Enter and F3; a session in browse mode is searched by
// the host over the file, with the shared progress notice and its Cancel (UX-5), and its hits open their rows.

import { expect, test } from './fixtures';
import { FramesPage } from './support/framesPage';
import { gateHostCalls } from './support/hostCallGate';
import { openLargeSessionInBrowseMode } from './support/largeSession';
import { SearchPage } from './support/searchPage';
import { SessionsPage } from './support/sessionsPage';

test('search a live run: count, marks in the inspector, next and previous', async ({ app, startPeer }) => {
  const search = new SearchPage(app.page);
  const frames = new FramesPage(app.page);
  const peer = await startPeer('v1.0');

  await test.step('record a streamed send', async () => {
    await app.openAgent(peer.baseUrl);
    await app.send('needle in a haystack', { stream: true });
    await expect(app.artifacts()).toContainText('Echo: needle in a haystack');
    await frames.open();
  });

  const total = await test.step('type a query: the count says how many frames match', async () => {
    await search.search('NEEDLE IN A');
    await expect(search.count()).toHaveText(/^0 of \d+$/);
    return Number((await search.count().textContent())!.split(' of ')[1]);
  });
  expect(total).toBeGreaterThanOrEqual(2);

  await test.step('Enter goes to the first hit and marks it in the inspector', async () => {
    await search.next();
    await expect(search.count()).toHaveText(`1 of ${total}`);
    await expect(search.marks().first()).toBeVisible();
  });

  await test.step('Shift+Enter wraps to the last hit, F3 and Enter go on', async () => {
    await search.previous();
    await expect(search.count()).toHaveText(`${total} of ${total}`);
    await expect(search.marks().first()).toBeVisible();
    await search.f3();
    await expect(search.count()).toHaveText(`1 of ${total}`);
    await search.next();
    await expect(search.count()).toHaveText(`2 of ${total}`);
  });

  await test.step('text found nowhere says so', async () => {
    await search.search('no frame says this');
    await expect(search.count()).toHaveText('No match');
  });
});

test('search a session in browse mode: the host scans the file, hits open their rows', async ({
  app,
  tempDir,
}) => {
  const search = new SearchPage(app.page);
  const sessions = new SessionsPage(app.page);
  const { streams } = await openLargeSessionInBrowseMode(app, tempDir);

  await test.step('search text inside the events: every stream has one hit', async () => {
    await search.searchSession('CHUNK 201 ');
    await expect(search.sessionStatus()).toHaveText(`0 of ${streams}`, { timeout: 60_000 });
  });

  await test.step('next opens the first hit, F3 the second, Shift+Enter goes back', async () => {
    await search.nextInSession();
    await expect(search.sessionStatus()).toHaveText(`1 of ${streams}`);
    // Stream 0's exchange is row 0, its event 201 is row 202; stream 1 starts at row 501.
    await expect(sessions.browseRow(202)).toHaveClass(/selected/, { timeout: 30_000 });
    await search.f3();
    await expect(search.sessionStatus()).toHaveText(`2 of ${streams}`);
    await expect(sessions.browseRow(703)).toHaveClass(/selected/, { timeout: 30_000 });
    await search.previousInSession();
    await expect(search.sessionStatus()).toHaveText(`1 of ${streams}`);
  });
});

test('a browse-mode search shows the shared progress notice, and its Cancel stops it', async ({
  app,
  tempDir,
}) => {
  const search = new SearchPage(app.page);
  const { streams } = await openLargeSessionInBrowseMode(app, tempDir);

  await test.step('search while the host is held: the notice shows; Cancel ends the search', async () => {
    // The host takes the search only when the test opens the gate, so the notice shows and Cancel lands first.
    const gate = gateHostCalls(app.host!, 'searchSession');
    try {
      await search.searchSession('CHUNK 201 ');
      await gate.waitForCalls(1);
      await expect(search.sessionProgress()).toBeVisible();
      await expect(search.sessionProgress()).toContainText('Searching the session');
      await search.cancelSessionSearch();
      gate.open();
      await expect(search.sessionStatus()).toHaveText('cancelled after 0 frames');
      await expect(search.sessionProgress()).toHaveCount(0);
    } finally {
      gate.restore();
    }
  });

  await test.step('searching again runs to the end', async () => {
    await search.rerunSessionSearch();
    await expect(search.sessionStatus()).toHaveText(`0 of ${streams}`, { timeout: 60_000 });
    await expect(search.sessionProgress()).toHaveCount(0);
  });
});
