// What every fuzz target's answer must look like: findings a person can read, and a value that survives the trip
// across the host boundary (structured clone) and into JSON (a saved session).

import type { Finding } from '../../../shared/wire/finding';

const severities = new Set(['error', 'warning', 'info']);

export function expectFindings(findings: readonly Finding[]): void {
  for (const finding of findings) {
    if (typeof finding.rule !== 'string' || finding.rule === '') throw new Error('a finding without a rule');
    if (!severities.has(finding.severity))
      throw new Error(`finding ${finding.rule}: severity ${finding.severity}`);
    if (typeof finding.message !== 'string' || finding.message.trim() === '')
      throw new Error(`finding ${finding.rule} says nothing`);
  }
}

/** The answer crosses IPC and may be saved: it must clone and serialise. */
export function expectPortable(value: unknown): void {
  structuredClone(value);
  JSON.stringify(value);
}
