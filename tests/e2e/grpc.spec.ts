// The gRPC binding in the app (WIRE-3), in both projects: an SDK 1.3.0 agent whose card lists gRPC first is spoken to
// over gRPC; a streamed message shows its states and artifact like any other binding, and the Frames tab shows the
// call with its metadata, its trailers and each message as JSON.

import { startV10GrpcPeer } from '../peers/v10Peer';
import type { PeerHandle } from '../peers/types';
import { expect, test } from './fixtures';
import { LibraryPage } from './support/libraryPage';

let peer: PeerHandle;
test.beforeEach(async () => {
  peer = await startV10GrpcPeer();
});
test.afterEach(() => peer.close());

test('streams over gRPC: states, artifact, and the call with its trailers in the Frames tab', async ({
  app,
  record,
}) => {
  await app.openAgent(peer.baseUrl);
  // The card lists its gRPC interface first, as host:port.
  await expect(app.page.getByTestId('card-view')).toContainText('GRPC');
  await new LibraryPage(app.page).chooseBinding('GRPC');
  await app.send('hello over grpc', { stream: true });
  await expect(app.artifacts()).toContainText('Echo: hello over grpc');
  await app.tab('timeline').click();
  await expect.poll(() => app.stateMarks()).toEqual(['submitted', 'working', 'completed']);

  await app.tab('frames').click();
  const row = app.frameRows().filter({ hasText: 'A2AService/SendStreamingMessage' });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(app.responseHeaders()).toContainText('grpc-status');
  await expect(app.responseHeaders()).toContainText('application/grpc');
  const events = app.page.getByTestId('stream-events').getByRole('listitem');
  await expect.poll(() => events.count()).toBeGreaterThanOrEqual(4);
  await expect(events.first()).toContainText('task');
  expect(record.pageErrors).toEqual([]);
});

test('lists tasks over gRPC in the task panel', async ({ app }) => {
  await app.openAgent(peer.baseUrl);
  await new LibraryPage(app.page).chooseBinding('GRPC');
  await app.send('listed over grpc', { stream: false });
  await expect(app.outcome()).toHaveAttribute('data-status', 'result');
  await app.tab('tasks').click();
  await app.page.getByTestId('list-tasks').click();
  await expect(app.page.getByTestId('task-row').first()).toHaveAttribute('data-state', 'completed');
  await app.tab('frames').click();
  await expect(app.frameRows().filter({ hasText: 'A2AService/ListTasks' })).toHaveCount(1);
});
