// The request editor without an agent (MSG-8): how a draft becomes the host's fetchRaw request (ad hoc credentials
// added, secret headers marked so the frame masks them), how a pasted curl line becomes a draft, and how a draft is
// rendered by the Copy as … exporters. Pure functions, so they are tested without a browser.

import type { RawRequest } from '../../../shared/host/hostApi';
import { base64ToBytes, bodyFromBytes, bodyFromText } from '../../../shared/session/byteText';
import { CurlImportError, importCurl } from '../../../shared/wire/curlImport';
import type { FrameRequest, SecretMark } from '../../../shared/wire/frame';
import {
  requestAsCode,
  requestCodeFormats,
  requestCodeLabels,
  type RequestCodeFormat,
} from '../../../shared/wire/requestExport';
import type { DraftAuth, DraftHeader, RawDraft } from './rawDraft';

/** Header names whose values are credentials: imported or typed, they start out marked secret. */
const credentialHeaders = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
  'api-key',
  'x-auth-token',
]);

export function isCredentialHeader(name: string): boolean {
  return credentialHeaders.has(name.trim().toLowerCase());
}

function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The header an ad hoc credential adds, or none. */
export function authHeader(auth: DraftAuth | undefined): DraftHeader | undefined {
  switch (auth?.kind) {
    case 'bearer':
      return { name: 'Authorization', value: `Bearer ${auth.token}`, secret: true };
    case 'basic':
      return {
        name: 'Authorization',
        value: `Basic ${base64Utf8(`${auth.user}:${auth.password}`)}`,
        secret: true,
      };
    case 'api-key':
      return { name: auth.name.trim() || 'X-API-Key', value: auth.value, secret: true };
    default:
      return undefined;
  }
}

/** The draft's header rows with a name, plus the ad hoc credential's header. */
export function effectiveHeaders(draft: RawDraft): DraftHeader[] {
  const rows = draft.headers
    .filter((header) => header.name.trim() !== '')
    .map((header) => ({ ...header, name: header.name.trim() }));
  const auth = authHeader(draft.auth);
  return auth ? [...rows, auth] : rows;
}

export class DraftError extends Error {}

/** What fetchRaw is asked to send for a draft that uses no agent's credentials. */
export function draftToFetch(draft: RawDraft): RawRequest {
  const method = draft.method.trim().toUpperCase();
  if (method === '') throw new DraftError('Type a method, such as GET or POST.');
  const url = draft.url.trim();
  if (!/^https?:\/\/[^/]/i.test(url)) {
    throw new DraftError(
      `Without an agent's credentials the URL must be absolute (http://… or https://…); "${url}" is not.`,
    );
  }
  const headers = effectiveHeaders(draft);
  const secretHeaders = [...new Set(headers.filter((h) => h.secret).map((h) => h.name))];
  return {
    method,
    url,
    headers: headers.map((header): [string, string] => [header.name, header.value]),
    ...(draft.bodyFile
      ? { body: { base64: draft.bodyFile.base64 } }
      : draft.body !== ''
        ? { body: { text: draft.body } }
        : {}),
    ...(secretHeaders.length > 0 ? { secretHeaders } : {}),
    source: 'request-editor',
  };
}

export interface DraftImport {
  draft: RawDraft;
  /** Notes and warnings from the import, in words, for the editor's notice line. */
  notice: string | null;
}

/** A draft from a pasted curl line; a CurlImportError says what could not be imported. */
export function draftFromCurl(text: string): DraftImport {
  const { request, notes, warnings } = importCurl(text);
  if (request.body !== undefined && 'base64' in request.body) {
    throw new CurlImportError('The body is binary (base64 -d): the editor holds text bodies only.');
  }
  const headers = request.headers.map(([name, value]): DraftHeader => ({
    name,
    value,
    ...(isCredentialHeader(name) ? { secret: true } : {}),
  }));
  const said = [...warnings, ...notes];
  return {
    draft: {
      method: request.method,
      url: request.url,
      headers,
      body: request.body?.text ?? '',
      auth: { kind: 'none' },
    },
    notice: said.length > 0 ? `Imported from curl. ${said.join(' ')}` : 'Imported from curl.',
  };
}

export const exportFormats = requestCodeFormats;
export type ExportFormat = RequestCodeFormat;
export const exportLabels = requestCodeLabels;

/** The draft in the chosen format; secret headers are redacted unless `withSecrets`. */
export function exportDraft(draft: RawDraft, format: ExportFormat, withSecrets: boolean): string {
  const headers = effectiveHeaders(draft);
  const request: FrameRequest = {
    method: draft.method.trim().toUpperCase() || 'GET',
    url: draft.url.trim(),
    headers: headers.map((header): [string, string] => [header.name, header.value]),
    ...(draft.bodyFile
      ? { body: bodyFromBytes(base64ToBytes(draft.bodyFile.base64) ?? new Uint8Array()) }
      : draft.body !== ''
        ? { body: bodyFromText(draft.body) }
        : {}),
  };
  const marks: SecretMark[] = headers
    .filter((h) => h.secret)
    .map((h) => ({ in: 'request-header', name: h.name }));
  return requestAsCode(request, format, { redact: withSecrets ? false : marks });
}
