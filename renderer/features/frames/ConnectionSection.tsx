// How the exchange reached its peer (NET-1), folded under a one-line summary in the inspector: the proxy and why (or
// why none), the TLS protocol and cipher, where trust came from, and the certificate chain the peer presented.

import type { FrameConnection } from '../../../shared/wire/frame';
import { connectionSummary, TRUST_WORDS } from './connectionWords';

export function ConnectionSection({ connection }: { connection: FrameConnection }) {
  const { proxy, direct, tls } = connection;
  return (
    <details className="request-details" data-testid="frame-connection">
      <summary>Connection: {connectionSummary(connection)}</summary>
      <dl className="connection-facts">
        {proxy && (
          <>
            <dt>Proxy</dt>
            <dd data-testid="frame-connection-proxy">
              {proxy.url} ({proxy.mode === 'tunnel' ? 'CONNECT tunnel' : 'request forwarded'}), chosen by{' '}
              {proxy.reason}
            </dd>
          </>
        )}
        {direct && (
          <>
            <dt>No proxy</dt>
            <dd>{direct}</dd>
          </>
        )}
        {tls && (
          <>
            <dt>TLS</dt>
            <dd data-testid="frame-connection-tls">
              {[tls.protocol, tls.cipher].filter(Boolean).join(' · ')} · {TRUST_WORDS[tls.trust]}
              {tls.verifyError && <code> {tls.verifyError}</code>}
              {tls.clientCertificate && ' · client certificate offered'}
            </dd>
          </>
        )}
      </dl>
      {tls && tls.chain.length > 0 && (
        <table className="headers" data-testid="frame-connection-chain">
          <thead>
            <tr>
              <th>Subject</th>
              <th>Issuer</th>
              <th>Valid</th>
              <th>SHA-256</th>
            </tr>
          </thead>
          <tbody>
            {tls.chain.map((cert) => (
              <tr key={cert.sha256}>
                <td>{cert.subject}</td>
                <td>{cert.issuer}</td>
                <td>
                  {cert.validFrom} – {cert.validTo}
                </td>
                <td>
                  <code className="fingerprint">{cert.sha256}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
