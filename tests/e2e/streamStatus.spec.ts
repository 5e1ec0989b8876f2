// MSG-9 against the SDK peer, in both projects: while a stream is open the composer says how many events came and
// how long ago the last did, with Stop beside Send; once it ends, it says how, with the number of events.

import { expect, test } from './fixtures';
import { ComposerPage } from './support/composerPage';

test('stop an open stream from the composer, and see a completed one say so', async ({ app, startPeer }) => {
  const peer = await startPeer('v1.0');
  const composer = new ComposerPage(app.page);
  await app.openAgent(peer.baseUrl);

  await test.step('a slow task streams: the status counts its events and Stop is beside Send', async () => {
    await app.send('slow please', { stream: true });
    await expect(composer.streamStatus()).toHaveText(
      /^Stream open \(HTTP 200\) · 2 events · last event \d+ s ago$/,
    );
    await expect(composer.stopButton()).toBeVisible();
    await expect(composer.sendButton()).toBeVisible();
  });

  await test.step('Stop closes it: "closed by you" with the count', async () => {
    await composer.stopStream();
    await expect(composer.streamStatus()).toHaveText('Stream closed by you, 2 events.');
  });

  await test.step('a stream the agent ends says "complete" with its count, and offers no Stop', async () => {
    await app.send('hello there', { stream: true });
    await expect(app.artifacts().filter({ hasText: 'Echo: hello there' })).toHaveCount(1);
    await expect(composer.streamStatus()).toHaveText(/^Stream complete, \d+ events\.$/);
    await expect(composer.stopButton()).toHaveCount(0);
  });
});
