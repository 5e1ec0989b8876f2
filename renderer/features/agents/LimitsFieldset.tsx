// The size limits of the agent settings (SEC-4), typed in MiB and kept in bytes, never below 1 MiB; each says what
// happens past it.

import type { AgentLimits } from '../../../shared/host/agent';

const MIB = 1024 * 1024;

const LIMIT_FIELDS: Array<[keyof AgentLimits, string, string]> = [
  ['maxBodyBytes', 'answer', 'A JSON answer larger than this stops with a “too large” error.'],
  ['maxEventBytes', 'stream event', 'A larger event is skipped and flagged; the stream goes on.'],
  [
    'maxStreamBytes',
    'whole stream',
    'A stream past this is closed with a “too large” error; its events are kept.',
  ],
];

export function LimitsFieldset({
  limits,
  setLimits,
}: {
  limits: AgentLimits;
  setLimits: (limits: AgentLimits) => void;
}) {
  return (
    <fieldset>
      <legend>Limits (MiB)</legend>
      {LIMIT_FIELDS.map(([key, label, help]) => (
        <label className="field" key={key} title={help}>
          {label}
          <input
            type="number"
            min={1}
            step="any"
            value={+(limits[key] / MIB).toFixed(3)}
            onChange={(e) =>
              setLimits({
                ...limits,
                [key]: Math.max(1, Math.round((Number(e.target.value) || 0) * MIB)),
              })
            }
            data-testid={`limit-${key}`}
          />
        </label>
      ))}
    </fieldset>
  );
}
