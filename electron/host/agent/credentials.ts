// Puts an agent's credentials and custom headers on a request (AUTH-1) and notes where each secret went, so frames
// can be masked and exports redacted without keeping a second copy of the value. Also decides whether a request
// may carry credentials at all: only to the agent's own origin, or to one the user allowed (AUTH-5).

import type { AgentAuth, CustomHeader } from '../../../shared/host/agent';
import type { HeaderList, SecretMark } from '../../../shared/wire/frame';

export interface Credentialed {
  url: string;
  headers: HeaderList;
  secrets: SecretMark[];
}

/**
 * `bearerToken` is the OAuth access token when the auth is client credentials (fetched beforehand). The auth
 * header replaces one of the same name the request already had, so a custom header cannot smuggle a second one.
 */
export function applyCredentials(
  url: string,
  headers: HeaderList,
  auth: AgentAuth,
  custom: readonly CustomHeader[],
  bearerToken?: string,
): Credentialed {
  const out: HeaderList = [...headers];
  const secrets: SecretMark[] = [];
  let target = url;

  for (const header of custom) {
    out.push([header.name, header.value]);
    if (header.secret) secrets.push({ in: 'request-header', name: header.name });
  }

  const setHeader = (name: string, value: string) => {
    const lower = name.toLowerCase();
    for (let i = out.length - 1; i >= 0; i--) if (out[i]![0].toLowerCase() === lower) out.splice(i, 1);
    out.push([name, value]);
    secrets.push({ in: 'request-header', name });
  };

  switch (auth.type) {
    case 'none':
      break;
    case 'bearer':
      setHeader('Authorization', `Bearer ${auth.token}`);
      break;
    case 'basic':
      setHeader('Authorization', `Basic ${basicCredentials(auth.username, auth.password)}`);
      break;
    case 'oauth2-client-credentials':
    case 'oauth2-authorization-code':
      if (bearerToken !== undefined) setHeader('Authorization', `Bearer ${bearerToken}`);
      break;
    case 'apiKey':
      if (auth.location === 'header') setHeader(auth.name, auth.value);
      else if (auth.location === 'query') {
        const parsed = new URL(url);
        parsed.searchParams.set(auth.name, auth.value);
        target = parsed.toString();
        secrets.push({ in: 'query', name: auth.name });
      } else {
        appendCookie(out, auth.name, auth.value);
        secrets.push({ in: 'cookie', name: auth.name });
      }
      break;
  }
  return { url: target, headers: out, secrets };
}

/** RFC 7617: user-id and password joined by a colon, UTF-8, base64. */
export function basicCredentials(username: string, password: string): string {
  return Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
}

/** Joins an existing Cookie header rather than sending two (RFC 6265 §5.4: one Cookie header). */
function appendCookie(headers: HeaderList, name: string, value: string): void {
  const index = headers.findIndex(([key]) => key.toLowerCase() === 'cookie');
  const pair = `${name}=${value}`;
  if (index === -1) headers.push(['Cookie', pair]);
  else headers[index] = [headers[index]![0], `${headers[index]![1]}; ${pair}`];
}

export function hasCredentials(auth: AgentAuth, custom: readonly CustomHeader[]): boolean {
  return auth.type !== 'none' || custom.some((header) => header.secret);
}

/** `scheme://host:port` of a URL, or undefined when it is not a URL. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Undefined when `url` may receive credentials; otherwise the origin the user has to allow first. */
export function originNeedingConsent(
  url: string,
  agentOrigin: string,
  trusted: readonly string[],
): string | undefined {
  // Fails closed: a URL that cannot be read is never assumed to be the agent's.
  const origin = originOf(url) ?? url;
  if (origin === agentOrigin || trusted.includes(origin)) return undefined;
  return origin;
}
