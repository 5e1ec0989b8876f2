// The state behind the card's signatures section (CARD-7): the signatures read from the card, the key sets they
// name, the key set typed, and verifying on request. A named key set is fetched only after the user says yes, by
// the host through `fetchRaw`, so the exchange is a frame like any other (docs/architecture.md#the-host-contract).
// The verifier (jose) is imported only when asked, to keep it out of the start-up bundle.

import { useMemo, useState } from 'react';
import { readSignatureEntries } from '../../../shared/a2a/cardSignature/headers';
import type { CardSignatures as Checked, SignatureVerdict } from '../../../shared/a2a/cardSignature/verify';
import { useHost } from '../../host/HostContext';

export type Verification =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'done'; result: Checked }
  | { status: 'error'; message: string };

export function useSignatureCheck(card: unknown) {
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

  return { entries, jkus, keys, setKeys, verification, asking, setAsking, fetchNote, verify, fetchKeys };
}

/** What the last verification said about the signature at `index`; nothing before one has run. */
export function verdictOf(verification: Verification, index: number): SignatureVerdict | undefined {
  return verification.status === 'done'
    ? verification.result.checks.find((check) => check.index === index)?.verdict
    : undefined;
}
