// Extensions in both projects (CARD-5, WIRE-4) against the SDK's 1.0 peer declaring a required one: the card shows
// it as required, a message without it is refused and the Checks panel says why, and once it is ticked among the
// card's extensions in the agent's settings the frame shows it asked for and activated by the agent.

import { expect, test } from './fixtures';
import { startV10Peer } from '../peers/v10Peer';
import { CardPage } from './support/cardPage';
import { ChecksPage } from './support/checksPage';
import { FramesPage } from './support/framesPage';
import { LibraryPage } from './support/libraryPage';

const REQUIRED = 'urn:switchboard:test:required';

test('a required extension: shown, missed and checked, then asked for and activated', async ({ app }) => {
  const peer = await startV10Peer({ extensions: [{ uri: REQUIRED, required: true }] });
  const card = new CardPage(app.page);
  const checks = new ChecksPage(app.page);
  const frames = new FramesPage(app.page);
  const library = new LibraryPage(app.page);
  try {
    await test.step('the card lists the extension as required', async () => {
      await app.openAgent(peer.baseUrl);
      await expect(card.extension()).toContainText(REQUIRED);
      await expect(card.extension()).toContainText('required');
    });

    await test.step('send without it: the agent refuses, the checks name the extension', async () => {
      await app.send('hello', { stream: false });
      await expect(app.outcome()).toHaveAttribute('data-status', 'error');
      await checks.open();
      await checks.run();
      await expect(checks.findings('frame.extensions-required')).toContainText(REQUIRED);
    });

    await test.step('set it in the settings and send: asked for and activated, per frame', async () => {
      expect(await library.chooseCardExtension(REQUIRED)).toContain('required by the agent');
      await app.send('hello again', { stream: false });
      await expect(app.outcome()).toHaveAttribute('data-status', 'result');
      await frames.open();
      await frames.rows().filter({ hasText: 'SendMessage' }).last().click();
      await expect(frames.extensions()).toHaveText([`${REQUIRED} activated`]);
      await expect(frames.extensions()).toHaveAttribute('data-state', 'activated');
    });
  } finally {
    await peer.close();
  }
});
