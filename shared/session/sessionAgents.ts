// Agents read from a file (a session's list, a journal's `agent` lines) are untrusted like everything else in it: an
// agent without the fields the views need is dropped, and settings that are not valid settings are dropped from
// their agent (the card still shows), each with a notice, so a crafted file cannot reach a view with the wrong shape.

import { z } from 'zod';
import { generations } from '../a2a/generation';
import { agentSettingsChangeSchema } from '../host/agentSchemas';
import type { SessionAgent } from './types';

const agentShape = z.looseObject({
  id: z.string().min(1).max(1000),
  name: z.string().max(10_000),
  cardUrl: z.string().max(64 * 1024),
  origin: z.string().max(64 * 1024),
  cardText: z.string(),
  generation: z.enum(generations),
});

export function cleanAgents(agents: readonly unknown[]): { agents: SessionAgent[]; notices: string[] } {
  const kept: SessionAgent[] = [];
  let dropped = 0;
  let withoutSettings = 0;
  for (const value of agents) {
    const agent = agentShape.safeParse(value);
    if (!agent.success) {
      dropped++;
      continue;
    }
    const { settings, ...rest } = agent.data as typeof agent.data & { settings?: unknown };
    const clean: SessionAgent = {
      id: rest.id,
      name: rest.name,
      cardUrl: rest.cardUrl,
      origin: rest.origin,
      cardText: rest.cardText,
      generation: rest.generation,
    };
    if (settings !== undefined) {
      const checked = agentSettingsChangeSchema.safeParse(settings);
      if (checked.success) clean.settings = checked.data;
      else withoutSettings++;
    }
    kept.push(clean);
  }
  const notices: string[] = [];
  if (dropped > 0)
    notices.push(
      `${dropped} agent${dropped === 1 ? '' : 's'} in the file had the wrong shape and were left out.`,
    );
  if (withoutSettings > 0) {
    notices.push(
      `${withoutSettings} agent${withoutSettings === 1 ? '’s' : 's’'} settings were not valid settings and were left out.`,
    );
  }
  return { agents: kept, notices };
}
