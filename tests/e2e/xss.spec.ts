// The XSS corpus through every place agent text appears (issue 10, SEC-3), in both projects: the card (name,
// description, provider, links, icon, skills, tags, examples), the conversation (markdown and plain text, data parts,
// file names, files whose media type lies, artifacts), the frames inspector and timeline, JSON-RPC error messages,
// push deliveries, and the same session saved and replayed. After each, nothing ran (no probe call, no dialog, no
// agent markup in the DOM), nothing called out (no request to the sentinel), and spoofing characters in names are
// drawn as visible marks.

import { expect, test as base } from './fixtures';
import { CardPage } from './support/cardPage';
import { FramesPage } from './support/framesPage';
import { PushPage } from './support/pushPage';
import { RenderPage } from './support/renderPage';
import { SessionsPage } from './support/sessionsPage';
import { TimelinePage } from './support/timelinePage';
import { XssProbe } from './support/xssProbe';
import { startXssCorpusPeer, XSS_ERROR_TRIGGER, type XssCorpusPeer } from '../peers/xssCorpusPeer';
import { mislabelledFiles } from '../peers/xssCorpus';

/** Console errors saying the browser refused something (a CSP violation means agent markup reached the DOM). */
function refusals(errors: readonly string[]): string[] {
  return errors.filter((e) => /Content Security Policy|Refused to/i.test(e));
}

const test = base.extend<{ corpus: XssCorpusPeer; probe: XssProbe }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  corpus: async ({}, use) => {
    const peer = await startXssCorpusPeer();
    await use(peer);
    await peer.close();
  },
  probe: async ({ app }, use) => {
    await use(await XssProbe.install(app.page));
  },
});

test('the card: every field and skill shows the corpus as text, and names show their spoofing characters', async ({
  app,
  corpus,
  probe,
  record,
}) => {
  expect(corpus.payloads.length).toBeGreaterThanOrEqual(40);
  const card = new CardPage(app.page);
  const render = new RenderPage(app.page);

  await test.step('open the agent: its name and provider show their spoofing characters', async () => {
    await app.openAgent(corpus.baseUrl);
    await expect(app.cardName()).toContainText(`<img src=x onerror="__xss('card-name')">`);
    await expect(render.spoofChars(app.cardName())).toHaveAttribute('data-code', 'U+202E');
    await expect(render.spoofChars(card.provider())).toHaveAttribute('data-code', 'U+200B');
  });

  await test.step('read the skills: every payload as text, spoofing characters marked', async () => {
    await expect(card.skills()).toHaveCount(corpus.payloads.length);
    for (const payload of corpus.payloads.filter((p) => p.family !== 'spoof').slice(0, 12)) {
      await expect(card.skillName(`skill-${payload.id}`)).toContainText(payload.text);
    }
    for (const payload of corpus.payloads.filter((p) => p.family === 'spoof')) {
      const id = `skill-${payload.id}`;
      await expect(render.spoofChars(card.skillName(id)).first()).toBeVisible();
      await expect(render.spoofChars(card.skillTags(id)).first()).toBeVisible();
    }
  });

  await test.step('use an example: it goes into the composer as text, nothing more', async () => {
    await card.useExampleOf('skill-img-onerror');
    await expect(app.composerText()).toHaveValue(`<img src=x onerror="__xss('img-onerror')">`);
    await app.tab('card').click();
  });
  await probe.expectNothingRan('card', corpus.sentinelHits);
  expect(record.pageErrors).toEqual([]);
  expect(refusals(record.consoleErrors)).toEqual([]);
});

test('the conversation, frames, timeline and tasks: messages, artifacts, data and lying files stay inert', async ({
  app,
  corpus,
  probe,
  record,
}) => {
  const render = new RenderPage(app.page);
  await app.openAgent(corpus.baseUrl);
  await app.send('hello', { stream: true });
  const agent = app.messages('agent').last();

  await test.step('read the conversation: messages, artifacts, files and data stay inert', async () => {
    await expect(agent).toContainText(`<script>__xss('script-tag')</script>`);
    await expect(agent).toContainText(`<svg onload="__xss('svg-onload')"></svg>`);
    await expect(app.artifacts()).toHaveCount(8);
    await expect(render.spoofChars(app.artifacts()).first()).toBeVisible();

    // File names keep their marks; every file whose type lies is shown without running.
    const files = render.fileParts(agent);
    await expect(files).toHaveCount(mislabelledFiles().length + 2);
    await expect(render.spoofChars(files.filter({ hasText: 'report' }))).toHaveAttribute(
      'data-code',
      'U+202E',
    );
    const lies = render.mislabelledFiles(agent);
    await expect(lies).toHaveCount(3);
    for (const lie of await lies.all()) await expect(lie).toContainText('they look like HTML or SVG markup');
    const previews = render.previewButtons(agent);
    for (let i = 0; i < (await previews.count()); i++) await previews.nth(i).click();

    // The data part: keys and values are agent text too.
    const tree = render.jsonTree(agent).first();
    await expect(tree).toContainText(`<img src=x onerror="__xss('img-onerror')">`);
    await probe.expectNothingRan('conversation', corpus.sentinelHits);
  });

  await test.step('open every frame in the inspector', async () => {
    await app.tab('frames').click();
    const rows = app.frameRows();
    await expect(rows.first()).toBeVisible();
    for (let i = 0; i < (await rows.count()); i++) await rows.nth(i).click();
    await expect(new FramesPage(app.page).inspector()).toBeVisible();
    await probe.expectNothingRan('frames', corpus.sentinelHits);
  });

  await test.step('show the timeline and the tasks', async () => {
    await app.tab('timeline').click();
    await expect(new TimelinePage(app.page).entries().first()).toBeVisible();
    await app.tab('tasks').click();
    await expect(app.taskRows().first()).toBeVisible();
    await probe.expectNothingRan('timeline and tasks', corpus.sentinelHits);
  });
  expect(record.pageErrors).toEqual([]);
  expect(refusals(record.consoleErrors)).toEqual([]);
});

test('error messages and push deliveries from the agent stay inert, and the session replays inert too', async ({
  app,
  corpus,
  probe,
  record,
}) => {
  const render = new RenderPage(app.page);
  const pushes = new TimelinePage(app.page).entries('push');
  await app.openAgent(corpus.baseUrl);

  await test.step('send with a push config inline: the delivery is accepted', async () => {
    await app.tab('conversation').click();
    await new PushPage(app.page).sendConfigWithMessage('token');
    await app.send('hello push', { stream: false });
    await expect(app.artifacts()).toHaveCount(8);
    await expect.poll(() => corpus.deliveries.map((d) => d.status)).toEqual([200]);
  });

  await test.step('send what makes the agent answer with an error: its message stays text', async () => {
    await app.send(XSS_ERROR_TRIGGER, { stream: false });
    await expect(app.outcome()).toContainText(`<script>__xss('script-tag')</script>`);
    await probe.expectNothingRan('error message', corpus.sentinelHits);
  });

  await test.step('open the push delivery in the timeline', async () => {
    await app.tab('timeline').click();
    await expect(pushes).toHaveCount(1);
    await pushes.first().click();
    await probe.expectNothingRan('push delivery', corpus.sentinelHits);
  });

  await test.step('save the session and open it again: the replay is as inert', async () => {
    // Saved and opened again: the replay shows the same content, as inert.
    const sessions = new SessionsPage(app.page);
    const saved = /Saved to (.+\.switchboard) \(/.exec(await sessions.save())?.[1];
    expect(saved).toBeTruthy();
    app.host!.announceOpen(saved!);
    await expect(sessions.replayBar()).toBeVisible();
    await app.tab('conversation').click();
    await expect(app.messages('agent').last()).toContainText(`<script>__xss('script-tag')</script>`);
    await expect(render.spoofChars(app.artifacts()).first()).toBeVisible();
    await app.tab('card').click();
    await expect(render.spoofChars(app.cardName())).toBeVisible();
    await app.tab('frames').click();
    const rows = app.frameRows();
    for (let i = 0; i < (await rows.count()); i++) await rows.nth(i).click();
    await app.tab('timeline').click();
    await expect(pushes.first()).toBeVisible();
    await pushes.first().click();
    await probe.expectNothingRan('replayed session', corpus.sentinelHits);
  });
  expect(record.pageErrors).toEqual([]);
  expect(refusals(record.consoleErrors)).toEqual([]);
});

test('control: the checks do fail when a payload reaches the page, calls the probe or tries to call out', async ({
  corpus,
  probe,
  record,
}) => {
  // Put there by the test, not by the app: proves the checks above can fail.
  await probe.plantControlPayload(corpus.sentinel);
  await expect.poll(() => probe.calls).toEqual(['control-call']);
  const dom = await probe.domFindings();
  expect(dom).toContain('<img> in root has onerror');
  expect(dom.some((f) => f.includes('href=javascript:void 0'))).toBe(true);
  // The CSP refuses the request, and says so: the refusal is what the other tests would see.
  await expect.poll(() => refusals(record.consoleErrors).length).toBeGreaterThan(0);
  expect(corpus.sentinelHits).toEqual([]);
});
