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
      await composer.open();

      await composer.text().fill('here is a file');
      await composer.pickFile(notes);
      await expect(composer.parts('file').getByTestId('composer-file-type')).toHaveValue('text/plain');
      await composer.addDataPart('{"city":"Oslo"}');
      await composer.setStreaming(false);
      await composer.send();
      await expect(app.outcome()).toHaveAttribute('data-status', 'result');

      const body = await composer.sentBody();
      for (const name of wireNames) expect(body).toContain(name);
      for (const name of absent) expect(body).not.toContain(name);
      expect(body).toContain(Buffer.from(notes.content).toString('base64'));
      expect(body).toContain('"city":"Oslo"');

      // The conversation reads the sent message back from the same frame, with the generation's decoder.
      const sent = app.messages('user').last();
      await expect(sent.getByTestId('part-file')).toContainText('notes.txt');
      await expect(sent.getByTestId('part-data')).toContainText('city: "Oslo"');
      // And the agent (a real SDK, or the 0.1 peer) understood both parts: it describes what it received.
      const artifact = app.artifacts().last();
      const render = new RenderPage(app.page);
      await render.expandJson(artifact, 'received');
      await render.expandJson(artifact, '0');
      await render.expandJson(artifact, '1');
      await render.expandJson(artifact, '2');
      await expect(artifact).toContainText('kind: "file"');
      await expect(artifact).toContainText('kind: "data"');
      // After the send the parts are cleared for the next turn.
      await expect(composer.parts()).toHaveCount(0);
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
  const part = await composer.addDataPart('{"city": Oslo}');

  // One invalid data part among valid ones is enough to keep Send disabled.
  await expect(composer.sendButton()).toBeDisabled();
  await expect(composer.partProblems()).toHaveCount(1);
  await expect(part.getByTestId('composer-part-problem')).toHaveText(
    'Part 3 (data): Invalid JSON at line 1, column 10: expected a value, found "O".',
  );
  await expect(composer.blockedNotice()).toHaveText('Fix the problem above to send');
  // Ctrl+Enter does not send either.
  await composer.text().press('Control+Enter');
  await expect(app.outcome()).toHaveCount(0);

  await composer.typeJson(part.getByTestId('composer-data-editor'), '{"city": "Oslo"}');
  await expect(composer.partProblems()).toHaveCount(0);
  await expect(composer.sendButton()).toBeEnabled();
  // Several editors at once (two parts and the metadata) start without a Monaco error.
  await composer.setMetadata('{"m": 1}');
  expect(record.pageErrors).toEqual([]);
});

test('a dropped file is sent inline; parts can be reordered and removed', async ({ app, startPeer }) => {
  const peer = await startPeer('v1.0');
  await app.openAgent(peer.baseUrl);
  const composer = new ComposerPage(app.page);
  await composer.open();
  await composer.text().fill('dropped');
  await composer.dropFile({ name: 'a.csv', mimeType: 'text/csv', content: 'x,y\n1,2\n' });
  await composer.addDataPart('{"drop":true}');
  await composer.pickFile(notes);
  await expect(composer.parts()).toHaveCount(4);

  // Remove the picked file, then move the data part first.
  await composer.parts('file').nth(1).getByTestId('composer-part-remove').click();
  await composer.parts('data').getByTestId('composer-part-up').click();
  await composer.parts('data').getByTestId('composer-part-up').click();
  await expect(composer.parts().first()).toHaveAttribute('data-kind', 'data');

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

test('message extras and send options reach the request; a new task can stay in the same context', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v0.3');
  await app.openAgent(peer.baseUrl);
  const composer = new ComposerPage(app.page);
  await composer.open();
  await composer.text().fill('first');
  await composer.setStreaming(false);
  await composer.send();
  await expect(app.outcome()).toHaveAttribute('data-status', 'result');
  const first = JSON.parse(await composer.sentBody()) as { id: number };
  const firstContext = await composer.lastContext();
  expect(firstContext).toBeTruthy();

  // A file by URI, metadata, a referenced task, and a non-blocking send with output modes and history length.
  await composer.text().fill('second');
  await app.page.getByTestId('composer-add-file-uri').click();
  await composer.parts('file').getByTestId('composer-file-uri').fill('https://example.com/a.pdf');
  await composer.parts('file').getByTestId('composer-file-type').fill('application/pdf');
  await composer.setMetadata('{"trace":"abc"}');
  await composer.setReferenceTaskIds('t-1 t-2');
  await composer.setSendOptions({
    blocking: false,
    outputModes: 'text/plain, application/json',
    historyLength: '2',
  });
  await composer.chooseContext('same');
  await composer.send();

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
