// Reads a file the user picked or dropped as text, refusing files too large to be an agent card or library.

export const MAX_CARD_FILE_BYTES = 8 * 1024 * 1024;

export async function readFileText(
  file: File,
): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file.size > MAX_CARD_FILE_BYTES) {
    return { ok: false, message: `${file.name} is ${file.size} bytes; files over 8 MiB are not opened.` };
  }
  return { ok: true, text: await file.text() };
}

/** Offers text as a file download (export), without leaving the page. */
export function downloadText(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
