// Every URL a card gives must be an http(s) URL (gRPC interfaces may also be `host:port`, `grpc://` or `grpcs://`):
// the specification types them as URLs for clients to call or show, and a `javascript:` or `data:` URL in a field
// that an inspector, a registry or a client renders as a link is a cross-site scripting vector. Every generation's
// URL fields are read: the card's own, its provider's, its interfaces', and its OAuth and OpenID Connect endpoints.

import type { Detection } from '../a2a/detect';
import { isObject } from '../a2a/decodeContext';
import type { Finding } from '../wire/finding';
import { a2aRef, cite } from './specRefs';

const OAUTH_URLS = ['authorizationUrl', 'tokenUrl', 'refreshUrl', 'deviceAuthorizationUrl'];

/** Each URL field of the card with its JSON pointer, and whether it may be a gRPC address. */
interface UrlField {
  value: unknown;
  pointer: string;
  grpc: boolean;
  /** An interface's URL: one that is not absolute is card.interface-url's to report (cardLint.ts). */
  iface: boolean;
}

function urlFields(card: Record<string, unknown>): UrlField[] {
  const fields: UrlField[] = [];
  const at = (value: unknown, pointer: string, grpc = false, iface = false) => {
    if (value !== undefined) fields.push({ value, pointer, grpc, iface });
  };
  at(card.url, '/url', card.preferredTransport === 'GRPC');
  at(card.documentationUrl, '/documentationUrl');
  at(card.iconUrl, '/iconUrl');
  if (isObject(card.provider)) at(card.provider.url, '/provider/url');
  for (const key of ['supportedInterfaces', 'additionalInterfaces'] as const) {
    const list = card[key];
    if (!Array.isArray(list)) continue;
    list.forEach((iface, index) => {
      if (!isObject(iface)) return;
      const binding = iface.protocolBinding ?? iface.transport;
      at(iface.url, `/${key}/${index}/url`, binding === 'GRPC', true);
    });
  }
  if (isObject(card.securitySchemes)) {
    for (const [name, raw] of Object.entries(card.securitySchemes)) {
      if (!isObject(raw)) continue;
      const base = `/securitySchemes/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      // 1.0 wraps each scheme in a member named after its kind; older cards put the fields at the top.
      const wrapper = Object.keys(raw).find((key) => key.endsWith('SecurityScheme') && isObject(raw[key]));
      const scheme = wrapper ? (raw[wrapper] as Record<string, unknown>) : raw;
      const pointer = wrapper ? `${base}/${wrapper}` : base;
      at(scheme.openIdConnectUrl, `${pointer}/openIdConnectUrl`);
      at(scheme.oauth2MetadataUrl, `${pointer}/oauth2MetadataUrl`);
      if (isObject(scheme.flows)) {
        for (const [flowName, flow] of Object.entries(scheme.flows)) {
          if (!isObject(flow)) continue;
          for (const key of OAUTH_URLS) at(flow[key], `${pointer}/flows/${flowName}/${key}`);
        }
      }
    }
  }
  return fields;
}

const GRPC_ADDRESS = /^(grpcs?:\/\/)?[A-Za-z0-9.[\]:-]+:\d+\/?$/;

/** Why a value is not an http(s) URL, in words, or undefined when it is one. */
function problemOf(field: UrlField): string | undefined {
  const { value } = field;
  if (typeof value !== 'string')
    return field.iface ? undefined : `is ${value === null ? 'null' : typeof value}, not a URL`;
  if (field.grpc && GRPC_ADDRESS.test(value.trim())) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return field.iface ? undefined : 'is not an absolute URL';
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return undefined;
  const danger = /^(javascript|data|vbscript|file):$/.test(url.protocol)
    ? `; a client that shows it as a link would run or load whatever it holds (a cross-site scripting vector)`
    : '';
  return `uses the ${url.protocol} scheme instead of http: or https:${danger}`;
}

export function cardUrlFindings(card: Record<string, unknown>, detection: Detection): Finding[] {
  const spec = cite(a2aRef('agentCard', detection.generation));
  const findings: Finding[] = [];
  for (const field of urlFields(card)) {
    const problem = problemOf(field);
    if (!problem) continue;
    const shown = typeof field.value === 'string' ? JSON.stringify(field.value.slice(0, 80)) : '';
    findings.push({
      rule: 'card.url-scheme',
      severity: 'error',
      message: `${field.pointer.slice(1).replace(/\//g, '.')} ${shown ? `${shown} ` : ''}${problem}.`,
      pointer: field.pointer,
      ...spec,
    });
  }
  return findings;
}
