// Where the secrets typed in the agent settings go between runs (AUTH-4): the OS keychain, a passphrase-sealed file,
// or memory only, with the way to choose or unlock a passphrase file, so nobody is surprised either way
// (docs/architecture.md#secrets).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHost } from '../../host/HostContext';
import { hostInfoQuery } from '../../queries/hostInfo';

export function SecretsKept() {
  const host = useHost();
  const queries = useQueryClient();
  const info = useQuery(hostInfoQuery(host));
  const [passphrase, setPassphrase] = useState('');
  const unlock = useMutation({
    mutationFn: () => host.unlockSecrets({ passphrase }),
    onSuccess: () => {
      setPassphrase('');
      void queries.invalidateQueries({ queryKey: hostInfoQuery(host).queryKey });
    },
  });
  if (!info.data) return null;
  const { secretStorage: storage, secretFileLocked: locked } = info.data;
  return (
    <div
      className="secrets-kept"
      data-testid="secrets-kept"
      data-storage={storage}
      data-locked={locked === true}
    >
      <p className="muted">
        {storage === 'os-keychain'
          ? 'Secrets are kept in your system’s keychain, never in the agent library or in saved sessions.'
          : storage === 'passphrase-file'
            ? 'Secrets are kept in a file encrypted with your passphrase, never in the agent library or in saved sessions.'
            : locked
              ? 'Secrets saved in a file encrypted with a passphrase are locked; until you unlock them, the ones typed here are kept in memory only.'
              : 'Secrets are kept in memory only: they are gone when Switchboard stops, and never written to disk. To keep them, choose a passphrase for an encrypted file.'}
      </p>
      {storage === 'memory' && (
        <p>
          <input
            type="password"
            autoComplete="off"
            aria-label={locked ? 'Passphrase of the secrets file' : 'New passphrase for a secrets file'}
            value={passphrase}
            onChange={(event) => setPassphrase(event.target.value)}
            data-testid="secrets-passphrase"
          />{' '}
          <button
            type="button"
            disabled={passphrase === '' || unlock.isPending}
            onClick={() => unlock.mutate()}
            data-testid="secrets-unlock"
          >
            {locked ? 'Unlock' : 'Keep secrets in an encrypted file'}
          </button>
        </p>
      )}
      {unlock.error && (
        <p className="error-text" role="alert" data-testid="secrets-error">
          {unlock.error.message}
        </p>
      )}
      {unlock.data && (
        <p className="muted" role="status" data-testid="secrets-unlocked">
          {unlock.data.created
            ? 'The encrypted file was created; the secrets typed so far are in it.'
            : 'Unlocked: agents you open now get their saved secrets.'}
        </p>
      )}
    </div>
  );
}
