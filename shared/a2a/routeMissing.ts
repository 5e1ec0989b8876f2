// Honest detection (CARD-3): a card can read as a generation while the agent behind it speaks something else (the
// simplified REST agents tutorials teach serve an 0.1-looking card and answer `POST /tasks`, not JSON-RPC). When an
// operation's answer says the route is not there (404, 405, an HTML page, or a success that is not JSON), this says so
// in words, from the frame alone, so the host, the CLI and the checks tell the same story.

import type { HttpFrame } from '../wire/frame';
import { parseJsonText } from '../wire/jsonText';

export interface RouteMissing {
  /** `POST /tasks/send`: what was asked for. */
  call: string;
  /** `404 Not Found`, `an HTML page (HTTP 200)`, …: what came back, in words. */
  answer: string;
  generation: string;
  binding: string;
}

/** Operations whose absence says nothing about the binding: an agent may simply not offer an extended card. */
const OPTIONAL_OPERATIONS: ReadonlySet<string> = new Set(['extendedCard', 'raw']);

const HTML_START = /^\s*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i;

/**
 * What an A2A operation's answer says about its route, or nothing when the answer is A2A (a result or an error) or
 * the request was typed by hand. gRPC answers carry their own status and are not judged here.
 */
export function routeMissing(frame: HttpFrame): RouteMissing | undefined {
  const a2a = frame.a2a;
  const response = frame.response;
  if (!a2a || !response || frame.error || frame.source === 'agent:raw') return undefined;
  if (a2a.binding === 'GRPC' || OPTIONAL_OPERATIONS.has(a2a.operation)) return undefined;
  if (a2a.outcome === 'result' || a2a.outcome === 'error' || a2a.outcome === 'stream') return undefined;
  const answer = describeAnswer(
    response.status,
    response.statusText,
    contentTypeOf(frame),
    response.body.text,
  );
  if (answer === undefined) return undefined;
  return { call: `${frame.request.method.toUpperCase()} ${pathOf(frame.request.url)}`, answer, ...pick(a2a) };
}

/** The sentence the user reads: what the card says, what the agent did, what to try instead. */
export function routeMissingMessage(missing: RouteMissing): string {
  const { generation, binding } = missing;
  return (
    `The card reads as A2A ${generation}, but ${missing.call} answered ${missing.answer}: this agent may not ` +
    `speak A2A ${generation} over ${binding}. Try the request editor with the card's credentials.`
  );
}

function describeAnswer(
  status: number,
  statusText: string,
  contentType: string,
  text: string,
): string | undefined {
  const named = `${status}${statusText ? ` ${statusText}` : ''}`;
  const html = contentType.includes('text/html') || HTML_START.test(text.slice(0, 200));
  if (status === 404 || status === 405) return html ? `${named} with an HTML page` : named;
  const success = status >= 200 && status < 300;
  if (html && success) return `an HTML page (HTTP ${named})`;
  // An empty success is a broken answer, not a missing route; a stream is judged by its events.
  if (
    success &&
    text.trim() !== '' &&
    !contentType.includes('text/event-stream') &&
    !parseJsonText(text).ok
  ) {
    return `HTTP ${named} with a body that is not JSON`;
  }
  return undefined;
}

function contentTypeOf(frame: HttpFrame): string {
  const found = frame.response?.headers.find(([name]) => name.toLowerCase() === 'content-type');
  return (found?.[1] ?? '').toLowerCase();
}

/** The path and query of the call, which is what differs between a generation's routes; the origin is the agent's. */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

function pick(a2a: { generation: string; binding: string }): { generation: string; binding: string } {
  return { generation: a2a.generation, binding: a2a.binding };
}
