// Theme and accessibility, in both projects (UX-4, 12a): the theme choice survives a reload and is offered in the
// palette; with a live agent, every main tab and the dialogs pass an axe-core scan, in light and in dark.

import { expect, test } from './fixtures';
import { A11yPage } from './support/a11yPage';
import { FramesPage } from './support/framesPage';
import { LibraryPage } from './support/libraryPage';
import { RequestEditorPage } from './support/requestEditorPage';

test('the theme choice is remembered across a reload and offered in the palette', async ({ app }) => {
  const a11y = new A11yPage(app.page);
  await test.step('choose dark in the top bar', async () => {
    await a11y.chooseTheme('dark');
    await a11y.expectApplied('dark');
  });
  await test.step('reload: still dark', async () => {
    await app.reload();
    await a11y.expectApplied('dark');
    await expect(a11y.themeSelect()).toHaveValue('dark');
  });
  await test.step('the palette switches to light', async () => {
    await a11y.runPaletteCommand('Theme: light');
    await a11y.expectApplied('light');
    await expect(a11y.themeSelect()).toHaveValue('light');
  });
  await test.step('system follows prefers-color-scheme live', async () => {
    await a11y.chooseTheme('system');
    await app.page.emulateMedia({ colorScheme: 'dark' });
    await a11y.expectApplied('dark');
    await app.page.emulateMedia({ colorScheme: 'light' });
    await a11y.expectApplied('light');
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`no axe violations on any tab with a live agent, ${theme} theme`, async ({ app, startPeer }) => {
    const peer = await startPeer('v1.0');
    const a11y = new A11yPage(app.page);
    await a11y.chooseTheme(theme);
    await app.openAgent(peer.baseUrl);
    await app.send('hello axe', { stream: true });
    await expect(app.artifacts()).toContainText('Echo: hello axe');
    for (const tab of ['card', 'conversation', 'timeline', 'tasks', 'frames', 'checks'] as const) {
      await test.step(`the ${tab} tab`, async () => {
        await app.tab(tab).click();
        await a11y.expectNoViolations(`${tab} (${theme})`);
      });
    }
  });
}

test('the dialogs pass axe too: agent settings, request editor, palette', async ({ app, startPeer }) => {
  const peer = await startPeer('v1.0');
  const a11y = new A11yPage(app.page);
  const library = new LibraryPage(app.page);
  const editor = new RequestEditorPage(app.page);
  await app.openAgent(peer.baseUrl);
  for (const theme of ['light', 'dark'] as const) {
    await test.step(`agent settings (${theme})`, async () => {
      await a11y.chooseTheme(theme);
      await library.openSettings();
      await a11y.expectNoViolations(`agent settings (${theme})`);
      await app.page.keyboard.press('Escape');
    });
    await test.step(`palette (${theme})`, async () => {
      await a11y.openPalette();
      await a11y.expectNoViolations(`palette (${theme})`);
      await a11y.closePalette();
    });
    await test.step(`request editor (${theme})`, async () => {
      await editor.openFromAddressBar(`${peer.baseUrl}/`, 'POST');
      await a11y.expectNoViolations(`request editor (${theme})`);
    });
  }
});

test('the frames list: no truncated header, inspector only while a frame is picked', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v1.0');
  const a11y = new A11yPage(app.page);
  const frames = new FramesPage(app.page);
  await test.step('send, open the frames view: headers fit, no inspector', async () => {
    await app.openAgent(peer.baseUrl);
    await app.send('hello columns', { stream: false });
    await expect(app.artifacts()).toContainText('Echo: hello columns');
    await frames.open();
    await expect(a11y.inspectorPane()).toHaveCount(0);
    expect(await a11y.truncatedColumnHeaders()).toEqual([]);
  });
  await test.step('pick a frame: the inspector opens and passes axe', async () => {
    await frames.rows().first().click();
    await expect(a11y.inspectorPane()).toBeVisible();
    await a11y.expectNoViolations('frames with the inspector');
  });
  await test.step('Escape closes it, the close button too', async () => {
    await app.page.keyboard.press('Escape');
    await expect(a11y.inspectorPane()).toHaveCount(0);
    await frames.rows().first().click();
    await a11y.closeInspector();
    await expect(a11y.inspectorPane()).toHaveCount(0);
  });
});

test('the main flow by keyboard only: open agent, compose, send, pick a frame', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v1.0');
  const a11y = new A11yPage(app.page);
  const keys = app.page.keyboard;
  await test.step('open the agent', async () => {
    await a11y.tabTo('agent-url');
    await keys.type(peer.baseUrl);
    await keys.press('Enter');
    await expect(app.cardName()).toBeVisible();
  });
  await test.step('compose and send', async () => {
    await a11y.tabTo('tab-conversation');
    await keys.press('Enter');
    await a11y.tabTo('composer-text');
    await keys.type('hello keys');
    await keys.press('Control+Enter');
    await expect(app.artifacts()).toContainText('Echo: hello keys');
  });
  await test.step('pick a frame in the frames view', async () => {
    await a11y.tabTo('tab-frames');
    await keys.press('Enter');
    await a11y.tabTo('frames-table');
    await keys.press('ArrowDown');
    await expect(a11y.inspectorPane()).toBeVisible();
    await keys.press('Escape');
    await expect(a11y.inspectorPane()).toHaveCount(0);
  });
});
