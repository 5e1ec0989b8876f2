// Two at once (UX-2): two exported sessions opened beside the live run as tabs, switched between, shown side by side
// and compared request by request; the difference the test planted (a request only the second run made) is named,
// and closing a tab frees it without touching the live run. A saved session held beside shows its own timeline,
// inspector and conversation, comes back after a reload, and is compared and closed from the palette; one opened from
// a picked file comes back as a tab that says why it cannot be read again.

import { expect, test } from './fixtures';
import { SessionsPage, type SessionFile } from './support/sessionsPage';
import { SessionTabsPage } from './support/sessionTabsPage';

/** An exported session under a title of the test's choosing, so the two tabs can be told apart. */
function retitled(text: string, title: string): SessionFile {
  const file = JSON.parse(text) as { title: string };
  file.title = title;
  return { name: `${title}.switchboard`, content: JSON.stringify(file) };
}

test('open two sessions beside live: tabs, switch, side by side, compare names the planted difference', async ({
  app,
  startPeer,
  record,
}) => {
  const sessions = new SessionsPage(app.page);
  const tabs = new SessionTabsPage(app.page);
  const peer = await startPeer('v1.0');

  const exportNow = async (title: string) => {
    await sessions.openExport('session');
    const file = await sessions.download();
    await sessions.dismissNotes();
    return retitled(file.text, title);
  };

  const [first, second] =
    await test.step('record one send, export; a second send, export again', async () => {
      await app.openAgent(peer.baseUrl);
      await app.send('first', { stream: false });
      await expect(app.artifacts()).toContainText('Echo: first');
      const first = await exportNow('session-a');
      // The planted difference: the second run has one request more than the first.
      await app.send('second', { stream: false });
      await expect(app.artifacts().last()).toContainText('Echo: second');
      const second = await exportNow('session-b');
      return [first, second];
    });

  await test.step('open both beside: three tabs, the newest shown, live untouched', async () => {
    await expect(tabs.strip()).toHaveCount(0);
    await tabs.openBeside(first);
    await expect(tabs.tab('session-a')).toHaveAttribute('aria-selected', 'true');
    await tabs.openBeside(second);
    await expect(tabs.tabs()).toHaveText(['Live', 'session-a', 'session-b']);
    await expect(tabs.tab('session-b')).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.runTitles()).toHaveText(['session-b']);
    await expect(tabs.timelineSends(tabs.runLists())).toHaveCount(2);
    await tabs.showView('exchanges');
    await expect(tabs.sendRows(tabs.runLists())).toHaveCount(2);
    await expect(sessions.replayBar()).toHaveCount(0);
  });

  await test.step('switch tabs: session A, then Live with its views', async () => {
    await tabs.tab('session-a').click();
    await expect(tabs.runTitles()).toHaveText(['session-a']);
    await expect(tabs.timelineSends(tabs.runLists())).toHaveCount(1);
    await tabs.tab('Live').click();
    await expect(tabs.runLists()).toHaveCount(0);
    await expect(tabs.liveViews()).toBeVisible();
  });

  await test.step('side by side: A and B in two columns', async () => {
    await tabs.toggleSplit();
    await expect(tabs.split()).toBeVisible();
    await expect(tabs.runTitles()).toHaveText(['session-a', 'session-b']);
  });

  await test.step('compare A with B: the extra request is named, the first one is alike', async () => {
    await tabs.compare();
    await expect(tabs.compareHeadline()).toHaveText('1 difference in 1 of 2 requests.');
    await expect(tabs.compareSteps()).toHaveCount(2);
    await expect(tabs.compareSteps().first()).toHaveAttribute('data-differences', '0');
    await expect(tabs.compareDifferences()).toHaveCount(1);
    await expect(tabs.compareDifferences().first()).toHaveAttribute('data-aspect', 'extra');
    await expect(tabs.compareDifferences().first()).toContainText('new in this run');
  });

  await test.step('compare live with A: live has the second request too', async () => {
    await tabs.pick('a', 'Live');
    await tabs.pick('b', 'session-a');
    await tabs.compare();
    await expect(tabs.compareHeadline()).toHaveText('1 difference in 1 of 2 requests.');
    await expect(tabs.compareDifferences().first()).toHaveAttribute('data-aspect', 'missing');
  });

  await test.step('replay a held session from its tab: the tab stays, back to live as before', async () => {
    await tabs.toggleSplit();
    await tabs.tab('session-a').click();
    await tabs.replayShown();
    await expect(sessions.replayBar()).toBeVisible();
    await expect(tabs.tabs()).toHaveText(['Replay: session-a', 'session-a', 'session-b']);
    await expect(tabs.tabs().first()).toHaveAttribute('aria-selected', 'true');
    await sessions.backToLive();
    await expect(sessions.replayBar()).toHaveCount(0);
    await expect(tabs.tabs()).toHaveText(['Live', 'session-a', 'session-b']);
  });

  await test.step('close both tabs: the strip goes, live is as it was', async () => {
    await tabs.closeTab('session-b');
    await expect(tabs.tabs()).toHaveText(['Live', 'session-a']);
    await tabs.closeTab('session-a');
    await expect(tabs.strip()).toHaveCount(0);
    await expect(tabs.liveViews()).toBeVisible();
    await expect(app.artifacts().last()).toContainText('Echo: second');
  });

  await test.step('save this run and open it beside from the recent list', async () => {
    await sessions.save();
    await tabs.openRecentBeside();
    await expect(tabs.tabs()).toHaveCount(2);
    await expect(tabs.timelineSends(tabs.runLists())).toHaveCount(2);
    await expect(sessions.replayBar()).toHaveCount(0);
  });
  expect(record.pageErrors).toEqual([]);
});

test('a saved session beside live: its views, back after a reload, compared and closed from the palette', async ({
  app,
  startPeer,
  record,
}) => {
  const sessions = new SessionsPage(app.page);
  const tabs = new SessionTabsPage(app.page);
  const peer = await startPeer('v1.0');

  await test.step('record one send and save it; the live run goes on with a second send', async () => {
    await app.openAgent(peer.baseUrl);
    await app.send('first', { stream: false });
    await expect(app.artifacts()).toContainText('Echo: first');
    await sessions.save();
    await app.send('second', { stream: false });
    await expect(app.artifacts().last()).toContainText('Echo: second');
  });

  await test.step('open the saved session beside from its recent row: its timeline and inspector', async () => {
    await tabs.openRecentBeside();
    await expect(tabs.tabs()).toHaveCount(2);
    const run = tabs.runLists();
    await expect(tabs.timelineSends(run)).toHaveCount(1);
    await tabs.pickEntry(run, 0);
    await expect(tabs.inspector(run)).toBeVisible();
  });

  await test.step('its conversation, read-only: what was said then, not the live second send', async () => {
    await tabs.showView('conversation');
    await expect(tabs.messages(tabs.runLists()).first()).toContainText('first');
    await expect(tabs.messages(tabs.runLists())).not.toContainText(['second']);
  });

  await test.step('compare from the palette: live has the second send, the saved run has not', async () => {
    await tabs.runCommand('compare two runs');
    await expect(tabs.compareHeadline()).toHaveText('1 difference in 1 of 2 requests.');
    await expect(tabs.compareDifferences().first()).toHaveAttribute('data-aspect', 'missing');
  });

  await test.step('reload: the tab is back, live is shown, keys move to it', async () => {
    await app.reload();
    await expect(tabs.tabs()).toHaveCount(2);
    await expect(tabs.tabs().first()).toHaveAttribute('aria-selected', 'true');
    await tabs.stepWithKeys('next');
    await expect(tabs.tabs().nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.timelineSends(tabs.runLists())).toHaveCount(1);
    await tabs.stepWithKeys('previous');
    await expect(tabs.liveViews()).toBeVisible();
  });

  await test.step('close the side tab from the palette: the strip goes, and stays gone after a reload', async () => {
    await tabs.stepWithKeys('next');
    await tabs.runCommand('close side tab');
    await expect(tabs.strip()).toHaveCount(0);
    await app.reload();
    await expect(tabs.strip()).toHaveCount(0);
  });
  expect(record.pageErrors).toEqual([]);
});

test('a session opened from a picked file comes back after a reload as a tab that says why', async ({
  app,
}) => {
  const tabs = new SessionTabsPage(app.page);
  const sessions = new SessionsPage(app.page);
  await test.step('open an exported session beside from the picker, then reload', async () => {
    await sessions.openExport('session');
    const file = await sessions.download();
    await sessions.dismissNotes();
    await tabs.openBeside(retitled(file.text, 'picked'));
    await expect(tabs.tab('picked')).toHaveAttribute('aria-selected', 'true');
    await app.reload();
  });
  await test.step('the tab is there with the reason; closing it forgets it', async () => {
    await tabs.tab('picked').click();
    await expect(tabs.missingProblem()).toContainText('opened from a picked file');
    await tabs.closeTab('picked');
    await expect(tabs.strip()).toHaveCount(0);
  });
});
