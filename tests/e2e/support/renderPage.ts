// Page object for agent content in the conversation (TL-4, SEC-3): markdown, links, file parts, previews, remote
// loads and JSON trees, plus the probe that tells whether any agent script ran.

import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

export class RenderPage {
  constructor(readonly page: Page) {}

  conversation(): Locator {
    return this.page.getByTestId('conversation');
  }

  /** The newest agent message. */
  agentMessage(): Locator {
    return this.page.getByTestId('message').and(this.page.locator('[data-role="agent"]')).last();
  }

  artifact(name: string): Locator {
    return this.page.getByTestId('artifact').filter({ hasText: `Artifact ${name}` });
  }

  markdown(scope: Locator): Locator {
    return scope.getByTestId('markdown');
  }

  /** A rendered markdown heading of this level. */
  heading(scope: Locator, level: 1 | 2 | 3 | 4 | 5 | 6): Locator {
    return scope.getByRole('heading', { level });
  }

  /** Text markdown made bold. */
  boldText(scope: Locator): Locator {
    return scope.locator('strong');
  }

  /** Markdown images that are not loaded, shown as text saying why. */
  inertImages(scope: Locator): Locator {
    return scope.getByTestId('md-inert-image');
  }

  /** Characters that could spoof a name (bidi overrides, zero-width), drawn as visible marks; `data-code` names each. */
  spoofChars(scope: Locator): Locator {
    return scope.getByTestId('spoof-char');
  }

  inertLinks(scope: Locator): Locator {
    return scope.getByTestId('md-inert-link');
  }

  liveLinks(scope: Locator): Locator {
    return scope.getByTestId('md-link');
  }

  /** Every href on an anchor in the conversation, except the Save links (blob: downloads of bytes already shown). */
  async linkHrefs(): Promise<string[]> {
    return this.page
      .locator(
        '[data-testid="conversation"] a[href]:not([download]), [data-testid="artifact"] a[href]:not([download])',
      )
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  }

  /** Elements that can run or embed active content, anywhere in the app outside the sandboxed previews. */
  async activeElements(): Promise<number> {
    return this.page
      .locator('script:not([src]), object, embed, iframe:not([data-testid="sandbox-preview"]), svg [onload]')
      .count();
  }

  filePart(name: string): Locator {
    return this.page.getByTestId('part-file').filter({ hasText: name });
  }

  /** The file parts within `scope` (a message, an artifact, or all artifacts). */
  fileParts(scope: Locator): Locator {
    return scope.getByTestId('part-file');
  }

  dataParts(scope: Locator): Locator {
    return scope.getByTestId('part-data');
  }

  /** Files whose stated media type lies (they look like HTML or SVG), shown with a warning instead of rendered. */
  mislabelledFiles(scope: Locator): Locator {
    return scope.getByTestId('mislabelled-file');
  }

  /** An audio or video player within `scope`. */
  player(scope: Locator, kind: 'audio' | 'video'): Locator {
    return scope.getByTestId(`part-${kind}`);
  }

  /** The "Open externally" button of a PDF part (TL-4). */
  openExternallyButton(scope: Locator): Locator {
    return scope.getByTestId('open-externally');
  }

  /** What came of opening a PDF externally: the size handed over, or the host's message. */
  openExternallyStatus(scope: Locator): Locator {
    return scope.getByTestId('open-externally-status');
  }

  openExternallyError(scope: Locator): Locator {
    return scope.getByTestId('open-externally-error');
  }

  /** The Save link of a file part. */
  saveLink(scope: Locator): Locator {
    return scope.getByTestId('save-file');
  }

  /** Loads the bytes of a file part the host kept on disk into the window. */
  async loadStored(file: Locator): Promise<void> {
    await file.getByTestId('load-stored').click();
  }

  /** The shared progress notice of a stored file part loading from disk (UX-5). */
  storedProgress(file: Locator): Locator {
    return file.getByTestId('stored-progress');
  }

  /** Presses the stored load's Cancel in its progress notice. */
  async cancelStoredLoad(file: Locator): Promise<void> {
    await file.getByTestId('stored-progress-cancel').click();
  }

  /** What a cancelled stored load says: nothing of it was kept. */
  storedCancelled(file: Locator): Locator {
    return file.getByTestId('stored-cancelled');
  }

  loadButton(scope: Locator): Locator {
    return scope.getByTestId('load-remote');
  }

  image(scope: Locator): Locator {
    return scope.getByTestId('part-image');
  }

  /** Waits for an image to be decoded and returns its natural width (0 if it never decodes). */
  async naturalWidth(image: Locator): Promise<number> {
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    return image.evaluate((img) => (img as HTMLImageElement).naturalWidth);
  }

  /** The buttons that open sandboxed previews, within `scope`. */
  previewButtons(scope: Locator): Locator {
    return scope.getByTestId('open-preview');
  }

  /** Every sandboxed preview frame open in the app. */
  previews(): Locator {
    return this.page.getByTestId('sandbox-preview');
  }

  /** Opens the sandboxed preview of a file part and returns its <iframe>. */
  async openPreview(name: string): Promise<Locator> {
    const part = this.filePart(name);
    await this.previewButtons(part).click();
    const frame = part.getByTestId('sandbox-preview');
    await expect(frame).toBeVisible();
    return frame;
  }

  previewContent(frame: Locator): FrameLocator {
    return frame.contentFrame();
  }

  /** The <img> of a previewed SVG: its sandboxed document shows the SVG as an image, so that none of it runs. */
  previewImage(frame: Locator): Locator {
    return this.previewContent(frame).locator('img');
  }

  /** The heading of the hostile peer's HTML file, inside its preview (tests/peers/hostilePeer.ts names it by id). */
  hostileHeading(frame: Locator): Locator {
    return this.previewContent(frame).locator('#hostile-heading');
  }

  /** Tries the hostile HTML's ways out of its preview: its link to the top window, then its form. */
  async tryToEscape(frame: Locator): Promise<void> {
    await this.previewContent(frame).locator('#escape').click();
    await this.previewContent(frame).locator('#submit').click();
  }

  jsonTree(scope: Locator): Locator {
    return scope.getByTestId('json-tree');
  }

  async expandJson(scope: Locator, key: string): Promise<void> {
    await this.jsonTree(scope)
      .getByTestId('json-toggle')
      .filter({ hasText: `${key}:` })
      .click();
  }

  jsonKeys(scope: Locator): Locator {
    return this.jsonTree(scope).getByTestId('json-key');
  }

  jsonValues(scope: Locator): Locator {
    return this.jsonTree(scope).getByTestId('json-value');
  }

  /** `window.__pwned` in the app and in every frame inside it; an empty list means no payload ran anywhere. */
  async pwnedFlags(): Promise<string[]> {
    const flags: string[] = [];
    for (const frame of this.page.frames()) {
      const value = await frame
        .evaluate(() => (window as { __pwned?: unknown }).__pwned)
        .catch(() => undefined);
      if (value !== undefined) flags.push(`${frame.url()}: ${String(value)}`);
    }
    return flags;
  }

  /** Placeholders of events over the per-event cap, stored on disk (FRM-8), within `scope`. */
  storedEvents(scope: Locator): Locator {
    return scope.getByTestId('stored-event');
  }

  /** Loads a stored event from disk and waits until its text is shown. */
  async loadStoredEvent(placeholder: Locator): Promise<void> {
    await placeholder.getByTestId('load-stored-event').click();
    await expect(placeholder).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
  }

  /** Presses a stored event's Load without waiting for it to finish (its progress notice shows meanwhile). */
  async startLoadStoredEvent(placeholder: Locator): Promise<void> {
    await placeholder.getByTestId('load-stored-event').click();
  }

  /** The shared progress notice of a stored event loading from disk (UX-5). */
  storedEventProgress(placeholder: Locator): Locator {
    return placeholder.getByTestId('stored-event-progress');
  }

  /** Presses the progress notice's Cancel. */
  async cancelStoredEventLoad(placeholder: Locator): Promise<void> {
    await placeholder.getByTestId('stored-event-progress-cancel').click();
  }

  /** What a cancelled load says: nothing of it was kept. */
  storedEventCancelled(placeholder: Locator): Locator {
    return placeholder.getByTestId('stored-event-cancelled');
  }

  /** The text of a loaded stored event (its first part, for a large one). */
  storedEventText(placeholder: Locator): Locator {
    return placeholder.getByTestId('stored-event-text');
  }
}
