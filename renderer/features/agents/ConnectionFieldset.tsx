// The TLS and proxy settings of an agent (NET-1): a CA certificate to trust, one accepted fingerprint, a client
// certificate for mutual TLS and its passphrase (a secret: shown as the placeholder), and the proxy. Certificates and
// keys are file paths the host reads, or pasted PEM text.

import type { ConnectionDraft } from './connectionDraft';

const FIELDS: Array<[keyof ConnectionDraft, string, string]> = [
  ['ca', 'CA certificate', 'PEM file path, or the PEM text: trusted for this agent besides the system store'],
  ['acceptFingerprint', 'Accepted fingerprint', 'SHA-256 of the one certificate you checked with its owner'],
  ['cert', 'Client certificate', 'PEM file path or text, for mutual TLS'],
  ['key', 'Client key', 'PEM file path or text'],
  ['pfx', 'PKCS#12 file', 'path of a .p12/.pfx file, instead of certificate and key'],
  ['proxy', 'Proxy', 'http://proxy:3128, or none; empty: HTTPS_PROXY / HTTP_PROXY / NO_PROXY'],
];

const PEM_FIELDS = new Set<keyof ConnectionDraft>(['ca', 'cert', 'key']);

export function ConnectionFieldset({
  draft,
  setDraft,
}: {
  draft: ConnectionDraft;
  setDraft: (draft: ConnectionDraft) => void;
}) {
  return (
    <fieldset data-testid="connection-fieldset">
      <legend>Connection (TLS and proxy)</legend>
      {FIELDS.map(([key, label, help]) => (
        <label className="field" key={key} title={help}>
          {label}
          {PEM_FIELDS.has(key) ? (
            // A pasted PEM keeps its line breaks only in a text area.
            <textarea
              rows={1}
              value={draft[key]}
              placeholder={help}
              spellCheck={false}
              onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
              data-testid={`connection-${key}`}
            />
          ) : (
            <input
              value={draft[key]}
              placeholder={help}
              spellCheck={false}
              onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
              data-testid={`connection-${key}`}
            />
          )}
        </label>
      ))}
      <label className="field" title="Unlocks the client key or PKCS#12 file; kept like a credential">
        Passphrase
        <input
          type="password"
          autoComplete="off"
          value={draft.passphrase}
          onChange={(e) => setDraft({ ...draft, passphrase: e.target.value })}
          data-testid="connection-passphrase"
        />
      </label>
    </fieldset>
  );
}
