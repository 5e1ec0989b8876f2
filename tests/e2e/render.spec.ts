// Agent content rendered safely (TL-4, SEC-3), in both projects, against the hostile peer's xss agent: markdown and
// raw HTML never run, dangerous links stay inert text, SVG and HTML open only in a sandboxed frame where nothing runs
// or calls out, remote images load only on click (through the host, exactly once), and ordinary rich content — a PNG,
// audio, video, a data part — renders in artifacts like in messages. A PDF is never previewed: it opens externally
// through the host only on a click.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test as base } from './fixtures';
import { RenderPage } from './support/renderPage';
import { startHostilePeer, XSS_PATHS, XSS_PDF_TEXT, type HostilePeerHandle } from '../peers/hostilePeer';

const test = base.extend<{ hostile: HostilePeerHandle; render: RenderPage }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  hostile: async ({}, use) => {
    const peer = await startHostilePeer();
    await use(peer);
    await peer.close();
  },
  render: async ({ app }, use) => {
    await use(new RenderPage(app.page));
  },
});

/** Requests the xss content's other-origin listener received on one path. */
function hits(hostile: HostilePeerHandle, path: string): number {
  return hostile.requests.filter((r) => r.listener === 'other' && r.path === path).length;
}

test('markdown with raw HTML and script links stays text, and no link can run script', async ({
  app,
  hostile,
  render,
  record,
}) => {
  await app.openAgent(hostile.agentUrl('xss'));
  await app.send('hello', { stream: true });
  const message = render.agentMessage();
  const inert = render.inertLinks(message);

  await test.step('read the markdown: raw HTML stays text', async () => {
    const markdown = render.markdown(message);
    await expect(markdown).toContainText('Raw HTML stays text: <script>window.__pwned=1</script>');
    await expect(markdown).toContainText('<img src=x onerror="window.__pwned=1">');
    await expect(markdown).toContainText('<iframe src="javascript:window.__pwned=1"></iframe>');
    await expect(render.heading(markdown, 1)).toHaveText('Hostile markdown');
    expect(await render.activeElements()).toBe(0);
  });

  await test.step('read the links: script links are inert text, the safe one opens a new tab', async () => {
    await expect(inert).toHaveCount(4);
    await expect(inert.filter({ hasText: /^script link/ })).toContainText('(javascript:window.__pwned=1)');
    await expect(inert.filter({ hasText: 'data link' })).toContainText('(data:text/html,<script>');
    await expect(inert.filter({ hasText: 'vbscript link' })).toContainText('(vbscript:');
    const safe = render.liveLinks(message);
    await expect(safe).toHaveCount(1);
    await expect(safe).toHaveAttribute('href', 'https://example.com/docs');
    await expect(safe).toHaveAttribute('target', '_blank');
    await expect(safe).toHaveAttribute('rel', 'noopener noreferrer');
    expect((await render.linkHrefs()).every((href) => /^(https?:|mailto:)/.test(href))).toBe(true);
  });

  await test.step('click every inert link: nothing navigates or runs', async () => {
    const appUrl = app.page.url();
    for (const link of await inert.all()) await link.click();
    expect(app.page.url()).toBe(appUrl);
    expect(await render.pwnedFlags()).toEqual([]);
    await expect(render.filePart('script-url.html')).toContainText('javascript: URLs are not opened');
  });
  expect(record.pageErrors).toEqual([]);
});

test('SVG and HTML open only in a sandboxed frame, where nothing runs, navigates or calls out', async ({
  app,
  hostile,
  render,
}) => {
  await test.step('send: the files offer previews, none is framed yet', async () => {
    await app.openAgent(hostile.agentUrl('xss'));
    await app.send('hello', { stream: false });
    await expect(render.previewButtons(render.filePart('hostile.html'))).toBeVisible();
    // Nothing is framed until the user asks.
    await expect(render.previews()).toHaveCount(0);
  });

  await test.step('preview the SVG: sandboxed, drawn as an image', async () => {
    const svg = await render.openPreview('hostile.svg');
    await expect(svg).toHaveAttribute('sandbox', '');
    expect(await render.naturalWidth(render.previewImage(svg))).toBe(120);
  });

  await test.step('preview the HTML and try its ways out: nothing navigates, runs or calls out', async () => {
    const html = await render.openPreview('hostile.html');
    await expect(html).toHaveAttribute('sandbox', '');
    await expect(html).toHaveAttribute('srcdoc', /Hostile HTML/);
    expect(await html.getAttribute('src')).toBeNull();
    await expect(render.hostileHeading(html)).toHaveText('Hostile HTML');
    // Last, because headless Chromium may drop the app's next click after one inside a sandboxed (out-of-process) frame.
    await render.tryToEscape(html);

    const appUrl = app.page.url();
    await expect(render.hostileHeading(html)).toBeVisible();
    expect(app.page.url()).toBe(appUrl);
    expect(await render.pwnedFlags()).toEqual([]);
    for (const path of [XSS_PATHS.escape, XSS_PATHS.form, XSS_PATHS.refresh, XSS_PATHS.htmlImage]) {
      expect(hits(hostile, path), path).toBe(0);
    }
    expect(await render.activeElements()).toBe(0);
  });
});

test('remote images load only on click, through the host, exactly once', async ({
  app,
  hostile,
  render,
  record,
}) => {
  await app.openAgent(hostile.agentUrl('xss'));
  await app.send('hello', { stream: true });
  const remote = render.filePart('remote.png');
  const markdownLoad = render.loadButton(render.markdown(render.agentMessage()));

  await test.step('read the remote images: each offers a load, nothing is fetched', async () => {
    const host = new URL(hostile.otherOrigin).host;
    await expect(render.loadButton(remote)).toHaveText(`Load image from ${host}`);
    await expect(markdownLoad).toHaveText(`Load image from ${host}`);
    expect(hits(hostile, XSS_PATHS.fileImage)).toBe(0);
    expect(hits(hostile, XSS_PATHS.markdownImage)).toBe(0);
  });

  await test.step("load the file part's image: fetched once", async () => {
    await render.loadButton(remote).click();
    expect(await render.naturalWidth(render.image(remote))).toBe(4);
    expect(hits(hostile, XSS_PATHS.fileImage)).toBe(1);
    expect(hits(hostile, XSS_PATHS.markdownImage)).toBe(0);
  });

  await test.step("load the markdown's image: fetched once, by the host", async () => {
    await markdownLoad.click();
    expect(await render.naturalWidth(render.image(render.agentMessage()).last())).toBe(4);
    expect(hits(hostile, XSS_PATHS.markdownImage)).toBe(1);
    expect(hits(hostile, XSS_PATHS.fileImage)).toBe(1);
    // The page itself never contacted the other origin: the host fetched the bytes and recorded the exchange.
    expect(record.foreignRequests).toEqual([]);
    await app.tab('frames').click();
    await expect(app.frameRows().filter({ hasText: XSS_PATHS.fileImage })).toHaveCount(1);
  });
});

test('artifacts render an inline PNG, audio and video without autoplay, and data as a JSON tree', async ({
  app,
  hostile,
  render,
}) => {
  await app.openAgent(hostile.agentUrl('xss'));
  await app.send('hello', { stream: false });
  const artifact = render.artifact('payload');

  await test.step('read the artifact: markdown as text, a data: PNG shown, a data: SVG not', async () => {
    await expect(render.markdown(artifact)).toContainText(
      'Artifact text with <script>window.__pwned=1</script>',
    );
    await expect(render.boldText(render.markdown(artifact))).toHaveText('Artifact');
    // A data: PNG in markdown is decoded and shown; a data: SVG stays text.
    expect(await render.naturalWidth(render.image(render.markdown(artifact)))).toBe(4);
    await expect(render.inertImages(render.markdown(artifact))).toContainText('[image: inline svg]');
    expect(await render.naturalWidth(render.image(render.filePart('pixel.png')))).toBe(4);
  });

  await test.step('find the audio and video players, paused, without autoplay', async () => {
    for (const kind of ['audio', 'video'] as const) {
      const player = render.player(artifact, kind);
      await expect(player).toHaveAttribute('controls', '');
      await expect(player).toHaveAttribute('src', /^blob:/);
      expect(
        await player.evaluate((media) => [
          (media as HTMLMediaElement).autoplay,
          (media as HTMLMediaElement).paused,
        ]),
      ).toEqual([false, true]);
    }
  });

  await test.step('open and close a key of the data part as a JSON tree', async () => {
    const tree = render.jsonTree(artifact);
    await expect(tree).toBeVisible();
    await expect(render.jsonKeys(artifact)).toHaveText([
      'report:',
      '<img src=x onerror=window.__pwned=1>:',
      'empty:',
      'items:',
    ]);
    await expect(render.jsonValues(artifact)).toHaveText(['"<script>window.__pwned=1</script>"']);
    await render.expandJson(artifact, 'report');
    await expect(render.jsonKeys(artifact).filter({ hasText: 'title:' })).toBeVisible();
    await expect(render.jsonValues(artifact).first()).toHaveText('"<b>not bold</b>"');
    await render.expandJson(artifact, 'report');
    await expect(render.jsonKeys(artifact).filter({ hasText: 'title:' })).toHaveCount(0);
  });
  expect(await render.pwnedFlags()).toEqual([]);
  expect(await render.activeElements()).toBe(0);
});

test('a PDF part is not previewed, and opens externally through the host only on a click', async ({
  app,
  hostile,
  render,
  opener,
}) => {
  await app.openAgent(hostile.agentUrl('xss'));
  await app.send('hello', { stream: false });
  const pdf = render.filePart('brief.pdf');

  await test.step('find the PDF part: no preview, an Open externally button and Save, nothing opened yet', async () => {
    await expect(render.openExternallyButton(pdf)).toHaveText('Open externally');
    await expect(render.saveLink(pdf)).toBeVisible();
    expect(await render.activeElements()).toBe(0);
    expect(opener.opened).toEqual([]);
  });

  await test.step('click Open externally: the opener gets a file the host named, with the PDF bytes', async () => {
    await render.openExternallyButton(pdf).click();
    await expect(render.openExternallyStatus(pdf)).toHaveText(
      `Handed ${XSS_PDF_TEXT.length} B to your PDF viewer.`,
    );
    expect(opener.opened).toHaveLength(1);
    const file = opener.opened[0]!;
    // The agent's name ("../../brief.pdf") never reaches the file system.
    expect(path.basename(file)).toMatch(/^switchboard-[0-9a-f]{24}\.pdf$/);
    expect(path.basename(path.dirname(file))).toBe('open');
    expect(await readFile(file, 'latin1')).toBe(XSS_PDF_TEXT);
  });

  await test.step('click again with an opener that fails: the UI shows why, and points to Save', async () => {
    opener.refuse = 'xdg-open is not installed';
    await render.openExternallyButton(pdf).click();
    await expect(render.openExternallyError(pdf)).toHaveText(
      'The PDF could not be opened: xdg-open is not installed',
    );
    await expect(render.saveLink(pdf)).toBeVisible();
    expect(opener.opened).toHaveLength(1);
  });
});
