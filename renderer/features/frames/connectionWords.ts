// The frame's connection record (NET-1) in words: one line for the inspector's summary and the trust in a phrase, so
// the user sees at a glance whether a proxy carried the exchange and why the peer's certificate was believed.

import type { FrameConnection } from '../../../shared/wire/frame';

type Trust = NonNullable<FrameConnection['tls']>['trust'];

export const TRUST_WORDS: Record<Trust, string> = {
  system: 'trusted by the system’s certificate store',
  'agent-ca': 'trusted through the agent’s CA certificate',
  'accepted-fingerprint': 'not verified; accepted by its fingerprint',
  untrusted: 'not trusted',
};

export function connectionSummary(connection: FrameConnection): string {
  const parts: string[] = [];
  if (connection.proxy) {
    const how = connection.proxy.mode === 'tunnel' ? 'tunnel through' : 'forwarded by';
    parts.push(`${how} ${connection.proxy.url} (${connection.proxy.reason})`);
  } else parts.push('direct');
  const tls = connection.tls;
  if (tls) {
    parts.push([tls.protocol, TRUST_WORDS[tls.trust]].filter(Boolean).join(', '));
    if (tls.clientCertificate) parts.push('client certificate offered');
  }
  return parts.join(' · ');
}
