// Cancelling host operations (UX-5): the abort registry keeps its promises (an id runs once, a cancel of nothing says
// so), and a cancelled atomic write leaves the old file as it was and no temporary file beside it.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../../electron/host/atomicFile';
import { createOperationAborts, OperationCancelled } from '../../../../electron/host/operationAborts';
import { testTempDir } from '../../support/tempDir';

describe('the operation abort registry', () => {
  it('aborts the signal of the operation named, and only while it runs', async () => {
    const aborts = createOperationAborts();
    let seen: AbortSignal | undefined;
    const running = aborts.run('op-1', async (signal) => {
      seen = signal;
      await new Promise((resolve) => signal?.addEventListener('abort', resolve));
      return 'stopped';
    });
    expect(aborts.cancel('op-2')).toBe(false);
    expect(aborts.cancel('op-1')).toBe(true);
    await expect(running).resolves.toBe('stopped');
    expect(seen?.aborted).toBe(true);
    expect(aborts.cancel('op-1')).toBe(false);
  });

  it('gives no signal to a call without an id', async () => {
    const aborts = createOperationAborts();
    await expect(aborts.run(undefined, async (signal) => signal)).resolves.toBeUndefined();
  });

  it('refuses a second operation with an id that is running, with a message', async () => {
    const aborts = createOperationAborts();
    const first = aborts.run('same', async (signal) => {
      await new Promise((resolve) => signal?.addEventListener('abort', resolve));
    });
    await expect(aborts.run('same', async () => 1)).rejects.toThrow(
      'An operation with the id "same" is already running.',
    );
    aborts.cancel('same');
    await first;
  });

  it('names a cancel AbortError with a message that says what did not happen', () => {
    const error = new OperationCancelled('the session was not saved');
    expect(error.name).toBe('AbortError');
    expect(error.message).toBe('Cancelled: the session was not saved.');
  });
});

describe('a cancelled atomic write', () => {
  it('leaves the previous file intact and no temporary file', async () => {
    const dir = testTempDir('switchboard-abort-');
    const file = path.join(dir, 'session.switchboard');
    writeFileSync(file, 'the old file');
    const controller = new AbortController();
    function* pieces() {
      yield 'first piece, ';
      controller.abort();
      yield 'second piece';
    }
    await expect(writeFileAtomic(file, pieces(), controller.signal)).rejects.toThrow(
      'Cancelled: nothing was written to session.switchboard.',
    );
    expect(readFileSync(file, 'utf8')).toBe('the old file');
    expect(readdirSync(dir)).toEqual(['session.switchboard']);
  });

  it('writes nothing at all when cancelled before it began', async () => {
    const dir = testTempDir('switchboard-abort-');
    const controller = new AbortController();
    controller.abort();
    await expect(
      writeFileAtomic(path.join(dir, 'new.json'), 'text', controller.signal),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(readdirSync(dir)).toEqual([]);
  });
});
