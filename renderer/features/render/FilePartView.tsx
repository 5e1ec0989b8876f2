// A file part (TL-4, SEC-3): its name, type and size, then its content through the safe viewers; a remote file waits
// behind a click, and a URL that may not be loaded is shown as text with the reason.

import { useMemo } from 'react';
import { fileSource, type FilePart } from './fileSource';
import { FileBody } from './FileBody';
import { effectiveType, formatSize, mediaKindOf } from './media';
import { RemoteLoad } from './RemoteLoad';
import { base64Size } from './storedBytes';
import { StoredFile } from './StoredFile';
import { shortenUrl } from './safeUrl';
import { VisibleName } from './VisibleName';
import './render.css';

export function FilePartView({ part }: { part: FilePart }) {
  const source = useMemo(() => fileSource(part), [part]);
  const name = part.name ?? 'file';
  return (
    <div
      className="part part-file file-part"
      data-testid="part-file"
      data-media-kind={mediaKindOf(source.type)}
    >
      <div className="file-head">
        <span aria-hidden="true">📎</span>{' '}
        <span className="file-name" data-testid="file-name">
          <VisibleName text={name} />
        </span>{' '}
        <span className="muted">{part.mediaType ?? (source.type || 'unknown type')}</span>{' '}
        {source.kind === 'bytes' && <span className="muted">· {formatSize(source.bytes.length)} inline</span>}
        {source.kind === 'stored' && (
          <span className="muted">· {formatSize(base64Size(source.stored.length))} kept on disk</span>
        )}
        {source.kind === 'remote' && (
          <span className="muted" title={source.url}>
            · {shortenUrl(source.url)}
          </span>
        )}
      </div>
      <div className="file-body">
        {source.kind === 'bytes' && <FileBody bytes={source.bytes} type={source.type} name={name} />}
        {source.kind === 'remote' && (
          <RemoteLoad
            url={source.url}
            host={source.host}
            what={mediaKindOf(source.type) === 'image' ? 'image' : 'file'}
          >
            {(loaded) => (
              <FileBody
                bytes={loaded.bytes}
                type={source.type || effectiveType(loaded.type, name)}
                name={name}
              />
            )}
          </RemoteLoad>
        )}
        {source.kind === 'stored' && <StoredFile stored={source.stored} type={source.type} name={name} />}
        {source.kind === 'none' && <span className="muted">{source.reason}</span>}
      </div>
    </div>
  );
}
