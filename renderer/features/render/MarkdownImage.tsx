// An image written in markdown (SEC-3): an http(s) image waits behind "Load image from <host>"; a data: image is
// decoded and shown only when it is a raster format; anything else is shown as its alt text and URL, inert.

import { useMemo } from 'react';
import { FileBody } from './FileBody';
import { effectiveType, mediaKindOf, parseDataUrl } from './media';
import { RemoteLoad } from './RemoteLoad';
import { checkLoadUrl, shortenUrl } from './safeUrl';

export function MarkdownImage({ src, alt, title }: { src: string; alt: string; title?: string }) {
  const label = alt || title || 'image';
  const remote = checkLoadUrl(src);
  // Memoized: the bytes' identity keys their blob: URL, and a new array each render would make a new URL each time.
  const data = useMemo(() => (/^data:/i.test(src) ? parseDataUrl(src) : null), [src]);
  if (remote.ok) {
    return (
      <span className="md-image" title={title}>
        <span className="muted">[{label}] </span>
        <RemoteLoad url={remote.href} host={remote.host} what="image">
          {(loaded) => (
            <FileBody
              bytes={loaded.bytes}
              type={effectiveType(loaded.type, new URL(remote.href).pathname)}
              name={label}
              alt={alt}
            />
          )}
        </RemoteLoad>
      </span>
    );
  }
  if (data && mediaKindOf(data.mediaType) === 'image') {
    return <FileBody bytes={data.bytes} type={data.mediaType} name={label} alt={alt} />;
  }
  return (
    <span className="md-inert-image" data-testid="md-inert-image" title={remote.reason}>
      [image: {label}] ({shortenUrl(src)})
    </span>
  );
}
