// The host's bootstrap answer (shared/host/bootstrap.ts) written into the browser edition's page, so the renderer has
// it when its script runs instead of asking for it then: the round trip it saves was on the way to ready
// (bench:start in BENCHMARKS.md). It travels as JSON in a <meta> attribute, never in a script (the CSP forbids inline
// script), escaped so that no value, agent-chosen names included, can end the attribute. The page already holds the
// token that could ask the host for the same answer, so it reveals nothing the page could not read.

import type { HostBootstrap } from '../../shared/host/bootstrap';
import { BOOTSTRAP_META } from '../../shared/host/webBridge';

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/** `text` as the value of a double-quoted HTML attribute: the parser hands back exactly `text`. */
export function escapeAttribute(text: string): string {
  return text.replace(/[&"'<>]/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);
}

export function bootstrapMeta(boot: HostBootstrap): string {
  return `<meta name="${BOOTSTRAP_META}" content="${escapeAttribute(JSON.stringify(boot))}">`;
}
