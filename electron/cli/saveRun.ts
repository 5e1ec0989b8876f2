// `--save F` (CLI-1): the command's run written as a .switchboard session, so a CI job keeps what
// happened and the app opens it. The host records the run into a folder of its own (createHost `recordDir`), and the
// file is the app's own export of that recording: the same format and the same redaction (SES-6), secrets never
// written. The target is checked before anything is sent, so a wrong path costs no request.

import { constants } from 'node:fs';
import { access, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIVE_SESSION_ID, type HostService } from '../../shared/host/hostApi';
import { writeFileAtomic } from '../host/atomicFile';
import { opt, type Invocation } from './args';
import type { Output } from './output';

export interface SaveTarget {
  /** Absolute path of the session file to write. */
  file: string;
  /** The folder this run is recorded into, removed once the file is written. */
  recordDir: string;
}

/** The words --save asks for, checked: an existing file without --force, a missing or unwritable folder. */
export async function checkSaveTarget(
  inv: Invocation,
): Promise<{ file: string } | { error: string } | undefined> {
  const given = opt.text(inv, '--save');
  if (given === undefined) {
    return opt.flag(inv, '--force') ? { error: '--force only goes with --save F.' } : undefined;
  }
  if (given.trim() === '') return { error: '--save needs a file name, such as run.switchboard.' };
  if (inv.command === 'replay' && !opt.text(inv, '--against'))
    return { error: '--save keeps a new run: with replay it needs --against URL.' };
  const file = path.resolve(given);
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory()) return { error: `--save ${given}: that is a folder; name a file in it.` };
  if (existing && !opt.flag(inv, '--force'))
    return { error: `--save ${given}: the file exists; pass --force to overwrite it.` };
  const folder = path.dirname(file);
  const dir = await stat(folder).catch(() => undefined);
  if (!dir) return { error: `--save ${given}: the folder ${folder} does not exist.` };
  if (!dir.isDirectory()) return { error: `--save ${given}: ${folder} is a file, not a folder.` };
  try {
    await access(folder, constants.W_OK);
  } catch {
    return { error: `--save ${given}: the folder ${folder} is not writable.` };
  }
  return { file };
}

/** A fresh folder for this run's recording. */
export async function recordingFolder(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'switchboard-run-'));
}

/** Writes the recorded run to the target; says where and what redaction took out. False when it could not. */
export async function saveRun(host: HostService, target: SaveTarget, out: Output): Promise<boolean> {
  try {
    const exported = await host.exportSession({ sessionId: LIVE_SESSION_ID, format: 'session' });
    const bytes = await writeFileAtomic(target.file, exported.text);
    const redacted = exported.redactions.length;
    out.note(
      `Session saved to ${target.file} (${bytes} bytes` +
        (redacted > 0 ? `; ${redacted} secret value${redacted === 1 ? '' : 's'} redacted).` : ').'),
    );
    return true;
  } catch (error) {
    out.note(
      `Could not save the session to ${target.file}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}

/** Removes the run's recording folder once the host has closed it. */
export async function dropRecordingFolder(target: SaveTarget): Promise<void> {
  await rm(target.recordDir, { recursive: true, force: true });
}
