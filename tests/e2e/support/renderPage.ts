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

  /** Opens the sandboxed preview of a file part and returns its <iframe>. */
  async openPreview(name: string): Promise<Locator> {
    const part = this.filePart(name);
    await part.getByTestId('open-preview').click();
    const frame = part.getByTestId('sandbox-preview');
    await expect(frame).toBeVisible();
    return frame;
  }

  previewContent(frame: Locator): FrameLocator {
    return frame.contentFrame();
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
}
