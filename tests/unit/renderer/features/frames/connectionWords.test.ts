// NET-1 in the inspector: the one-line summary of how an exchange reached its peer.

import { describe, expect, it } from 'vitest';
import { connectionSummary } from '../../../../../renderer/features/frames/connectionWords';

describe('connectionSummary', () => {
  it('names the proxy and why, the TLS protocol and where trust came from', () => {
    expect(
      connectionSummary({
        proxy: { url: 'http://proxy:3128', reason: 'HTTPS_PROXY', mode: 'tunnel' },
        tls: { protocol: 'TLSv1.3', chain: [], trust: 'agent-ca', clientCertificate: true },
      }),
    ).toBe(
      'tunnel through http://proxy:3128 (HTTPS_PROXY) · TLSv1.3, trusted through the agent’s CA certificate · ' +
        'client certificate offered',
    );
  });

  it('says direct, and an accepted fingerprint is not verified', () => {
    expect(connectionSummary({ direct: 'NO_PROXY matches a' })).toBe('direct');
    expect(
      connectionSummary({ tls: { chain: [], trust: 'accepted-fingerprint', clientCertificate: false } }),
    ).toBe('direct · not verified; accepted by its fingerprint');
    expect(
      connectionSummary({ proxy: { url: 'http://p:1', reason: 'agent setting', mode: 'forward' } }),
    ).toBe('forwarded by http://p:1 (agent setting)');
  });
});
