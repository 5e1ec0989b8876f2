// The JSON-RPC envelope of an exchange or event in a few lines (FRM-3): method and id, whether the answer's id
// matches, and the error code with the name the agent's generation gives it.

import type { JsonRpcId } from '../../../shared/wire/jsonRpc';
import type { EnvelopeNote, IdCheck } from './envelope';

function showId(id: JsonRpcId | undefined): string {
  return id === undefined ? 'none' : JSON.stringify(id);
}

const idWords: Record<IdCheck, string> = {
  match: 'matches the request',
  mismatch: 'does not match the request id',
  null: 'is null, though the request id was readable',
  missing: 'is missing',
  'unknown-request': 'cannot be compared: the request id could not be read',
};

export function EnvelopeNotes({ note }: { note: EnvelopeNote }) {
  const { response } = note;
  return (
    <dl className="envelope" data-testid="rpc-envelope">
      <dt>JSON-RPC</dt>
      <dd>
        {note.method !== undefined ? <code>{note.method}</code> : 'no method could be read'} · request id{' '}
        <code>{showId(note.requestId)}</code>
        {note.generation && <span className="muted"> · A2A {note.generation}</span>}
      </dd>
      {response && (
        <>
          <dt>Answer</dt>
          <dd data-testid="rpc-id-check" data-id-check={response.idCheck}>
            {response.kind} · id <code>{showId(response.id)}</code>{' '}
            <span className={response.idCheck === 'mismatch' ? 'error-text' : undefined}>
              {response.idCheck === 'null' && note.requestId === undefined
                ? 'is null, as JSON-RPC asks when the request id cannot be read'
                : idWords[response.idCheck]}
            </span>
          </dd>
        </>
      )}
      {response?.error && (
        <>
          <dt>Error</dt>
          <dd data-testid="rpc-error">
            <code>{response.error.code ?? 'no code'}</code>{' '}
            {response.error.names.length === 0 ? (
              <span className="muted">
                (not an A2A{note.generation ? ` ${note.generation}` : ''} or JSON-RPC error code)
              </span>
            ) : (
              response.error.names.map((named) => (
                <span key={`${named.name}-${named.generations}`} title={named.meaning}>
                  <strong>{named.name}</strong>
                  {!note.generation && <span className="muted"> ({named.generations})</span>}{' '}
                </span>
              ))
            )}
            {response.error.message !== undefined && <> — {response.error.message}</>}
          </dd>
        </>
      )}
    </dl>
  );
}
