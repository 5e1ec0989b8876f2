// The agent library, the demo agent and the command palette, in both projects.

import { expect, test } from './fixtures';
import { LibraryPage } from './support/libraryPage';

test('from the empty state, the demo agent streams, asks a question and hands back a file', async ({
  app,
}) => {
  const library = new LibraryPage(app.page);
  await library.tryDemo();
  await expect(app.cardName()).toHaveText('Switchboard demo agent');
  await app.page.getByTestId('skill-example').filter({ hasText: 'haiku' }).click();
  await app.send(null, { stream: true });
  await expect(app.artifacts().filter({ hasText: 'the agent speaks true.' })).toContainText('3 chunks');

  await app.tab('card').click();
  await app.page.getByTestId('skill-example').filter({ hasText: 'Plan a weekend trip' }).click();
  await app.send(null, { stream: true });
  await expect(app.page.getByTestId('composer-continues')).toContainText('TASK_STATE_INPUT_REQUIRED');
  await app.send('Lisbon', { stream: true });
  await expect(app.artifacts().filter({ hasText: 'plan.csv' })).toHaveCount(1);
  await expect(app.artifacts().filter({ hasText: 'Weekend in Lisbon' })).toHaveCount(1);
});

test('opened agents are kept in the library across reloads, exported and imported', async ({
  app,
  startPeer,
}) => {
  const library = new LibraryPage(app.page);
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  await app.page.reload();
  await app.waitUntilReady();
  await expect(library.savedAgents()).toHaveText(['Switchboard test peer (A2A 1.0)']);
  await library.savedAgents().first().click();
  await expect(app.cardName()).toHaveText('Switchboard test peer (A2A 1.0)');

  const exported = await library.exportLibrary();
  expect(JSON.parse(exported)).toMatchObject({
    format: 'switchboard-agent-library',
    agents: [{ url: peer.cardUrl }],
  });
  await library.closeActiveAgent();
  await app.page.getByTestId('library-remove').click();
  await expect(library.savedAgents()).toHaveCount(0);
  await library.importLibrary(exported);
  await expect(library.notice()).toHaveText('Imported 1 new agent.');
  await expect(library.savedAgents()).toHaveCount(1);
  await library.importLibrary('{"format":"nope"}');
  await expect(library.notice()).toContainText('The file is not an agent library');
});

test('a pasted card opens with no request, then talks to its interface', async ({ app, startPeer }) => {
  const library = new LibraryPage(app.page);
  const peer = await startPeer('v0.3');
  const card = await (await fetch(peer.cardUrl)).text();
  await library.pasteCard(card);
  await expect(app.cardName()).toHaveText('Switchboard test peer (A2A 0.3)');
  await expect(app.frameRows()).toHaveCount(0);
  await app.send('hello pasted', { stream: false });
  await expect(app.artifacts()).toContainText('Echo: hello pasted');
});

test('settings choose the binding; the command palette switches views', async ({ app, startPeer }) => {
  const library = new LibraryPage(app.page);
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  await library.chooseBinding('HTTP+JSON');
  await app.send('hello rest', { stream: false });
  await expect(app.artifacts()).toContainText('Echo: hello rest');
  await library.runCommand('go to frames');
  await expect(app.tab('frames')).toHaveAttribute('aria-selected', 'true');
  await expect(app.frameRows().filter({ hasText: '/a2a/rest/message:send' })).toHaveCount(1);
});

test('secrets kept in memory can go to a file encrypted with a passphrase, chosen in the settings', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  await app.page.getByTestId('agent-settings').first().click();
  const kept = app.page.getByTestId('secrets-kept');
  await expect(kept).toHaveAttribute('data-storage', 'memory');
  await app.page.getByTestId('secrets-passphrase').fill('short');
  await app.page.getByTestId('secrets-unlock').click();
  await expect(app.page.getByTestId('secrets-error')).toHaveText('A passphrase needs at least 8 characters.');

  await app.page.getByTestId('secrets-passphrase').fill('correct horse battery');
  await app.page.getByTestId('secrets-unlock').click();
  await expect(app.page.getByTestId('secrets-unlocked')).toContainText('The encrypted file was created');
  await expect(kept).toHaveAttribute('data-storage', 'passphrase-file');
  await expect(kept).toContainText('kept in a file encrypted with your passphrase');
  await expect(app.page.getByTestId('secrets-passphrase')).toHaveCount(0);
});
