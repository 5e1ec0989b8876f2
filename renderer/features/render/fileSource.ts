// Where a file part's bytes are (TL-4, SEC-3): inline (base64 or a data: URL, decoded here), at an http(s) URL the
// host may fetch when the user asks, stored on disk by the host (too large for memory), or nowhere usable (another scheme, broken base64) — then it is only described.

import type { Part } from '../../../shared/a2a/model';
import { parseStoredString, type StoredString } from '../../../shared/wire/storedString';
import { decodeBase64, effectiveType, parseDataUrl } from './media';
import { checkLoadUrl, shortenUrl } from './safeUrl';

export type FilePart = Extract<Part, { kind: 'file' }>;

export type FileSource =
  | { kind: 'bytes'; bytes: Uint8Array<ArrayBuffer>; type: string }
  | { kind: 'remote'; url: string; host: string; type: string }
  | { kind: 'none'; type: string; reason: string }
  /** Too large for memory: the host keeps the bytes on disk and they load on request (SEC-4). */
  | { kind: 'stored'; stored: StoredString; type: string };

export function fileSource(part: FilePart): FileSource {
  const declared = effectiveType(part.mediaType, part.name);
  if (part.bytes !== undefined) {
    const stored = parseStoredString(part.bytes);
    if (stored) return { kind: 'stored', stored, type: declared };
    const bytes = decodeBase64(part.bytes);
    return bytes
      ? { kind: 'bytes', bytes: bytes, type: declared }
      : { kind: 'none', type: declared, reason: 'The inline bytes are not valid base64.' };
  }
  const uri = part.uri ?? '';
  if (/^data:/i.test(uri)) {
    const data = parseDataUrl(uri);
    if (!data) return { kind: 'none', type: declared, reason: 'The data: URL cannot be decoded.' };
    return {
      kind: 'bytes',
      bytes: data.bytes,
      type: declared || effectiveType(data.mediaType, part.name),
    };
  }
  const verdict = checkLoadUrl(uri);
  if (verdict.ok) return { kind: 'remote', url: verdict.href, host: verdict.host, type: declared };
  return {
    kind: 'none',
    type: declared,
    reason: uri
      ? `${shortenUrl(uri)} is not loaded: ${verdict.reason}`
      : 'The part carries neither bytes nor a URL.',
  };
}
