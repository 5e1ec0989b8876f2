// Cancel keeps what the user had (UX-5), in both projects: cancelling the open of a session file big enough that
// the shared progress notice shows (counting the bytes the host has read) keeps the previous view, and cancelling a
// re-send to an agent that never answers stops it and keeps the partial diff, which says it was cancelled.

import path from 'node:path';
import { writeSessionFixture } from '../../bench/support/sessionFixture';
import { expect, test } from './fixtures';
import { startHostilePeer } from '../peers/hostilePeer';
import { SessionsPage } from './support/sessionsPage';

test('cancelling the open of a big session keeps the previous view', async ({ app, tempDir }) => {
  const sessions = new SessionsPage(app.page);
  const file = path.join(tempDir, 'big.switchboard');
  // Large enough that reading it takes well over the notice's one-second delay.
  await writeSessionFixture(file, { events: 400_000, perStream: 500 });

  // The host's answer is held until Cancel was pressed: on a fast machine the scan could end before the click, and
  // the notice with it. The open itself runs as always, reporting its bytes; only its answer waits.
  const host = app.host!;
  const open = host.openSession.bind(host);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  host.openSession = async (request) => {
    const answer = open(request);
    // A cancelled open rejects while held: handled here, still passed on below.
    answer.catch(() => undefined);
    await held;
    return answer;
  };

  await test.step('hand the big file to the app: the notice counts the bytes read', async () => {
    await expect(sessions.workspace()).toHaveAttribute('data-mode', 'live');
    host.announceOpen(file);
    await expect(sessions.openingProgress()).toBeVisible();
    await expect(sessions.openingProgress()).toContainText('bytes read');
  });

  await test.step('cancel: the notice goes, the live view stays, and a note says so', async () => {
    await sessions.cancelOpening();
    release();
    await expect(sessions.openingProgress()).toHaveCount(0);
    await expect(sessions.notes('info').last()).toContainText('was cancelled; the view is as it was');
    await expect(sessions.workspace()).toHaveAttribute('data-mode', 'live');
  });
});

test('cancelling a re-send keeps the partial result, marked as cancelled', async ({ app, startPeer }) => {
  const sessions = new SessionsPage(app.page);
  const peer = await startPeer('v1.0');
  const hostile = await startHostilePeer();
  try {
    await test.step('record a send, save it and open it for replay', async () => {
      await app.openAgent(peer.baseUrl);
      await app.send('hello cancel', { stream: true });
      await expect(app.artifacts()).toContainText('Echo: hello cancel');
      await app.send('and again', { stream: false });
      await expect(app.artifacts().last()).toContainText('Echo: and again');
      const saved = /Saved to (.+\.switchboard) \(/.exec(await sessions.save())?.[1];
      expect(saved).toBeTruthy();
      await app.openAgent(hostile.agentUrl('hang-head'));
      app.host!.announceOpen(saved!);
      await expect(sessions.replayBar()).toBeVisible();
    });

    await test.step('re-send to an agent that never answers: the notice shows n of m requests', async () => {
      await sessions.startResendTo('hang-head');
      await expect(sessions.resendProgress()).toBeVisible();
      await expect(sessions.resendProgress()).toContainText('0 of 2 requests sent');
    });

    await test.step('cancel: the partial diff shows and says it was cancelled', async () => {
      await sessions.cancelResend();
      await expect(sessions.resendHeadline()).toHaveAttribute('data-cancelled', 'true');
      await expect(sessions.resendHeadline()).toContainText('Re-send cancelled after 1 of 2 requests');
      await expect(sessions.resendSteps()).toHaveCount(2);
      await expect(sessions.resendProgress()).toHaveCount(0);
    });
  } finally {
    await hostile.close();
  }
});
