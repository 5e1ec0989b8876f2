// The agent library, the demo agent and the command palette, in both projects.

import { expect, test } from './fixtures';
import { CardPage } from './support/cardPage';
import { ComposerPage } from './support/composerPage';
import { LibraryPage } from './support/libraryPage';

test('from the empty state, the demo agent streams, asks a question and hands back a file', async ({
  app,
}) => {
  const library = new LibraryPage(app.page);
  const card = new CardPage(app.page);
  await test.step('try the demo agent', async () => {
    await library.tryDemo();
    await expect(app.cardName()).toHaveText('Switchboard demo agent');
  });

  await test.step('send its haiku example, streaming: the artifact arrives in chunks', async () => {
    await card.useExample('haiku');
    await app.send(null, { stream: true });
    await expect(app.artifacts().filter({ hasText: 'the agent speaks true.' })).toContainText('3 chunks');
  });

  await test.step('send its trip example, answer its question: a file comes back', async () => {
    await app.tab('card').click();
    await card.useExample('Plan a weekend trip');
    await app.send(null, { stream: true });
    await expect(new ComposerPage(app.page).continuesTask()).toContainText('TASK_STATE_INPUT_REQUIRED');
    await app.send('Lisbon', { stream: true });
    await expect(app.artifacts().filter({ hasText: 'plan.csv' })).toHaveCount(1);
    await expect(app.artifacts().filter({ hasText: 'Weekend in Lisbon' })).toHaveCount(1);
  });
});

test('opened agents are kept in the library across reloads, exported and imported', async ({
  app,
  startPeer,
}) => {
  const library = new LibraryPage(app.page);
  const peer = await startPeer('v1.0');

  await test.step('open an agent and reload: it is in the library, and opens from there', async () => {
    await app.openAgent(peer.baseUrl);
    await app.reload();
    await expect(library.savedAgents()).toHaveText(['Switchboard test peer (A2A 1.0)']);
    await library.savedAgents().first().click();
    await expect(app.cardName()).toHaveText('Switchboard test peer (A2A 1.0)');
  });

  const exported = await test.step('export the library', async () => {
    const exported = await library.exportLibrary();
    expect(JSON.parse(exported)).toMatchObject({
      format: 'switchboard-agent-library',
      agents: [{ url: peer.cardUrl }],
    });
    return exported;
  });

  await test.step('close and remove the agent, then import the export', async () => {
    await library.closeActiveAgent();
    await library.removeSavedAgent();
    await expect(library.savedAgents()).toHaveCount(0);
    await library.importLibrary(exported);
    await expect(library.notice()).toHaveText('Imported 1 new agent.');
    await expect(library.savedAgents()).toHaveCount(1);
  });

  await test.step('import a file that is no library: refused', async () => {
    await library.importLibrary('{"format":"nope"}');
    await expect(library.notice()).toContainText('The file is not an agent library');
  });
});

test('a pasted card opens with no request, then talks to its interface', async ({ app, startPeer }) => {
  const library = new LibraryPage(app.page);
  const peer = await startPeer('v0.3');
  const card = await (await fetch(peer.cardUrl)).text();
  await test.step('paste the card: it opens with no request made', async () => {
    await library.pasteCard(card);
    await expect(app.cardName()).toHaveText('Switchboard test peer (A2A 0.3)');
    await expect(app.frameRows()).toHaveCount(0);
  });
  await test.step('send a message to its interface', async () => {
    await app.send('hello pasted', { stream: false });
    await expect(app.artifacts()).toContainText('Echo: hello pasted');
  });
});

test('settings choose the binding; the command palette switches views', async ({ app, startPeer }) => {
  const library = new LibraryPage(app.page);
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  await test.step('choose HTTP+JSON in the settings and send', async () => {
    await library.chooseBinding('HTTP+JSON');
    await app.send('hello rest', { stream: false });
    await expect(app.artifacts()).toContainText('Echo: hello rest');
  });
  await test.step('go to the frames from the command palette: the send went over REST', async () => {
    await library.runCommand('go to frames');
    await expect(app.tab('frames')).toHaveAttribute('aria-selected', 'true');
    await expect(app.frameRows().filter({ hasText: '/a2a/rest/message:send' })).toHaveCount(1);
  });
});

test('secrets kept in memory can go to a file encrypted with a passphrase, chosen in the settings', async ({
  app,
  startPeer,
}) => {
  const library = new LibraryPage(app.page);
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  await library.openSettings();
  const kept = library.secretsKept();
  await expect(kept).toHaveAttribute('data-storage', 'memory');

  await test.step('try a passphrase that is too short: refused', async () => {
    await library.keepSecretsWithPassphrase('short');
    await expect(library.secretsError()).toHaveText('A passphrase needs at least 8 characters.');
  });

  await test.step('give a long enough passphrase: secrets go to the encrypted file', async () => {
    await library.keepSecretsWithPassphrase('correct horse battery');
    await expect(library.secretsUnlocked()).toContainText('The encrypted file was created');
    await expect(kept).toHaveAttribute('data-storage', 'passphrase-file');
    await expect(kept).toContainText('kept in a file encrypted with your passphrase');
    await expect(library.passphraseInput()).toHaveCount(0);
  });
});
