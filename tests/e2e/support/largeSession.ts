// A session too large to replay, opened in browse mode, for the specs that search one by the host (search, filters):
// the file is written into the test's folder with 500 events a stream, handed to the host as the OS would hand it
// over, and the journey goes on once the browser says it is ready. One set-up for those specs, so a fix lands in all.

import path from 'node:path';
import { expect, test } from '@playwright/test';
import { writeSessionFixture } from '../../../bench/support/sessionFixture';
import { BROWSE_MIN_FRAMES } from '../../../shared/session/sessionRows';
import type { AppPage } from './appPage';
import { SessionsPage } from './sessionsPage';

const PER_STREAM = 500;

export interface LargeSession {
  file: string;
  /** How many streams the file holds: text that every stream carries once is found this many times. */
  streams: number;
}

/** Writes `large.switchboard` into `dir` and opens it in browse mode, as the step that starts a browse journey. */
export async function openLargeSessionInBrowseMode(app: AppPage, dir: string): Promise<LargeSession> {
  const file = path.join(dir, 'large.switchboard');
  const fixture = await writeSessionFixture(file, {
    events: BROWSE_MIN_FRAMES + PER_STREAM,
    perStream: PER_STREAM,
  });
  await test.step('open the large file in browse mode', async () => {
    if (!app.host) throw new Error('Opening a file as the OS hands it over needs the host behind the page.');
    app.host.announceOpen(file);
    await expect(new SessionsPage(app.page).sessionBrowser()).toHaveAttribute('data-ready', 'true');
  });
  return { file, streams: fixture.events / PER_STREAM };
}
