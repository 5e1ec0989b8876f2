// Sessions in both projects (SES-2..SES-8): record a run against the 1.0 peer, save it, open it from the recent list
// and replay it with the peer gone — the same task states and artifacts through the live views, changed by scrubbing
// and stepping; export HAR after the redaction review; open a file by dropping it; refuse broken files plainly; and a
// session too large to replay opens in browse mode (issue 9).

import path from 'node:path';
import { writeSessionFixture } from '../../bench/support/sessionFixture';
import { BROWSE_MIN_FRAMES } from '../../shared/session/sessionRows';
import { expect, test } from './fixtures';
import { FramesPage } from './support/framesPage';
import { LibraryPage } from './support/libraryPage';
import { SessionsPage } from './support/sessionsPage';

test('record, save, open from the recent list, replay offline: same states and artifacts; scrub and step', async ({
  app,
  startPeer,
  record,
}) => {
  const sessions = new SessionsPage(app.page);
  const peer = await startPeer('v1.0');

  const liveRows = await test.step('record a streamed send against the 1.0 peer', async () => {
    await app.openAgent(peer.baseUrl);
    await app.send('hello there', { stream: true });
    await expect(app.artifacts()).toContainText('Echo: hello there');
    await app.tab('timeline').click();
    await expect.poll(() => app.stateMarks()).toEqual(['submitted', 'working', 'completed']);
    await app.tab('frames').click();
    return app.frameRows().count();
  });

  await test.step('save with the shortcut: the session is in the recent list', async () => {
    const saved = await sessions.saveWithShortcut();
    expect(saved).toMatch(/^Saved to .+\.switchboard \(\d/);
    expect(saved).toMatch(/secrets? redacted\.|No secrets to redact\./);
    await expect(sessions.recent('saved')).toHaveCount(1);
    await expect(sessions.recent('saved')).toContainText('Switchboard test peer (A2A 1.0)');
  });

  const total = await test.step('stop the peer and open the session from the recent list', async () => {
    // Offline from here: nothing below can reach the peer.
    await peer.close();
    await sessions.recent('saved').click();
    await expect(sessions.replayBar()).toBeVisible();
    await expect(sessions.replayTitle()).toContainText('Switchboard test peer (A2A 1.0)');
    const total = await sessions.total();
    expect(total).toBeGreaterThan(3);
    await expect(sessions.position()).toHaveText(`${total} / ${total}`);
    return total;
  });

  await test.step('read the replay in the tasks, conversation and timeline: as recorded', async () => {
    await app.tab('tasks').click();
    await expect(app.taskRows()).toHaveCount(1);
    await expect(app.taskRows().first()).toHaveAttribute('data-state', 'completed');
    await app.tab('conversation').click();
    await expect(app.artifacts()).toContainText('Echo: hello there');
    await expect(app.messages('user')).toContainText('hello there');
    await app.tab('timeline').click();
    await expect.poll(() => app.stateMarks()).toEqual(['submitted', 'working', 'completed']);
  });

  await test.step('step back and forward from the end', async () => {
    // Step back from the end: the stream has not ended yet; one more, its last event (completed) has not arrived.
    await app.tab('frames').click();
    const stream = app.frameRows().last();
    await expect(stream).toHaveAttribute('data-state', 'done');
    await sessions.stepBack();
    await expect(sessions.position()).toHaveAttribute('data-cursor', String(total - 1));
    await expect(stream).toHaveAttribute('data-state', 'streaming');
    await app.tab('tasks').click();
    await expect(app.taskRows().first()).toHaveAttribute('data-state', 'completed');
    await sessions.stepBack();
    await expect(app.taskRows().first()).not.toHaveAttribute('data-state', 'completed');
    await sessions.stepForward();
    await expect(app.taskRows().first()).toHaveAttribute('data-state', 'completed');
  });

  await test.step('scrub to the first step, then play at full speed', async () => {
    // Back to the first step: the card request just sent, no task yet.
    await sessions.scrubTo(1);
    await expect(app.taskRows()).toHaveCount(0);
    await app.tab('frames').click();
    await expect(app.frameRows()).toHaveCount(1);
    await expect(app.frameRows().first()).toHaveAttribute('data-state', 'pending');
    // Played as fast as possible, everything comes back.
    await sessions.play('max');
    await expect(sessions.position()).toHaveText(`${total} / ${total}`);
    await expect(app.frameRows()).toHaveCount(liveRows);
  });

  await test.step('go back to live', async () => {
    await sessions.backToLive();
    await expect(app.frameRows()).toHaveCount(liveRows);
  });
  expect(record.pageErrors).toEqual([]);
});

test('export HAR: redaction review first, turning it off asks, and the download is HAR 1.2', async ({
  app,
  testServer,
}) => {
  const sessions = new SessionsPage(app.page);
  // A token in the URL: recorded without it, and listed in the review.
  const token = 'e2e-secret-token-31f7';
  await app.fetch(`${testServer.url}/hello.json?access_token=${token}`);
  // The test server knows the path without a query: a 404 is recorded like anything else.
  await expect(app.status()).toHaveAttribute('data-status', '404');

  await test.step('open the HAR export: the review lists the token', async () => {
    await sessions.openExport('har');
    await expect(sessions.redactionHeadline()).toHaveAttribute('data-redact', 'true');
    await expect(sessions.redactionHeadline()).toContainText('Redaction is on. 1 secret will be left out');
    await expect(sessions.redactionItems()).toHaveCount(1);
    await expect(sessions.redactionItems().first()).toHaveAttribute('data-kind', 'token');
    await expect(sessions.redactionItems().first()).toContainText('access_token');
  });

  await test.step('turn redaction off: keep it at first, then confirm', async () => {
    await sessions.turnRedactionOff(false);
    await expect(sessions.redactionHeadline()).toHaveAttribute('data-redact', 'true');
    await sessions.turnRedactionOff(true);
    await expect(sessions.redactionHeadline()).toHaveAttribute('data-redact', 'false');
    await expect(sessions.redactionHeadline()).toContainText(
      'Redaction is off, but 1 secret never reached the recording',
    );
  });

  await test.step('download: HAR 1.2, without the token', async () => {
    const file = await sessions.download();
    expect(file.name).toMatch(/\.har$/);
    const har = JSON.parse(file.text) as {
      log: { version: string; entries: Array<{ request: { url: string } }> };
    };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.some((entry) => entry.request.url.includes('/hello.json'))).toBe(true);
    // Secrets never reach the recording, so even with redaction off the file cannot hold this one.
    expect(file.text).not.toContain(token);
    await expect(sessions.exportDialog()).not.toBeVisible();
    await expect(sessions.notes('info').last()).toContainText(`Downloaded ${file.name}`);
    await expect(sessions.notes('info').last()).toContainText('Redaction was off.');
  });
});

test('a dropped session file opens for replay while live frames wait; broken files are refused plainly', async ({
  app,
  testServer,
  record,
}) => {
  const sessions = new SessionsPage(app.page);

  const file = await test.step('fetch a page and export the session', async () => {
    await app.fetch(`${testServer.url}/hello.json`);
    await expect(app.status()).toHaveAttribute('data-status', '200');
    await sessions.openExport('session');
    const file = await sessions.download();
    expect(file.name).toMatch(/\.switchboard$/);
    await sessions.dismissNotes();
    return file;
  });

  await test.step('drop the file on the window: it opens for replay', async () => {
    await sessions.dropFile({ name: file.name, content: file.text });
    await expect(sessions.replayBar()).toBeVisible();
    await expect(sessions.position()).toHaveText('2 / 2');
    await expect(app.frameRows()).toHaveCount(1);
    await expect(app.frameRows().first()).toContainText('/hello.json');
  });

  await test.step('fetch during the replay, then go back to live from the palette', async () => {
    // A live exchange during the replay is kept aside, not shown, and comes back with "Back to live".
    await app.fetch(`${testServer.url}/missing`);
    await expect(sessions.bufferedNote()).toContainText('1 live frame arrived during the replay');
    await expect(app.frameRows()).toHaveCount(1);
    await new LibraryPage(app.page).runCommand('back to live');
    await expect(sessions.replayBar()).toHaveCount(0);
    await expect(app.frameRows()).toHaveCount(2);
  });

  await test.step('drop a truncated file: refused, saying why', async () => {
    await sessions.dropFile({ name: 'cut.switchboard', content: file.text.slice(0, file.text.length / 2) });
    const refused = sessions.notes('error').last();
    await expect(refused).toContainText('cut.switchboard was not opened');
    await expect(refused).toContainText('not valid JSON, so it is truncated or corrupted');
  });

  await test.step('pick a file from a newer version: refused, saying why', async () => {
    await sessions.pickFile({
      name: 'future.switchboard',
      content: JSON.stringify({ format: 'switchboard-session', schemaVersion: 999, frames: [] }),
    });
    await expect(sessions.notes('error').last()).toContainText('future.switchboard was not opened');
    await expect(sessions.notes('error').last()).toContainText('newer Switchboard (format version 999');
    await expect(sessions.replayBar()).toHaveCount(0);
    await expect(app.frameRows()).toHaveCount(2);
  });
  expect(record.pageErrors).toEqual([]);
});

test('re-send a saved session to the live peer: whole and one request, no differences; the new run is kept', async ({
  app,
  startPeer,
}) => {
  const sessions = new SessionsPage(app.page);
  const peer = await startPeer('v1.0');

  const liveRows = await test.step('record a streamed send, save it and open it', async () => {
    await app.openAgent(peer.baseUrl);
    await app.send('hello there', { stream: true });
    await expect(app.artifacts()).toContainText('Echo: hello there');
    await app.tab('frames').click();
    const liveRows = await app.frameRows().count();
    await sessions.save();
    await sessions.recent('saved').click();
    await expect(sessions.replayBar()).toBeVisible();
    return liveRows;
  });

  await test.step('re-send the whole session: no differences', async () => {
    await sessions.resend();
    await expect(sessions.resendHeadline()).toHaveText('No differences (ids and times aside).');
    await expect(sessions.resendSteps()).toHaveCount(1);
    const step = sessions.resendSteps().first();
    await expect(sessions.resendStepPart(step, 'recorded')).toContainText('stream · ');
    await expect(sessions.resendStepPart(step, 'now')).toHaveText('stream');
    await expect(sessions.resendStepPart(step, 'timing')).toContainText(' ms → ');
    await sessions.closeResend();
  });

  await test.step("re-send the selected frame's request only", async () => {
    // One request: the one the selected frame belongs to.
    await app.tab('frames').click();
    await app.frameRows().last().click();
    await sessions.resend({ selectedOnly: true });
    await expect(sessions.resendHeadline()).toHaveAttribute('data-clean', 'true');
    await expect(sessions.resendSteps()).toHaveCount(1);
    await sessions.closeResend();
  });

  await test.step('go back to live: the re-sent exchanges are there', async () => {
    // The two new exchanges were recorded in this run while the replay was shown, and come back with it.
    await expect(sessions.bufferedNote()).toBeVisible();
    await sessions.backToLive();
    await expect(app.frameRows()).toHaveCount(liveRows + 2);
  });
});

test('serve the recording as a mock agent: its URL is shown, it answers a card fetch, Stop ends it', async ({
  app,
  startPeer,
}) => {
  const sessions = new SessionsPage(app.page);
  const peer = await startPeer('v1.0');

  await test.step('record a send, then stop the peer', async () => {
    await app.openAgent(peer.baseUrl);
    await app.send('hello there', { stream: false });
    await expect(app.artifacts()).toContainText('Echo: hello there');
    await peer.close();
  });

  const { url, cardUrl } = await test.step('start a mock agent: it answers a card fetch', async () => {
    const url = await sessions.startMock('compressed');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    const cardUrl = await sessions.mockCardUrl().innerText();
    const card = await fetch(cardUrl);
    expect(card.status).toBe(200);
    expect(((await card.json()) as { name: string }).name).toBe('Switchboard test peer (A2A 1.0)');
    await sessions.closeMockDialog();
    return { url, cardUrl };
  });

  await test.step('stop it from the running list: it answers no more', async () => {
    await expect(sessions.runningMocks()).toHaveCount(1);
    await expect(sessions.runningMocks().first()).toContainText(url);
    await sessions.stopMock(sessions.runningMocks().first());
    await expect(sessions.runningMocks()).toHaveCount(0);
    await expect(fetch(cardUrl)).rejects.toThrow();
  });
});

test('a session file the OS hands to the app (file association) opens for replay', async ({
  app,
  testServer,
}) => {
  const sessions = new SessionsPage(app.page);
  const saved = await test.step('fetch a page and save the session', async () => {
    await app.fetch(`${testServer.url}/hello.json`);
    await expect(app.status()).toHaveAttribute('data-status', '200');
    const saved = /Saved to (.+\.switchboard) \(/.exec(await sessions.save())?.[1];
    expect(saved).toBeTruthy();
    return saved!;
  });
  await test.step('hand the file to the app as the OS would: it opens for replay', async () => {
    // What main.ts does with a path from argv, a second launch or macOS's open-file.
    app.host!.announceOpen(saved);
    await expect(sessions.replayBar()).toBeVisible();
    await expect(sessions.replayTitle()).toContainText('Switchboard session');
    await app.tab('frames').click();
    await expect(app.frameRows()).toHaveCount(1);
  });
});

test('a session too large to replay opens in browse mode: rows from disk, the end reachable, a row opens its exchange', async ({
  app,
  tempDir,
}) => {
  const sessions = new SessionsPage(app.page);
  const browser = sessions.sessionBrowser();
  const file = path.join(tempDir, 'large.switchboard');
  const fixture = await writeSessionFixture(file, { events: BROWSE_MIN_FRAMES + 500, perStream: 500 });

  await test.step('hand the large file to the app: it opens in browse mode', async () => {
    app.host!.announceOpen(file);
    await expect(browser).toHaveAttribute('data-ready', 'true');
    await expect(sessions.workspace()).toHaveAttribute('data-mode', 'browse');
    await expect(sessions.replaySource()).toContainText(`${fixture.frames} frames`);
    // Saving, exporting and mocking need the session whole: offered only once back to live.
    for (const action of ['save', 'export', 'export-har', 'mock'] as const)
      await expect(sessions.action(action)).toBeDisabled();
    await expect(sessions.browseRows().first()).toContainText(
      'SendStreamingMessage → HTTP 200 · stream of 500 events',
    );
  });

  const last = sessions.browseRow(fixture.frames - 1);
  await test.step('scroll to the far end: its rows come from disk', async () => {
    // The far end is one scroll away, and its rows come from disk when they are reached.
    await sessions.scrollBrowserToEnd();
    await expect(last).toContainText('status-update · completed');
  });

  await test.step('open the last event: its exchange shows in the inspector', async () => {
    // Opening an event shows its exchange in the inspector, that event among the stream's. The exchange is read from
    // a file of 50,000 frames on disk: on a loaded CI machine that can take longer than the default wait.
    // The "opened in browse mode" note sits over the bottom of the list, where the last row is: put it away first.
    await sessions.dismissNotes();
    await last.click();
    await expect(new FramesPage(app.page).inspector()).toContainText('POST', { timeout: 30_000 });
    await expect(last).toHaveClass(/selected/);
  });

  await test.step('find "completed", then the next match, then text no row has', async () => {
    // Find next: the first completed task is at the end of the first stream, the next at the end of the second.
    await sessions.findInBrowser('completed');
    await expect(sessions.findStatus()).toHaveText('Row 501');
    await expect(sessions.browseRow(500)).toHaveClass(/selected/);
    await sessions.findNext();
    await expect(sessions.findStatus()).toHaveText('Row 1,002');
    await sessions.findInBrowser('no such row');
    await expect(sessions.findStatus()).toHaveText('No row matches “no such row”.');
  });

  await test.step('go back to live: saving is offered again', async () => {
    await sessions.backToLive();
    await expect(sessions.workspace()).toHaveAttribute('data-mode', 'live');
    await expect(browser).toHaveCount(0);
    await expect(sessions.action('save')).toBeEnabled();
  });
});
