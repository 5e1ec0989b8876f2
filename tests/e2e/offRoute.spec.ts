// An agent the app meets in tutorials, in both projects: its card is at a custom path (CARD-1) and reads as A2A 0.1,
// but its endpoint answers every call 404 (CARD-3). The composer says so in words and links the frame, holds the next
// send until "Send anyway", copies the request into the request editor, and the Checks panel reports
// frame.route-missing once for both answers. The hold is kept in the library: after a restart (a reload with the
// same data folder) the saved agent and the composer still show it, and "Send anyway" sends past it.

import { expect, test } from './fixtures';
import { startOffRouteAgent } from '../integration/support/offRouteAgent';
import { ChecksPage } from './support/checksPage';
import { ComposerPage } from './support/composerPage';
import { FramesPage } from './support/framesPage';
import { LibraryPage } from './support/libraryPage';

test('a card at a custom path whose endpoint answers 404: said, held, sent anyway, checked', async ({
  app,
}) => {
  const agent = await startOffRouteAgent();
  const library = new LibraryPage(app.page);
  const composer = new ComposerPage(app.page);
  const checks = new ChecksPage(app.page);
  const frames = new FramesPage(app.page);
  try {
    await test.step('open it with its card path: the card is found after the well-known paths', async () => {
      await library.openAgentWithCardPath(agent.url, 'cards/my-agent');
      await expect(app.cardName()).toHaveText('Tutorial REST agent');
    });

    await test.step('send: the outcome says the agent may not speak A2A 0.1, and links the frame', async () => {
      await app.send('hello', { stream: false });
      await expect(app.outcome()).toHaveAttribute('data-status', 'invalid');
      await expect(app.outcome()).toContainText(
        'The card reads as A2A 0.1, but POST /api answered 404 Not Found: this agent may not speak A2A 0.1',
      );
      await expect(composer.routeMissingFrame()).toBeVisible();
      expect(agent.calls).toEqual(['POST /api']);
    });

    await test.step('send again: held, nothing sent; send anyway: it goes out', async () => {
      await app.send('hello again', { stream: false });
      await expect(app.outcome()).toHaveAttribute('data-status', 'refused');
      await expect(app.outcome()).toContainText('Nothing was sent');
      expect(agent.calls).toEqual(['POST /api']);
      await composer.sendAnyway().click();
      await expect(app.outcome()).toHaveAttribute('data-status', 'invalid');
      expect(agent.calls).toEqual(['POST /api', 'POST /api']);
    });

    await test.step('open the request in the request editor, to try the agent’s own routes', async () => {
      await composer.openInRequestEditor();
      await expect(frames.rawUrl()).toHaveValue(/\/api$/);
      await expect(frames.rawBody()).toContainText('tasks/send');
    });

    await test.step('run the checks: frame.route-missing, seen twice, citing A2A 0.1', async () => {
      await checks.open();
      await checks.run();
      const finding = checks.findings('frame.route-missing');
      await expect(finding).toHaveCount(1);
      await expect(checks.timesSeen(finding)).toHaveText('×2');
      await expect(checks.specLink(finding)).toContainText('A2A 0.1 §3.2 Data Format');
    });

    await test.step('restart with the same data folder: the saved agent and the composer still hold', async () => {
      await app.reload();
      await expect(library.heldMarks()).toHaveCount(1);
      await library.savedAgents().first().click();
      await expect(app.cardName()).toHaveText('Tutorial REST agent');
      await composer.open();
      await expect(composer.routeHold()).toContainText('POST /api answered 404 Not Found');
      await expect(composer.routeHold()).toContainText('held until you choose to send anyway');
      expect(agent.calls).toEqual(['POST /api', 'POST /api']);
    });

    await test.step('send anyway: the message goes out and the kept hold is gone', async () => {
      await composer.sendAnywayWith('after the restart');
      await expect(app.outcome()).toHaveAttribute('data-status', 'invalid');
      await expect(composer.routeHold()).toHaveCount(0);
      expect(agent.calls).toEqual(['POST /api', 'POST /api', 'POST /api']);
    });
  } finally {
    await agent.close();
  }
});
