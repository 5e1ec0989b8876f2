// A blob: URL for bytes an agent sent, alive while the component using it is mounted. blob: URLs let images and
// media play under the app's CSP (img-src/media-src blob:) without ever putting agent bytes into a data: URL, and
// revoking them on unmount frees the memory.

import { useEffect, useState } from 'react';

export function useBlobUrl(bytes: Uint8Array<ArrayBuffer> | null, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes) return;
    const created = URL.createObjectURL(new Blob([bytes], { type }));
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [bytes, type]);
  return url;
}
