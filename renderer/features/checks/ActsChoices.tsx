// What a conformance run covers (CHK-6): the ACTS suites (none ticked: every one), the strictest level to include, the
// card's interfaces Switchboard speaks (none ticked: every one) and whether the agent implements ACTS's test
// behaviours. The choices live in actsStore.ts, so they survive switching tabs.

import { useMemo } from 'react';
import type { AgentSummary } from '../../../shared/host/agent';
import type { Level } from '../../../shared/acts/actsTypes';
import { useActsStore } from './actsStore';

const LEVEL_CHOICES: Array<{ level: Level; label: string }> = [
  { level: 'must', label: 'must only' },
  { level: 'should', label: 'must and should' },
  { level: 'may', label: 'every level' },
];

export function ActsChoices({ agent, disabled }: { agent: AgentSummary; disabled: boolean }) {
  const { catalog, choices, update } = useActsStore();
  const interfaces = useMemo(() => spokenInterfaces(agent), [agent]);
  const set = (change: Partial<typeof choices>) => update({ choices: { ...choices, ...change } });
  const chosenKey = (where: { url: string; generation: string; binding: string }) =>
    choices.interfaces.some(
      (c) => c.url === where.url && c.generation === where.generation && c.binding === where.binding,
    );
  return (
    <fieldset className="acts-choices" disabled={disabled} data-testid="acts-choices">
      <div>
        <span className="label">Suites</span>
        {catalog?.suites.map((suite) => (
          <label key={suite.id} title={suite.description}>
            <input
              type="checkbox"
              checked={choices.suites.includes(suite.id)}
              onChange={(event) =>
                set({
                  suites: event.target.checked
                    ? [...choices.suites, suite.id]
                    : choices.suites.filter((id) => id !== suite.id),
                })
              }
              data-testid="acts-suite"
              data-suite={suite.id}
            />
            {suite.name} <span className="muted">({suite.tests.length})</span>
          </label>
        ))}
        <span className="muted">{choices.suites.length === 0 ? 'none ticked: every suite' : ''}</span>
      </div>
      <div>
        <label>
          <span className="label">Levels</span>
          <select
            value={choices.level}
            onChange={(event) => set({ level: event.target.value as Level })}
            data-testid="acts-level"
          >
            {LEVEL_CHOICES.map((choice) => (
              <option key={choice.level} value={choice.level}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div>
        <span className="label">Interfaces</span>
        {interfaces.length === 0 && (
          <span className="error-text">The card declares no interface Switchboard speaks.</span>
        )}
        {interfaces.map((where) => (
          <label key={`${where.generation} ${where.binding} ${where.url}`}>
            <input
              type="checkbox"
              checked={chosenKey(where)}
              onChange={(event) =>
                set({
                  interfaces: event.target.checked
                    ? [...choices.interfaces, where]
                    : choices.interfaces.filter(
                        (c) =>
                          !(
                            c.url === where.url &&
                            c.generation === where.generation &&
                            c.binding === where.binding
                          ),
                      ),
                })
              }
              data-testid="acts-interface"
              data-binding={where.binding}
              data-generation={where.generation}
            />
            {where.binding} A2A {where.generation} <span className="muted">{where.url}</span>
          </label>
        ))}
        <span className="muted">{choices.interfaces.length === 0 ? 'none ticked: every one' : ''}</span>
      </div>
      <div>
        <label className="wraps">
          <input
            type="checkbox"
            checked={choices.behaviours}
            onChange={(event) => set({ behaviours: event.target.checked })}
            data-testid="acts-behaviours"
          />
          The agent implements the ACTS test behaviours (it acts on message prefixes such as{' '}
          <code>tck-complete-task</code>)
        </label>
      </div>
    </fieldset>
  );
}

/** The card's interfaces a run can use: a binding Switchboard speaks, each once. */
function spokenInterfaces(agent: AgentSummary) {
  const seen = new Set<string>();
  const out: Array<{
    url: string;
    generation: AgentSummary['generation'];
    binding: NonNullable<AgentSummary['interfaces'][number]['binding']>;
  }> = [];
  for (const where of agent.interfaces) {
    if (!where.binding) continue;
    const key = `${where.generation} ${where.binding} ${where.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ url: where.url, generation: where.generation, binding: where.binding });
  }
  return out;
}
