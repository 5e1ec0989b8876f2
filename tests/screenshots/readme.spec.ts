// The README's pictures, taken from a real session with the built-in demo agent and a 1.0 test peer.

import path from 'node:path';
import { test, expect } from '../e2e/fixtures';
import { LibraryPage } from '../e2e/support/libraryPage';
import { SessionsPage } from '../e2e/support/sessionsPage';

const out = (name: string) => path.resolve('docs/screenshots', `${name}.png`);

test('README screenshots', async ({ app }) => {
  const library = new LibraryPage(app.page);
  await app.page.screenshot({ path: out('empty') });
  await library.tryDemo();
  await app.page.screenshot({ path: out('card') });

  await app.page.getByTestId('skill-example').filter({ hasText: 'haiku' }).click();
  await app.send(null, { stream: true });
  await expect(app.artifacts().filter({ hasText: 'the agent speaks true.' })).toContainText('3 chunks');
  await app.tab('card').click();
  await app.page.getByTestId('skill-example').filter({ hasText: 'Plan a weekend trip' }).click();
  await app.send(null, { stream: true });
  await expect(app.page.getByTestId('composer-continues')).toBeVisible();
  await app.send('Lisbon', { stream: true });
  await expect(app.artifacts().filter({ hasText: 'plan.csv' })).toHaveCount(1);
  await app.page.screenshot({ path: out('conversation') });

  await app.tab('timeline').click();
  await app.page.getByTestId('timeline-entry').nth(3).click();
  await app.page.screenshot({ path: out('timeline') });

  await app.tab('frames').click();
  await app.frameRows().filter({ hasText: 'events' }).first().click();
  await app.page.screenshot({ path: out('frames') });

  // The same run saved, opened again and replayed: halfway through, on the timeline.
  const sessions = new SessionsPage(app.page);
  await sessions.save();
  await sessions.recent('saved').first().click();
  await expect(sessions.replayBar()).toBeVisible();
  await sessions.scrubTo(Math.round((await sessions.total()) * 0.6));
  await app.tab('timeline').click();
  await sessions.dismissNotes();
  await app.page.screenshot({ path: out('replay') });
});
