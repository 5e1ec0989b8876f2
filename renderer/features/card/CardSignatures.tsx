// The card's signatures (CARD-7): what each says about itself at once, and on request whether it verifies against a
// key set the user pastes, or fetches from the `jku` the signature names after saying yes (the host fetches it and
// records the exchange as a frame). The verifier (jose) loads only when asked. The state and the verifying are in
// useSignatureCheck.ts; this module lays them out.

import type { SignatureEntry } from '../../../shared/a2a/cardSignature/headers';
import type { SignatureVerdict } from '../../../shared/a2a/cardSignature/verify';
import { VisibleName } from '../render';
import { useSignatureCheck, verdictOf } from './useSignatureCheck';

export function CardSignatures({ card }: { card: unknown }) {
  const { entries, jkus, keys, setKeys, verification, asking, setAsking, fetchNote, verify, fetchKeys } =
    useSignatureCheck(card);

  return (
    <section aria-label="Signatures" className="card-section" data-testid="card-signatures">
      <h3>Signatures</h3>
      {entries.length === 0 ? (
        <p className="muted" data-testid="card-unsigned">
          The card is not signed.
        </p>
      ) : (
        <>
          <ul className="card-signatures">
            {entries.map((entry) => (
              <SignatureRow key={entry.index} entry={entry} verdict={verdictOf(verification, entry.index)} />
            ))}
          </ul>
          {verification.status === 'done' && (
            <p role="status" data-testid="signature-summary" data-verified={verification.result.verified}>
              {verification.result.verified
                ? 'The card is signed by a key in this set.'
                : 'No signature verified with this key set.'}
            </p>
          )}
          {verification.status === 'error' && (
            <p className="error-text" role="alert" data-testid="signature-error">
              {verification.message}
            </p>
          )}
          <label className="card-signature-keys">
            Public keys (JWKS) to verify with
            <textarea
              rows={4}
              value={keys}
              onChange={(event) => setKeys(event.target.value)}
              placeholder='{"keys": [ … ]}'
              spellCheck={false}
              data-testid="signature-jwks"
            />
          </label>
          <p>
            <button
              type="button"
              disabled={verification.status === 'busy'}
              onClick={() => void verify(keys)}
              data-testid="signature-verify"
            >
              {verification.status === 'busy' ? 'Verifying…' : 'Verify'}
            </button>{' '}
            {jkus.map((url) => (
              <button
                key={url}
                type="button"
                onClick={() => setAsking(url)}
                data-testid="signature-fetch-jku"
              >
                Fetch the key set the signature names…
              </button>
            ))}
          </p>
          {asking && (
            <p role="alertdialog" aria-label="Fetch the key set?" data-testid="signature-jku-confirm">
              The signature names its key set at <code>{asking}</code>. Fetching it makes a request to that
              address from your machine; a key set fetched from where the card points proves only that the
              card and the keys come from the same place.{' '}
              <button
                type="button"
                onClick={() => void fetchKeys(asking)}
                data-testid="signature-fetch-confirm"
              >
                Fetch it
              </button>{' '}
              <button type="button" onClick={() => setAsking(null)}>
                Cancel
              </button>
            </p>
          )}
          {fetchNote && (
            <p className="muted" data-testid="signature-fetch-note">
              {fetchNote}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function SignatureRow({ entry, verdict }: { entry: SignatureEntry; verdict: SignatureVerdict | undefined }) {
  return (
    <li data-testid="card-signature" data-status={verdict?.status ?? 'unchecked'}>
      {'problem' in entry ? (
        <span className="error-text">{entry.problem}</span>
      ) : (
        <>
          <strong>{entry.header.alg ?? '(no alg)'}</strong>{' '}
          <span className="muted">
            key <VisibleName text={entry.header.kid ?? '(no kid)'} />
            {entry.header.jku && <> · key set {entry.header.jku}</>}
          </span>
        </>
      )}
      {verdict && <VerdictText verdict={verdict} />}
    </li>
  );
}

function VerdictText({ verdict }: { verdict: SignatureVerdict }) {
  switch (verdict.status) {
    case 'verified':
      return (
        <p className="outcome" data-testid="signature-verdict">
          Verified with {verdict.alg}
          {verdict.kid ? ` and key ${verdict.kid}` : ''}. Payload: {verdict.canonicalization.label}.
        </p>
      );
    case 'no-key':
      return (
        <p className="muted" data-testid="signature-verdict">
          {verdict.reason}
        </p>
      );
    case 'failed':
      return (
        <div className="outcome error" data-testid="signature-verdict">
          <p>{verdict.reason}</p>
          {verdict.attempts.length > 0 && (
            <details>
              <summary>What was tried ({verdict.attempts.length})</summary>
              <ul>
                {verdict.attempts.map((attempt) => (
                  <li key={attempt}>{attempt}</li>
                ))}
              </ul>
            </details>
          )}
        </div>
      );
  }
}
