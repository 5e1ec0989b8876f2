// What a file part holds and how it may be shown (TL-4, SEC-3). The media type only chooses a viewer; every viewer is
// safe for any bytes: raster images and media play from blob: URLs, which never run script; SVG, HTML and anything
// unrecognised are never given to an <img> or a frame of the app (SVG and HTML only to the sandboxed preview).

export type MediaKind = 'image' | 'svg' | 'audio' | 'video' | 'html' | 'pdf' | 'text' | 'other';

/** Raster formats an <img> decodes without ever running script. SVG is deliberately not here. */
const RASTER_IMAGES = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/apng',
]);

const TEXT_TYPES = new Set([
  'application/json',
  'application/xml',
  'application/yaml',
  'application/x-yaml',
  'application/x-ndjson',
  'application/javascript',
  'application/x-sh',
  'application/sql',
  'application/graphql',
]);

const BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mov: 'video/quicktime',
  html: 'text/html',
  htm: 'text/html',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
};

/** `type/subtype` in lower case, without parameters; '' when absent or malformed. */
export function essence(mediaType: string | undefined): string {
  const value = (mediaType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(value) ? value : '';
}

/** The declared media type, or one guessed from the file name's extension when none was declared. */
export function effectiveType(mediaType: string | undefined, name: string | undefined): string {
  const declared = essence(mediaType);
  if (declared && declared !== 'application/octet-stream') return declared;
  const extension = name?.toLowerCase().match(/\.([a-z0-9]{1,8})$/)?.[1];
  return (extension && BY_EXTENSION[extension]) || declared;
}

export function mediaKindOf(type: string): MediaKind {
  if (RASTER_IMAGES.has(type)) return 'image';
  if (type === 'image/svg+xml') return 'svg';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('text/') || TEXT_TYPES.has(type) || type.endsWith('+json') || type.endsWith('+xml'))
    return 'text';
  return 'other';
}

/** Base64 (standard or URL-safe, padding optional, white space ignored) to bytes; null when it is not base64. */
export function decodeBase64(base64: string): Uint8Array<ArrayBuffer> | null {
  const clean = base64.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.replace(/=+$/, '').length % 4 === 1) return null;
  const padded = clean.replace(/=+$/, '');
  let binary: string;
  try {
    binary = atob(padded + '='.repeat((4 - (padded.length % 4)) % 4));
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Bytes to standard base64, a chunk at a time so no argument list grows with the file. */
export function bytesToBase64(bytes: Uint8Array): string {
  const chunks: string[] = [];
  for (let at = 0; at < bytes.length; at += 0x8000) {
    chunks.push(String.fromCharCode(...bytes.subarray(at, at + 0x8000)));
  }
  return btoa(chunks.join(''));
}

/**
 * A data: URL taken apart into its media type and bytes, so a file part that carries one is shown like inline bytes.
 * The URL itself is never handed to the page (no <img src="data:…">, no link): only the decoded bytes are used.
 */
export function parseDataUrl(raw: string): { mediaType: string; bytes: Uint8Array<ArrayBuffer> } | null {
  const match = /^data:([^,]*),/i.exec(raw);
  if (!match) return null;
  const header = match[1] ?? '';
  const payload = raw.slice(match[0].length);
  const base64 = /;base64$/i.test(header);
  const mediaType = essence(header.replace(/;base64$/i, '')) || 'text/plain';
  if (base64) {
    const bytes = decodeBase64(decodeURIComponentSafe(payload));
    return bytes ? { mediaType, bytes } : null;
  }
  return { mediaType, bytes: new TextEncoder().encode(decodeURIComponentSafe(payload)) };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A name for "Save": no folders, no control characters, nothing hidden; `fallback` when nothing is left. */
export function safeFileName(name: string | undefined, fallback = 'file'): string {
  const cleaned = (name ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are what is being removed.
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069/\\:*?"<>|]+/g, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

export function bytesToText(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}
