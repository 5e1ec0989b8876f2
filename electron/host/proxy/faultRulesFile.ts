// Reads a fault rule file (PRX-4, docs/proxy.md#the-rule-format) for `switchboard proxy` and the app's "load rules"
// action. A file is outside input: a missing, unreadable or oversized file and bad JSON become sentences that name the
// file, never a thrown error, and the rules themselves go through the one parser the editor uses.

import { readFile, stat } from 'node:fs/promises';
import { parseFaultRulesText, type FaultRulesResult } from '../../../shared/proxy/faultRules';

/** A rule file is a few kilobytes; anything near this is not one. */
export const maxFaultRulesFileBytes = 1024 * 1024;

function reasonOf(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === 'ENOENT') return 'there is no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'it may not be read';
  if (code === 'EISDIR') return 'it is a folder';
  return error instanceof Error ? error.message : String(error);
}

export async function readFaultRulesFile(file: string): Promise<FaultRulesResult> {
  try {
    const info = await stat(file);
    if (info.isDirectory())
      return { ok: false, errors: [`Cannot read the fault rules in ${file}: it is a folder.`] };
    if (info.size > maxFaultRulesFileBytes)
      return {
        ok: false,
        errors: [
          `Cannot read the fault rules in ${file}: ${info.size} bytes is more than the 1 MiB a rule file may have.`,
        ],
      };
    const text = await readFile(file, 'utf8');
    const parsed = parseFaultRulesText(text);
    return parsed.ok ? parsed : { ok: false, errors: parsed.errors.map((error) => `${file}: ${error}`) };
  } catch (error) {
    return { ok: false, errors: [`Cannot read the fault rules in ${file}: ${reasonOf(error)}.`] };
  }
}
