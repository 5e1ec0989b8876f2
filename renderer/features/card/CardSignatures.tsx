// The card's signatures (CARD-7): what each says about itself at once, and on request whether it verifies against a
// key set the user pastes, or fetches from the `jku` the signature names after saying yes (the host fetches it and
// records the exchange as a frame). The verifier (jose) loads only when asked.

import { useMemo, useState } from 'react';
import { readSignatureEntries, type SignatureEntry } from '../../../shared/a2a/cardSignature/headers';
import type { CardSignatures as Checked, SignatureVerdict } from '../../../shared/a2a/cardSignature/verify';
import { useHost } from '../../host/HostContext';
import { VisibleName } from '../render';

type Verification =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'done'; result: Checked }
  | { status: 'error'; message: string };

export function CardSignatures({ card }: { card: unknown }) {
  const host = useHost();
  const entries = useMemo(() => readSignatureEntries(card), [card]);
  const jkus = useMemo(
    () => [...new Set(entries.flatMap((e) => ('header' in e && e.header.jku ? [e.header.jku] : [])))],
    [entries],
  );
  const [keys, setKeys] = useState('');
  const [verification, setVerification] = useState<Verification>({ status: 'idle' });
  const [asking, setAsking] = useState<string | null>(null);
  const [fetchNote, setFetchNote] = useState<string | null>(null);

  async function verify(keyText: string) {
    setVerification({ status: 'busy' });
    try {
      const { readJwks, verifyCardSignatures } = await import('../../../shared/a2a/cardSignature/verify');
      const read = readJwks(keyText);
      if (!read.ok && keyText.trim() !== '') {
        setVerification({ status: 'error', message: read.reason });
        return;
      }
      setVerification({
        status: 'done',
        result: await verifyCardSignatures(card, read.ok ? read.keys : undefined),
      });
    } catch (error) {
      setVerification({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  async function fetchKeys(url: string) {
    setAsking(null);
    setFetchNote(`Fetching ${url}…`);
    const frame = await host.fetchRaw({
      method: 'GET',
      url,
      headers: [['Accept', 'application/jwk-set+json, application/json']],
      maxBodyBytes: 1024 * 1024,
      timeouts: { connectMs: 10_000, totalMs: 30_000 },
      source: 'card-signature-jku',
    });
    if (frame.error || !frame.response) {
      setFetchNote(`The key set could not be fetched: ${frame.error?.message ?? 'no answer'}.`);
      return;
    }
    if (frame.response.status !== 200) {
      setFetchNote(`The key set could not be fetched: HTTP ${frame.response.status}.`);
      return;
    }
    setFetchNote(`Fetched from ${url} (the exchange is in Frames).`);
    setKeys(frame.response.body.text);
    await verify(frame.response.body.text);
  }

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

function verdictOf(verification: Verification, index: number): SignatureVerdict | undefined {
  return verification.status === 'done'
    ? verification.result.checks.find((check) => check.index === index)?.verdict
    : undefined;
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
