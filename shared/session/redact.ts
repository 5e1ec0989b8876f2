// Placeholder until the redaction module lands (same branch of work): keeps the contract the session service uses.
import type { Frame } from '../wire/frame';
import type { RedactionItem, SessionAgent } from './types';

export function redactFrames(frames: readonly Frame[]): { frames: Frame[]; items: RedactionItem[] } {
  return { frames: [...frames], items: [] };
}

export function redactAgents(agents: readonly SessionAgent[]): {
  agents: SessionAgent[];
  items: RedactionItem[];
} {
  return { agents: [...agents], items: [] };
}
