// The full composer against the real peers, in both projects: file and data parts reach the wire in each generation's
// field names (read from the request frame), invalid JSON keeps Send disabled with the error shown, dropped files,
// message extras and send options, and a new task in the same context.

import { expect, test } from './fixtures';
import type { PeerName } from '../peers';
import { ComposerPage } from './support/composerPage';
import { RenderPage } from './support/renderPage';

const notes = { name: 'notes.txt', mimeType: 'text/plain', content: 'hello from a file' };

const generations: Array<{ peer: PeerName; wireNames: string[]; absent: string[] }> = [
  {
    peer: 'v1.0',
    wireNames: ['"raw":', '"mediaType":"text/plain"', '"filename":"notes.txt"'],
    absent: ['"kind"'],
  },
  {
    peer: 'v0.3',
    wireNames: ['"kind":"file"', '"mimeType":"text/plain"', '"bytes":', '"kind":"data"'],
    absent: ['"raw"', '"mediaType"'],
  },
  {
    peer: 'v0.1',
    wireNames: ['"type":"file"', '"mimeType":"text/plain"', '"type":"data"'],
    absent: ['"kind"', '"mediaType"'],
  },
];

test.describe("File and data parts: the request frame carries them in the generation's field names", () => {
  for (const { peer: peerName, wireNames, absent } of generations) {
    test(`${peerName} peer`, async ({ app, startPeer, record }) => {
      const peer = await startPeer(peerName);
      await app.openAgent(peer.baseUrl);
      const composer = new ComposerPage(app.page);
      const render = new RenderPage(app.page);

      await test.step('compose text, a picked file and a data part, and send', async () => {
        await composer.open();
        await composer.text().fill('here is a file');
        await composer.pickFile(notes);
        await expect(composer.fileTypes()).toHaveValue('text/plain');
        await composer.addDataPart('{"city":"Oslo"}');
        await composer.setStreaming(false);
        await composer.send();
        await expect(app.outcome()).toHaveAttribute('data-status', 'result');
      });

      await test.step("read the sent request: the generation's field names", async () => {
        const body = await composer.sentBody();
        for (const name of wireNames) expect(body).toContain(name);
        for (const name of absent) expect(body).not.toContain(name);
        expect(body).toContain(Buffer.from(notes.content).toString('base64'));
        expect(body).toContain('"city":"Oslo"');
      });

      await test.step('read the conversation: both parts sent, and understood by the agent', async () => {
        // The conversation reads the sent message back from the same frame, with the generation's decoder.
        const sent = app.messages('user').last();
        await expect(render.fileParts(sent)).toContainText('notes.txt');
        await expect(render.dataParts(sent)).toContainText('city: "Oslo"');
        // And the agent (a real SDK, or the 0.1 peer) understood both parts: it describes what it received.
        const artifact = app.artifacts().last();
        await render.expandJson(artifact, 'received');
        await render.expandJson(artifact, '0');
        await render.expandJson(artifact, '1');
        await render.expandJson(artifact, '2');
        await expect(artifact).toContainText('kind: "file"');
        await expect(artifact).toContainText('kind: "data"');
        // After the send the parts are cleared for the next turn.
        await expect(composer.parts()).toHaveCount(0);
      });
      expect(record.pageErrors).toEqual([]);
    });
  }
});

test('invalid JSON in a data part disables Send and shows the error', async ({ app, startPeer, record }) => {
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  const composer = new ComposerPage(app.page);
  await composer.open();
  await composer.text().fill('with data');
  await composer.addDataPart('{"valid": true}');

  const part =
    await test.step('add a data part with invalid JSON: Send is disabled, saying why', async () => {
      const part = await composer.addDataPart('{"city": Oslo}');
      // One invalid data part among valid ones is enough to keep Send disabled.
      await expect(composer.sendButton()).toBeDisabled();
      await expect(composer.partProblems()).toHaveCount(1);
      await expect(composer.partProblems(part)).toHaveText(
        'Part 3 (data): Invalid JSON at line 1, column 10: expected a value, found "O".',
      );
      await expect(composer.blockedNotice()).toHaveText('Fix the problem above to send');
      // Ctrl+Enter does not send either.
      await composer.text().press('Control+Enter');
      await expect(app.outcome()).toHaveCount(0);
      return part;
    });

  await test.step('fix the JSON: Send is enabled', async () => {
    await composer.typeJson(composer.dataEditor(part), '{"city": "Oslo"}');
    await expect(composer.partProblems()).toHaveCount(0);
    await expect(composer.sendButton()).toBeEnabled();
  });

  await test.step('add metadata too: several editors start without an error', async () => {
    // Several editors at once (two parts and the metadata) start without a Monaco error.
    await composer.setMetadata('{"m": 1}');
    expect(record.pageErrors).toEqual([]);
  });
});

test('a dropped file is sent inline; parts can be reordered and removed', async ({ app, startPeer }) => {
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  const composer = new ComposerPage(app.page);

  await test.step('compose text, a dropped file, a data part and a picked file', async () => {
    await composer.open();
    await composer.text().fill('dropped');
    await composer.dropFile({ name: 'a.csv', mimeType: 'text/csv', content: 'x,y\n1,2\n' });
    await composer.addDataPart('{"drop":true}');
    await composer.pickFile(notes);
    await expect(composer.parts()).toHaveCount(4);
  });

  await test.step('remove the picked file, then move the data part first', async () => {
    await composer.removePart(composer.parts('file').nth(1));
    await composer.movePartUp(composer.parts('data'));
    await composer.movePartUp(composer.parts('data'));
    await expect(composer.parts().first()).toHaveAttribute('data-kind', 'data');
  });

  await test.step('send streaming: the parts go out in that order, the file inline', async () => {
    await composer.setStreaming(true);
    await composer.send();
    await expect(app.outcome()).toHaveAttribute('data-status', 'stream');
    const body = JSON.parse(await composer.sentBody()) as {
      params: { message: { parts: Array<Record<string, unknown>> } };
    };
    expect(body.params.message.parts).toEqual([
      { data: { drop: true } },
      { text: 'dropped' },
      { raw: Buffer.from('x,y\n1,2\n').toString('base64'), filename: 'a.csv', mediaType: 'text/csv' },
    ]);
  });
});

test('message extras and send options reach the request; a new task can stay in the same context', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v0.3');
  await app.openAgent(peer.baseUrl);
  const composer = new ComposerPage(app.page);

  const { first, firstContext } = await test.step('send a first message, blocking', async () => {
    await composer.open();
    await composer.text().fill('first');
    await composer.setStreaming(false);
    await composer.send();
    await expect(app.outcome()).toHaveAttribute('data-status', 'result');
    const first = JSON.parse(await composer.sentBody()) as { id: number };
    const firstContext = await composer.lastContext();
    expect(firstContext).toBeTruthy();
    return { first, firstContext };
  });

  await test.step('send a second with a file by URI, metadata, references and options, in the same context', async () => {
    // A file by URI, metadata, a referenced task, and a non-blocking send with output modes and history length.
    await composer.text().fill('second');
    await composer.addFileByUri('https://example.com/a.pdf', 'application/pdf');
    await composer.setMetadata('{"trace":"abc"}');
    await composer.setReferenceTaskIds('t-1 t-2');
    await composer.setSendOptions({
      blocking: false,
      outputModes: 'text/plain, application/json',
      historyLength: '2',
    });
    await composer.chooseContext('same');
    await composer.send();
  });

  await test.step('read the second request: every extra and option, and the first context', async () => {
    await expect
      .poll(async () => (JSON.parse(await composer.sentBody()) as { id: number }).id)
      .not.toBe(first.id);
    const body = JSON.parse(await composer.sentBody()) as {
      params: { message: Record<string, unknown>; configuration: Record<string, unknown> };
    };
    expect(body.params.message).toMatchObject({
      parts: [
        { kind: 'text', text: 'second' },
        { kind: 'file', file: { uri: 'https://example.com/a.pdf', mimeType: 'application/pdf' } },
      ],
      metadata: { trace: 'abc' },
      referenceTaskIds: ['t-1', 't-2'],
    });
    expect(body.params.configuration).toEqual({
      acceptedOutputModes: ['text/plain', 'application/json'],
      historyLength: 2,
      blocking: false,
    });
    expect(body.params.message.contextId).toBe(firstContext);
  });
});
