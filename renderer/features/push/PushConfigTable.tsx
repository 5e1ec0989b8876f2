// The push configs the agent listed for a task (PUSH-2), whoever created them: each with its URL and auth schemes,
// and Get and Delete by its id. Credentials are never shown: they are secrets, masked in frames too.

import type { PushConfig } from '../../../shared/a2a/model';

export function PushConfigTable({
  configs,
  canDelete,
  onGet,
  onDelete,
}: {
  configs: PushConfig[];
  canDelete: boolean;
  onGet: (configId: string | undefined) => void;
  onDelete: (configId: string) => void;
}) {
  if (configs.length === 0) {
    return (
      <p className="muted" data-testid="push-configs-empty">
        The agent lists no push configs for this task.
      </p>
    );
  }
  return (
    <table className="tasks" data-testid="push-configs" aria-label="Push configs of the task">
      <thead>
        <tr>
          <th>Config</th>
          <th>URL</th>
          <th>Auth</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {configs.map((config, index) => (
          <tr
            key={`${config.id ?? ''}-${index}`}
            data-testid="push-config-row"
            data-config-id={config.id ?? ''}
          >
            <td>
              <code>{config.id ?? '—'}</code>
            </td>
            <td>
              <code>{config.url}</code>
            </td>
            <td>{config.authSchemes?.join(', ') ?? '—'}</td>
            <td className="actions">
              <button type="button" onClick={() => onGet(config.id)} data-testid="push-config-get">
                Get
              </button>
              <button
                type="button"
                disabled={!canDelete || !config.id}
                onClick={() => config.id && onDelete(config.id)}
                data-testid="push-config-delete"
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
