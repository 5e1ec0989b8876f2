// The raw request being edited (MSG-8) and how one is made from a recorded frame for "Edit and resend". Headers the
// host sets itself (Host, Content-Length, Connection) and the agent's credentials are left out: the host adds them
// again when it sends, so a secret is never copied into an editable field.

import type { RawAgentRequest } from '../../../shared/host/agent';
import type { HttpFrame } from '../../../shared/wire/frame';
import { maskRequestBody } from '../../../shared/wire/secretMask';
import { findAdapter } from '../../../shared/a2a/adapters';
import type { Generation } from '../../../shared/a2a/generation';

export interface DraftHeader {
  name: string;
  value: string;
  /** Masked in the editor, marked on the frame, redacted in exports and never kept in the history. */
  secret?: boolean;
}

/** Whose credentials go with the request: none, an open agent's (sent through it), or typed here. */
export type DraftAuth =
  | { kind: 'none' }
  | { kind: 'agent'; agentId: string }
  | { kind: 'bearer'; token: string }
  | { kind: 'basic'; user: string; password: string }
  | { kind: 'api-key'; name: string; value: string };

export interface RawDraft {
  method: string;
  /** Absolute, relative to the agent's interface URL, or empty for the interface URL itself. */
  url: string;
  headers: DraftHeader[];
  body: string;
  /** Absent: the active agent's credentials when one is open, else none. */
  auth?: DraftAuth;
  /** A file that is not text, loaded as the body: sent instead of `body`, as its exact bytes. */
  bodyFile?: { name: string; base64: string; size: number } | undefined;
}

export const emptyDraft: RawDraft = {
  method: 'POST',
  url: '',
  headers: [{ name: 'Content-Type', value: 'application/json' }],
  body: '',
};

/** Set by the host's HTTP client for every request; typing them by hand would only conflict. */
const hostHeaders = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

export interface DraftFromFrame {
  draft: RawDraft;
  /** What was not copied because it is secret, in words for the user. */
  leftOut: string[];
}

export function draftFromFrame(frame: HttpFrame): DraftFromFrame {
  const marks = frame.secrets ?? [];
  const leftOut: string[] = [];
  const secretHeaders = new Set(
    marks.flatMap((mark) => (mark.in === 'request-header' ? [mark.name.toLowerCase()] : [])),
  );
  const secretCookies = new Set(marks.flatMap((mark) => (mark.in === 'cookie' ? [mark.name] : [])));
  const headers: DraftHeader[] = [];
  for (const [name, value] of frame.request.headers) {
    const lower = name.toLowerCase();
    if (hostHeaders.has(lower)) continue;
    if (secretHeaders.has(lower)) {
      leftOut.push(`the ${name} header`);
      continue;
    }
    if (lower === 'cookie' && secretCookies.size > 0) {
      const kept = value
        .split(';')
        .filter((pair) => !secretCookies.has(pair.split('=')[0]!.trim()))
        .map((pair) => pair.trim());
      if (kept.length !== value.split(';').length) leftOut.push('secret cookies');
      if (kept.length > 0) headers.push({ name, value: kept.join('; ') });
      continue;
    }
    headers.push({ name, value });
  }

  let url = frame.request.url;
  const secretParams = marks.flatMap((mark) => (mark.in === 'query' ? [mark.name] : []));
  if (secretParams.length > 0) {
    try {
      const parsed = new URL(url);
      for (const name of secretParams) {
        if (!parsed.searchParams.has(name)) continue;
        parsed.searchParams.delete(name);
        leftOut.push(`the ${name} query parameter`);
      }
      url = parsed.toString();
    } catch {
      // Not a URL the browser can parse: kept as recorded, the host decides.
    }
  }

  const text = frame.request.body?.text ?? '';
  const body = maskRequestBody(text, frame.request.headers, marks);
  if (body !== text) leftOut.push('secret values in the body (shown masked: type them again)');
  return { draft: { method: frame.request.method, url, headers, body }, leftOut };
}

/** What the host is asked to send; header rows without a name are ignored. */
export function draftToRequest(draft: RawDraft, agentId: string): RawAgentRequest {
  const named = draft.headers.filter((header) => header.name.trim() !== '');
  const secretHeaders = [...new Set(named.filter((h) => h.secret).map((h) => h.name.trim()))];
  return {
    agentId,
    method: draft.method.trim().toUpperCase(),
    url: draft.url.trim(),
    headers: draft.headers
      .filter((header) => header.name.trim() !== '')
      .map((header): [string, string] => [header.name.trim(), header.value]),
    // A file that is not text goes as its exact bytes, with the agent's credentials like any other body (MSG-8).
    ...(draft.bodyFile
      ? { bodyBase64: draft.bodyFile.base64 }
      : draft.body !== ''
        ? { body: draft.body }
        : {}),
    ...(secretHeaders.length > 0 ? { secretHeaders } : {}),
  };
}

/**
 * A JSON-RPC send to edit from, as the generation's own adapter writes it (docs/protocol.md#operations-and-bindings):
 * its method name, message shape and send configuration. The body only, pretty-printed; an empty string for a
 * generation without a JSON-RPC binding.
 */
export function jsonRpcTemplate(generation: Generation): string {
  const adapter = findAdapter(generation, 'JSONRPC');
  const encoded = adapter?.encode(
    'send',
    { message: { messageId: 'raw-1', parts: [{ kind: 'text', text: 'hello' }] }, blocking: true },
    { endpoint: 'http://agent.invalid/', requestId: 1, newId: () => 'raw-task-1' },
  );
  return encoded?.ok && encoded.request.body ? JSON.stringify(JSON.parse(encoded.request.body), null, 2) : '';
}
