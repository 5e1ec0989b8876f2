// The viewer for a file's bytes, chosen by its media type (TL-4, SEC-3): raster images in an <img>, audio and video
// with controls and no autoplay (all from blob: URLs), HTML and SVG only in the sandboxed preview, text as text, and
// a PDF offered to open in the OS's viewer (through the host) or to save, anything else only offered to save.

import { useMemo, useState } from 'react';
import { useBlobUrl } from './useBlobUrl';
import { bytesToText, mediaKindOf, safeFileName } from './media';
import { PdfActions } from './PdfActions';
import { SandboxPreview } from './SandboxPreview';
import { looksLikeMarkup, sniffRaster } from './sniff';

const MAX_TEXT_CHARS = 100_000;

export function FileBody({
  bytes,
  type,
  name,
  alt,
}: {
  bytes: Uint8Array<ArrayBuffer>;
  type: string;
  name: string;
  alt?: string;
}) {
  const kind = mediaKindOf(type);
  switch (kind) {
    case 'image':
      // Only bytes that really start like an image reach an <img>; a lying label is said to be one.
      if (!sniffRaster(bytes)) return <MislabelledImage bytes={bytes} type={type} name={name} />;
      return <InlineImage bytes={bytes} type={type} alt={alt ?? name} />;
    case 'audio':
    case 'video':
      return <MediaPlayer kind={kind} bytes={bytes} type={type} name={name} />;
    case 'svg':
    case 'html':
      return (
        <span className="file-actions">
          <SandboxPreview kind={kind} bytes={bytes} name={name} />
          <SaveLink bytes={bytes} name={name} />
        </span>
      );
    case 'text':
      return <TextFile bytes={bytes} name={name} />;
    case 'pdf':
      return (
        <span className="file-actions">
          <PdfActions bytes={bytes} />
          <SaveLink bytes={bytes} name={name} />
        </span>
      );
    case 'other':
      return (
        <span className="file-actions">
          <span className="muted">No preview for {type || 'files of unknown type'}.</span>
          <SaveLink bytes={bytes} name={name} />
        </span>
      );
  }
}

function InlineImage({ bytes, type, alt }: { bytes: Uint8Array<ArrayBuffer>; type: string; alt: string }) {
  const url = useBlobUrl(bytes, type);
  const [broken, setBroken] = useState(false);
  if (broken) return <span className="render-error">The image could not be decoded as {type}.</span>;
  if (!url) return null;
  return (
    <img
      className="part-image"
      data-testid="part-image"
      src={url}
      alt={alt}
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
    />
  );
}

function MislabelledImage({
  bytes,
  type,
  name,
}: {
  bytes: Uint8Array<ArrayBuffer>;
  type: string;
  name: string;
}) {
  const markup = looksLikeMarkup(bytes);
  return (
    <span className="file-actions">
      <span className="render-error" data-testid="mislabelled-file">
        Labelled {type}, but these bytes are not an image
        {markup ? ': they look like HTML or SVG markup' : ''}. Not shown; save the file to inspect it.
      </span>
      <SaveLink bytes={bytes} name={name} />
    </span>
  );
}

function MediaPlayer({
  kind,
  bytes,
  type,
  name,
}: {
  kind: 'audio' | 'video';
  bytes: Uint8Array<ArrayBuffer>;
  type: string;
  name: string;
}) {
  const url = useBlobUrl(bytes, type);
  if (!url) return null;
  // No autoPlay, and only metadata is read until the user presses play.
  return kind === 'audio' ? (
    <audio
      className="part-media"
      data-testid="part-audio"
      src={url}
      controls
      preload="metadata"
      aria-label={name}
    />
  ) : (
    <video
      className="part-media"
      data-testid="part-video"
      src={url}
      controls
      preload="metadata"
      aria-label={name}
    />
  );
}

function TextFile({ bytes, name }: { bytes: Uint8Array<ArrayBuffer>; name: string }) {
  const text = useMemo(() => bytesToText(bytes), [bytes]);
  const cut = text.length > MAX_TEXT_CHARS;
  return (
    <span className="file-actions file-text-wrap">
      <pre className="file-text" data-testid="part-file-text">
        {cut ? text.slice(0, MAX_TEXT_CHARS) : text}
      </pre>
      {cut && <span className="muted">Showing the first {MAX_TEXT_CHARS.toLocaleString()} characters.</span>}
      <SaveLink bytes={bytes} name={name} />
    </span>
  );
}

/** Saves the bytes as an opaque download: the octet-stream type keeps the browser from rendering them itself. */
function SaveLink({ bytes, name }: { bytes: Uint8Array<ArrayBuffer>; name: string }) {
  const url = useBlobUrl(bytes, 'application/octet-stream');
  if (!url) return null;
  return (
    <a className="render-action" data-testid="save-file" href={url} download={safeFileName(name)}>
      Save {safeFileName(name)}
    </a>
  );
}
