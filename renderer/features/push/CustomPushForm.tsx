// Create a push config that points at a URL of the user's own (PUSH-2): URL, token, authentication schemes and
// credentials, checked before anything is sent (customPushConfig.ts). Deliveries to that URL are the user's to watch;
// Switchboard's receiver does not see them.

import { useState } from 'react';
import type { PushConfigInput } from '../../../shared/a2a/adapter';
import { buildCustomPushConfig, EMPTY_CUSTOM_PUSH, type CustomPushFields } from './customPushConfig';

export function CustomPushForm({
  disabled,
  onCreate,
}: {
  disabled: boolean;
  onCreate: (config: PushConfigInput) => void;
}) {
  const [fields, setFields] = useState<CustomPushFields>(EMPTY_CUSTOM_PUSH);
  const [error, setError] = useState<string | undefined>();
  const field = (
    name: keyof CustomPushFields,
    label: string,
    extra: { type?: string; placeholder?: string } = {},
  ) => (
    <label>
      {label}{' '}
      <input
        type={extra.type ?? 'text'}
        placeholder={extra.placeholder}
        value={fields[name]}
        autoComplete="off"
        onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
        data-testid={`push-custom-${name}`}
      />
    </label>
  );
  const create = () => {
    const built = buildCustomPushConfig(fields);
    if ('error' in built) return setError(built.error);
    setError(undefined);
    onCreate(built.config);
  };
  return (
    <details className="push-custom" data-testid="push-custom">
      <summary>Push config to a URL of your own</summary>
      <div className="task-tools">
        {field('url', 'URL', { placeholder: 'https://example.com/hook' })}
        {field('token', 'Token')}
        {field('schemes', 'Auth schemes', { placeholder: 'Bearer' })}
        {field('credentials', 'Credentials', { type: 'password' })}
        {field('id', 'Config id', { placeholder: 'agent picks' })}
        <button type="button" disabled={disabled} onClick={create} data-testid="push-custom-create">
          Create
        </button>
      </div>
      {error && (
        <p className="error-text" role="alert" data-testid="push-custom-error">
          {error}
        </p>
      )}
    </details>
  );
}
