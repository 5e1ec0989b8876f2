// The completed details of a progressive open (issue 27): a session file opened before it is indexed is answered
// with an estimated count, no end time and only the members before its frames; once the host has indexed it, a
// `session-details` event says what an open after a whole scan answers (differential: the same file opened so),
// after the last `session-index` event, in process and over the browser edition's event stream alike.

import http from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import { startWebServer } from '../../electron/web/webServer';
import { connectInProcess } from '../../shared/host/inProcess';
import type { HostEvent, HostService } from '../../shared/host/hostApi';
import { EVENTS_PATH, TOKEN_HEADER } from '../../shared/host/webBridge';
import type { SessionDetails } from '../../shared/session/types';
import { writeSessionFixture } from '../../bench/support/sessionFixture';
import { suiteTempDir, testTempDir } from '../unit/support/tempDir';

const dir = suiteTempDir('switchboard-big-open-details-');
/** Files over this open before they are indexed here; the fixture below is a little larger. */
const PROGRESSIVE_BYTES = 4 * 1024 * 1024;

/**
 * A session of about 50 MB whose title, agents, redactions and saving time come after its frames: large enough that
 * its scan is still under way when the open answers, as with the files over 500 MiB this is about.
 */
let written: Promise<string> | undefined;
const headAfterFrames = () => (written ??= writeHeadAfterFrames());

async function writeHeadAfterFrames(): Promise<string> {
  const file = path.join(dir(), 'head-last.switchboard');
  await writeSessionFixture(file, { events: 55_000, perStream: 500, agents: 2 });
  const { format, schemaVersion, frames, blobs, ...rest } = JSON.parse(
    await readFile(file, 'utf8'),
  ) as Record<string, unknown>;
  const moved = {
    ...rest,
    title: 'Saved last',
    redactions: [
      { frameId: 'x0', where: 'request-header', name: 'Authorization', kind: 'authorization', length: 20 },
    ],
    savedAt: '2026-11-27T00:00:00.000Z',
  };
  // Format and version first (they say what the file is), then the frames, then everything else.
  await writeFile(file, JSON.stringify({ format, schemaVersion, frames, blobs, ...moved }));
  return file;
}

/** The events a host publishes from now on, and the first `session-details` among them. */
function follow(host: Pick<HostService, 'onEvent'>) {
  const events: HostEvent[] = [];
  let told: (details: SessionDetails) => void = () => undefined;
  const details = new Promise<SessionDetails>((resolve) => (told = resolve));
  host.onEvent((event) => {
    events.push(event);
    if (event.type === 'session-details') told(event.details);
  });
  return { events, details };
}

/** Reads the browser edition's event stream until a `session-details` line arrives. */
function detailsOverHttp(
  port: number,
  token: string,
): { ready: Promise<void>; details: Promise<SessionDetails> } {
  let ready: () => void = () => undefined;
  const streaming = new Promise<void>((resolve) => (ready = resolve));
  const details = new Promise<SessionDetails>((resolve, reject) => {
    const origin = `http://127.0.0.1:${port}`;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: EVENTS_PATH,
      headers: {
        Host: `127.0.0.1:${port}`,
        Origin: origin,
        'Content-Type': 'application/json',
        'Sec-Fetch-Site': 'same-origin',
        [TOKEN_HEADER]: token,
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      response.setEncoding('utf8');
      let buffered = '';
      response.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.trim()) continue;
          const event = JSON.parse(line) as { type: string; details?: SessionDetails };
          if (event.type === 'hello') ready();
          if (event.type === 'session-details' && event.details) {
            resolve(event.details);
            request.destroy();
          }
        }
      });
    });
    request.end('{}');
  });
  return { ready: streaming, details };
}

describe('a session opened before it is indexed', () => {
  it('is told, once indexed, what an open after a whole scan answers', async () => {
    const file = await headAfterFrames();
    const host = createHost({
      edition: 'test',
      appVersion: '0',
      dataDir: testTempDir('switchboard-details-host-'),
      progressiveOpenBytes: PROGRESSIVE_BYTES,
    });
    const whole = createHost({
      edition: 'test',
      appVersion: '0',
      dataDir: testTempDir('switchboard-details-whole-'),
    });
    const server = await startWebServer({ host, rendererDir: dir() });
    try {
      const inProcess = follow(connectInProcess(host));
      const overHttp = detailsOverHttp(server.port, server.token);
      await overHttp.ready;

      const opened = await host.openSession({ path: file });
      // The first answer: in browse mode at once, indexing, its count estimated, its end and title not known yet.
      expect(opened.browse).toBe(true);
      expect(opened.indexing).toBeDefined();
      expect(opened.endedAt).toBeUndefined();
      // The title comes after the frames: until the scan gets there, the file's name stands in.
      expect(opened.title).toBe('head-last.switchboard');
      expect(opened.agents).toEqual([]);

      const details = await inProcess.details;
      // The same file opened by a whole scan first (no estimate, every member read): what the details must say.
      const expected = await whole.openSession({ path: file });
      expect(expected).toMatchObject({ browse: true, title: 'Saved last' });
      expect(expected.indexing).toBeUndefined();
      expect(details).toEqual({
        sessionId: opened.sessionId,
        title: expected.title,
        agents: expected.agents,
        frameCount: expected.frameCount,
        startedAt: expected.startedAt,
        endedAt: expected.endedAt,
        appVersion: expected.appVersion,
        savedAt: expected.savedAt,
        notices: expected.notices,
      });
      expect(details.notices.join(' ')).toMatch(/redacted/);
      expect(details.agents.map((agent) => agent.id)).toEqual(['bench-agent-0', 'bench-agent-1']);
      expect(details.endedAt).toBeGreaterThan(details.startedAt!);

      // After the index's last progress, once.
      const types = inProcess.events.map((event) => event.type);
      const lastIndex = types.lastIndexOf('session-index');
      expect(types.indexOf('session-details')).toBeGreaterThan(lastIndex);
      expect(types.filter((type) => type === 'session-details')).toHaveLength(1);
      const done = inProcess.events[lastIndex];
      expect(done?.type === 'session-index' && done.progress).toMatchObject({
        done: true,
        indexed: expected.frameCount,
      });

      // The browser edition's event stream carries the same event.
      expect(await overHttp.details).toEqual(details);
    } finally {
      await server.close();
      await host.close();
      await whole.close();
    }
  });

  it('is told nothing more about a session opened from a kept index, which the first answer describes whole', async () => {
    const file = await headAfterFrames();
    const dataDir = testTempDir('switchboard-details-kept-');
    const host = createHost({
      edition: 'test',
      appVersion: '0',
      dataDir,
      progressiveOpenBytes: PROGRESSIVE_BYTES,
    });
    try {
      const followed = follow(host);
      const first = await host.openSession({ path: file });
      const details = await followed.details;
      await host.closeSession({ sessionId: first.sessionId });
      const again = await host.openSession({ path: file });
      // Opened by the index the first open kept: no estimate, and the answer already holds the details.
      expect(again.indexing).toBeUndefined();
      expect({ ...details, sessionId: again.sessionId }).toMatchObject({
        title: again.title,
        frameCount: again.frameCount,
        endedAt: again.endedAt,
        notices: again.notices,
      });
      await host.closeSession({ sessionId: again.sessionId });
      expect(followed.events.filter((event) => event.type === 'session-details')).toHaveLength(1);
    } finally {
      await host.close();
    }
  });
});
