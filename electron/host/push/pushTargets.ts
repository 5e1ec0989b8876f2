// The push targets the user registered (PUSH-1): one per push config, each with its own path on the receiver and
// fresh secrets, so a delivery names the config it belongs to and proves it came from the agent that was told the
// secret. Kept in memory only: secrets never reach a file (AUTH-4).

import { randomBytes } from 'node:crypto';
import type { PushAuthMode, PushTargetInfo } from '../../../shared/host/push';

export interface PushTarget extends PushTargetInfo {
  /** sha256 of each accepted body, to flag redeliveries (agents deliver at least once). */
  seenBodies: Set<string>;
  /** Accepted deliveries in the current minute, for the rate limit. */
  window: { start: number; count: number };
}

/** Deliveries per target per minute before the receiver answers 429. */
export const DEFAULT_RATE_PER_MINUTE = 600;

export class PushTargets {
  private readonly targets = new Map<string, PushTarget>();

  create(fields: {
    agentId: string;
    generation: string;
    mode: PushAuthMode;
    baseUrl: string;
    jwksUrl?: string;
  }): PushTarget {
    const id = randomBytes(9).toString('base64url');
    const target: PushTarget = {
      id,
      agentId: fields.agentId,
      generation: fields.generation,
      mode: fields.mode,
      url: `${fields.baseUrl}/hooks/${id}`,
      token: secret(),
      ...(fields.mode === 'bearer' ? { bearer: secret() } : {}),
      ...(fields.jwksUrl ? { jwksUrl: fields.jwksUrl } : {}),
      ratePerMinute: DEFAULT_RATE_PER_MINUTE,
      seenBodies: new Set(),
      window: { start: 0, count: 0 },
    };
    this.targets.set(id, target);
    return target;
  }

  get(id: string): PushTarget | undefined {
    return this.targets.get(id);
  }

  list(agentId?: string): PushTarget[] {
    return [...this.targets.values()].filter((t) => agentId === undefined || t.agentId === agentId);
  }

  delete(id: string): boolean {
    return this.targets.delete(id);
  }

  /** Moves every URL to a new base (the receiver was restarted on another interface or port). */
  rebase(baseUrl: string): void {
    for (const target of this.targets.values()) target.url = `${baseUrl}/hooks/${target.id}`;
  }
}

/** 256 bits, URL-safe: usable as a header value and a bearer token as is. */
function secret(): string {
  return randomBytes(32).toString('base64url');
}

export function info(target: PushTarget): PushTargetInfo {
  const { seenBodies: _seen, window: _window, ...rest } = target;
  return rest;
}
