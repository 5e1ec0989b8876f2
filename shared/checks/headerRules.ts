// What docs/protocol.md#versions-headers-and-content-types makes checkable in one exchange's headers: the A2A-Version a
// request named and what the answer made of it, extensions asked for and echoed, and the media types of A2A 1.0 (REST
// answers and push deliveries SHOULD say application/a2a+json). Each rule is a pure function of one frame.

import type { HeaderList, HttpFrame, WebhookFrame } from '../wire/frame';
import { profileNamed } from '../a2a/profile';

export function headerValue(headers: HeaderList, names: readonly string[]): string | undefined {
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (names.some((wanted) => wanted.toLowerCase() === lower)) return value;
  }
  return undefined;
}

/** `application/json; charset=utf-8` → `application/json`. */
export function mediaType(headers: HeaderList): string {
  return (headerValue(headers, ['Content-Type']) ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * The version a request asked for: the header, else the `A2A-Version` query parameter
 * (docs/protocol.md#versions-headers-and-content-types).
 */
export function requestedVersion(frame: HttpFrame): string | undefined {
  const header = headerValue(frame.request.headers, ['A2A-Version']);
  if (header !== undefined) return header.trim();
  const query = frame.request.url.indexOf('?');
  if (query < 0) return undefined;
  for (const pair of frame.request.url
    .slice(query + 1)
    .split('#', 1)[0]!
    .split('&')) {
    const [name, value = ''] = pair.split('=', 2);
    if (name?.toLowerCase() !== 'a2a-version') continue;
    try {
      return decodeURIComponent(value.replace(/\+/g, ' ')).trim();
    } catch {
      return value.trim();
    }
  }
  return undefined;
}

/** Versions A2A has published (1.1 as a draft); anything else an agent cannot honestly say it supports. */
const KNOWN_VERSION = /^(0\.[1-3]|1\.[01])(\.\d+)?$/;

function member(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** Whether an error answer is VersionNotSupportedError: -32009 in 1.0 JSON-RPC, or the ErrorInfo reason. */
function refusesVersion(frame: HttpFrame): boolean {
  const response = frame.response;
  if (!response || frame.a2a?.outcome !== 'error') return false;
  let body: unknown;
  try {
    body = JSON.parse(response.body.text) as unknown;
  } catch {
    return false;
  }
  const error = member(body, 'error');
  // -32009 meant something else in 0.1's prose (docs/protocol.md#json-rpc-error-codes); only the 1.0 code counts here.
  if (member(error, 'code') === -32009) return true;
  const details = [member(error, 'data'), member(error, 'details')].flatMap((list) =>
    Array.isArray(list) ? (list as unknown[]) : [],
  );
  return details.some((detail) => member(detail, 'reason') === 'VERSION_NOT_SUPPORTED');
}

const succeeded = (frame: HttpFrame) => frame.a2a?.outcome === 'result' || frame.a2a?.outcome === 'stream';

/** A2A-Version handling that one exchange shows to be wrong, in plain words; undefined when nothing is. */
export function versionProblem(
  frame: HttpFrame,
): { severity: 'error' | 'warning'; message: string } | undefined {
  const a2a = frame.a2a;
  if (!a2a || !frame.response || a2a.operation === 'card') return undefined;
  const asked = requestedVersion(frame);
  const versionHeader = profileNamed(a2a.generation)?.versionHeader;
  if (
    versionHeader !== undefined &&
    asked !== undefined &&
    (asked === versionHeader || asked.startsWith(`${versionHeader}.`)) &&
    refusesVersion(frame)
  ) {
    return {
      severity: 'error',
      message: `The agent refused A2A-Version ${asked} (VersionNotSupportedError), but the interface this request went to declares protocol version ${versionHeader}.`,
    };
  }
  if (
    versionHeader !== undefined &&
    a2a.binding === 'JSONRPC' &&
    (asked === undefined || asked === '') &&
    a2a.rpc !== undefined &&
    !a2a.rpc.method.includes('/') &&
    succeeded(frame)
  ) {
    return {
      severity: 'warning',
      message: `The ${versionHeader} call ${a2a.rpc.method} carried no A2A-Version, so the agent must treat it as A2A 0.3 (and refuse a method 0.3 does not have); it answered it as 1.0 instead.`,
    };
  }
  if (asked !== undefined && asked !== '' && !KNOWN_VERSION.test(asked) && succeeded(frame)) {
    return {
      severity: 'warning',
      message: `The request named A2A-Version ${asked}, which is no A2A version; the agent should answer VersionNotSupportedError (-32009) instead of carrying on.`,
    };
  }
  return undefined;
}

const EXTENSION_HEADERS = ['A2A-Extensions', 'X-A2A-Extensions'];

/** Extensions the request asked for, when a successful answer does not say which it activated. */
export function unechoedExtensions(frame: HttpFrame): string | undefined {
  const asked = headerValue(frame.request.headers, EXTENSION_HEADERS)?.trim();
  const response = frame.response;
  if (!asked || !response || response.status >= 400 || frame.error) return undefined;
  return headerValue(response.headers, EXTENSION_HEADERS) === undefined ? asked : undefined;
}

/** A 1.0 REST answer with a body, labelled application/json where 1.0 asks for application/a2a+json. */
export function plainJsonRestAnswer(frame: HttpFrame): boolean {
  const response = frame.response;
  return (
    profileNamed(frame.a2a?.generation)?.a2aMediaType !== undefined &&
    frame.a2a?.binding === 'HTTP+JSON' &&
    response !== undefined &&
    frame.stream === undefined &&
    response.status >= 200 &&
    response.status < 300 &&
    response.body.size > 0 &&
    mediaType(response.headers) === 'application/json'
  );
}

/**
 * An accepted 1.0 push delivery labelled application/json (docs/protocol.md#what-the-agent-sends: the spec says
 * application/a2a+json).
 */
export function plainJsonPush(frame: WebhookFrame): boolean {
  return (
    frame.verdict.accepted &&
    profileNamed(frame.a2a?.generation)?.a2aMediaType !== undefined &&
    mediaType(frame.request.headers) === 'application/json'
  );
}

/** A delivery the receiver refused for its content type (415): the agent pushed something that is not JSON. */
export function nonJsonPush(frame: WebhookFrame): string | undefined {
  return frame.verdict.status === 415 ? mediaType(frame.request.headers) || '(none)' : undefined;
}
