// How a proxied frame (PRX-1) is told in words, from the frame's `proxied` field alone: the client that called, the
// tag's hover text, and the sentences the inspector lists for what the proxy changed (injected faults, PRX-4; a card
// or push config rewritten; a saved session served instead, PRX-5). Pure, so the frames table, the timeline and the
// inspector say the same thing and tests need no DOM.

import type { ProxiedInfo, ProxyClient } from './proxyTypes';

/** "127.0.0.1:51234 · a2a-js/1.3.0", or the address alone when the client sent no User-Agent. */
export function proxiedClientText(client: ProxyClient): string {
  const address = client.address.includes(':') ? `[${client.address}]` : client.address;
  const agent = client.userAgent?.trim();
  return agent ? `${address}:${client.port} · ${agent}` : `${address}:${client.port}`;
}

export function proxiedTitle(info: ProxiedInfo): string {
  return `Carried by the proxy at ${info.listenUrl} for ${proxiedClientText(info.client)}, to ${info.upstream}`;
}

/** What the client got that the upstream did not send, one sentence each; empty when the bytes went through as is. */
export function proxiedNotes(info: ProxiedInfo): string[] {
  const notes = (info.faults ?? []).map((fault) => `Fault “${fault.ruleId}”: ${fault.detail}`);
  if (info.rewritten === 'card') notes.push('The card’s interfaces were rewritten to point at the proxy.');
  if (info.rewritten === 'push-config')
    notes.push('The push config was routed through Switchboard’s receiver.');
  if (info.replacedBy) notes.push(`Answered from the saved session ${info.replacedBy}, not the live agent.`);
  return notes;
}
