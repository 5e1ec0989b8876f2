// Turns files the user picked or dropped into file parts: read in the renderer (the host never sees a path) and
// kept as base64, with the browser's media type as a starting point the user can edit. A file too large to send
// inline is added without its bytes, so the composer can say so and offer a URI instead.

import { useCallback, useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { bytesToBase64, INLINE_MAX_BYTES } from './base64';

/** Browsers give no type for many files (e.g. .md, .yaml); the generic one is honest and editable. */
const UNKNOWN_TYPE = 'application/octet-stream';

export function useAddFiles(): {
  addFiles: (files: Iterable<File>) => Promise<void>;
  reading: number;
  error?: string;
} {
  const addParts = useAppStore((state) => state.addParts);
  const [reading, setReading] = useState(0);
  const [error, setError] = useState<string>();

  const addFiles = useCallback(
    async (files: Iterable<File>) => {
      const list = [...files];
      if (list.length === 0) return;
      setError(undefined);
      setReading((n) => n + list.length);
      try {
        const parts = await Promise.all(
          list.map(async (file) => {
            const common = {
              kind: 'file' as const,
              source: 'bytes' as const,
              name: file.name,
              mediaType: file.type || UNKNOWN_TYPE,
              size: file.size,
              uri: '',
            };
            if (file.size > INLINE_MAX_BYTES) return { ...common, tooLarge: true };
            return { ...common, bytes: bytesToBase64(new Uint8Array(await file.arrayBuffer())) };
          }),
        );
        addParts(parts);
      } catch (caught) {
        setError(`A file could not be read: ${caught instanceof Error ? caught.message : String(caught)}`);
      } finally {
        setReading((n) => n - list.length);
      }
    },
    [addParts],
  );
  return { addFiles, reading, ...(error ? { error } : {}) };
}
