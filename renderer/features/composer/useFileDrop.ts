// Files dropped on the composer become file parts (MSG-2). Only drags that carry files are taken, so dragging text
// inside the composer still works as the browser does it; `dropping` lights the drop zone while files hover.

import { useState, type DragEvent } from 'react';

export function useFileDrop(addFiles: (files: Iterable<File>) => Promise<void>) {
  const [dropping, setDropping] = useState(false);
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropping(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDropping(false);
    void addFiles(event.dataTransfer.files);
  };
  return { dropping, onDragOver, onDragLeave, onDrop };
}
