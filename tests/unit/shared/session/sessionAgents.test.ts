// Agents from files are checked before any view sees them: a wrong shape is left out, bad settings are dropped
// from their agent, each with a notice.

import { expect, it } from 'vitest';
import { cleanAgents } from '../../../../shared/session/sessionAgents';

const good = {
  id: 'a1',
  name: 'Agent',
  cardUrl: 'http://127.0.0.1:1/.well-known/agent-card.json',
  origin: 'http://127.0.0.1:1',
  cardText: '{}',
  generation: '1.0',
  settings: { headers: [{ name: 'X-Team', value: 'blue' }], auth: { type: 'none' } },
};

it('keeps good agents whole, drops bad ones and bad settings, and says so', () => {
  const result = cleanAgents([
    good,
    { ...good, id: 'a2', settings: { headers: 'not a list' } },
    { ...good, id: 'a3', generation: '7.0' },
    { id: 'a4' },
    'nonsense',
  ]);
  expect(result.agents.map((agent) => agent.id)).toEqual(['a1', 'a2']);
  expect(result.agents[0]!.settings).toEqual(good.settings);
  expect(result.agents[1]).not.toHaveProperty('settings');
  expect(result.notices).toEqual([
    '3 agents in the file had the wrong shape and were left out.',
    '1 agent’s settings were not valid settings and were left out.',
  ]);
});
