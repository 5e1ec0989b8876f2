// The timeouts of the agent settings (WIRE-6), in milliseconds and never below 1, and whether a dropped stream is
// followed by getting the task and subscribing again (TASK-4).

import type { AgentTimeouts } from '../../../shared/host/agent';

export function TimeoutsFieldset({
  timeouts,
  setTimeouts,
  resync,
  setResync,
}: {
  timeouts: AgentTimeouts;
  setTimeouts: (timeouts: AgentTimeouts) => void;
  resync: boolean;
  setResync: (on: boolean) => void;
}) {
  return (
    <fieldset>
      <legend>Timeouts (ms)</legend>
      {(['connectMs', 'firstByteMs', 'idleMs', 'totalMs'] as const).map((key) => (
        <label className="field" key={key}>
          {key.replace('Ms', '')}
          <input
            type="number"
            min={1}
            value={timeouts[key]}
            onChange={(e) => setTimeouts({ ...timeouts, [key]: Math.max(1, Number(e.target.value) || 1) })}
          />
        </label>
      ))}
      <label>
        <input type="checkbox" checked={resync} onChange={(e) => setResync(e.target.checked)} /> After a
        dropped stream, get the task and subscribe again
      </label>
    </fieldset>
  );
}
