// Placeholder until the HAR module lands (same branch of work): keeps the contract the session service uses.
import type { Frame } from '../wire/frame';
import type { SessionAgent } from './types';

export type HarLog = { log: Record<string, unknown> };

export function looksLikeHar(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'log' in value;
}

export function framesToHar(
  _frames: readonly Frame[],
  _options: { appVersion: string; agents?: readonly SessionAgent[] },
): HarLog {
  return { log: { version: '1.2', entries: [] } };
}

export function harToFrames(_value: unknown): { frames: Frame[]; agents: SessionAgent[]; notices: string[] } {
  throw new Error('HAR import is not available yet.');
}
