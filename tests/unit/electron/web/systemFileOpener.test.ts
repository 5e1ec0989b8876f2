// The browser edition's opener for a PDF opened externally (TL-4): the platform's opener with the path as its one
// argument (no shell), and a missing or failing opener turned into a message the UI shows.

import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { systemFileOpener, type Spawner } from '../../../../electron/web/systemFileOpener';

const FILE = '/data/tmp/open/switchboard-0123456789abcdef01234567.pdf';

/** A child process that ends the way `end` says, on the next turn. */
function fakeSpawn(end: (child: EventEmitter) => void) {
  return vi.fn<Spawner>(() => {
    const child = Object.assign(new EventEmitter(), { unref: vi.fn() });
    setImmediate(() => end(child));
    return child as unknown as ChildProcess;
  });
}

describe('systemFileOpener', () => {
  it.each([
    ['linux', 'xdg-open'],
    ['darwin', 'open'],
    ['win32', 'explorer.exe'],
  ] as const)('on %s runs %s with the path as its only argument', async (platform, command) => {
    const spawn = fakeSpawn((child) => child.emit('exit', 0));
    await systemFileOpener(platform, spawn)(FILE);
    expect(spawn).toHaveBeenCalledWith(command, [FILE]);
  });

  it('says the opener is not installed when it cannot be started', async () => {
    const spawn = fakeSpawn((child) =>
      child.emit('error', Object.assign(new Error('spawn'), { code: 'ENOENT' })),
    );
    await expect(systemFileOpener('linux', spawn)(FILE)).rejects.toThrow(
      'No app to open it could be started (xdg-open is not installed). Use Save, then open the PDF yourself.',
    );
  });

  it('says the opener failed when it exits with an error', async () => {
    const spawn = fakeSpawn((child) => child.emit('exit', 3));
    await expect(systemFileOpener('linux', spawn)(FILE)).rejects.toThrow(
      'No app to open it could be started (xdg-open exited with code 3).',
    );
  });

  it('refuses a relative path, which an opener could read as an option', async () => {
    const spawn = fakeSpawn((child) => child.emit('exit', 0));
    await expect(systemFileOpener('linux', spawn)('--help.pdf')).rejects.toThrow(
      'Not an absolute path: --help.pdf',
    );
    expect(spawn).not.toHaveBeenCalled();
  });
});
