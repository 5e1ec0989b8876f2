// Page object for the composer: adding parts (a file by the picker, by a drop or by URI, a data part typed into
// Monaco), ordering and removing them, setting options, sending, and reading back the request that went out and the
// task a send continues. Specs use these, never raw selectors.

import { Buffer } from 'node:buffer';
import { expect, type Locator, type Page } from '@playwright/test';

export interface FileToAdd {
  name: string;
  mimeType: string;
  content: string;
}

export class ComposerPage {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('composer');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('tab-conversation').click();
    await expect(this.root).toBeVisible();
  }

  text(): Locator {
    return this.page.getByTestId('composer-text');
  }

  /** The outcome's link to the frame that showed an interface's route missing (CARD-3). */
  routeMissingFrame(): Locator {
    return this.page.getByTestId('route-missing-frame');
  }

  /** Copies the request that found no route into the request editor, which opens. */
  async openInRequestEditor(): Promise<void> {
    await this.page.getByTestId('open-request-editor').click();
    await expect(this.page.getByTestId('raw-view')).toBeVisible();
  }

  /** Sends a held message past the route-missing hold. */
  sendAnyway(): Locator {
    return this.page.getByTestId('send-anyway');
  }

  /** The hold an earlier run found on the interface, shown before anything is sent in this window (CARD-3). */
  routeHold(): Locator {
    return this.page.getByTestId('route-hold');
  }

  /** Types a message and sends it, not streamed, past a hold shown by routeHold(). */
  async sendAnywayWith(text: string): Promise<void> {
    await this.text().fill(text);
    const streaming = this.page.getByTestId('composer-streaming');
    if (await streaming.isChecked()) await streaming.click();
    await this.sendAnyway().click();
  }

  parts(kind?: 'text' | 'file' | 'data'): Locator {
    const all = this.page.getByTestId('composer-part');
    return kind ? all.and(this.page.locator(`[data-kind="${kind}"]`)) : all;
  }

  /** The media type fields of the file parts. */
  fileTypes(): Locator {
    return this.parts('file').getByTestId('composer-file-type');
  }

  /** Adds a file part that points at `uri` instead of carrying bytes. */
  async addFileByUri(uri: string, mediaType: string): Promise<void> {
    await this.page.getByTestId('composer-add-file-uri').click();
    const part = this.parts('file').last();
    await part.getByTestId('composer-file-uri').fill(uri);
    await part.getByTestId('composer-file-type').fill(mediaType);
  }

  async removePart(part: Locator): Promise<void> {
    await part.getByTestId('composer-part-remove').click();
  }

  async movePartUp(part: Locator): Promise<void> {
    await part.getByTestId('composer-part-up').click();
  }

  /** Picks a file with the composer's file picker, from memory. */
  async pickFile(file: FileToAdd): Promise<void> {
    const before = await this.parts('file').count();
    await this.page.getByTestId('composer-file-input').setInputFiles({
      name: file.name,
      mimeType: file.mimeType,
      buffer: Buffer.from(file.content),
    });
    await expect(this.parts('file')).toHaveCount(before + 1);
  }

  /** Drops a file onto the composer, as a file dragged from the desktop arrives. */
  async dropFile(file: FileToAdd): Promise<void> {
    const before = await this.parts('file').count();
    const dataTransfer = await this.page.evaluateHandle((f) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([f.content], f.name, { type: f.mimeType }));
      return transfer;
    }, file);
    await this.root.dispatchEvent('dragover', { dataTransfer });
    await this.root.dispatchEvent('drop', { dataTransfer });
    await expect(this.parts('file')).toHaveCount(before + 1);
  }

  /** Adds a data part and types its JSON into the part's Monaco editor. */
  async addDataPart(json: string): Promise<Locator> {
    const before = await this.parts('data').count();
    await this.page.getByTestId('composer-add-data').click();
    const part = this.parts('data').nth(before);
    await this.typeJson(this.dataEditor(part), json);
    return part;
  }

  /** A data part's Monaco editor, for typeJson. */
  dataEditor(part: Locator): Locator {
    return part.getByTestId('composer-data-editor');
  }

  /**
   * Replaces the text of a Monaco JSON editor. insertText arrives as one input, so Monaco's auto-closing of
   * brackets and quotes (which acts on typed characters) does not add to it.
   */
  async typeJson(editor: Locator, json: string): Promise<void> {
    await expect(editor).toHaveAttribute('data-monaco-ready', 'true');
    await editor.locator('.view-lines').click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(json);
    await expect
      .poll(async () => (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' '))
      .toBe(json);
  }

  async setStreaming(on: boolean): Promise<void> {
    await this.page.getByTestId('composer-streaming').setChecked(on);
  }

  sendButton(): Locator {
    return this.page.getByTestId('composer-send');
  }

  async send(): Promise<void> {
    await expect(this.sendButton()).toBeEnabled();
    await this.sendButton().click();
  }

  /** Why Send is disabled: the problems shown beside the parts, or beside one part. */
  partProblems(part?: Locator): Locator {
    return (part ?? this.page).getByTestId('composer-part-problem');
  }

  blockedNotice(): Locator {
    return this.page.getByTestId('composer-blocked');
  }

  async openMessageOptions(): Promise<void> {
    const section = this.page.getByTestId('composer-message-options');
    if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
  }

  async setMetadata(json: string): Promise<void> {
    await this.openMessageOptions();
    await this.typeJson(this.page.getByTestId('composer-metadata'), json);
  }

  async setReferenceTaskIds(ids: string): Promise<void> {
    await this.openMessageOptions();
    await this.page.getByTestId('composer-reference-tasks').fill(ids);
  }

  async setSendOptions(options: {
    blocking?: boolean;
    outputModes?: string;
    historyLength?: string;
  }): Promise<void> {
    const section = this.page.getByTestId('composer-send-options');
    if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
    if (options.blocking !== undefined)
      await this.page.getByTestId('composer-blocking').setChecked(options.blocking);
    if (options.outputModes !== undefined) {
      await this.page.getByTestId('composer-output-modes').fill(options.outputModes);
    }
    if (options.historyLength !== undefined) {
      await this.page.getByTestId('composer-history-length').fill(options.historyLength);
    }
  }

  async chooseContext(which: 'new' | 'same'): Promise<void> {
    await this.page.getByTestId(`composer-context-${which}`).check();
  }

  /** The note that the next send continues a task (one that asked for input), naming the task and its state. */
  continuesTask(): Locator {
    return this.page.getByTestId('composer-continues');
  }

  /** The id of the task the next send continues. */
  async continuedTaskId(): Promise<string> {
    return this.continuesTask().locator('code').innerText();
  }

  /** The context of the agent's last task, as the "same context" choice offers it. */
  async lastContext(): Promise<string | null> {
    return this.page.getByTestId('composer-context').locator('code').getAttribute('title');
  }

  /** The body of the last request the composer sent, as its frame recorded it. */
  async sentBody(): Promise<string> {
    const sent = this.page.getByTestId('composer-sent-request');
    await expect(sent).toBeVisible();
    if ((await sent.getAttribute('open')) === null) await sent.locator('summary').click();
    return this.page.getByTestId('composer-sent-body').innerText();
  }

  /** The line that follows the stream the last send opened (MSG-9): open with its events, or how it ended. */
  streamStatus(): Locator {
    return this.page.getByTestId('stream-status');
  }

  /** Stop, beside Send while the stream the last send opened is open. */
  stopButton(): Locator {
    return this.page.getByTestId('composer-stop');
  }

  /** Closes the open stream from the composer; Stop goes away once the stream has ended. */
  async stopStream(): Promise<void> {
    await this.stopButton().click();
    await expect(this.stopButton()).toHaveCount(0);
  }
}
