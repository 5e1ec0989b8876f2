// The gRPC binding in the app (WIRE-3), in both projects: an SDK 1.3.0 agent whose card lists gRPC first is spoken to
// over gRPC; a streamed message shows its states and artifact like any other binding, and the Frames tab shows the
// call with its metadata, its trailers and each message as JSON.

import { startV10GrpcPeer } from '../peers/v10Peer';
import type { PeerHandle } from '../peers/types';
import { expect, test } from './fixtures';
import { CardPage } from './support/cardPage';
import { FramesPage } from './support/framesPage';
import { LibraryPage } from './support/libraryPage';
import { TasksPage } from './support/tasksPage';

let peer: PeerHandle;
test.beforeEach(async () => {
  peer = await startV10GrpcPeer();
});
test.afterEach(() => peer.close());

test('streams over gRPC: states, artifact, and the call with its trailers in the Frames tab', async ({
  app,
  record,
}) => {
  await test.step('open the agent and choose its gRPC binding', async () => {
    await app.openAgent(peer.baseUrl);
    // The card lists its gRPC interface first, as host:port.
    await expect(new CardPage(app.page).view()).toContainText('GRPC');
    await new LibraryPage(app.page).chooseBinding('GRPC');
  });

  await test.step('send a message, streaming, and see its states in the timeline', async () => {
    await app.send('hello over grpc', { stream: true });
    await expect(app.artifacts()).toContainText('Echo: hello over grpc');
    await app.tab('timeline').click();
    await expect.poll(() => app.stateMarks()).toEqual(['submitted', 'working', 'completed']);
  });

  await test.step('open the call in the Frames tab: trailers and each message', async () => {
    const frames = new FramesPage(app.page);
    await app.tab('frames').click();
    const row = app.frameRows().filter({ hasText: 'A2AService/SendStreamingMessage' });
    await expect(row).toHaveCount(1);
    await row.click();
    await expect(app.responseHeaders()).toContainText('grpc-status');
    await expect(app.responseHeaders()).toContainText('application/grpc');
    const events = frames.streamEvents();
    await expect.poll(() => events.count()).toBeGreaterThanOrEqual(4);
    await expect(events.first()).toContainText('task');
  });
  expect(record.pageErrors).toEqual([]);
});

test('lists tasks over gRPC in the task panel', async ({ app }) => {
  await test.step('open the agent over gRPC and send a message', async () => {
    await app.openAgent(peer.baseUrl);
    await new LibraryPage(app.page).chooseBinding('GRPC');
    await app.send('listed over grpc', { stream: false });
    await expect(app.outcome()).toHaveAttribute('data-status', 'result');
  });

  await test.step('list the tasks: the call is ListTasks', async () => {
    await app.tab('tasks').click();
    await new TasksPage(app.page).listTasks();
    await expect(app.taskRows().first()).toHaveAttribute('data-state', 'completed');
    await app.tab('frames').click();
    await expect(app.frameRows().filter({ hasText: 'A2AService/ListTasks' })).toHaveCount(1);
  });
});
