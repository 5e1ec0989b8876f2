// The conversation beside the wire (TL-4) and big sessions keeping their views (TL-6), in both projects: a frame
// selected in the timeline highlights its message and an item clicked selects its frame, the side-by-side layout is
// remembered, and a browse-mode session shows a picked task's state strip and conversation read from disk.

import path from 'node:path';
import { writeSessionFixture } from '../../bench/support/sessionFixture';
import { BROWSE_MIN_FRAMES } from '../../shared/session/sessionRows';
import { expect, test } from './fixtures';
import { ConversationPage } from './support/conversationPage';
import { FramesPage } from './support/framesPage';
import { SessionsPage } from './support/sessionsPage';
import { TimelinePage } from './support/timelinePage';

test('side by side: a frame highlights its message, an item selects its frame, the layout is remembered', async ({
  app,
  startPeer,
  record,
}) => {
  const peer = await startPeer('v1.0');
  const conversation = new ConversationPage(app.page);
  const timeline = new TimelinePage(app.page);

  await test.step('send a streaming message to the 1.0 peer', async () => {
    await app.openAgent(peer.baseUrl);
    await app.send('hello there', { stream: true });
    await expect(app.artifacts()).toContainText('Echo: hello there');
  });

  await test.step('put the timeline and the conversation side by side', async () => {
    await app.tab('timeline').click();
    await conversation.splitToggle().click();
    await expect(conversation.splitToggle()).toHaveAttribute('aria-pressed', 'true');
    await expect(conversation.splitView()).toBeVisible();
    await expect(app.messages('user')).toContainText('hello there');
  });

  await test.step('select the request in the timeline: the message it sent is highlighted', async () => {
    await timeline.entries('request').filter({ hasText: 'SendStreamingMessage' }).click();
    await expect(conversation.highlighted()).toHaveCount(1);
    await expect(conversation.highlighted()).toHaveAttribute('data-role', 'user');
  });

  await test.step('click the artifact: its frame is selected in the timeline', async () => {
    await conversation.itemHead(app.artifacts().first()).click();
    await expect(conversation.selectedTimelineEntry()).toContainText('artifact');
    await expect(app.artifacts().first()).toHaveAttribute('data-selected', 'true');
  });

  await test.step('reload: the side-by-side layout is remembered', async () => {
    await app.reload();
    await app.tab('conversation').click();
    await expect(conversation.splitToggle()).toHaveAttribute('aria-pressed', 'true');
    await conversation.splitToggle().click();
    await expect(conversation.splitView()).toHaveCount(0);
  });
  expect(record.pageErrors).toEqual([]);
});

test('browse mode: a task picked from the list shows its state strip and conversation, read from disk', async ({
  app,
  tempDir,
}) => {
  const sessions = new SessionsPage(app.page);
  const conversation = new ConversationPage(app.page);
  const file = path.join(tempDir, 'large.switchboard');
  await writeSessionFixture(file, { events: BROWSE_MIN_FRAMES + 500, perStream: 500 });

  await test.step('open the large file: browse mode', async () => {
    app.host!.announceOpen(file);
    await expect(sessions.sessionBrowser()).toHaveAttribute('data-ready', 'true');
  });

  await test.step('list the tasks and pick one', async () => {
    await conversation.showBrowseTasks().click();
    // The list needs one read of 50,000 frames from disk: on a loaded CI machine that can take a while.
    await expect(conversation.browseTaskSelect()).toBeVisible({ timeout: 30_000 });
    await conversation.pickBrowseTask('task-3');
    await expect(conversation.browseTask()).toHaveAttribute('data-task-id', 'task-3');
  });

  await test.step("its state strip and its conversation: the message sent and the artifact's chunks", async () => {
    await expect(conversation.browseStateMarks()).toHaveCount(2);
    await expect(conversation.browseStateMarks().last()).toHaveAttribute('data-state', 'completed');
    await expect(conversation.browseMessages()).toHaveCount(1);
    await expect(conversation.browseMessages()).toContainText('go');
    await expect(conversation.browseArtifacts()).toContainText('chunk 3');
  });

  await test.step('click the message: its frame opens in the inspector and the message is highlighted', async () => {
    await conversation.itemHead(conversation.browseMessages().first()).click();
    await expect(new FramesPage(app.page).inspector()).toContainText('POST');
    await expect(conversation.browseMessages().first()).toHaveAttribute('data-selected', 'true');
  });
});
