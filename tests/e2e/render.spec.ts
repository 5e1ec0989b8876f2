// Agent content rendered safely (TL-4, SEC-3), in both projects, against the hostile peer's xss agent: markdown and
// raw HTML never run, dangerous links stay inert text, SVG and HTML open only in a sandboxed frame where nothing runs
// or calls out, remote images load only on click (through the host, exactly once), and ordinary rich content — a PNG,
// audio, video, a data part — renders in artifacts like in messages.

import { expect, test as base } from './fixtures';
import { RenderPage } from './support/renderPage';
import { startHostilePeer, XSS_PATHS, type HostilePeerHandle } from '../peers/hostilePeer';

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
  const markdown = render.markdown(message);
  await expect(markdown).toContainText('Raw HTML stays text: <script>window.__pwned=1</script>');
  await expect(markdown).toContainText('<img src=x onerror="window.__pwned=1">');
  await expect(markdown).toContainText('<iframe src="javascript:window.__pwned=1"></iframe>');
  await expect(markdown.getByRole('heading', { level: 1 })).toHaveText('Hostile markdown');
  expect(await render.activeElements()).toBe(0);

  const inert = render.inertLinks(message);
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

  const appUrl = app.page.url();
  for (const link of await inert.all()) await link.click();
  expect(app.page.url()).toBe(appUrl);
  expect(await render.pwnedFlags()).toEqual([]);
  await expect(render.filePart('script-url.html')).toContainText('javascript: URLs are not opened');
  expect(record.pageErrors).toEqual([]);
});

test('SVG and HTML open only in a sandboxed frame, where nothing runs, navigates or calls out', async ({
  app,
  hostile,
  render,
}) => {
  await app.openAgent(hostile.agentUrl('xss'));
  await app.send('hello', { stream: false });
  await expect(render.filePart('hostile.html').getByTestId('open-preview')).toBeVisible();
  // Nothing is framed until the user asks.
  await expect(app.page.getByTestId('sandbox-preview')).toHaveCount(0);

  const svg = await render.openPreview('hostile.svg');
  await expect(svg).toHaveAttribute('sandbox', '');
  expect(await render.naturalWidth(render.previewContent(svg).locator('img'))).toBe(120);

  const html = await render.openPreview('hostile.html');
  await expect(html).toHaveAttribute('sandbox', '');
  await expect(html).toHaveAttribute('srcdoc', /Hostile HTML/);
  expect(await html.getAttribute('src')).toBeNull();
  const page = render.previewContent(html);
  await expect(page.locator('#hostile-heading')).toHaveText('Hostile HTML');
  // Last, because headless Chromium may drop the app's next click after one inside a sandboxed (out-of-process) frame.
  await page.locator('#escape').click();
  await page.locator('#submit').click();

  const appUrl = app.page.url();
  await expect(page.locator('#hostile-heading')).toBeVisible();
  expect(app.page.url()).toBe(appUrl);
  expect(await render.pwnedFlags()).toEqual([]);
  for (const path of [XSS_PATHS.escape, XSS_PATHS.form, XSS_PATHS.refresh, XSS_PATHS.htmlImage]) {
    expect(hits(hostile, path), path).toBe(0);
  }
  expect(await render.activeElements()).toBe(0);
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
  const host = new URL(hostile.otherOrigin).host;
  await expect(render.loadButton(remote)).toHaveText(`Load image from ${host}`);
  const markdownLoad = render.loadButton(render.markdown(render.agentMessage()));
  await expect(markdownLoad).toHaveText(`Load image from ${host}`);
  expect(hits(hostile, XSS_PATHS.fileImage)).toBe(0);
  expect(hits(hostile, XSS_PATHS.markdownImage)).toBe(0);

  await render.loadButton(remote).click();
  expect(await render.naturalWidth(render.image(remote))).toBe(4);
  expect(hits(hostile, XSS_PATHS.fileImage)).toBe(1);
  expect(hits(hostile, XSS_PATHS.markdownImage)).toBe(0);

  await markdownLoad.click();
  expect(await render.naturalWidth(render.image(render.agentMessage()).last())).toBe(4);
  expect(hits(hostile, XSS_PATHS.markdownImage)).toBe(1);
  expect(hits(hostile, XSS_PATHS.fileImage)).toBe(1);
  // The page itself never contacted the other origin: the host fetched the bytes and recorded the exchange.
  expect(record.foreignRequests).toEqual([]);
  await app.tab('frames').click();
  await expect(app.frameRows().filter({ hasText: XSS_PATHS.fileImage })).toHaveCount(1);
});

test('artifacts render an inline PNG, audio and video without autoplay, and data as a JSON tree', async ({
  app,
  hostile,
  render,
}) => {
  await app.openAgent(hostile.agentUrl('xss'));
  await app.send('hello', { stream: false });
  const artifact = render.artifact('payload');
  await expect(render.markdown(artifact)).toContainText(
    'Artifact text with <script>window.__pwned=1</script>',
  );
  await expect(render.markdown(artifact).locator('strong')).toHaveText('Artifact');
  // A data: PNG in markdown is decoded and shown; a data: SVG stays text.
  expect(await render.naturalWidth(render.image(render.markdown(artifact)))).toBe(4);
  await expect(render.markdown(artifact).getByTestId('md-inert-image')).toContainText('[image: inline svg]');
  expect(await render.naturalWidth(render.image(render.filePart('pixel.png')))).toBe(4);

  for (const testId of ['part-audio', 'part-video']) {
    const player = artifact.getByTestId(testId);
    await expect(player).toHaveAttribute('controls', '');
    await expect(player).toHaveAttribute('src', /^blob:/);
    expect(
      await player.evaluate((media) => [
        (media as HTMLMediaElement).autoplay,
        (media as HTMLMediaElement).paused,
      ]),
    ).toEqual([false, true]);
  }

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
  expect(await render.pwnedFlags()).toEqual([]);
  expect(await render.activeElements()).toBe(0);
});
