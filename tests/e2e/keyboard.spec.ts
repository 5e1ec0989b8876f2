// UX-3 against the SDK peer, in both projects: a whole session driven by the keyboard alone, with no click. Tab
// reaches each control (a trap or an unreachable control fails the step, naming where focus went), Enter and Space
// act, arrow keys switch tabs and walk the frames list and the timeline, Escape closes the inspector, a dialog and
// the palette and gives focus back.

import { expect, test } from './fixtures';
import { ComposerPage } from './support/composerPage';
import { KeyboardPage } from './support/keyboardPage';
import { SessionsPage } from './support/sessionsPage';

test('open an agent, send, stop, inspect and save with the keyboard alone', async ({ app, startPeer }) => {
  const peer = await startPeer('v1.0');
  const keys = new KeyboardPage(app.page);
  const composer = new ComposerPage(app.page);
  const sessions = new SessionsPage(app.page);

  await test.step('open the agent by its URL and read its card', async () => {
    await keys.tabTo('agent-url');
    await keys.type(peer.baseUrl);
    await keys.activate('open-agent');
    await expect(app.cardName()).toBeVisible();
    await expect(app.cardName()).not.toBeEmpty();
    await keys.activate('tab-card');
    await expect(app.tab('card')).toHaveAttribute('aria-selected', 'true');
    await keys.press('ArrowRight');
    await expect(app.tab('conversation')).toHaveAttribute('aria-selected', 'true');
    await keys.expectFocus('tab-conversation');
    await keys.press('ArrowLeft');
    await expect(app.tab('card')).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('compose a streamed message, send it with Ctrl+Enter and stop the stream', async () => {
    await keys.activate('tab-conversation');
    await expect(app.tab('conversation')).toHaveAttribute('aria-selected', 'true');
    await keys.tabTo('composer-text');
    await keys.type('slow please');
    if (!(await keys.streamingToggle().isChecked())) await keys.activate('composer-streaming', 'Space');
    await expect(keys.streamingToggle()).toBeChecked();
    await keys.tabTo('composer-text');
    await keys.press('Control+Enter');
    await expect(composer.streamStatus()).toHaveText(/^Stream open \(HTTP 200\) · 2 events/);
    await keys.activate('composer-stop');
    await expect(composer.streamStatus()).toHaveText('Stream closed by you, 2 events.');
  });

  await test.step('walk the frames with the arrow keys, open the inspector with Enter, leave with Escape', async () => {
    await keys.activate('tab-frames');
    await expect(app.tab('frames')).toHaveAttribute('aria-selected', 'true');
    await keys.tabTo('frames-table');
    await keys.press('ArrowDown');
    await expect(keys.pickedRow()).toHaveCount(1);
    const first = await keys.pickedRow().getAttribute('id');
    await keys.press('End');
    await expect(keys.pickedRow()).not.toHaveAttribute('id', first ?? '');
    await keys.press('Home');
    await expect(keys.pickedRow()).toHaveAttribute('id', first ?? '');
    await expect(keys.inspector()).toBeVisible();
    await keys.press('Enter');
    await keys.expectFocus('inspector-pane');
    await keys.press('Escape');
    await expect(keys.inspector()).toHaveCount(0);
    await keys.expectFocus('frames-table');
  });

  await test.step('add a file from the picker, as the keyboard drops one', async () => {
    await keys.activate('tab-conversation');
    await keys.chooseFile('composer-add-file', {
      name: 'note.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('a note'),
    });
    await expect(composer.parts('file')).toHaveCount(1);
  });

  await test.step('walk the timeline with the arrow keys; Enter inspects, Escape comes back', async () => {
    await keys.activate('tab-timeline');
    await keys.tabTo('timeline-entry');
    expect(await keys.focusedIndex()).toBe(0);
    await keys.press('ArrowDown');
    await keys.press('ArrowDown');
    await expect.poll(() => keys.focusedIndex()).toBe(2);
    await keys.press('End');
    await expect.poll(() => keys.focusedIndex()).toBeGreaterThan(2);
    await keys.press('Enter');
    await expect(keys.inspector()).toBeVisible();
    await keys.press('Escape');
    await expect(keys.inspector()).toHaveCount(0);
    await keys.expectFocus('timeline-entry');
  });

  await test.step('move the sidebar divider with the arrow keys', async () => {
    await keys.tabTo('sidebar-separator');
    const before = await keys.separator('sidebar-separator').getAttribute('aria-valuenow');
    expect(Number(before)).toBeGreaterThan(0);
    await keys.press('ArrowRight');
    await expect(keys.separator('sidebar-separator')).not.toHaveAttribute('aria-valuenow', before ?? '');
  });

  await test.step('open and close the agent settings and the palette; focus comes back', async () => {
    await keys.activate('agent-settings');
    await expect(keys.settingsDialog()).toBeVisible();
    await keys.press('Escape');
    await expect(keys.settingsDialog()).toBeHidden();
    await keys.expectFocus('agent-settings');
    await keys.press('Control+k');
    await expect(keys.palette()).toBeVisible();
    await keys.expectFocus('palette-input');
    await keys.press('Escape');
    await expect(keys.palette()).toBeHidden();
    await keys.expectFocus('agent-settings');
  });

  await test.step('save the session from its button', async () => {
    const before = await sessions.notes('info').count();
    await keys.activate('session-save');
    await expect(sessions.notes('info')).toHaveCount(before + 1);
  });
});
