// Large bodies out of frames and back (issue 7): a body or SSE block over the threshold is replaced by a reference
// to its bytes' sha256 with its text and base64 emptied, and the bytes are handed to a store (a blob file beside the
// journal, or the blob table of a session file). Reading puts them back, rebuilding the text and the SSE fields that
// were derived from the bytes. A reference whose bytes are missing stays empty and is reported, never invented.

import { createHash } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import type { BodyBytes, Frame, SseFrame } from '../../../shared/wire/frame';
import { parseSseText } from '../../../shared/wire/sse';
import { BLOB_THRESHOLD_BYTES, type BlobRef } from '../../../shared/session/sessionFile';
import { nestedDeeperThan } from '../../../shared/wire/jsonDepth';
import { JSON_MAX_DEPTH } from '../../../shared/wire/jsonText';

const utf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export type BlobSink = (sha256: string, bytes: Buffer) => void;
export type BlobSource = (sha256: string) => Buffer | undefined;

type StoredBody = BodyBytes & BlobRef;
type StoredSse = SseFrame & BlobRef;

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function externalBody(body: BodyBytes, sink: BlobSink, threshold: number): StoredBody {
  // A stored body's bytes are already in a store of their own (spill/storedBodies.ts); its text is small.
  if (body.size <= threshold || body.stored) return body;
  const bytes = Buffer.from(body.base64, 'base64');
  const hash = sha256(bytes);
  sink(hash, bytes);
  return { ...body, base64: '', text: '', blob: hash };
}

/** The frame with bodies over `threshold` bytes moved to `sink`; a frame with nothing large comes back as it is. */
export function externalizeFrame(frame: Frame, sink: BlobSink, threshold = BLOB_THRESHOLD_BYTES): Frame {
  if (frame.kind === 'sse') {
    const size = frame.offset.end - frame.offset.start;
    if (size <= threshold) return frame;
    const bytes = frame.rawBase64 ? Buffer.from(frame.rawBase64, 'base64') : Buffer.from(frame.raw, 'utf8');
    const hash = sha256(bytes);
    sink(hash, bytes);
    // The event's data and parsed JSON are derived from the raw block; they are rebuilt when it is read back. The
    // `jsonFromData` mark stays: it says what the parsed JSON is, as the live frame did.
    const { json: _json, rawBase64: _base64, ...rest } = frame;
    const stored: StoredSse = { ...rest, raw: '', blob: hash };
    if (frame.event) stored.event = { ...frame.event, data: '' };
    return stored;
  }
  const requestBody = frame.request.body;
  const responseBody = frame.response?.body;
  const large = (body: BodyBytes | undefined) => body !== undefined && body.size > threshold;
  if (!large(requestBody) && !large(responseBody)) return frame;
  const copy = { ...frame, request: { ...frame.request } } as typeof frame;
  if (requestBody) copy.request.body = externalBody(requestBody, sink, threshold);
  if (frame.response && responseBody) {
    copy.response = {
      ...frame.response,
      body: externalBody(responseBody, sink, threshold),
    } as typeof frame.response;
  }
  return copy;
}

interface DecodedBody {
  base64: string;
  text: string;
  size: number;
}

interface DecodedBlock {
  raw: string;
  rawBase64?: string;
  data: string;
  json?: unknown;
}

/**
 * Decodes each blob once and hands the same strings (and parsed JSON) to every frame that names it, so a hostile
 * file that points a thousand frames at one large blob costs one copy, not a thousand.
 */
export function blobReader(source: BlobSource) {
  const bodies = new Map<string, DecodedBody | null>();
  const blocks = new Map<string, DecodedBlock | null>();
  return {
    body(hash: string): DecodedBody | undefined {
      if (!bodies.has(hash)) {
        const bytes = source(hash);
        bodies.set(
          hash,
          bytes
            ? { base64: bytes.toString('base64'), text: utf8.decode(bytes), size: bytes.byteLength }
            : null,
        );
      }
      return bodies.get(hash) ?? undefined;
    },
    block(hash: string): DecodedBlock | undefined {
      if (!blocks.has(hash)) {
        const bytes = source(hash);
        let decoded: DecodedBlock | null = null;
        if (bytes) {
          const raw = utf8.decode(bytes);
          const data = parseSseText(raw).events[0]?.data ?? '';
          decoded = { raw, data, ...(isUtf8(bytes) ? {} : { rawBase64: bytes.toString('base64') }) };
          try {
            const json = JSON.parse(data) as unknown;
            // Deeper than the careful parser goes: the live recording had no parsed copy either.
            if (!nestedDeeperThan(json, JSON_MAX_DEPTH)) decoded.json = json;
          } catch {
            // Not JSON when recorded either: the frame's findings already say so.
          }
        }
        blocks.set(hash, decoded);
      }
      return blocks.get(hash) ?? undefined;
    },
  };
}

export type BlobReader = ReturnType<typeof blobReader>;

function internalBody(body: StoredBody, reader: BlobReader, missing: Set<string>): BodyBytes {
  if (!body.blob) return body;
  const decoded = reader.body(body.blob);
  const { blob, ...rest } = body;
  if (!decoded) {
    missing.add(blob);
    return rest;
  }
  return { ...rest, ...decoded };
}

/** The frame with its blob references filled from `reader`; hashes with no bytes are added to `missing`. */
export function internalizeFrame(frame: Frame, reader: BlobReader, missing: Set<string>): Frame {
  if (frame.kind === 'sse') {
    const stored = frame as StoredSse;
    if (!stored.blob) return frame;
    const decoded = reader.block(stored.blob);
    const { blob, ...rest } = stored;
    if (!decoded) {
      missing.add(blob);
      return rest;
    }
    const restored: SseFrame = { ...rest, raw: decoded.raw };
    if (decoded.rawBase64 !== undefined) restored.rawBase64 = decoded.rawBase64;
    if (rest.event) {
      restored.event = { ...rest.event, data: decoded.data };
      // A stream frame recorded before its analysis has its JSON from the analysis line that followed it: as the
      // live frame's, a mark or a value of its own.
      const analysed = rest.json !== undefined || rest.jsonFromData === true;
      if (decoded.json !== undefined && !analysed) restored.json = decoded.json;
    }
    return restored;
  }
  const stored = frame as Frame & { request: { body?: StoredBody }; response?: { body: StoredBody } };
  const hasRef = stored.request.body?.blob !== undefined || stored.response?.body.blob !== undefined;
  if (!hasRef) return frame;
  const copy = { ...frame, request: { ...frame.request } } as typeof frame;
  if (stored.request.body) copy.request.body = internalBody(stored.request.body, reader, missing);
  if (frame.response && stored.response) {
    copy.response = {
      ...frame.response,
      body: internalBody(stored.response.body, reader, missing),
    } as typeof frame.response;
  }
  return copy;
}
